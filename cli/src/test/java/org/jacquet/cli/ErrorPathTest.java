package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's one error path, tried as an attacker would: every command with bad files
 * and bad numbers answers one line on standard error naming the problem, with exit status 1
 * (failure) or 2 (usage) — never a stack trace, never a hang, never a silent acceptance.
 */
class ErrorPathTest {
  private static final String START = "white=1:15 black=1:15 turn=white";
  private static final Pattern TRACE = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(|\\bjava\\.(lang|io|nio|util)\\.\\w+(Exception|Error)|Caused by:");

  @TempDir Path dir;
  private final PrintStream stdout = System.out;
  private final PrintStream stderr = System.err;
  private final InputStream stdin = System.in;
  private ByteArrayOutputStream out;
  private ByteArrayOutputStream err;

  @BeforeEach
  void capture() {
    out = new ByteArrayOutputStream();
    err = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    System.setIn(new ByteArrayInputStream(new byte[0]));
  }

  @AfterEach
  void restore() {
    System.setOut(stdout);
    System.setErr(stderr);
    System.setIn(stdin);
  }

  private record Outcome(int status, String out, String err) {}

  private Outcome run(String... args) {
    out.reset();
    err.reset();
    int status = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Main.run(args), () -> "hangs: " + Arrays.toString(args));
    return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Refused: status 1 or 2 as expected, one line on standard error, no trace anywhere. */
  private Outcome refused(int status, String... args) {
    Outcome o = run(args);
    String what = Arrays.toString(args) + " → " + o.status() + "\n" + o.err() + o.out();
    assertThat(o.status()).as(what).isEqualTo(status);
    assertThat(o.err().lines().count()).as(what).isEqualTo(1);
    assertThat(o.err()).as(what).startsWith("jacquet").doesNotContain("picocli WARN");
    assertThat(TRACE.matcher(o.err() + o.out()).find()).as(what).isFalse();
    return o;
  }

  private Path file(String name, byte[] bytes) throws Exception {
    Path f = dir.resolve(name);
    Files.write(f, bytes);
    return f;
  }

  /** Files no command can use: each with what its refusal must say. */
  private List<String[]> badFiles() throws Exception {
    List<String[]> files = new ArrayList<>();
    files.add(new String[] {dir.resolve("missing.txt").toString(), "no such file"});
    files.add(new String[] {dir.toString(), "is a directory"});
    files.add(new String[] {file("latin1.txt", "[Rules \"modern\"]\n[White \"Ren\u00e9\"]\n".getBytes(StandardCharsets.ISO_8859_1)).toString(), "not UTF-8"});
    files.add(new String[] {file("empty.txt", new byte[0]).toString(), "not a valid"});
    files.add(new String[] {file("junk.txt", "hello\nworld\n".getBytes(StandardCharsets.UTF_8)).toString(), "not a valid"});
    byte[] random = new byte[4096];
    new SplittableRandom(7).nextBytes(random);
    files.add(new String[] {file("random.bin", random).toString(), ""});
    files.add(new String[] {file("long-header.txt", ("[Rules \"modern\"]\n[White \"" + "x".repeat(5000) + "\n").getBytes(StandardCharsets.UTF_8)).toString(), ""});
    files.add(new String[] {file("truncated.txt", "[Rules \"modern\"]\n[Match \"1\"]\n\nGame 1\nOpening: white 6, black".getBytes(StandardCharsets.UTF_8)).toString(), ""});
    files.add(new String[] {file("json.txt", "{\"rules\": \"modern\", \"games\": [{\"events\": [{\"type\": 7}]}]".getBytes(StandardCharsets.UTF_8)).toString(), ""});
    return files;
  }

  @Test
  void everyCommandThatReadsAFileRefusesABadOneInOneLine() throws Exception {
    int checked = 0;
    for (String[] bad : badFiles()) {
      List<String[]> commands = List.of(
          new String[] {"analyze", bad[0]},
          new String[] {"analyze", bad[0], "--json"},
          new String[] {"convert", bad[0], "--to", "json"},
          new String[] {"convert", bad[0], "--to", "record"},
          new String[] {"verify", bad[0]},
          new String[] {"play", "--load", bad[0]});
      for (String[] args : commands) {
        // verify is the engine's (issue 12, "Rules and records"): any refusal, in one line.
        Outcome o = refused(args[0].equals("verify") ? run(args).status() == 2 ? 2 : 1 : 1, args);
        if (!args[0].equals("verify")) assertThat(o.err()).contains(bad[1]);
        checked++;
      }
      refused(1, "train", "--resume", "--out", bad[0].endsWith(dir.toString()) ? dir.resolve("missing.jqnn").toString() : bad[0],
          "--games", "2", "--bench-every", "0");
      checked++;
    }
    assertThat(checked).isGreaterThan(50);
  }

  @Test
  void filesToWriteAreCheckedBeforeTheWork() throws Exception {
    Files.writeString(dir.resolve("a-file"), "x");
    Path underAFile = dir.resolve("a-file").resolve("out.html");
    Path good = file("good.txt", ("[Rules \"modern\"]\n[Match \"1\"]\n[Position \"white=19:3,20:3,22:2 black=19:2,21:3,23:3 turn=white\"]\n\nGame 1\n").getBytes(StandardCharsets.UTF_8));
    assertThat(refused(2, "analyze", good.toString(), "--html", dir.resolve("missing-folder").resolve("r.html").toString()).err())
        .contains("does not exist");
    assertThat(refused(2, "analyze", good.toString(), "--graph", dir.resolve("g.jpg").toString()).err())
        .contains("--graph writes .svg or .png files, not 'g.jpg'");
    assertThat(refused(2, "play", "--record", underAFile.toString()).err()).contains("--record").contains("cannot be written");
    assertThat(refused(2, "train", "--out", dir.toString(), "--games", "1").err()).contains("is a directory");
    assertThat(refused(2, "train", "--out", underAFile.toString(), "--games", "1").err()).contains("is not a folder");
  }

  @Test
  void everyBoundedNumberIsCheckedWithAClearMessage() {
    String[][] cases = {
        // command and its other arguments | option | values it must refuse
        {"duel heuristic random", "--games", "0 1 -1 19 10000001 2147483647"},
        {"duel heuristic random", "--threads", "0 -1 257 100000"},
        {"rollout --position " + START, "--games", "0 1 -1 35 1000001 2147483647"},
        {"rollout --position " + START, "--threads", "0 -1 100000"},
        {"hint --position " + START + " --dice 6-5 --rollout", "--rollout-games", "0 -1 35 2000000"},
        {"hint --position " + START + " --dice 6-5 --rollout", "--rollout-plays", "0 -1 21"},
        {"bench", "--seconds", "0 -1 NaN Infinity 1e9"},
        {"bench --level random", "--games", "0 -1 100001"},
        {"bench", "--games", "5"},
        {"train --bench-every 0", "--hidden", "-5 0 1025"},
        {"train --bench-every 0", "--alpha", "NaN 0 -1 2 Infinity"},
        {"train --bench-every 0", "--lambda", "5 -0.1 NaN"},
        {"train --bench-every 0", "--checkpoint-every", "0 -1"},
        {"train --bench-every 0", "--games", "0 -1"},
        {"train", "--bench-games", "0 19"},
        {"train", "--bench-every", "-1"},
        {"play", "--match", "0 -1 1000"},
    };
    int checked = 0;
    for (String[] c : cases) {
      for (String value : c[2].split(" ")) {
        List<String> args = new ArrayList<>(split(c[0]));
        args.add(c[1]);
        args.add(value);
        if (c[0].startsWith("train")) args.addAll(List.of("--out", dir.resolve("n.jqnn").toString()));
        Outcome o = refused(2, args.toArray(String[]::new));
        assertThat(o.err()).contains(c[1]);
        checked++;
      }
    }
    assertThat(checked).isGreaterThan(50);
    assertThat(refused(2, "duel", "heuristic", "random", "--games", "2147483647").err())
        .contains("--games must be between 20 and 10,000,000, not 2147483647");
    assertThat(refused(2, "train", "--alpha", "NaN").err()).contains("--alpha must be a number above 0 and at most 1, not NaN");
  }

  /** Splits on spaces, but keeps a position text (which holds spaces) as one argument. */
  private static List<String> split(String command) {
    List<String> args = new ArrayList<>();
    String rest = command;
    int at = rest.indexOf(START);
    if (at >= 0) {
      args.addAll(List.of(rest.substring(0, at).trim().split(" ")));
      args.add(START);
      rest = rest.substring(at + START.length()).trim();
    }
    if (!rest.isEmpty()) args.addAll(List.of(rest.split(" ")));
    return args;
  }

  @Test
  void hostileValuesOfEveryOptionAreRefusedByEveryCommand() {
    String[] positions = {"", " ", "white=", "white=1:16 black=1:15 turn=white", "white=1:15 black=1:15 turn=grey",
        "white=1:99999999999999999999 black=1:15", "white=0:15 black=1:15", "white=-1:15", "\u0000", "x".repeat(100_000),
        "______________", "_38gAAD_fwAAA", "white=1:15 black=1:15 turn=white turn=black", "white=24:1 black= turn=white",
        "white=1:15,1:15 black=1:15", "white=25:15 black=1:15"};
    String[] dice = {"", "0-0", "7-1", "6-", "x7", "-1--1", "99999999999-1", "6-5-4", "6–5", "\u0000"};
    String[] rules = {"", "classic", "modern+", "modern+doubles=", "modern+doubles=nine", "+", "x".repeat(20_000),
        "modern+postilion-entry=99999999999", "modern+return-checkers=-1"};
    int checked = 0;
    for (String p : positions) {
      for (String command : List.of("moves", "hint", "choose", "rollout")) {
        List<String> args = new ArrayList<>(List.of(command, "--position", p));
        if (!command.equals("rollout")) args.addAll(List.of("--dice", "6-5"));
        refused(2, args.toArray(String[]::new));
        checked++;
      }
      if (!p.startsWith("white=24:1 black=")) { // a finished position converts: records end in one
        refused(2, "convert", "--position", p, "--to", "id");
        checked++;
      }
    }
    for (String d : dice) {
      for (String command : List.of("moves", "hint", "choose")) {
        refused(2, command, "--position", START, "--dice", d);
        checked++;
      }
      refused(2, "rollout", "--position", START, "--dice", d);
      checked++;
    }
    for (String r : rules) {
      for (String[] args : List.of(new String[] {"moves", "--position", START, "--dice", "6-5"},
          new String[] {"hint", "--position", START, "--dice", "6-5"}, new String[] {"duel", "heuristic", "random"},
          new String[] {"bench", "--seconds", "0.1"}, new String[] {"play"}, new String[] {"train", "--games", "1"})) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--rules", r));
        refused(2, all.toArray(String[]::new));
        checked++;
      }
    }
    for (String level : List.of("", "grandmaster", "x".repeat(1000), "\u0000")) {
      refused(2, "duel", level, "random");
      refused(2, "hint", "--position", START, "--dice", "6-5", "--level", level);
      refused(2, "play", "--level", level);
      checked += 3;
    }
    for (String[] args : List.of(new String[] {"play", "--lang", "de"}, new String[] {"play", "--side", "green"},
        new String[] {"convert", "--position", START, "--to", "xml"}, new String[] {"convert", "--to", "json"},
        new String[] {"moves", "--position", START}, new String[] {"duel", "heuristic"}, new String[] {"nonsense"},
        new String[] {"moves", "--frobnicate"}, new String[] {"serve", "--port", "x7"}, new String[] {"duel", "heuristic", "random", "--games", "x7"},
        new String[] {"moves", "--batch", "--position", START})) {
      refused(2, args);
      checked++;
    }
    assertThat(refused(2, "nonsense").err()).contains("unknown command 'nonsense'; commands: serve, ").contains("play");
    assertThat(checked).isGreaterThan(190);
  }

