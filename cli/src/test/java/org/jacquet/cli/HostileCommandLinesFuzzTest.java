package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fuzzer on each command a person reads in French, run independently: every option and
 * argument of a valid command line in turn replaced by a hostile value (control characters,
 * a huge line, a lone surrogate, another script's digits, a MessageFormat pattern, a file that is
 * not UTF-8, a directory…), and standard input and output closed or hostile. Every refusal must
 * be one line, naming the command, in French, with no English sentence, no trace, no raw
 * control character, and bounded.
 */
class HostileCommandLinesFuzzTest extends ConsoleCapture {
  private static final String START = "white=1:15 black=1:15 turn=white";
  private static final Pattern TRACE = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(|Exception|Caused by:");
  /** Words of an English sentence, never in a French refusal (values are chosen not to hold them). */
  private static final Pattern ENGLISH = Pattern.compile(
      "\\b(must|not|unknown|invalid|missing|cannot|expected|should|the|is|needs|give|found|between|only)\\b");

  @TempDir Path dir;

  /** Values no option takes; none spells an English word. */
  private List<String> hostileValues() throws Exception {
    return List.of("\u0001\u001b[2J\u0007", "x".repeat(100_000), "\uD800", "\u0661\u0662", "{0}''%n%s", "",
        "\u202Eevil", "99999999999999999999", "zz\tqq", "\u00e9t\u00e9\r\n\u00e9t\u00e9");
  }

  /** Files no command can read: missing, a directory, not UTF-8, a line beyond any bound. */
  private List<String> hostileFiles() throws Exception {
    Path latin1 = Files.write(dir.resolve("latin1.txt"), "[White \"Zo\u00e9\"]\n".getBytes(StandardCharsets.ISO_8859_1));
    Path huge = Files.writeString(dir.resolve("huge.txt"), "x".repeat(300_000));
    Path binary = Files.write(dir.resolve("zero.bin"), new byte[] {0, (byte) 0xff, (byte) 0xfe, 1, 2});
    Files.createDirectories(dir.resolve("folder"));
    Path badJson = Files.writeString(dir.resolve("bad.json"), "{ \"rules\": \"modern\", \"games\": [ { \"events\": [ { \"type\": ");
    Path oddJson = Files.writeString(dir.resolve("odd.json"),
        "{\"rules\":\"modern\",\"games\":[{\"events\":[{\"type\":\"opening\",\"white\":3,\"black\":3,\"x\":1}]}]}");
    Path illegal = Files.writeString(dir.resolve("illegal.json"),
        "{\"rules\":\"modern\",\"games\":[{\"events\":[{\"type\":\"opening\",\"white\":3,\"black\":1},"
            + "{\"type\":\"turn\",\"side\":\"white\",\"dice\":\"3-1\",\"play\":\"1/9\"}]}]}");
    return List.of(dir.resolve("none\u0001.txt").toString(), dir.resolve("folder").toString(), latin1.toString(),
        huge.toString(), binary.toString(), badJson.toString(), oddJson.toString(), illegal.toString());
  }

  /** A valid command line and the indices of the values attacked: a file's or any other. */
  private record Line(String[] args, int[] values, int[] files) {}

  private List<Line> commands(Path record) {
    String rec = record.toString();
    return List.of(
        new Line(a("moves", "--position", START, "--dice", "6-5", "--rules", "modern"), i(2, 4, 6), i()),
        new Line(a("choose", "--position", START, "--dice", "6-5", "--level", "random", "--match", "3", "--score", "1-0"), i(2, 4, 6, 8, 10), i()),
        new Line(a("hint", "--position", START, "--dice", "6-5", "--level", "heuristic", "--rules", "modern", "--rollout-games", "36"),
            i(2, 4, 6, 8, 10), i()),
        new Line(a("rollout", "--position", START, "--dice", "6-5", "--games", "36", "--threads", "1", "--seed", "3", "--level", "random"),
            i(2, 4, 6, 8, 10, 12), i()),
        new Line(a("duel", "random", "heuristic", "--games", "20", "--threads", "1", "--rules", "modern", "--seed", "2"),
            i(1, 2, 4, 6, 8, 10), i()),
        new Line(a("verify", rec, "--hash", "0".repeat(64)), i(3), i(1)),
        new Line(a("convert", rec, "--to", "json"), i(3), i(1)),
        new Line(a("convert", "--position", START, "--to", "id"), i(2, 4), i()),
        new Line(a("analyze", rec), i(), i(1)),
        new Line(a("play", "--match", "3", "--level", "random", "--side", "white", "--seed", "1", "--rules", "modern"),
            i(2, 4, 6, 8, 10), i()),
        new Line(a("play", "--load", rec), i(), i(2)));
  }

  private static String[] a(String... args) {
    return args;
  }

  private static int[] i(int... indices) {
    return indices;
  }

  @Test
  void everyRefusalOfEveryAttackedValueIsOneFrenchLine() throws Exception {
    Path record = TestRecords.shortRace(dir, "g.txt");
    List<String> values = hostileValues();
    List<String> files = hostileFiles();
    int attacks = 0;
    for (Line line : commands(record)) {
      for (int at : line.values()) for (String value : values) attacks += attack(line.args(), at, value);
      for (int at : line.files()) for (String file : files) attacks += attack(line.args(), at, file);
    }
    assertThat(attacks).isGreaterThan(300);
  }

  /** Random splices of hostile values into random valid lines: the same checks, other combinations. */
  @Test
  void randomSplicesOfHostileValuesAreRefusedInFrenchToo() throws Exception {
    Path record = TestRecords.shortRace(dir, "g.txt");
    List<Line> lines = commands(record);
    List<String> values = new ArrayList<>(hostileValues());
    values.addAll(hostileFiles());
    SplittableRandom random = new SplittableRandom(2511);
    for (int n = 0; n < 150; n++) {
      Line line = lines.get(random.nextInt(lines.size()));
      int[] all = java.util.stream.IntStream.concat(Arrays.stream(line.values()), Arrays.stream(line.files())).toArray();
      if (all.length == 0) continue;
      String[] args = line.args().clone();
      int times = 1 + random.nextInt(Math.min(2, all.length));
      for (int k = 0; k < times; k++) args[all[random.nextInt(all.length)]] = values.get(random.nextInt(values.size()));
      attack(args, -1, null);
    }
  }

  /** Runs {@code args} with {@code value} at {@code at} (none when -1), under --lang fr; checks the refusal. */
  private int attack(String[] args, int at, String value) {
    List<String> command = new ArrayList<>(Arrays.asList(args));
    if (at >= 0) command.set(at, value);
    command.add("--lang");
    command.add("fr");
    String[] line = command.toArray(String[]::new);
    int status = run(line);
    String shown = Arrays.toString(line);
    String what = cut(shown) + " → " + status + "\n" + cut(err());
    assertThat(status).as(what).isIn(Main.FAILURE, Main.USAGE);
    String err = err();
    assertThat(err.lines().count()).as(what).isEqualTo(1);
    assertThat(err).as(what).startsWith("jacquet " + args[0] + ": ").endsWith("\n");
    assertThat(err.length()).as(what).isLessThan(1_000);
    assertThat(TRACE.matcher(err).find()).as(what).isFalse();
    assertThat(err.chars().filter(c -> c != '\n' && Character.isISOControl(c)).count()).as(what).isZero();
    String words = err.replaceAll("'[^']*'|\"[^\"]*\"|\\S*/\\S*|--[\\w-]+(=\\S+)?", " "); // quoted values, files, options
    assertThat(ENGLISH.matcher(words).find()).as(what + "\nEnglish in: " + words).isFalse();
    return 1;
  }

  private static String cut(String text) {
    return text.length() > 400 ? text.substring(0, 400) + "…" : text;
  }

  @Test
  void aClosedStandardInputOrOutputIsSaidInFrench() {
    System.setIn(Main.CLOSED_STDIN);
    assertThat(run("moves", "--batch", "--lang", "fr")).isEqualTo(Main.FAILURE);
    assertThat(err()).startsWith("jacquet moves: lecture de l'entrée standard impossible (").hasLineCount(1);
    assertThat(ENGLISH.matcher(err()).find()).as(err()).isFalse();
    PrintStream closed = new PrintStream(OutputStream.nullOutputStream()) {
      @Override
      public boolean checkError() {
        return true;
      }
    };
    System.setOut(closed);
    assertThat(run("moves", "--position", START, "--dice", "6-5", "--lang", "fr")).isEqualTo(Main.FAILURE);
    assertThat(err()).isEqualTo("jacquet moves: impossible d'écrire sur la sortie standard (fermée, ou disque plein) : la sortie est incomplète\n");
  }

  @Test
  void hostileBatchLinesAreAnsweredInFrench() {
    stdin(new byte[] {(byte) 0xff, (byte) 0xfe, '\t', '6', '-', '5', '\n', 1, 27, '\t', '\n', '\t', '\t', '\n', '\n'});
    assertThat(run("moves", "--batch", "--lang", "fr")).isZero();
    List<String> answers = out().lines().toList();
    assertThat(answers).hasSize(4).allSatisfy(a -> {
      assertThat(a).startsWith("{\"error\":\"");
      assertThat(ENGLISH.matcher(a.replaceAll("'[^']*'|POSITION<TAB>D1-D2", " ")).find()).as(a).isFalse();
    });
  }
}
