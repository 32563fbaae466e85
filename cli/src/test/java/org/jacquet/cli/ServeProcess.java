package org.jacquet.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code jacquet serve} in its own process on a free loopback port, as a host starts it: the
 * command line and the environment it is given. Started when it says where it listens; a start
 * that fails keeps what it printed ({@link #output}). Stopped (SIGTERM) by closing.
 */
final class ServeProcess implements AutoCloseable {
  final Process process;
  final String url;
  /** Whether it came up listening; false when it ended first. */
  final boolean listening;
  /** What it printed until it listened or ended. */
  final String output;

  private ServeProcess(Process process, String url, boolean listening, String output) {
    this.process = process;
    this.url = url;
    this.listening = listening;
    this.output = output;
  }

  static ServeProcess start(Map<String, String> environment, String... options) throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve", "--port", String.valueOf(port)));
    cmd.addAll(List.of(options));
    ProcessBuilder builder = new ProcessBuilder(cmd).redirectErrorStream(true);
    builder.environment().remove(DatabaseLogin.VARIABLE);
    builder.environment().putAll(environment);
    Process process = builder.start();
    BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder output = new StringBuilder();
    String line;
    while ((line = lines.readLine()) != null && !line.contains("Jacquet web app on")) output.append(line).append('\n');
    boolean listening = line != null;
    if (listening) {
      Thread drain = new Thread(() -> lines.lines().forEach(l -> { }));
      drain.setDaemon(true);
      drain.start();
    } else {
      process.waitFor(20, TimeUnit.SECONDS);
    }
    return new ServeProcess(process, "http://127.0.0.1:" + port, listening, output.toString());
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) process.destroyForcibly();
  }
}
