package org.jacquet.server;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A real server process ({@link ServerMain}) on a free loopback port, for tests. */
final class ServerProcess implements AutoCloseable {
  final Process process;
  final int port;

  private ServerProcess(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** Starts a server with the given database options and waits until it listens. */
  static ServerProcess start(int port, String... dbOptions) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), ServerMain.class.getName(),
        "--host", "127.0.0.1", "--port", Integer.toString(port), "--computer-delay", "20"));
    cmd.addAll(List.of(dbOptions));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()));
    long deadline = System.nanoTime() + 60_000_000_000L;
    String line;
    boolean up = false;
    while (System.nanoTime() < deadline && (line = out.readLine()) != null) {
      if (line.startsWith("Jacquet web app on")) {
        up = true;
        break;
      }
    }
    if (!up) throw new IllegalStateException("the server did not start");
    Thread drain = new Thread(() -> {
      try {
        String l;
        while ((l = out.readLine()) != null) if (l.contains("jacquet:")) System.err.println("[server " + port + "] " + l);
      } catch (Exception e) {
        // the process is gone
      }
    });
    drain.setDaemon(true);
    drain.start();
    return new ServerProcess(p, port);
  }

  String url(String path) {
    return "http://127.0.0.1:" + port + path;
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed on purpose. */
  void kill() throws InterruptedException {
    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws InterruptedException {
    kill();
  }
}
