package org.jacquet.cli.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.cli.play.TerminalGameTest.confirming;
import static org.jacquet.cli.play.TerminalGameTest.lastLine;
import static org.jacquet.cli.play.TerminalGameTest.settled;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.ai.Level;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The play prompt against what a new user, a hurried one and an attacker type, through the real
 * JLine reader: nothing typed ends the program or loses the game, and the prompt answers in
 * the reader's own numbers and language.
 */
class TerminalPromptTest {
  @TempDir Path dir;
  private String home;

  @BeforeEach
  void homeInTheTemporaryFolder() {
    home = System.getProperty("user.home");
    System.setProperty("user.home", dir.toString()); // the default record folder and ~ land here
  }

  @AfterEach
  void restoreHome() {
    System.setProperty("user.home", home);
  }

  private record Run(String screen, int status, TerminalGame game) {}

  /** A whole run; {@code player} sees the screen so far and answers each prompt (null: Ctrl-D). */
  private Run run(Locale lang, TerminalGame.Setup setup, Function<String, String> player) throws IOException {
    return run(lang, console -> TerminalGame.start(console, new Texts(lang), setup), player);
  }

  private Run run(Locale lang, Function<Console, TerminalGame> make, Function<String, String> player) throws IOException {
    ByteArrayOutputStream screen = new ByteArrayOutputStream();
    TerminalGame game;
    int status;
    try (Terminal terminal = TerminalBuilder.builder().system(false).type(Terminal.TYPE_DUMB)
        .streams(new TerminalGameTest.Player(screen, player), screen).encoding(StandardCharsets.UTF_8).build()) {
      game = make.apply(new JLineConsole(terminal));
      status = game.run();
      terminal.flush();
      settled(screen);
    }
    return new Run(screen.toString(StandardCharsets.UTF_8), status, game);
  }

  private TerminalGame.Setup setup(String rules, long seed, int match, Path record) {
    return new TerminalGame.Setup(Rules.parse(rules), match, seed, Level.EXPERT, Side.WHITE, record);
  }

  private static boolean atPlayPrompt(String screen) {
    String last = lastLine(screen);
    return last.contains(" to play ") || last.matches("Les \\S+ jouent .* > ");
  }

  /** Answers in turn at the play prompt, "1" elsewhere (confirmations: yes), then quits. */
  private static Function<String, String> script(String... lines) {
    Iterator<String> next = List.of(lines).iterator();
    return confirming(screen -> !atPlayPrompt(screen) ? "1" : next.hasNext() ? next.next() : "quit");
  }

  @Test
  void hugeNumbersAndControlCharactersAreRefusedAndTheGameGoesOn() throws IOException {
    Path record = dir.resolve("r.txt");
    Run r = run(Locale.ENGLISH, setup("modern", 3, 1, record),
        script("99999999999999999999", "2147483648", "-1", "save a\u0000b", "x".repeat(5000), "board"));
    assertThat(r.status()).isZero();
    assertThat(r.screen()).contains("Refused: no play numbered 99999999999999999999 in the list")
        .contains("Refused: no play numbered 2147483648 in the list")
        .contains("Refused: the line holds control characters")
        .contains("Refused: a line of more than 1,000 characters is no command")
        .contains("Goodbye. The record is in " + record);
    assertThat(Files.exists(dir.resolve("ab"))).isFalse();
    assertThat(GameRecord.read(Files.readString(record)).match().games()).hasSize(1);
  }