  @Test
  void aFinishedPositionIsRefusedByEveryCommand() {
    String over = "white=24:1 black= turn=white";
    for (String command : List.of("moves", "hint", "choose")) {
      assertThat(refused(2, command, "--position", over, "--dice", "6-5").err()).contains("the game is over in this position");
    }
    assertThat(refused(2, "rollout", "--position", over).err()).contains("the game is over");
  }

  @Test
  void batchAnswersEveryLineEvenBlankAndHostileOnes() {
    SplittableRandom random = new SplittableRandom(3);
    StringBuilder input = new StringBuilder();
    int lines = 0;
    for (int i = 0; i < 120; i++, lines++) {
      switch (i % 6) {
        case 0 -> input.append("");
        case 1 -> input.append("   \t ");
        case 2 -> input.append(START).append('\t').append(random.nextInt(8)).append('-').append(random.nextInt(8));
        case 3 -> input.append("x".repeat(1 + random.nextInt(5000)));
        case 4 -> input.append("white=24:1 black= turn=white\t6-5");
        default -> input.append((char) random.nextInt(32, 0xD7FF)).append('\t').append('\u0000');
      }
      input.append('\n');
    }
    for (String[] command : List.of(new String[] {"moves", "--batch"}, new String[] {"choose", "--batch", "--level", "heuristic"})) {
      System.setIn(new ByteArrayInputStream(input.toString().getBytes(StandardCharsets.UTF_8)));
      Outcome o = run(command);
      assertThat(o.status()).isZero();
      assertThat(o.out().lines().count()).isEqualTo(lines);
      assertThat(o.out().lines().filter(l -> l.contains("\"error\":\"empty line")).count()).isEqualTo(40);
      assertThat(o.out().lines().filter(l -> l.contains("the game is over")).count()).isEqualTo(20);
      assertThat(TRACE.matcher(o.out() + o.err()).find()).isFalse();
    }
  }

