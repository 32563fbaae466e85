package org.jacquet.server.testing;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jacquet.server.ServerMain;

/** A real server process ({@link ServerMain}) on a free loopback port, for tests. */
public final class ServerProcess implements AutoCloseable {
  public final Process process;
  public final int port;

  private ServerProcess(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  public static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** What runs against two server processes sharing one database. */
  public interface OnTwo {
    void run(ServerProcess a, ServerProcess b) throws Exception;
  }

  /** Runs {@code body} against two server processes on one fresh embedded PostgreSQL, then stops them all. */
  public static void onPostgresTwice(OnTwo body) throws Exception {
    onPostgresTwice(List.of(), body);
  }

  /** {@link #onPostgresTwice(OnTwo)}, both processes started with {@code jvmOptions} (e.g. a shortened heartbeat). */
  public static void onPostgresTwice(List<String> jvmOptions, OnTwo body) throws Exception {
    onPostgresTwice(jvmOptions, List.of(), body);
  }

  /** {@link #onPostgresTwice(List, OnTwo)}, both processes also given the server's {@code serveOptions}. */
  public static void onPostgresTwice(List<String> jvmOptions, List<String> serveOptions, OnTwo body) throws Exception {
    try (Postgres pg = Postgres.fresh()) {
      String url = pg.jdbcUrl();
      List<String> options = new ArrayList<>(List.of("--db-url", url));
      options.addAll(serveOptions);
      try (ServerProcess a = start(null, jvmOptions, freePort(), options.toArray(String[]::new));
           ServerProcess b = start(null, jvmOptions, freePort(), options.toArray(String[]::new))) {
        body.run(a, b);
      }
    }
  }

  /** Starts a server with the given database options and waits until it listens. */
  public static ServerProcess start(int port, String... dbOptions) throws Exception {
    return start(null, port, dbOptions);
  }

  /** The server's command line. */
  public static List<String> command(int port, String... options) {
    return command(List.of(), port, options);
  }

  public static List<String> command(List<String> jvmOptions, int port, String... options) {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    cmd.addAll(jvmOptions);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ServerMain.class.getName(),
        "--host", "127.0.0.1", "--port", Integer.toString(port), "--computer-delay", "20"));
    cmd.addAll(List.of(options));
    return cmd;
  }

  /**
   * Starts a server under a shell preamble (e.g. {@code ulimit -f 400}) when one is given.
   */
  public static ServerProcess start(String shellPreamble, int port, String... dbOptions) throws Exception {
    return start(shellPreamble, List.of(), port, dbOptions);
  }

  public static ServerProcess start(String shellPreamble, List<String> jvmOptions, int port, String... dbOptions) throws Exception {
    List<String> cmd = command(jvmOptions, port, dbOptions);
    if (shellPreamble != null) {
      StringBuilder line = new StringBuilder(shellPreamble + "; exec");
      for (String a : cmd) line.append(" '").append(a.replace("'", "'\\''")).append("'");
      cmd = List.of("/bin/sh", "-c", line.toString());
    }
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()));
    // A deadline for a hung start, not a speed bound: on the shared machine at load 40 a start took
    // over 60 s (LobbyTwoServersTest: "the server did not start", nothing printed yet).
    long deadline = System.nanoTime() + 180_000_000_000L;
    String line;
    boolean up = false;
    List<String> before = new ArrayList<>();
    while (System.nanoTime() < deadline && (line = out.readLine()) != null) {
      if (line.startsWith("Jacquet web app on") || line.contains("\"message\":\"Jacquet web app on")) { // plain or a JSON log line
        up = true;
        break;
      }
      if (!line.contains(" INFO ")) before.add(line);
    }
    if (!up) {
      String why = p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS) ? "exited " + p.exitValue() : "no start line within 180 s";
      p.destroyForcibly(); // not left running after the test
      throw new IllegalStateException("the server did not start (" + why + "): " + String.join("\n", before));
    }
    ServerProcess server = new ServerProcess(p, port);
    Thread drain = new Thread(() -> {
      try {
        String l;
        while ((l = out.readLine()) != null) {
          server.lines.add(l);
          if (l.contains("jacquet:")) System.err.println("[server " + port + "] " + l);
        }
      } catch (Exception e) {
        // the process is gone
      }
    });
    drain.setDaemon(true);
    drain.start();
    server.drain = drain;
    return server;
  }

  public String url(String path) {
    return "http://127.0.0.1:" + port + path;
  }

  /** SIGTERM, as a service manager or Ctrl-C stops it: the shutdown hook runs. */
  public int stop() throws InterruptedException {
    process.toHandle().destroy(); // SIGTERM (Process.destroy would also close the pipe of its output)
    if (!process.waitFor(30, TimeUnit.SECONDS)) throw new IllegalStateException("the server did not stop within 30 s");
    drain.join(5000); // everything it printed is in lines
    return process.exitValue();
  }

  /** Every line the server printed since it started listening (what the test drained). */
  private Thread drain;
  public final List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());

  /** SIGKILL: no shutdown hook runs, nothing is flushed on purpose. */
  public void kill() throws InterruptedException {
    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws InterruptedException {
    kill();
  }
}
