package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.jacquet.ai.eval.Nets;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files made to hurt (damaged networks, samples and benchmarks that do not hold up, files of one
 * kind given for another): each refused in one line naming the file and what is wrong with it,
 * and nothing the user made is overwritten.
 */
class HostileFilesTest extends ConsoleCapture {
  private static final Pattern TRACE = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(|\\bjava\\.(lang|io|nio|util)\\.\\w+(Exception|Error)|Caused by:"
      + "|internal error|: null\\b|For input string|out of memory|Exception");

  @TempDir Path dir;

  /** Refused: the status expected, one line on standard error, no trace, class name or "null" anywhere. */
  private String refused(int status, String... args) {
    int got = run(args);
    String what = Arrays.toString(args) + " → " + got + "\n" + err() + out();
    assertThat(got).as(what).isEqualTo(status);
    assertThat(err().lines().count()).as(what).isEqualTo(1);
    assertThat(err()).as(what).startsWith("jacquet");
    assertThat(TRACE.matcher(err() + out()).find()).as(what).isFalse();
    return err();
  }

  private Path file(String name, byte[] bytes) throws Exception {
    Path f = dir.resolve(name);
    Files.write(f, bytes);
    return f;
  }

  private Path file(String name, String text) throws Exception {
    return file(name, text.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] modernNetwork() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Nets.forRules(Rules.parse("modern")).write(out);
    return out.toByteArray();
  }

  private static byte[] withInt(byte[] bytes, int offset, int value) {
    byte[] copy = bytes.clone();
    ByteBuffer.wrap(copy).putInt(offset, value);
    return copy;
  }

  // ---- network files ----

  @Test
  void everyCommandThatReadsANetworkRefusesADamagedOneWithTheSameWords() throws Exception {
    byte[] good = modernNetwork();
    Map<String, byte[]> damaged = new LinkedHashMap<>();
    damaged.put("negative hidden units", withInt(good, 20, -1));
    damaged.put("negative outputs", withInt(good, 24, -5));
    damaged.put("huge hidden layer", withInt(good, 20, Integer.MAX_VALUE));
    damaged.put("huge inputs", withInt(good, 16, Integer.MAX_VALUE));
    damaged.put("no hidden units", withInt(good, 20, 0));
    damaged.put("empty", new byte[0]);
    damaged.put("four bytes", Arrays.copyOf(good, 4));
    damaged.put("truncated", Arrays.copyOf(good, good.length / 2));
    damaged.put("trailing garbage", Arrays.copyOf(good, good.length + 7));
    byte[] nan = good.clone();
    ByteBuffer.wrap(nan).putFloat(100, Float.NaN);
    damaged.put("a NaN weight", nan);
    byte[] infinite = good.clone();
    ByteBuffer.wrap(infinite).putFloat(good.length - 4, Float.POSITIVE_INFINITY);
    damaged.put("an infinite weight", infinite);
    byte[] foo = good.clone();
    System.arraycopy("foobar".getBytes(StandardCharsets.US_ASCII), 0, foo, 10, 6);
    damaged.put("unknown rules", foo);
    byte[] games = good.clone();
    ByteBuffer.wrap(games).putLong(28, -1);
    damaged.put("negative games", games);
    int i = 0;
    for (Map.Entry<String, byte[]> e : damaged.entrySet()) {
      Path net = file("damaged-" + i++ + ".jqnn", e.getValue());
      String words = net + " is not a Jacquet network file, or is damaged: ";
      assertThat(refused(1, "duel", "expert", "heuristic", "--games", "20", "--net", net.toString())).as(e.getKey()).contains(words);
      assertThat(refused(1, "benchmark", "score", "--net", net.toString())).as(e.getKey()).contains(words);
      Path out = dir.resolve("out.jqnn");
      assertThat(refused(1, "train", "--from", net.toString(), "--games", "2", "--bench-every", "0", "--out", out.toString()))
          .as(e.getKey()).contains(words);
      assertThat(out).doesNotExist();
      Path resumed = file("resumed.jqnn", e.getValue());
      assertThat(refused(1, "train", "--resume", "--games", "2", "--bench-every", "0", "--out", resumed.toString()))
          .as(e.getKey()).contains(resumed + " is not a Jacquet network file, or is damaged: ");
      assertThat(Files.readAllBytes(resumed)).as("a damaged network resumed is left as it was").isEqualTo(e.getValue());
    }
  }

  @Test
  void aNetworkOnADeviceMissingOrAFolderIsRefusedAsAnyOtherFile() throws Exception {
    if (Files.exists(Path.of("/dev/null"))) {
      assertThat(refused(1, "duel", "expert", "heuristic", "--games", "20", "--net", "/dev/null"))
          .contains("/dev/null is not a Jacquet network file, or is damaged: it is empty");
    }
    if (Files.exists(Path.of("/dev/zero"))) {
      assertThat(refused(1, "benchmark", "score", "--net", "/dev/zero")).contains("/dev/zero is too large (over 64 MB)");
    }
    Path missing = dir.resolve("missing.jqnn");
    assertThat(refused(1, "duel", "expert", "heuristic", "--games", "20", "--net", missing.toString())).contains(missing + ": no such file");
    assertThat(refused(1, "benchmark", "score", "--net", missing.toString())).contains(missing + ": no such file");
    assertThat(refused(1, "duel", "expert", "heuristic", "--games", "20", "--net", dir.toString())).contains(dir + " is a directory");
  }

  @Test
  void aSoundNetworkIsStillReadAndOneForOtherRulesRefusedAsUsage() throws Exception {
    Path net = file("modern.jqnn", modernNetwork());
    assertThat(run("duel", "expert", "heuristic", "--games", "20", "--net", net.toString())).as(err()).isZero();
    assertThat(refused(2, "duel", "expert", "heuristic", "--games", "20", "--rules", "advanced", "--net", net.toString()))
        .contains("does not fit rules advanced");
  }
}