  @Test
  void helpListsTheExitStatusesAndPrintsNoWarning() {
    for (String command : List.of("serve", "backup", "play", "analyze", "rollout", "convert", "verify", "moves", "hint", "choose", "duel",
        "train", "bench", "load")) {
      Outcome o = run(command, "--help");
      assertThat(o.status()).isZero();
      assertThat(o.out() + o.err()).as(command).doesNotContain("picocli WARN").doesNotContain("Could not format");
      assertThat(o.out()).as(command).contains("Exit status:").containsPattern("1\\s+failure").containsPattern("2\\s+usage");
    }
  }

  @Test
  void messagesReadRight() {
    assertThat(run("moves", "--rules", "original", "--position", "white=23:1 black=19:15 turn=white", "--dice", "6-5").out())
        .contains("(a die that cannot be used: ").doesNotContain("[");
    assertThat(refused(2, "duel", "heuristic", "random", "--games", "x7").err())
        .contains("'x7' is not an int").doesNotContain("For input string");
  }

  @Test
  void theLauncherShowsNoColourCodesWhenABuildFails() throws Exception {
    Path project = dir.resolve("project");
    Path bin = dir.resolve("bin");
    Files.createDirectories(project);
    Files.createDirectories(bin);
    Path launcher = Path.of("..", "jacquet").toAbsolutePath().normalize();
    Files.copy(launcher, project.resolve("jacquet"));
    project.resolve("jacquet").toFile().setExecutable(true);
    Path mvn = bin.resolve("mvn");
    Files.writeString(mvn, "#!/bin/sh\nprintf '\\033[0m\\033[0m[ERROR] the build broke\\033[0m\\n'\nexit 1\n");
    mvn.toFile().setExecutable(true);
    ProcessBuilder pb = new ProcessBuilder(project.resolve("jacquet").toString(), "--version").redirectErrorStream(true);
    pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    Process p = pb.start();
    String shown = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).isEqualTo(1);
    assertThat(shown).contains("[ERROR] the build broke").contains("the build failed").doesNotContain("\u001b");
  }
}
