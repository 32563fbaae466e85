package org.jacquet.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jacquet.engine.format.GameRecord;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C in the middle of a game, to a real process: the record is written before it ends. */
class InterruptTest {
  @TempDir Path dir;

  @Test
  void ctrlCWritesTheRecordBeforeTheProgramEnds() throws Exception {
    // A build started in the background (`mvn verify &`) runs with SIGINT ignored, and a child
    // inherits that: no Ctrl-C can reach it, so there is nothing to test (the JVM then installs
    // no handler, as for any program started so).
    Assumptions.assumeFalse(sigintIgnored(), "SIGINT is ignored by this build's process (started in the background)");
    Path record = dir.resolve("interrupted.txt");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "org.jacquet.cli.Main", "play",
        "--seed", "3", "--level", "heuristic", "--lang", "en", "--record", record.toString())
        .redirectErrorStream(true).start();
    ByteArrayOutputStream screen = new ByteArrayOutputStream();
    Thread reader = new Thread(() -> copy(p.getInputStream(), screen));
    reader.start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!screen.toString(StandardCharsets.UTF_8).contains(" to play ") && System.nanoTime() < deadline) Thread.sleep(50);
      assertThat(screen.toString(StandardCharsets.UTF_8)).contains(" to play ");
      // Standard input stays open: the game waits at its prompt, as a player thinking would.
      assertThat(new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor()).isZero();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
      reader.join(5_000);
      assertThat(screen.toString(StandardCharsets.UTF_8)).contains("The record is in " + record);
      assertThat(GameRecord.read(Files.readString(record)).match().games()).hasSize(1);
    } finally {
      p.destroyForcibly();
    }
  }

  /** Whether this process ignores SIGINT (bit 2 of SigIgn in /proc/self/status). */
  private static boolean sigintIgnored() throws java.io.IOException {
    Path status = Path.of("/proc/self/status");
    if (!Files.isReadable(status)) return false;
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 0x2L) != 0;
    }
    return false;
  }

  private static void copy(InputStream in, ByteArrayOutputStream out) {
    byte[] buffer = new byte[4096];
    try {
      for (int n; (n = in.read(buffer)) > 0; ) {
        synchronized (out) {
          out.write(buffer, 0, n);
        }
      }
    } catch (java.io.IOException e) {
      // the process ended
    }
  }
}
