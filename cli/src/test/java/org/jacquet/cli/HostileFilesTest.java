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
  void aNetworkOnADeviceMissingOrAFolderIsRefusedAsAnyOtherFileAndASoundOneRead() throws Exception {
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
    // A sound network still reads; one for other rules is a usage error.
    Path net = file("modern.jqnn", modernNetwork());
    assertThat(run("duel", "expert", "heuristic", "--games", "20", "--net", net.toString())).as(err()).isZero();
    assertThat(refused(2, "duel", "expert", "heuristic", "--games", "20", "--rules", "advanced", "--net", net.toString()))
        .contains("does not fit rules advanced");
  }

  // ---- samples for train --supervised ----

  /** A real samples file of {@code count} samples (1-ply targets: quick), made once per test. */
  private Path samples(int count) throws Exception {
    Path file = dir.resolve("made-" + count + ".samples");
    if (!Files.exists(file)) {
      assertThat(run("samples", "--rules", "modern", "--samples", String.valueOf(count), "--plies", "0", "--threads", "1", "--out", file.toString()))
          .as(err()).isZero();
    }
    return file;
  }

  /** {@code base} with the first sample line replaced by what {@code change} makes of it. */
  private Path withFirstSample(Path base, String name, java.util.function.UnaryOperator<String> change) throws Exception {
    java.util.List<String> lines = new java.util.ArrayList<>(Files.readAllLines(base));
    int first = 0;
    while (lines.get(first).startsWith("#")) first++;
    lines.set(first, change.apply(lines.get(first)));
    Path f = dir.resolve(name);
    Files.write(f, lines);
    return f;
  }

  private static int firstSampleLine(Path file) throws Exception {
    java.util.List<String> lines = Files.readAllLines(file);
    int first = 0;
    while (lines.get(first).startsWith("#")) first++;
    return first + 1;
  }

  @Test
  void aSamplesLineThatDoesNotHoldUpIsRefusedWithItsFileAndLine() throws Exception {
    Path good = samples(30);
    int line = firstSampleLine(good);
    Path out = dir.resolve("net.jqnn");
    Map<String, java.util.function.UnaryOperator<String>> bad = new LinkedHashMap<>();
    bad.put("has 2 outcome probabilities, and these rules have 3", l -> l.substring(0, l.lastIndexOf(' ')));
    bad.put("has 4 outcome probabilities, and these rules have 3", l -> l + " 0.5");
    bad.put("has no position ID", l -> l.substring(0, l.indexOf(' ')));
    bad.put("outcome probability 1 is 'NaN', not a number from 0 to 1", l -> l.replaceFirst("^(\\S+ \\S+) \\S+", "$1 NaN"));
    bad.put("outcome probability 2 is '5', not a number from 0 to 1", l -> l.replaceFirst("^(\\S+ \\S+ \\S+) \\S+", "$1 5"));
    bad.put("outcome probability 1 is '-3', not a number from 0 to 1", l -> l.replaceFirst("^(\\S+ \\S+) \\S+", "$1 -3"));
    bad.put("outcome probability 3 is '1e308', not a number from 0 to 1", l -> l.replaceFirst(" \\S+$", " 1e308"));
    bad.put("outcome probability 1 is '0x1p-2', not a number from 0 to 1", l -> l.replaceFirst("^(\\S+ \\S+) \\S+", "$1 0x1p-2"));
    bad.put("'99999999999999999999' is not a sample's index", l -> "99999999999999999999" + l.substring(l.indexOf(' ')));
    bad.put("position ID 'nonsense' is not valid", l -> l.replaceFirst("^(\\S+) \\S+", "$1 nonsense"));
    int i = 0;
    for (Map.Entry<String, java.util.function.UnaryOperator<String>> e : bad.entrySet()) {
      Path f = withFirstSample(good, "bad-" + i++ + ".samples", e.getValue());
      assertThat(refused(1, "train", "--supervised", f.toString(), "--out", out.toString(), "--epochs", "1"))
          .as(e.getKey()).contains(f + " line " + line + ": ").contains(e.getKey());
      assertThat(out).as("nothing written for " + e.getKey()).doesNotExist();
    }
    // The same samples, sound, train a network.
    assertThat(run("train", "--supervised", good.toString(), "--out", out.toString(), "--epochs", "1")).as(err()).isZero();
    assertThat(err()).doesNotContain("NaN");
    assertThat(out).exists();
  }

  @Test
  void aGameRecordOrAnEndlessFileGivenAsSamplesIsRefused() throws Exception {
    Path record = file("game.txt", "; Jacquet game record\n[Rules \"modern\"]\n[Match \"1\"]\n\nGame 1\n");
    Path out = dir.resolve("net.jqnn");
    assertThat(refused(1, "train", "--supervised", record.toString(), "--out", out.toString()))
        .contains(record + " line 1: ';' is not a sample's index").contains("made by jacquet samples");
    Path bracket = file("game2.txt", "[Rules \"modern\"]\n");
    assertThat(refused(1, "train", "--supervised", bracket.toString(), "--out", out.toString()))
        .contains(bracket + " line 1: '[Rules' is not a sample's index");
    if (Files.exists(Path.of("/dev/zero"))) {
      assertThat(refused(1, "train", "--supervised", "/dev/zero", "--out", out.toString())).contains("/dev/zero line 1 is too long");
    }
    Path latin1 = file("latin1.samples", "# r\u00e8gles\n".getBytes(StandardCharsets.ISO_8859_1));
    assertThat(refused(1, "train", "--supervised", latin1.toString(), "--out", out.toString())).contains(latin1 + " is not UTF-8 text");
    assertThat(out).doesNotExist();
  }

  @Test
  void fewerSamplesThanOneHeldOutIsRefusedNotTrainedOnNothing() throws Exception {
    Path few = samples(9);
    Path out = dir.resolve("net.jqnn");
    assertThat(refused(1, "train", "--supervised", few.toString(), "--out", out.toString()))
        .contains(few + " holds 9 usable samples: at least 10 are needed");
    assertThat(out).doesNotExist();
  }

  @Test
  void trainingIntoTheSamplesFileItselfIsRefusedBeforeAnythingIsWritten() throws Exception {
    Path s = samples(12);
    byte[] before = Files.readAllBytes(s);
    Files.createDirectories(dir.resolve("sub"));
    Path link = dir.resolve("link.samples");
    Files.createSymbolicLink(link, s);
    Path hard = dir.resolve("hard.samples");
    Files.createLink(hard, s);
    for (String other : new String[] {s.toString(), dir.resolve("sub").resolve("..").resolve(s.getFileName()).toString(),
        link.toString(), hard.toString()}) {
      assertThat(refused(2, "train", "--supervised", s.toString(), "--out", other, "--epochs", "1"))
          .as(other).contains("is the same file as the samples (--supervised)");
      assertThat(refused(2, "train", "--supervised", other, "--out", s.toString(), "--epochs", "1")).as(other).contains("is the same file as the samples (--supervised)");
      assertThat(Files.readAllBytes(s)).isEqualTo(before);
    }
  }

  // ---- samples --out: only a samples file of the same making is added to ----

  @Test
  void samplesAreNotAddedToAnotherKindOfFile() throws Exception {
    Path benchmark = file("modern.benchmark", "# jacquet benchmark, rules modern\n# made by: jacquet benchmark generate --rules modern\n");
    Path record = file("game.txt", "; Jacquet game record\n[Rules \"modern\"]\n");
    for (Path f : new Path[] {benchmark, record}) {
      byte[] before = Files.readAllBytes(f);
      assertThat(refused(1, "samples", "--samples", "2", "--plies", "0", "--threads", "1", "--out", f.toString()))
          .contains("--out " + f + " is not a samples file");
      assertThat(Files.readAllBytes(f)).isEqualTo(before);
    }
    if (Files.exists(Path.of("/dev/full"))) {
      assertThat(refused(2, "samples", "--samples", "2", "--plies", "0", "--threads", "1", "--out", "/dev/full"))
          .contains("--out /dev/full is not a regular file");
    }
  }

  @Test
  void aSamplesFileIsResumedOnlyUnderItsOwnRulesAndTargets() throws Exception {
    Path s = samples(12);
    byte[] before = Files.readAllBytes(s);
    assertThat(refused(1, "samples", "--rules", "advanced", "--samples", "14", "--plies", "0", "--threads", "1", "--out", s.toString()))
        .contains("--out " + s + " holds samples for rules modern, not advanced");
    assertThat(refused(1, "samples", "--rules", "modern", "--samples", "14", "--plies", "1", "--threads", "1", "--out", s.toString()))
        .contains("was made with --plies 0, not 1");
    assertThat(refused(1, "samples", "--rules", "modern", "--samples", "14", "--plies", "0", "--seed", "2", "--threads", "1", "--out", s.toString()))
        .contains("was made with --seed 1, not 2");
    assertThat(Files.readAllBytes(s)).isEqualTo(before);
    Path damaged = withFirstSample(s, "damaged.samples", l -> l.substring(0, l.lastIndexOf(' ')));
    assertThat(refused(1, "samples", "--rules", "modern", "--samples", "14", "--plies", "0", "--threads", "1", "--out", damaged.toString()))
        .contains(damaged + " line " + firstSampleLine(s) + ": ").contains("has 2 outcome probabilities");
    // The same settings and a larger total go on where it stopped.
    assertThat(run("samples", "--rules", "modern", "--samples", "14", "--plies", "0", "--threads", "1", "--out", s.toString())).as(err()).isZero();
    assertThat(Files.readAllLines(s).stream().filter(l -> !l.startsWith("#"))).hasSize(14);
  }

  // ---- benchmark ----

  /** The shipped modern benchmark's header and its first {@code count} decisions of {@code category} (or of any, if null). */
  private Path benchmark(String name, String category, int count) throws Exception {
    java.util.List<String> shipped;
    try (var in = org.jacquet.ai.benchmark.BenchmarkFile.class.getResourceAsStream("/org/jacquet/ai/benchmark/modern.txt")) {
      shipped = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
    java.util.List<String> lines = new java.util.ArrayList<>(shipped.stream().filter(l -> l.startsWith("#")).toList());
    shipped.stream().filter(l -> !l.startsWith("#") && (category == null || l.split(" ")[1].equals(category))).limit(count).forEach(lines::add);
    Path f = dir.resolve(name);
    Files.write(f, lines);
    return f;
  }

  @Test
  void rulesWithoutAShippedBenchmarkAreToldWhatToDoInstead() {
    for (String rules : new String[] {"modern+scoring=spanish", "advanced+scoring=spanish", "versailles+scoring=spanish", "modern+doubles=squared"}) {
      assertThat(refused(2, "benchmark", "score", "--rules", rules, "--level", "random"))
          .as(rules).contains("no benchmark ships for ").contains("--file").contains("--against");
    }
  }

  @Test
  void aCategoryWithoutDecisionsIsSaidSoNeverNaN() throws Exception {
    Path contactOnly = benchmark("contact.txt", "contact", 3);
    assertThat(run("benchmark", "score", "--file", contactOnly.toString(), "--level", "heuristic,random", "--threads", "1")).as(err()).isZero();
    assertThat(out()).doesNotContain("NaN").contains("bear-off      0 decisions  (none in this benchmark)").contains("contact       3 decisions");
    assertThat(run("benchmark", "score", "--file", contactOnly.toString(), "--level", "heuristic,random", "--threads", "1", "--json")).isZero();
    assertThat(out()).doesNotContain("NaN");
    var report = Json.MAPPER.readTree(out().lines().findFirst().orElseThrow());
    assertThat(report.get("bear-off").get("decisions").asInt()).isZero();
    assertThat(report.get("bear-off").get("milli_per_decision").isNull()).isTrue();
    assertThat(report.get("bear-off").get("standard_error").isNull()).isTrue();
    assertThat(report.get("contact").get("milli_per_decision").isNumber()).isTrue();
    Path one = benchmark("one.txt", "bear-off", 1);
    assertThat(run("benchmark", "score", "--file", one.toString(), "--level", "heuristic", "--threads", "1")).as(err()).isZero();
    assertThat(out()).doesNotContain("NaN").contains("(one decision: no error estimate)");
  }

  @Test
  void aBenchmarkLineWithAHugeIndexOrValuesOutOfRangeIsRefusedWithItsLine() throws Exception {
    Path good = benchmark("good.txt", null, 2);
    java.util.List<String> lines = Files.readAllLines(good);
    int last = lines.size();
    Map<String, String> bad = new LinkedHashMap<>();
    String line = lines.get(last - 1);
    bad.put("'99999999999999999999' is not a decision's index", "99999999999999999999" + line.substring(line.indexOf(' ')));
    bad.put("candidate 1's equity 'NaN' is not a number from -20 to 20", line.replaceFirst(" ([^ :]+):[^:]+:", " $1:NaN:"));
    bad.put("candidate 1's equity '1e308' is not a number from -20 to 20", line.replaceFirst(" ([^ :]+):[^:]+:", " $1:1e308:"));
    int i = 0;
    for (Map.Entry<String, String> e : bad.entrySet()) {
      java.util.List<String> changed = new java.util.ArrayList<>(lines);
      changed.set(last - 1, e.getValue());
      Path f = dir.resolve("bad-" + i++ + ".txt");
      Files.write(f, changed);
      assertThat(refused(1, "benchmark", "score", "--file", f.toString(), "--level", "random"))
          .as(e.getKey()).contains(f + ": benchmark line " + last + ": ").contains(e.getKey());
    }
  }

  @Test
  void anEmptyLevelListIsRefused() throws Exception {
    Path good = benchmark("good.txt", null, 2);
    for (String[] args : new String[][] {{"benchmark", "score", "--level", ","}, {"benchmark", "complete", "--file", good.toString(), "--level", ","},
        {"benchmark", "calibrate", "--level", ","}, {"benchmark", "score", "--level", ",,"}}) {
      assertThat(refused(2, args)).as(Arrays.toString(args)).contains("--level needs at least one level");
    }
  }

  @Test
  void aBenchmarkIsReadAndCompletedOnlyUnderTheRulesItWasMadeFor() throws Exception {
    Path modern = benchmark("modern.txt", null, 2);
    byte[] before = Files.readAllBytes(modern);
    assertThat(refused(1, "benchmark", "complete", "--file", modern.toString(), "--rules", "advanced", "--level", "expert"))
        .contains(modern + " is a benchmark for rules modern (its first line says so), not advanced");
    assertThat(refused(1, "benchmark", "score", "--file", modern.toString(), "--rules", "versailles", "--level", "random"))
        .contains("is a benchmark for rules modern");
    assertThat(Files.readAllBytes(modern)).isEqualTo(before);
  }

  @Test
  void aBenchmarkIsResumedOnlyWithTheSettingsItWasMadeWith() throws Exception {
    Path made = file("made.txt", "# jacquet benchmark, rules modern\n# made by: jacquet benchmark generate --rules modern --positions 1 --trials 2"
        + " --selection-trials 2 --candidates 1 --truncate 0 --seed 1 --out FILE (resumable: the same command goes on)\n");
    byte[] before = Files.readAllBytes(made);
    assertThat(refused(1, "benchmark", "generate", "--positions", "2", "--trials", "4", "--selection-trials", "2", "--candidates", "1",
        "--threads", "1", "--out", made.toString())).contains("--out " + made + " was made with --trials 2, not 4");
    assertThat(refused(1, "benchmark", "generate", "--positions", "2", "--trials", "2", "--selection-trials", "2", "--candidates", "2",
        "--threads", "1", "--out", made.toString())).contains("was made with --candidates 1, not 2");
    assertThat(refused(1, "benchmark", "generate", "--rules", "advanced", "--positions", "2", "--trials", "2", "--selection-trials", "2",
        "--candidates", "1", "--threads", "1", "--out", made.toString())).contains("is a benchmark for rules modern");
    assertThat(Files.readAllBytes(made)).isEqualTo(before);
    Path samples = file("some.samples", "# jacquet training samples, rules modern\n");
    assertThat(refused(1, "benchmark", "generate", "--positions", "1", "--out", samples.toString())).contains("is not a benchmark file");
    if (Files.exists(Path.of("/dev/full"))) {
      assertThat(refused(2, "benchmark", "generate", "--positions", "1", "--out", "/dev/full")).contains("is not a regular file");
    }
  }
}
