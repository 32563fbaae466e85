package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that used to hang or fill the memory: an argument file ({@code @/dev/zero}), an endless
 * batch line, a closed standard input; and the batch's line ends (a lone carriage return is none).
 */
class InputSafetyTest extends ConsoleCapture {
  private static final String START = "white=1:15 black=1:15 turn=white";

  @TempDir Path dir;

  @Test
  void anArgumentStartingWithAnAtSignIsAnArgumentNotAFileToExpand() throws Exception {
    Path args = dir.resolve("args.txt");
    Files.writeString(args, "--version\n");
    assertThat(run("@" + args)).isEqualTo(Main.USAGE);
    assertThat(err()).startsWith("jacquet: unknown command '@").hasLineCount(1);
    assertThat(out()).doesNotContain(org.jacquet.server.telemetry.BuildInfo.describe());
    Files.writeString(args, "--position\n" + START + "\n--dice\n6-5\n");
    assertThat(run("moves", "@" + args)).isEqualTo(Main.USAGE);
    assertThat(err()).startsWith("jacquet moves: ").hasLineCount(1);
  }

  @Test
  void aBatchLineBeyondTheBoundIsAnsweredAsTooLongAndTheRunGoesOn() {
    stdin(START + "\t6-5\n" + "x".repeat(200_000) + "\n" + START + "\t6-5\n");
    assertThat(run("moves", "--batch")).isZero();
    List<String> lines = out().lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0)).contains("\"plays\"");
    assertThat(lines.get(1)).isEqualTo("{\"error\":\"a line longer than 65,536 characters: expected POSITION<TAB>D1-D2\"}");
    assertThat(lines.get(2)).contains("\"plays\"");
  }

  @Test
  void anEndlessBatchLineIsAnsweredBeforeItEndsAndNeverHeldWhole() {
    // 'x' for ever, as `tr '\0' x </dev/zero` gives, until the answer to the line is out: only
    // then the line ends. A reader that holds the whole line never answers it in time.
    long limit = 20L << 20;
    System.setIn(new InputStream() {
      long given;
      boolean answered;
      final byte[] tail = ("\n" + START + "\t6-5\n").getBytes(StandardCharsets.UTF_8);
      int tailAt;

      @Override
      public int read() {
        if (!answered && given < limit) {
          given++;
          if (given % (1 << 20) == 0 && out().contains("longer than")) answered = true;
          return 'x';
        }
        return tailAt < tail.length ? tail[tailAt++] : -1;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        int n = 0;
        while (n < len) {
          int c = read();
          if (c < 0) return n == 0 ? -1 : n;
          b[off + n++] = (byte) c;
        }
        return n;
      }
    });
    assertThat(run("choose", "--batch", "--level", "heuristic")).isZero();
    List<String> lines = out().lines().toList();
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0)).contains("a line longer than 65,536 characters");
    assertThat(lines.get(1)).contains("\"play\"");
  }

  @Test
  void aLoneCarriageReturnIsNoLineEndButCarriageReturnLineFeedIs() {
    stdin(START + "\t6-5\r" + START + "\t6-6\n" + START + "\t6-5\r\n");
    assertThat(run("moves", "--batch")).isZero();
    List<String> lines = out().lines().toList();
    assertThat(lines).as(out()).hasSize(2);
    assertThat(lines.get(0)).contains("\"error\"");
    assertThat(lines.get(1)).contains("\"dice\":\"6-5\"").contains("\"plays\"");
  }

  @Test
  void theJvmsOwnFilesAreToldFromTheUsersInput() throws Exception {
    assertThat(Main.ownFile(Path.of(System.getProperty("java.home"), "lib", "modules"))).isTrue();
    Path mine = Files.writeString(dir.resolve("positions.txt"), START + "\t6-5\n");
    assertThat(Main.ownFile(mine)).isFalse();
    assertThat(Main.ownFile(Path.of("/dev/null"))).isFalse();
  }

  @Test
  void aBatchOnAClosedStandardInputIsRefusedInOneLine() throws Exception {
    if (!Files.isDirectory(Path.of("/proc/self/fd")) || !Files.isExecutable(Path.of("/bin/sh"))) return; // Linux only
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", "exec \"$0\" -cp \"$1\" org.jacquet.cli.Main moves --batch <&-",
        java, System.getProperty("java.class.path")));
    Process p = new ProcessBuilder(command).redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
    boolean ended = p.waitFor(60, TimeUnit.SECONDS);
    if (!ended) p.destroyForcibly();
    assertThat(ended).as("ends").isTrue();
    String err = Files.readString(dir.resolve("err.txt"));
    assertThat(p.exitValue()).as(err).isEqualTo(1);
    assertThat(err).isEqualTo("jacquet moves: cannot read standard input (it is closed; give the input on it, e.g. < positions.txt)\n");
    assertThat(Files.size(dir.resolve("out.txt"))).isZero();
  }

  @Test
  void aByteOrderMarkBeforeABatchLineIsSkippedAsRecordsSkipIt() {
    stdin("\uFEFF" + START + "\t6-5\n" + START + "\t6-5\n");
    assertThat(run("moves", "--batch")).isZero();
    List<String> lines = out().lines().toList();
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0)).isEqualTo(lines.get(1)).contains("\"plays\"");
  }

  @Test
  void aTabAfterTheDiceIsNamedNotBlamedOnEmptyDice() {
    stdin(START + "\t6-5\t\n" + START + "\t6-5\t1\n");
    assertThat(run("moves", "--batch")).isZero();
    assertThat(out().lines().toList()).containsExactly(
        "{\"error\":\"a line holds one tab, between POSITION and D1-D2; this one has 2 (one after the dice)\"}",
        "{\"error\":\"a line holds one tab, between POSITION and D1-D2; this one has 2\"}");
  }
}
