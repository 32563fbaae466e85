package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

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
 * The command line's one error path, tried as an attacker would: every command with bad files
 * and bad numbers answers one line on standard error naming the problem, with exit status 1
 * (failure) or 2 (usage) — never a stack trace, never a hang, never a silent acceptance.
 */
class ErrorPathTest extends ConsoleCapture {
  private static final String START = "white=1:15 black=1:15 turn=white";
  private static final Pattern TRACE = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(|\\bjava\\.(lang|io|nio|util)\\.\\w+(Exception|Error)|Caused by:");

  @TempDir Path dir;

  private record Outcome(int status, String out, String err) {}

  /** The command run, with what it printed. */
  private Outcome attempt(String... args) {
    int status = run(args);
    return new Outcome(status, out(), err());
  }

  /** Refused: status 1 or 2 as expected, one line on standard error, no trace anywhere. */
  private Outcome refused(int status, String... args) {
    Outcome o = attempt(args);
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
    files.add(new String[] {file("a-file", new byte[] {'x'}).resolve("under-a-file.txt").toString(), "no such file"});
    // Files that exist and cannot be read, even by root (the tests may run as root, for whom
    // permissions do not count): the kernel answers an input/output error reading this process's
    // memory at address 0. And an endless file is refused as too large, never read to the end.
    if (Files.exists(Path.of("/proc/self/mem"))) files.add(new String[] {"/proc/self/mem", "cannot read (input/output error)"});
    if (Files.exists(Path.of("/dev/zero"))) files.add(new String[] {"/dev/zero", "is too large (over 64 MB)"});
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
        assertThat(refused(1, args).err()).contains(bad[0]).contains(bad[1]);
        checked++;
      }
      // A benchmark file is not a game record: the same refusals, but its own words for content
      // that is not a benchmark (no decisions, or the bad line's number).
      String benchmark = refused(1, "benchmark", "score", "--file", bad[0], "--level", "random").err();
      assertThat(benchmark).contains(bad[0]);
      if (!bad[1].equals("not a valid")) assertThat(benchmark).contains(bad[1]);
      checked++;
      String complete = refused(1, "benchmark", "complete", "--file", bad[0], "--level", "expert").err();
      assertThat(complete).contains(bad[0]);
      if (!bad[1].equals("not a valid")) assertThat(complete).contains(bad[1]);
      checked++;
      // --out is checked as a file to write before anything is read: a device (the new network
      // would be moved in its place), a file in /proc (a folder no one writes in) and a path
      // under a file are refused as usage.
      refused(bad[0].startsWith("/dev/") || bad[0].startsWith("/proc/") || bad[0].contains("under-a-file") ? 2 : 1, "train", "--resume", "--out",
          bad[0].endsWith(dir.toString()) ? dir.resolve("missing.jqnn").toString() : bad[0], "--games", "2", "--bench-every", "0");
      checked++;
    }
    assertThat(checked).isGreaterThan(50);
  }

  @Test
  void aFileWithoutReadPermissionIsRefusedByEveryCommandThatReadsIt() throws Exception {
    Path locked = file("locked.txt", "[Rules \"modern\"]\n".getBytes(StandardCharsets.UTF_8));
    Files.setPosixFilePermissions(locked, java.util.Set.of());
    // Root reads whatever its permissions say: then the case is /proc/self/mem's, above.
    assumeFalse(Files.isReadable(locked), "permissions do not bind this user (root)");
    for (String[] args : List.of(new String[] {"analyze", locked.toString()}, new String[] {"convert", locked.toString(), "--to", "json"},
        new String[] {"verify", locked.toString()}, new String[] {"play", "--load", locked.toString()},
        new String[] {"train", "--resume", "--out", locked.toString(), "--games", "2", "--bench-every", "0"})) {
      assertThat(refused(1, args).err()).contains(locked.toString()).contains("permission denied");
    }
  }

  @Test
  void aRecordWhoseHeadersTheGameCannotGoOnWithIsRefusedAsABadRecord() throws Exception {
    for (String header : List.of("[Seed \"x\"]", "[Seed \"99999999999999999999999\"]", "[Level \"grand\"]", "[Human \"grey\"]")) {
      Path record = file("headers.txt", ("[Rules \"modern\"]\n[Match \"3\"]\n" + header + "\n\nGame 1\n").getBytes(StandardCharsets.UTF_8));
      assertThat(refused(1, "play", "--load", record.toString(), "--record", dir.resolve("out.txt").toString()).err())
          .as(header).contains(record + " is not a valid game record: ");
    }
  }

  @Test
  void anEmptySamplesOrBenchmarkFileIsRefusedNotUsed() throws Exception {
    Path empty = file("nothing.txt", new byte[0]);
    assertThat(refused(1, "train", "--supervised", empty.toString(), "--out", dir.resolve("s.jqnn").toString()).err())
        .contains(empty + " holds no training samples");
    assertThat(dir.resolve("s.jqnn")).doesNotExist();
    assertThat(refused(1, "benchmark", "score", "--file", empty.toString(), "--level", "random").err())
        .contains(empty + " holds no benchmark decisions");
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
    assertThat(refused(2, "play", "--record", underAFile.toString()).err()).contains("--record").contains("a-file is not a folder");
    assertThat(refused(2, "play", "--record", "").err()).contains("--record needs a file name");
    assertThat(refused(2, "serve", "--data", "").err()).contains("--data needs a folder name");
    assertThat(refused(2, "backup", "", "--data", dir.toString()).err()).contains("FILE needs a file name");
    assertThat(refused(2, "train", "--out", dir.toString(), "--games", "1").err()).contains("is a directory");
    assertThat(refused(2, "train", "--out", underAFile.toString(), "--games", "1").err()).contains("is not a folder");
    assertThat(refused(2, "analyze", good.toString(), "--html", underAFile.toString()).err()).contains("a-file is not a folder");
    Path fifo = dir.resolve("fifo");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    assertThat(refused(2, "train", "--out", fifo.toString(), "--games", "1").err()).contains("is not a regular file");
    assertThat(refused(2, "backup", good.toString(), "--data", dir.toString()).err()).contains("exists already");
    assertThat(refused(2, "backup", underAFile.toString(), "--data", dir.toString()).err()).contains("is not a folder");
    assertThat(refused(2, "met", "--games", "20", "--out", "").err()).contains("--out needs a file name");
    assertThat(refused(2, "analyze", "").err()).contains("no file name given");
    if (Files.isDirectory(Path.of("/proc/self"))) { // folders that refuse files whatever their permissions say, even to root
      assertThat(refused(2, "train", "--out", "/proc/nope/n.jqnn", "--games", "2", "--bench-every", "0").err())
          .contains("cannot make the folder /proc/nope");
      assertThat(refused(2, "analyze", good.toString(), "--html", "/proc/r.html").err()).contains("the folder /proc is not writable");
    }
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
        {"serve --data " + dir.resolve("db"), "--port", "-1 65536 70000"},
        {"serve --data " + dir.resolve("db"), "--computer-delay", "-1 60001"},
        {"serve --data " + dir.resolve("db"), "--limit-games", "0 -1 1000001"},
        {"serve --data " + dir.resolve("db"), "--limit-analyses", "0"},
        {"serve --data " + dir.resolve("db"), "--limit-reviews", "0"},
        {"serve --data " + dir.resolve("db"), "--limit-review-queue", "0"},
        {"serve --data " + dir.resolve("db"), "--limit-messages", "0"},
        {"serve --data " + dir.resolve("db"), "--limit-sockets", "-1"},
        {"serve --data " + dir.resolve("db"), "--limit-spectators", "0"},
        {"serve --data " + dir.resolve("db"), "--limit-connects", "0 1000001"},
        {"serve --data " + dir.resolve("db"), "--queue-bytes", "0 4095 2147483647"},
        {"serve --data " + dir.resolve("db"), "--hello-seconds", "0 -1 3601"},
        {"load --url http://127.0.0.1:9", "--games", "0 -1 100001"},
        {"load --url http://127.0.0.1:9", "--think-ms", "-1 60001"},
        {"load --url http://127.0.0.1:9", "--timeout-seconds", "0 -1"},
        {"load --url http://127.0.0.1:9", "--stalled", "-1 100001"},
        {"hint --position " + START + " --dice 6-5", "--rollout-games", "0 -1"}, // without --rollout: never ignored
        {"hint --position " + START + " --dice 6-5", "--rollout-plays", "0 21"},
        {"train --bench-every 0", "--epochs", "0 -1 1001"},
        {"train --bench-every 0", "--bench-games", "-1 0"},
        {"met --length 3", "--games", "9 -1"},
        {"met --games 20", "--length", "0 100"},
        {"met --games 20 --length 3", "--threads", "0 257"},
        {"benchmark generate --positions 1 --out " + dir.resolve("b.txt"), "--threads", "0 -1"},
        {"benchmark generate --out " + dir.resolve("b.txt"), "--trials", "1 1000001"},
        {"benchmark generate --out " + dir.resolve("b.txt"), "--selection-trials", "1 1000001"},
        {"samples --level expert --samples 2 --out " + dir.resolve("s.txt"), "--threads", "0"},
        {"benchmark complete --file " + dir.resolve("b.txt"), "--trials", "1 1000001"},
        {"benchmark complete --file " + dir.resolve("b.txt"), "--selection-trials", "1 1000001"},
        {"benchmark complete --file " + dir.resolve("b.txt"), "--threads", "0 -1"},
        {"benchmark complete --file " + dir.resolve("b.txt"), "--level", "casual random beginner"}, // their plays are drawn at random
        {"benchmark score --level random", "--threads", "0"},
        {"benchmark score --level random", "--decisions", "-1 0"}, // without --against: never ignored
        {"benchmark calibrate", "--decisions", "-1 1 1000001"},
        {"benchmark calibrate", "--threads", "0 257"},
        {"benchmark calibrate", "--level", "expert world-class random heuristic expert-v1 god"}, // no noise to set
        {"train --bench-every 0 --resume", "--from", "v1 shipped modern"}, // a new network or the one in --out, not both
        {"train --bench-every 0", "--from", "-1 no-such.jqnn"},
        {"train --bench-every 0 --hidden 128", "--from", "modern"},
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
    assertThat(refused(2, "play", "--two-players", "--level", "grand").err()).contains("unknown level 'grand'"); // not ignored
    assertThat(dir.resolve("b.txt")).as("refused before any file is made").doesNotExist();
    assertThat(dir.resolve("s.txt")).as("refused before any file is made").doesNotExist();
    assertThat(refused(2, "duel", "heuristic", "random", "--games", "2147483647").err())
        .contains("--games must be between 20 and 10,000,000, not 2147483647");
    assertThat(refused(2, "train", "--alpha", "NaN").err()).contains("--alpha must be a number above 0 and at most 1, not NaN");
    assertThat(refused(2, "serve", "--port", "70000").err()).isEqualTo("jacquet serve: --port must be between 0 and 65,535, not 70000\n");
  }

  @Test
  void serveSaysInOneLineWhereItCannotListenOrKeepItsData() throws Exception {
    Path data = dir.resolve("db").toAbsolutePath();
    Files.writeString(dir.resolve("a-file"), "x");
    assertThat(refused(2, "serve", "--host", "999.1.1.1", "--port", "0", "--data", data.toString()).err()).contains("--host '999.1.1.1' is not an address");
    assertThat(refused(2, "serve", "--db-url", "jdbc:nope://x", "--port", "0").err()).contains("--db-url must be a jdbc:postgresql:");
    assertThat(refused(2, "serve", "--host", "", "--port", "0", "--data", data.toString()).err()).contains("--host needs an address");
    for (String origin : List.of("not a url", "https://x.example/path", "ftp://x", "")) {
      assertThat(refused(2, "serve", "--allow-origin", origin, "--port", "0", "--data", data.toString()).err()).contains("--allow-origin must be");
    }
    assertThat(refused(2, "serve", "--data", dir.resolve("a-file").toString(), "--port", "0").err()).contains("is not a folder");
    assertThat(refused(1, "serve", "--data", dir.resolve("a-file").resolve("x").toString(), "--port", "0").err())
        .contains("cannot create the data folder");
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      assertThat(refused(1, "serve", "--port", Integer.toString(taken.getLocalPort()), "--data", data.toString()).err())
          .contains("cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": the port is in use");
    }
    assertThat(refused(1, "serve", "--db-url", "jdbc:postgresql://127.0.0.1:1/x", "--port", "0").err()).contains("cannot open the database: ");
    assertThat(refused(1, "serve", "--db-url", "jdbc:postgresql://127.0.0.1:99999/x", "--port", "0").err()).contains("cannot open the database: ");
    // A file that is no database: one line, not the pool's and the migrations' own errors with their traces.
    Path notADatabase = file("not-a-db.sqlite", "hello, this is no database\n".repeat(200).getBytes(StandardCharsets.UTF_8));
    assertThat(refused(1, "serve", "--db-url", "jdbc:sqlite:" + notADatabase, "--port", "0").err()).contains("cannot open the database: ");
    for (String memory : List.of("jdbc:sqlite:", "jdbc:sqlite::memory:", "jdbc:sqlite:file::memory:?cache=shared", "jdbc:sqlite:file:x?mode=memory")) {
      assertThat(refused(2, "serve", "--db-url", memory, "--port", "0").err()).as(memory).contains("is a database in memory: every game would be lost");
    }
  }

  @Test
  void loadSaysInOneLineWhenNoJacquetServerAnswers() throws Exception {
    int closed;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    assertThat(refused(1, "load", "--url", "http://127.0.0.1:" + closed, "--games", "1").err())
        .contains("cannot reach a server at http://127.0.0.1:" + closed + " (connection refused");
    // The timed and lobby scenarios too (they said "input/output error").
    assertThat(refused(1, "load", "--timed", "--url", "http://127.0.0.1:" + closed, "--games", "1").err())
        .contains("cannot reach a server at http://127.0.0.1:" + closed + " (connection refused");
    assertThat(refused(1, "load", "--lobby", "--url", "http://127.0.0.1:" + closed, "--lobby-seconds", "1").err())
        .contains("cannot reach a server at http://127.0.0.1:" + closed + " (connection refused");
    // A time control that is none is said before any server is asked.
    assertThat(refused(2, "load", "--timed", "--time", "x", "--url", "http://127.0.0.1:" + closed, "--games", "1").err())
        .contains("a time control is D+R");
    com.sun.net.httpserver.HttpServer other = com.sun.net.httpserver.HttpServer.create(
        new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
    other.createContext("/", x -> {
      x.sendResponseHeaders(404, -1);
      x.close();
    });
    other.start();
    try {
      assertThat(refused(1, "load", "--url", "http://127.0.0.1:" + other.getAddress().getPort(), "--games", "1").err())
          .contains("is not a Jacquet server");
    } finally {
      other.stop(0);
    }
  }

  /** A loopback server that answers each connection with {@code answer} (on its own daemon thread). */
  private static java.net.ServerSocket hostileServer(java.util.function.Consumer<java.net.Socket> answer) throws Exception {
    java.net.ServerSocket server = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
    Thread t = new Thread(() -> {
      try {
        while (true) {
          java.net.Socket s = server.accept();
          Thread each = new Thread(() -> answer.accept(s));
          each.setDaemon(true);
          each.start();
        }
      } catch (java.io.IOException closed) {
        // the test is over
      }
    });
    t.setDaemon(true);
    t.start();
    return server;
  }

  @Test
  void loadGivesUpInOneLineOnAServerThatNeverAnswersOrNeverStops() throws Exception {
    List<java.net.Socket> held = java.util.Collections.synchronizedList(new ArrayList<>());
    try (java.net.ServerSocket silent = hostileServer(held::add); // accepts, reads nothing, says nothing
        java.net.ServerSocket endless = hostileServer(s -> {
          try {
            s.getInputStream().read(new byte[4096]);
            java.io.OutputStream out = s.getOutputStream();
            out.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"actions\":\"".getBytes(StandardCharsets.US_ASCII));
            byte[] more = new byte[65536];
            Arrays.fill(more, (byte) 'a');
            while (true) out.write(more);
          } catch (java.io.IOException gone) {
            // the client gave up
          }
        })) {
      long start = System.nanoTime();
      assertThat(refused(1, "load", "--url", "http://127.0.0.1:" + silent.getLocalPort(), "--games", "1", "--timeout-seconds", "2").err())
          .contains("cannot reach a server at http://127.0.0.1:" + silent.getLocalPort() + " (no answer to /api/metrics within 2 s)");
      assertThat((System.nanoTime() - start) / 1e9).as("seconds").isLessThan(10);
      assertThat(refused(1, "load", "--url", "http://127.0.0.1:" + endless.getLocalPort(), "--games", "1").err())
          .contains("answered /api/metrics with more than 16 MB");
    } finally {
      for (java.net.Socket s : held) s.close();
    }
  }

  @Test
  void numbersAreReadAsPeopleWriteThem() {
    // Decimal ASCII digits only: no hexadecimal, no digits of other scripts read as a count.
    for (String value : List.of("0x10", "\u0661\u0662", "1_000", "12abc", "", " 5", "+-1", "1e3")) {
      assertThat(refused(2, "duel", "heuristic", "random", "--games", value).err()).as(value).contains("is not a whole number");
    }
    assertThat(refused(2, "duel", "heuristic", "random", "--seed", "99999999999999999999").err())
        .contains("'99999999999999999999' is out of range");
    assertThat(refused(2, "bench", "--seconds", "0x1p-3").err()).contains("'0x1p-3' is not a number");
    assertThat(refused(2, "bench", "--seconds", "1e999").err()).contains("--seconds must be").contains("not Infinity");
    assertThat(refused(2, "duel", "heuristic", "random", "--games", "010").err()).contains("not 10"); // not octal 8
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
  void aFileNameTheSystemCannotUseIsRefusedAsSuchByEveryOptionThatTakesOne() {
    // A NUL cannot be in a file name anywhere (nor, under the C locale, an accented letter): the
    // refusal says so in the command's words, not as Java's InvalidPathException.
    String bad = "game\u0000.txt";
    for (String[] args : List.of(new String[] {"verify", bad}, new String[] {"analyze", bad},
        new String[] {"analyze", "x.txt", "--html", bad}, new String[] {"convert", bad, "--to", "json"},
        new String[] {"backup", bad}, new String[] {"play", "--record", bad}, new String[] {"play", "--load", bad},
        new String[] {"train", "--games", "1", "--out", bad}, new String[] {"met", "--out", bad},
        new String[] {"duel", "expert", "random", "--net", bad}, new String[] {"samples", "--out", bad},
        new String[] {"benchmark", "score", "--file", bad}, new String[] {"serve", "--data", bad})) {
      assertThat(refused(2, args).err()).as(Arrays.toString(args))
          .contains("'game?.txt' is not a file name this system can use (it holds a NUL character)");
    }
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
      stdin(input.toString());
      Outcome o = attempt(command);
      assertThat(o.status()).isZero();
      assertThat(o.out().lines().count()).isEqualTo(lines);
      assertThat(o.out().lines().filter(l -> l.contains("\"error\":\"empty line")).count()).isEqualTo(40);
      assertThat(o.out().lines().filter(l -> l.contains("the game is over")).count()).isEqualTo(20);
      assertThat(TRACE.matcher(o.out() + o.err()).find()).isFalse();
    }
  }

  @Test
  void aBatchWhoseAnswersNobodyReadsStopsInOneLine() {
    stdin((START + "\t6-5\n").repeat(10_000));
    System.setOut(new java.io.PrintStream(new java.io.OutputStream() { // a pipe closed by its reader
      @Override
      public void write(int b) throws java.io.IOException {
        throw new java.io.IOException("Broken pipe");
      }
    }, true));
    Outcome o = attempt("moves", "--batch");
    assertThat(o.status()).isEqualTo(1);
    assertThat(o.err()).isEqualTo("jacquet moves: standard output is closed: stopped after 0 answers\n");
  }

  @Test
  void everyCommandWhoseOutputNobodyCanReadFailsInOneLine() throws Exception {
    Path good = file("good.txt", ("[Rules \"modern\"]\n[Match \"1\"]\n[Position \"white=19:3,20:3,22:2 black=19:2,21:3,23:3 turn=white\"]\n\nGame 1\n")
        .getBytes(StandardCharsets.UTF_8));
    List<String[]> commands = List.of(new String[] {"moves", "--position", START, "--dice", "6-5"},
        new String[] {"moves", "--position", START, "--dice", "6-5", "--json"},
        new String[] {"hint", "--position", START, "--dice", "6-5", "--level", "heuristic"},
        new String[] {"choose", "--position", START, "--dice", "6-5", "--level", "heuristic"},
        new String[] {"convert", "--position", START, "--to", "id"}, new String[] {"convert", good.toString(), "--to", "json"},
        new String[] {"verify", good.toString()}, new String[] {"moves", "--help"}, new String[] {"--version"}, new String[] {"--help"});
    for (String[] args : commands) {
      System.setOut(new java.io.PrintStream(new java.io.OutputStream() { // a pipe closed by its reader
        @Override
        public void write(int b) throws java.io.IOException {
          throw new java.io.IOException("Broken pipe");
        }
      }, true));
      Outcome o = refused(1, args);
      assertThat(o.err()).as(Arrays.toString(args)).endsWith(": cannot write to standard output (closed, or the disk is full): the output is incomplete\n");
    }
  }

  /** A real {@code jacquet} process, with {@code stdin} as its input; its status and standard error. */
  private static Outcome process(Path stdin, boolean closeStdout, String... args) throws Exception {
    return process(stdin, closeStdout, null, args);
  }

  /**
   * {@link #process(Path, boolean, String...)}, putting in {@code cpuMillis} (if not null) the
   * CPU time the process had used when last looked at, every 20 ms while it ran (the system
   * forgets it at the end): what it cost, whatever the machine's load made it last.
   */
  private static Outcome process(Path stdin, boolean closeStdout, java.util.concurrent.atomic.AtomicLong cpuMillis, String... args)
      throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), "org.jacquet.cli.Main"));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    if (stdin != null) pb.redirectInput(stdin.toFile());
    Process p = pb.start();
    Thread sampler = null;
    if (cpuMillis != null) {
      sampler = new Thread(() -> {
        while (p.isAlive()) {
          p.toHandle().info().totalCpuDuration().ifPresent(d -> cpuMillis.set(d.toMillis()));
          try {
            Thread.sleep(20);
          } catch (InterruptedException e) {
            return;
          }
        }
      });
      sampler.setDaemon(true);
      sampler.start();
    }
    if (closeStdout) p.getInputStream().close(); // as `| head -c0` does
    java.util.concurrent.CompletableFuture<byte[]> out = closeStdout ? null
        : java.util.concurrent.CompletableFuture.supplyAsync(() -> {
          try {
            return p.getInputStream().readAllBytes();
          } catch (java.io.IOException e) {
            return new byte[0];
          }
        });
    byte[] err = p.getErrorStream().readAllBytes();
    assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).as("ends: %s", Arrays.toString(args)).isTrue();
    if (sampler != null) sampler.join();
    return new Outcome(p.exitValue(), out == null ? "" : new String(out.get(), StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
  }

  @Test
  void aRealProcessWritingToAClosedPipeSaysSoAndFails() throws Exception {
    Outcome o = process(null, true, "moves", "--position", START, "--dice", "6-5");
    assertThat(o.status()).as(o.err()).isEqualTo(1);
    assertThat(o.err()).isEqualTo("jacquet moves: cannot write to standard output (closed, or the disk is full): the output is incomplete\n");
  }

  @Test
  void serveWritesNoLogLineForARequestTheHttpParserRefuses() throws Exception {
    // The jar's logger settings are the command line's own file: the server module's line that
    // silences Jetty's parser must be there too, or each oversized request writes a log line.
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), "org.jacquet.cli.Main", "serve", "--port", "0", "--data", dir.resolve("db").toString());
    Path log = dir.resolve("serve-stderr.txt");
    Path screen = dir.resolve("serve-stdout.txt");
    Process p = new ProcessBuilder(command).redirectError(log.toFile()).redirectOutput(screen.toFile()).start();
    try {
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (!Files.readString(screen).contains("\n") && System.nanoTime() < deadline) Thread.sleep(50);
      String first = Files.readString(screen).lines().findFirst().orElse("");
      assertThat(first).as("the start-up line").startsWith("Jacquet web app on http://127.0.0.1:");
      int port = Integer.parseInt(first.replaceAll("^Jacquet web app on http://127\\.0\\.0\\.1:(\\d+).*$", "$1"));
      for (String request : List.of("GET /" + "a".repeat(9000) + " HTTP/1.1\r\nHost: x\r\n\r\n",
          "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(9000) + "\r\n\r\n")) {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
          s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
          s.setSoTimeout(5000);
          assertThat(new String(s.getInputStream().readNBytes(12), StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 4");
        }
      }
      Thread.sleep(300); // a log line would be written by now
      p.destroy(); // SIGTERM: a clean stop
      assertThat(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
      assertThat(Files.readString(log)).isEmpty();
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void aHugeLineAtThePlayPromptIsRefusedAtOnceInThePlayersLanguage() throws Exception {
    Path huge = file("huge.txt", "x".repeat(3_000_000).getBytes(StandardCharsets.UTF_8)); // no newline, then the end
    for (String[] lang : new String[][] {{"en", "Refused: a line of more than 1,000 characters is no command"},
        {"fr", "Refusé : une ligne de plus de 1"}}) {
      java.util.concurrent.atomic.AtomicLong cpuMillis = new java.util.concurrent.atomic.AtomicLong();
      Outcome o = process(huge, false, cpuMillis, "play", "--lang", lang[0], "--level", "random", "--seed", "1", "--record",
          dir.resolve("huge-" + lang[0] + ".txt").toString());
      assertThat(o.status()).as(o.err()).isZero();
      assertThat(o.out()).contains(lang[1]).doesNotContain("xxxxxxxxxx");
      assertThat(TRACE.matcher(o.out() + o.err()).find()).isFalse();
      // The CPU the process spent, not the seconds it lasted: a JVM start and a game on a machine
      // loaded 8-fold can outlast 15 s without any fault. The fault guarded burned CPU (JLine,
      // reading the pipe byte by byte, worked 30 s on the line); a 20 s busy loop reads 21 s here.
      assertThat(cpuMillis.get()).as("CPU ms to refuse it (JLine spent 30 s reading a pipe)").isLessThan(15_000);
    }
  }

  /** Every command and subcommand, as typed ("puzzles stats"), read from the command line's own tree. */
  static List<String> everyCommand(picocli.CommandLine line, String prefix) {
    List<String> out = new java.util.ArrayList<>();
    for (var e : line.getSubcommands().entrySet()) {
      String typed = prefix.isEmpty() ? e.getKey() : prefix + " " + e.getKey();
      out.add(typed);
      out.addAll(everyCommand(e.getValue(), typed));
    }
    return out;
  }

  @Test
  void helpListsTheExitStatusesAndPrintsNoWarning() {
    // Every command, found in the tree (a list written here missed puzzles, whose help printed a
    // picocli warning: a "95%" read as a format), and a command without its subcommand.
    List<String> commands = new java.util.ArrayList<>(everyCommand(new picocli.CommandLine(new Main()), ""));
    assertThat(commands).contains("serve", "load", "puzzles", "puzzles stats", "bench-accounts");
    for (String command : commands) {
      List<String> args = new java.util.ArrayList<>(List.of(command.split(" ")));
      args.add("--help");
      Outcome o = attempt(args.toArray(String[]::new));
      assertThat(o.status()).as(command).isZero();
      assertThat(o.out() + o.err()).as(command).doesNotContain("picocli WARN").doesNotContain("Could not format");
      assertThat(o.out()).as(command).contains("Exit status:").containsPattern("1\\s+failure").containsPattern("2\\s+usage");
    }
    Outcome bare = attempt("puzzles");
    assertThat(bare.out() + bare.err()).doesNotContain("picocli WARN");
  }

  @Test
  void messagesReadRight() {
    assertThat(attempt("moves", "--rules", "original", "--position", "white=23:1 black=19:15 turn=white", "--dice", "6-5").out())
        .contains("(a die that cannot be used: ").doesNotContain("[");
    assertThat(refused(2, "duel", "heuristic", "random", "--games", "x7").err())
        .contains("'x7' is not a whole number").doesNotContain("For input string");
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