  /** Hostile lines for the play prompt: none of them leaves, resigns or starts a match. */
  static List<String> hostileLines(int n, long seed, Path dir) {
    SplittableRandom random = new SplittableRandom(seed);
    List<String> fixed = List.of("", " ", "?", "hint", "undo", "board", "pips", "score", "history", "id", "help",
        "0", "-0", "00000000000000000000001", "4294967296", "9223372036854775808", "1e9", "0x10", "½", "٣",
        "1/", "/7", "1//7", "0/0", "1/1", "7/1", "99/100", "24/off/off", "25/off", "off/1", "1/7(9)", "1/7(0)",
        "1/7 " .repeat(50), "1/7,7/12,12/18,18/24,24/off", "pass", "passe", "-", "level", "level \u0000",
        "level " + "x".repeat(200), "new 0", "new -1", "new 99999999999", "new x", "save", "save ",
        "save " + dir.resolve("a-file").resolve("x.txt"), "save " + dir.resolve("x".repeat(300)),
        "save " + dir, "\u001b[2J", "\u0007", "\ud83c\udfb2", "é", "ü/ö", "\t1/7\t", "%n%s%d", "'; DROP TABLE", "${jndi:x}");
    List<String> lines = new ArrayList<>(fixed);
    String alphabet = "0123456789/ offpass?-,()\t\u0000\u00e9";
    while (lines.size() < n) {
      StringBuilder b = new StringBuilder();
      int length = random.nextInt(1, 30);
      for (int i = 0; i < length; i++) {
        b.append(random.nextInt(4) == 0 ? (char) random.nextInt(1, 0x3000) : alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String line = b.toString().replace('\n', ' ').replace('\r', ' ');
      if (!line.isBlank() && !line.trim().matches("(?i)(q|quit|quitter|exit|resign|abandon|new|nouveau|save|sauver)\\b.*")) lines.add(line);
    }
    return lines.subList(0, n);
  }

  @Test
  void aFuzzOfHostileLinesAtThePromptNeverEndsOrLosesTheGame() throws IOException {
    Files.writeString(dir.resolve("a-file"), "x");
    Path record = dir.resolve("fuzz.txt");
    List<String> hostile = hostileLines(200, 12, dir);
    Iterator<String> next = hostile.iterator();
    int[] typed = {0};
    Run r = run(Locale.ENGLISH, setup("modern", 9, 3, record), confirming(screen -> {
      if (!next.hasNext()) return "quit";
      typed[0]++;
      return next.next(); // at every prompt, the play prompt or between games
    }));
    assertThat(typed[0]).isEqualTo(200);
    assertThat(r.status()).isZero();
    assertThat(r.screen()).contains("Goodbye. The record is in " + record).doesNotContain("Exception").doesNotContain("Something went wrong");
    Match saved = GameRecord.read(Files.readString(record)).match();
    assertThat(saved.game().position()).isEqualTo(r.game().match().game().position());
  }

  @Test
  void endOfInputWritesTheRecordFirst() throws IOException {
    Path record = dir.resolve("eof.txt");
    Run r = run(Locale.ENGLISH, setup("modern", 5, 1, record), screen -> atPlayPrompt(screen) ? null : "1");
    assertThat(r.status()).isZero();
    assertThat(r.screen()).contains("Goodbye. The record is in " + record);
    assertThat(GameRecord.read(Files.readString(record)).match().game().position())
        .isEqualTo(r.game().match().game().position());
  }

  @Test
  void anUnexpectedErrorStillWritesTheRecordAndSaysWhere() throws IOException {
    Path record = dir.resolve("bug.txt");
    Run r = run(Locale.ENGLISH, console -> TerminalGame.start(new Console() {
      @Override
      public String readLine(String prompt) {
        if (prompt.contains(" to play ")) throw new IllegalStateException("a bug");
        return console.readLine(prompt);
      }

      @Override
      public void println(String line) {
        console.println(line);
      }

      @Override
      public boolean colour() {
        return false;
      }
    }, new Texts(Locale.ENGLISH), setup("modern", 5, 1, record)), screen -> "1");
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.screen()).contains("Something went wrong (internal error, please report it: IllegalStateException: a bug). The record is in "
        + record);
    assertThat(Files.readString(record)).contains("Game 1");
  }

  @Test
  void whatGoesWrongIsSaidInThePlayersLanguage() throws IOException {
    Path record = dir.resolve("fr-bug.txt");
    // The game flow's own refusal, as a bug would let it through to the player.
    Run r = run(Locale.FRENCH, console -> TerminalGame.start(new Console() {
      @Override
      public String readLine(String prompt) {
        if (prompt.contains(" jouent ")) new org.jacquet.engine.game.Game(Rules.MODERN, () -> 1).play("1/7");
        return console.readLine(prompt);
      }

      @Override
      public void println(String line) {
        console.println(line);
      }

      @Override
      public boolean colour() {
        return false;
      }
    }, new Texts(Locale.FRENCH), setup("modern", 5, 1, record)), screen -> "1");
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.screen()).contains("Une erreur est survenue (il n'y a pas de dés à jouer : la partie attend le lancer d’ouverture). "
        + "La partie est dans " + record);
    Run level = run(Locale.FRENCH, setup("modern", 3, 1, dir.resolve("fr-level.txt")), script("niveau grand", "quitter"));
    assertThat(level.screen()).contains("Refusé : niveau inconnu 'grand'").doesNotContain("unknown level");
  }

  @Test
  void anInputErrorStillWritesTheRecordAndSaysWhere() throws IOException {
    Path record = dir.resolve("io.txt");
    // JLine reports a terminal that fails under it as an IOError from readLine: so does this one,
    // at the first play prompt, after a real game has started through the real reader.
    Run r = run(Locale.ENGLISH, console -> TerminalGame.start(new Console() {
      @Override
      public String readLine(String prompt) {
        if (prompt.contains(" to play ")) throw new java.io.IOError(new IOException("the terminal went away"));
        return console.readLine(prompt);
      }

      @Override
      public void println(String line) {
        console.println(line);
      }

      @Override
      public boolean colour() {
        return false;
      }
    }, new Texts(Locale.ENGLISH), setup("modern", 5, 1, record)), screen -> "1");
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.screen()).containsPattern("Something went wrong \\(.+\\)\\. The record is in " + Pattern.quote(record.toString()));
    assertThat(Files.readString(record)).contains("Game 1");
  }

  @Test
  void aRecordFileThatCannotBeWrittenFallsBackToTheDefaultFolderAndSaysSo() throws IOException {
    Files.writeString(dir.resolve("plain-file"), "x");
    Path impossible = dir.resolve("plain-file").resolve("r.txt"); // a folder that is a file
    Run r = run(Locale.ENGLISH, setup("modern", 5, 1, impossible), script("quit"));
    assertThat(r.screen()).contains("Cannot write " + impossible);
    Matcher m = Pattern.compile("Goodbye\\. The record is in (\\S+)").matcher(r.screen());
    assertThat(m.find()).isTrue();
    Path written = Path.of(m.group(1));
    assertThat(written.startsWith(dir.resolve(".jacquet").resolve("games"))).isTrue();
    assertThat(Files.readString(written)).contains("[Seed \"5\"]");
  }

  @Test
  void quitAndResignAskFirst() throws IOException {
    Path record = dir.resolve("c.txt");
    List<String> typed = new ArrayList<>();
    Iterator<String> answers = List.of("quit", "n", "resign", "non", "q", "y").iterator();
    Run r = run(Locale.ENGLISH, setup("modern", 3, 1, record), screen -> {
      if (!atPlayPrompt(screen) && !lastLine(screen).endsWith("(y/n) ")) return "1";
      String a = answers.hasNext() ? answers.next() : "y";
      typed.add(a);
      return a;
    });
    assertThat(typed).containsExactly("quit", "n", "resign", "non", "q", "y");
    assertThat(r.screen()).contains("Leave the match? The record is written first. (y/n)")
        .contains("Resign this game? (y/n)");
    assertThat(r.game().match().game().isOver()).isFalse(); // "non" did not resign
  }

  @Test
  void afterAHintANumberPlaysThatHintsPlay() throws IOException {
    Path record = dir.resolve("h.txt");
    String[] hinted = {null};
    boolean[] asked = {false};
    Run r = run(Locale.ENGLISH, setup("modern", 3, 1, record), confirming(screen -> {
      if (!atPlayPrompt(screen)) return "1";
      if (hinted[0] != null) return "quit";
      if (!asked[0]) {
        asked[0] = true;
        return "hint";
      }
      Matcher m = Pattern.compile("(?m)^1\\. (\\S+(?: [a-x]/\\S+)*)\\s+[+-]\\d").matcher(screen);
      assertThat(m.find()).isTrue();
      hinted[0] = m.group(1);
      return "1";
    }));
    assertThat(r.screen()).containsPattern("Hint \\(World class\\); type 1 to \\d to play one of these plays:");
    // The hint lists the plays in the board letters, as they are typed and as the play made is told.
    assertThat(hinted[0]).doesNotContainPattern("\\d");
    assertThat(r.screen()).containsPattern("White plays [^:]+: " + Pattern.quote(hinted[0]));
  }

  @Test
  void theQuestionMarkListIsRankedBestFirstAndFitsOnAScreen() throws IOException {
    Path record = dir.resolve("q.txt");
    Run r = run(Locale.ENGLISH, setup("modern", 11, 1, record), script("?"));
    Matcher id = Pattern.compile("ID (\\S+)").matcher(r.screen());
    assertThat(id.find()).isTrue();
    Matcher dice = Pattern.compile("White to play ([^>]+) > ").matcher(r.screen());
    assertThat(dice.find()).isTrue();
    Position p = Position.parse(id.group(1));
    Matcher header = Pattern.compile("\\d+ legal plays? with").matcher(r.screen());
    assertThat(header.find()).isTrue();
    int listStart = header.start();
    List<String> list = r.screen().substring(listStart).lines().skip(1).takeWhile(l -> l.startsWith(" ")).toList();
    Matcher first = Pattern.compile("^\\s*1\\. (\\S+(?: [a-x]/\\S+)*)").matcher(list.get(0));
    assertThat(first.find()).isTrue();
    Matcher count = Pattern.compile("(\\d+) legal plays? with .*, best first \\(expert\\)").matcher(r.screen());
    assertThat(count.find()).isTrue();
    int plays = Integer.parseInt(count.group(1));
    assertThat(list.size()).isLessThanOrEqualTo(Math.max(1, (plays + 1) / 2)); // in columns
    assertThat(list).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
    var legal = PlayGenerator.legalPlays(Rules.MODERN, p, throwOf(r.screen(), p));
    String best = PointNaming.LETTERS.write(Level.EXPERT.ranker(Rules.MODERN).rank(legal).get(0).play(), Side.WHITE);
    assertThat(first.group(1)).isEqualTo(best);
  }

  /** The dice of the last "White throws …" line, as a throw the generator takes. */
  private static DiceToPlay throwOf(String screen, Position p) {
    Matcher m = Pattern.compile("White throws (?:(\\d|ace) and (\\d|ace)|double (\\w+))").matcher(screen);
    String a = null;
    String b = null;
    while (m.find()) {
      if (m.group(3) != null) {
        a = b = switch (m.group(3)) {
          case "aces" -> "1";
          case "twos" -> "2";
          case "threes" -> "3";
          case "fours" -> "4";
          case "fives" -> "5";
          default -> "6";
        };
      } else {
        a = m.group(1).equals("ace") ? "1" : m.group(1);
        b = m.group(2).equals("ace") ? "1" : m.group(2);
      }
    }
    return DiceToPlay.of(Dice.parse(a + "-" + b), Rules.MODERN);
  }

  @Test
  void aSegmentSpanningSeveralDiceOfADoubleIsPlayedStepByStep() throws IOException {
    // A set-up position, and a seed whose first throw for White there is 4-4.
    Position start = Position.parse("white=1:10,19:5 black=1:10,19:5 turn=white");
    long seed = 1;
    while (!firstThrowIs(seed, start, 4, 4)) seed++;
    Path saved = dir.resolve("set-up.txt");
    Files.writeString(saved, GameRecord.write(new Match(Rules.MODERN, 1, new SeededDice(seed), start),
        Map.of("Seed", Long.toString(seed), "Level", "expert", "Human", "white")));
    GameRecord.Parsed parsed = GameRecord.read(Files.readString(saved));
    Run r = run(Locale.ENGLISH, console -> TerminalGame.load(console, new Texts(Locale.ENGLISH), parsed, saved,
        dir.resolve("d.txt")), script("m/u")); // White's 1/9, in the board letters
    assertThat(r.screen()).contains("White throws double fours").contains("m/q q/u  (dice left: 4-4)")
        .doesNotContain("does not match a die left");
  }

  private static boolean firstThrowIs(long seed, Position start, int a, int b) {
    Game g = new Match(Rules.MODERN, 1, new SeededDice(seed), start).game();
    while (g.phase() != Phase.PLAY) g.roll();
    return g.sideToAct() == Side.WHITE && g.diceToPlay().high() == a && g.diceToPlay().low() == b;
  }

  @Test
  void passIsRefusedWhenAPlayExists() throws IOException {
    Run r = run(Locale.ENGLISH, setup("modern", 3, 1, dir.resolve("p.txt")), script("pass"));
    assertThat(r.screen()).contains("Refused: you cannot pass while a play is possible");
  }

  @Test
  void theOpeningChoiceHearsHelpResignAndQuit() throws IOException {
    long seed = seedWhereWhiteChoosesTheOpening();
    Iterator<String> answers = List.of("help", "resign", "n", "quit", "y").iterator();
    Run r = run(Locale.ENGLISH, setup("modern+opening=winner-chooses", seed, 1, dir.resolve("o.txt")),
        screen -> answers.hasNext() ? answers.next() : "y");
    assertThat(r.screen()).contains("Type p to play the opening dice, t to throw again")
        .contains("Resign this game? (y/n)").contains("Leave the match?");
    Game g = r.game().match().game();
    assertThat(g.phase()).isEqualTo(Phase.OPENING_CHOICE); // "resign" was not read as "r": no throw again
  }

  @Test
  void quitBetweenGamesIsNotTakenForEnter() throws IOException {
    Path record = dir.resolve("b.txt");
    Run r = run(Locale.ENGLISH, setup("modern", 3, 15, record), confirming(screen -> {
      if (lastLine(screen).startsWith("Press Enter")) return "quit";
      return "1";
    }));
    assertThat(r.screen()).contains("Press Enter for the next game.").contains("Leave the match?");
    assertThat(r.game().match().games()).hasSize(1);
    assertThat(r.game().match().game().isOver()).isTrue();
  }

  @Test
  void aNewMatchCanStartBetweenGames() throws IOException {
    Path record = dir.resolve("between.txt");
    boolean[] started = {false};
    Run r = run(Locale.ENGLISH, setup("modern", 3, 15, record), confirming(screen -> {
      if (lastLine(screen).startsWith("Press Enter")) {
        if (started[0]) return "quit";
        started[0] = true;
        return "new 2";
      }
      if (started[0] && atPlayPrompt(screen)) return "quit";
      return "1";
    }));
    assertThat(r.status()).isZero();
    assertThat(r.screen()).contains("Jacquet, modern rules, match to 2,").doesNotContain("Something went wrong");
    assertThat(r.game().match().length()).isEqualTo(2);
    assertThat(GameRecord.read(Files.readString(record)).match().game().isOver()).isTrue();
  }

  @Test
  void saveExpandsTheTildeToTheHomeFolder() throws IOException {
    Run r = run(Locale.ENGLISH, setup("modern", 3, 1, dir.resolve("t.txt")), script("save ~/mine.txt"));
    assertThat(r.screen()).contains("Game record written to " + dir.resolve("mine.txt"));
    assertThat(Files.exists(dir.resolve("mine.txt"))).isTrue();
  }

  @Test
  void scoreHistoryIdLevelAndANewMatchAreCommands() throws IOException {
    Path record = dir.resolve("s.txt");
    Run r = run(Locale.ENGLISH, setup("modern", 3, 3, record),
        script("score", "history", "id", "level world-class", "level nonsense", "new 1"));
    assertThat(r.screen()).contains("Score: White 0, Black 0 (match to 3).").contains("Game 1, Score:")
        .contains("Position ID: ").contains("The computer now plays at the World class level.")
        .contains("Refused: unknown level").contains("Start a new match?")
        .contains("Jacquet, modern rules, match to 1,");
    assertThat(r.game().recordFile()).isEqualTo(dir.resolve("s-2.txt"));
    assertThat(Files.readString(record)).contains("[Level \"world-class\"]");
    assertThat(r.game().match().length()).isEqualTo(1);
  }

  @Test
  void theNextMatchsRecordGoesBesideThisOne() throws IOException {
    assertThat(TerminalGame.nextRecordFile(dir.resolve("jacquet-20261121-101500.txt")))
        .isEqualTo(dir.resolve("jacquet-20261121-101500-2.txt"));
    assertThat(TerminalGame.nextRecordFile(dir.resolve("m-2.txt"))).isEqualTo(dir.resolve("m-3.txt"));
    Files.writeString(dir.resolve("m-3.txt"), "taken");
    assertThat(TerminalGame.nextRecordFile(dir.resolve("m-2.txt"))).isEqualTo(dir.resolve("m-4.txt"));
    assertThat(TerminalGame.nextRecordFile(dir.resolve("record"))).isEqualTo(dir.resolve("record-2"));
  }

  @Test
  void endOfInputAtAConfirmationLeavesWithTheRecordAndNeverResigns() throws IOException {
    Path record = dir.resolve("cd.txt");
    Run r = run(Locale.ENGLISH, setup("modern", 3, 1, record), screen -> {
      if (lastLine(screen).endsWith("(y/n) ")) return null; // Ctrl-D at "Resign this game?"
      return atPlayPrompt(screen) ? "resign" : "1";
    });
    assertThat(r.screen()).contains("Resign this game? (y/n)").contains("Goodbye. The record is in " + record);
    assertThat(r.game().match().game().isOver()).isFalse();
  }

  /** Black's plays as the screen told them ("Black (Expert) plays 6-5: …"), the lost dice left out. */
  private static List<String> blacksPlaysShown(String screen, String pattern) {
    List<String> shown = new ArrayList<>();
    Matcher m = Pattern.compile(pattern).matcher(screen);
    while (m.find()) shown.add(m.group(1).replaceAll(" \\((the|le|les) .*", ""));
    return shown;
  }

  /** Black's plays of the record, each written the given way. */
  private static List<String> blacksPlaysRecorded(Path record, PointNaming naming) throws IOException {
    List<String> recorded = new ArrayList<>();
    for (GameEvent e : GameRecord.read(Files.readString(record)).match().game().events()) {
      if (e instanceof GameEvent.Turn t && t.side() == Side.BLACK && !t.play().isPass()) {
        recorded.add(naming.write(t.play(), Side.BLACK));
      }
    }
    return recorded;
  }

  @Test
  void theOpponentsPlaysReadInBoardLettersForwardAndTheRecordKeepsTheMoversNumbers() throws IOException {
    Path record = dir.resolve("n.txt");
    Run r = run(Locale.ENGLISH, setup("modern", 3, 1, record), script("1", "1", "1", "1"));
    List<String> shown = blacksPlaysShown(r.screen(), "Black \\(Expert\\) plays [^:]+: (.+)");
    assertThat(shown).isNotEmpty().isEqualTo(blacksPlaysRecorded(record, PointNaming.LETTERS));
    // Black's route is a..x in order: every step it is told to make goes forward in the alphabet.
    for (String play : shown) {
      for (String step : play.split(" ")) {
        assertThat(step).matches("[a-x]/([a-x]|off)");
        if (!step.endsWith("off")) assertThat(step.charAt(0)).as(step).isLessThan(step.charAt(2));
      }
    }
    assertThat(Files.readString(record)).doesNotContainPattern("\\b[a-x]/[a-x]\\b"); // the record's play fields keep numbers
  }

  @Test
  void withTheMoversNumbersChosenTheScreenWritesWhatTheRecordWrites() throws IOException {
    Path record = dir.resolve("m.txt");
    Run r = run(Locale.FRENCH, console -> TerminalGame.start(console, new Texts(Locale.FRENCH), setup("modern", 3, 1, record))
        .naming(PointNaming.MOVER), script("1", "1", "1", "1"));
    List<String> shown = blacksPlaysShown(r.screen(), "Les Noirs \\([^)]+\\) jouent [^:]+ : (.+)");
    assertThat(shown).isNotEmpty().isEqualTo(blacksPlaysRecorded(record, PointNaming.MOVER));
  }

  @Test
  void atOneKeyboardEachPlayAndTheHistoryAreInBoardLetters() throws IOException {
    Path record = dir.resolve("two.txt");
    Run r = run(Locale.ENGLISH, new TerminalGame.Setup(Rules.MODERN, 3, 5, null, Side.WHITE, record),
        script("1", "1", "1", "1", "1", "1", "history"));
    List<String> told = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)(White|Black)(?: plays|: forced play with) [^:]+: (.+)$").matcher(r.screen());
    while (m.find()) told.add(m.group(1).toLowerCase(Locale.ROOT) + " " + m.group(2));
    List<String> named = new ArrayList<>();
    for (GameEvent e : GameRecord.read(Files.readString(record)).match().game().events()) {
      if (e instanceof GameEvent.Turn t && !t.play().isPass()) named.add(t.side().key() + " " + PointNaming.LETTERS.write(t.play(), t.side()));
    }
    assertThat(told).isNotEmpty().isEqualTo(named);
    String history = r.screen().substring(r.screen().lastIndexOf("Game 1, Score:"));
    for (String play : named) assertThat(history).contains(": " + play.substring(play.indexOf(' ') + 1));
  }

  @Test
  void aDieThatCouldNotBePlayedIsNamed() throws IOException {
    // A random game until a turn leaves a die unplayed, saved, loaded, and shown by history.
    for (long seed = 1; seed < 400; seed++) {
      Match m = new Match(Rules.MODERN, 1, new SeededDice(seed));
      SplittableRandom random = new SplittableRandom(seed);
      Game g = m.game();
      GameEvent.Turn partial = null;
      while (!g.isOver() && partial == null) {
        if (g.phase() == Phase.PLAY) {
          g.play(g.legalPlays().plays().get(random.nextInt(g.legalPlays().plays().size())));
          GameEvent last = g.events().get(g.events().size() - 1);
          if (last instanceof GameEvent.Turn t && !t.unused().isEmpty() && !t.play().isPass()) partial = t;
        } else if (g.phase() == Phase.OPENING_CHOICE) {
          g.chooseOpening(false);
        } else {
          g.roll();
        }
      }
      if (partial == null || g.isOver()) continue;
      Path saved = dir.resolve("partial.txt");
      Files.writeString(saved, GameRecord.write(m, Map.of("Seed", Long.toString(seed), "Level", "heuristic", "Human", "white")));
      GameRecord.Parsed parsed = GameRecord.read(Files.readString(saved));
      Iterator<String> answers = List.of("history", "quit", "y").iterator();
      Run r = run(Locale.ENGLISH, console -> TerminalGame.load(console, new Texts(Locale.ENGLISH), parsed, saved,
          dir.resolve("after.txt")), screen -> answers.hasNext() ? answers.next() : "y");
      String die = partial.unused().get(0) == 1 ? "ace" : partial.unused().get(0).toString();
      assertThat(r.screen()).contains("(the " + die);
      assertThat(r.screen()).contains("cannot be played)");
      return;
    }
    throw new AssertionError("no seed gave a partly played turn");
  }

  @Test
  void frenchSpeaksOfItsRulesNumbersAndSidesTheFrenchWay() throws IOException {
    Run r = run(Locale.FRENCH, setup("modern", 3, 1, dir.resolve("fr.txt")), script("conseil", "quitter"));
    assertThat(r.screen()).contains("Jacquet, règles modernes").contains("gain 2+").containsPattern(" \\d+,\\d\u00a0%")
        .contains("B Blancs : ").contains("N Noirs : ").contains("Partie 1 · ID ")
        .contains("Match en 1 : Blancs 0, Noirs 0").doesNotContain("règles modern,");
  }

  @Test
  void eachTurnFitsAnEightyByTwentyFourTerminalInBothLanguages() throws IOException {
    for (Locale lang : List.of(Locale.ENGLISH, Locale.FRENCH)) {
      Run r = run(lang, setup("modern", 3, 1, dir.resolve(lang + ".txt")), confirming(screen -> {
        String last = lastLine(screen);
        if (last.contains(" to play ") || last.contains(" jouent ")) return prompts(screen, lang) > 6 ? "quit" : "1";
        return "1";
      }));
      // What the player types ends the prompt's line on a real terminal; the dumb one does not echo it.
      String[] lines = r.screen().replaceAll("( > |/n\\) )(?=.)", "$1\n").split("\n");
      int checked = 0;
      for (int i = 0; i < lines.length; i++) {
        assertThat(lines[i].length()).as("width of: " + lines[i]).isLessThanOrEqualTo(80);
        // A turn: from the opponent's play to our prompt, everything must be on one screen.
        if (!isBotPlay(lines[i])) continue;
        int j = i + 1;
        boolean board = false;
        while (j < lines.length && !isBotPlay(lines[j]) && !lines[j].matches(".*(to play|jouent) .* > ")) {
          board |= lines[j].contains("+-l--k");
          j++;
        }
        if (j == lines.length || isBotPlay(lines[j]) || !board) continue;
        assertThat(j - i + 1).as("lines from the opponent's play to the prompt").isLessThanOrEqualTo(24);
        checked++;
      }
      assertThat(checked).as("turns checked in " + lang).isPositive();
      // One board per decision: forced turns print none of their own (the next board shows them).
      assertThat(r.screen()).contains(lang == Locale.FRENCH ? "coup forcé" : "forced play");
      assertThat(r.screen().split("\\+-l--k", -1).length - 1).isEqualTo(prompts(r.screen(), lang));
    }
  }

  private static boolean isBotPlay(String line) {
    return line.contains("(Expert) plays") || line.contains("(Expert) jouent");
  }

  private static int prompts(String screen, Locale lang) {
    return screen.split(lang == Locale.FRENCH ? " jouent [^:>]+ > " : " to play [^>]+ > ", -1).length - 1;
  }

  private static long seedWhereWhiteChoosesTheOpening() {
    Rules rules = Rules.parse("modern+opening=winner-chooses");
    for (long seed = 1; seed < 1000; seed++) {
      Game g = new Match(rules, 1, new SeededDice(seed)).game();
      while (g.phase() == Phase.OPENING_THROW) g.roll();
      if (g.phase() == Phase.OPENING_CHOICE && g.sideToAct() == Side.WHITE) return seed;
    }
    throw new AssertionError("no seed");
  }
}
