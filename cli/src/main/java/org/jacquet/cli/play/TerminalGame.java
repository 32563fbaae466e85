package org.jacquet.cli.play;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.format.PlayNotation;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.game.SeedHash;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.BearOff;
import org.jacquet.engine.rules.OpeningTie;
import org.jacquet.engine.rules.Rules;

/**
 * A match in the terminal: the board, the dice announced the traditional way, plays typed in
 * notation, step by step with undo, or by number; the computer at any level or a second
 * player at the same keyboard; hints, the score, the game so far, save and load, a change of
 * level or a new match within the session. Every refusal names the rule broken.
 *
 * <p>The game is never lost: whatever ends the program — quit, Ctrl-C, Ctrl-D, an I/O error,
 * an unexpected exception — the record is written first, to the chosen file or, when that
 * cannot be written, to the default folder, and the player is told where.
 */
public final class TerminalGame {
  /** The match to play and who plays it. {@code level} null: two people at one keyboard. */
  public record Setup(Rules rules, int matchLength, long seed, Level level, Side humanSide, Path recordFile) {}

  /** No game goes on forever: a match of more turns than this is stopped, and saved. */
  static final int MAX_TURNS_PER_GAME = 10_000;

  private final Console console;
  private final Texts texts;
  private final BoardView board;
  private Rules rules;
  private Match match;
  private Map<String, String> headers;
  private Level level;
  private Side humanSide;
  private Path recordFile;
  private long seed;
  private Bot bot;
  private int announced;
  private int announcedGame = -1;
  /** The plays a number typed at the prompt refers to: the ? list or the hint shown last. */
  private final PlayMenu menu;
  private volatile boolean finished;
  /** The files this session wrote records to: written again without asking. */
  private final List<Path> written = new ArrayList<>();

  private TerminalGame(Console console, Texts texts, Match match, Map<String, String> headers,
      Level level, Side humanSide, Path recordFile, long seed, long botSeed) {
    this.console = console;
    this.texts = texts;
    this.board = new BoardView(texts, console.colour());
    this.menu = new PlayMenu(console, texts);
    this.rules = match.rules();
    this.match = match;
    this.headers = headers;
    this.level = level;
    this.humanSide = humanSide;
    this.recordFile = recordFile;
    this.seed = seed;
    this.bot = level == null ? null : level.create(rules, botSeed);
  }

  /** A new match. */
  public static TerminalGame start(Console console, Texts texts, Setup s) {
    Match match = new Match(s.rules(), s.matchLength(), new SeededDice(s.seed()));
    return new TerminalGame(console, texts, match, headers(s), s.level(), s.humanSide(), s.recordFile(), s.seed(), s.seed() + 1);
  }

  private static Map<String, String> headers(Setup s) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("White", s.level() == null ? "Player 1" : s.humanSide() == Side.WHITE ? "Human" : "Computer (" + s.level().key() + ")");
    headers.put("Black", s.level() == null ? "Player 2" : s.humanSide() == Side.BLACK ? "Human" : "Computer (" + s.level().key() + ")");
    if (s.level() != null) {
      headers.put("Level", s.level().key());
      headers.put("Human", s.humanSide().key());
    }
    headers.put("Seed", Long.toString(s.seed()));
    headers.put("SeedHash", SeedHash.of(s.seed())); // so that jacquet verify can check the dice
    headers.put("Date", LocalDate.now().toString());
    return headers;
  }

  /**
   * A match saved earlier, going on with the same dice its seed would have thrown.
   *
   * @throws IllegalArgumentException when the record cannot be played on, naming why
   */
  public static TerminalGame load(Console console, Texts texts, GameRecord.Parsed parsed, Path from, Path recordFile) {
    Map<String, String> headers = new LinkedHashMap<>(parsed.headers());
    long seed;
    String seedText = headers.get("Seed");
    boolean newDice = seedText == null;
    if (newDice) {
      // The record does not give the seed its dice came from (a server keeps it secret until the
      // match ends; a record typed by hand has none): the game goes on with new dice, and the
      // record stops claiming a seed whose dice these are not, so that verify is not misled.
      seed = System.nanoTime();
      headers.remove("SeedHash");
    } else {
      try {
        seed = Long.parseLong(seedText.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(texts.get("load.seed.not.number", Excerpt.of(seedText)));
      }
      checkSeed(parsed, seed, texts);
    }
    parsed.dice().continueWith(SeededDice.resumed(seed, parsed.dice().thrown()));
    Level level = headers.containsKey("Level") ? Level.parse(headers.get("Level")) : null;
    Side human = headers.containsKey("Human") ? Side.parse(headers.get("Human")) : Side.WHITE;
    TerminalGame g = new TerminalGame(console, texts, parsed.match(), headers, level, human, recordFile,
        seed, seed + 1 + parsed.dice().thrown());
    g.announced = parsed.match().game().events().size();
    g.announcedGame = parsed.match().games().size() - 1;
    console.println(texts.get("loaded", from));
    if (newDice) Paragraph.lines(texts.get("loaded.newdice"), Paragraph.WIDTH).forEach(console::println);
    return g;
  }

  /**
   * A record going on "with the dice its seed would have thrown" must hold that seed's dice: its
   * [SeedHash], if any, and every throw so far are checked against it.
   */
  private static void checkSeed(GameRecord.Parsed parsed, long seed, Texts texts) {
    String published = parsed.headers().get("SeedHash");
    if (published != null && !SeedHash.of(seed).equals(published.strip().toLowerCase(java.util.Locale.ROOT))) {
      throw new IllegalArgumentException(texts.get("load.seed.hash", Long.toString(seed)));
    }
    SeededDice dice = new SeededDice(seed);
    java.util.List<org.jacquet.engine.format.RecordedDice.Throw> thrown = parsed.dice().throwsRecorded();
    for (int i = 0; i < thrown.size(); i++) {
      int a = dice.roll();
      int b = dice.roll();
      var t = thrown.get(i);
      if (!t.matches(a, b)) {
        throw new IllegalArgumentException(texts.get("load.throw.differs", i + 1, t.first() + "-" + t.second(), a + "-" + b));
      }
    }
  }

  /** Reads {@code file} and goes on with its match (see {@link #load(Console, Texts, GameRecord.Parsed, Path, Path)}). */
  public static TerminalGame load(Console console, Texts texts, Path file, Path recordFile) throws IOException {
    return load(console, texts, GameRecord.read(Files.readString(file, StandardCharsets.UTF_8)), file, recordFile);
  }

  /**
   * Plays until the match ends or the player leaves; the record is written either way.
   *
   * @return 0 when the match ended or the player left, 1 when something went wrong (the record
   *     is written all the same)
   */
  public int run() {
    Thread guard = new Thread(this::saveOnExit, "jacquet-record-guard");
    boolean guarded = addShutdownHook(guard);
    try {
      welcome();
      return loop();
    } catch (Quit q) {
      console.println(texts.get("quit", saveSafely()));
      return 0;
    } catch (RuntimeException | Error e) { // a bug or an I/O error: say so, and keep the game
      Path where = saveSafely();
      console.println(texts.get("crashed", texts.reason(e), where));
      return 1;
    } finally {
      finished = true;
      if (guarded) removeShutdownHook(guard);
    }
  }

  private void welcome() {
    for (String line : texts.get("welcome", texts.rules(rules), match.length(), name(Side.WHITE), name(Side.BLACK),
        headers.getOrDefault("Seed", "?")).split("\n")) {
      console.println(line);
    }
    console.println(texts.get("welcome.help"));
  }

  private int loop() {
    int steps = 0;
    while (true) {
      Game game = match.game();
      if (announcedGame != match.games().size() - 1) {
        announcedGame = match.games().size() - 1;
        announced = 0;
        steps = 0;
      }
      if (game.isOver()) {
        announce(game);
        console.println(texts.result(game.result()));
        console.println(score());
        save(recordFile);
        if (match.isOver()) {
          Side w = match.winner();
          console.println(texts.get("match.over", texts.side(w), match.score(w), match.score(w.opponent())));
          return 0;
        }
        if (!betweenGames()) match.nextGame(); // else a new match has begun in its place
        continue;
      }
      if (++steps > 3 * MAX_TURNS_PER_GAME) {
        throw new Texts.Said(texts.get("game.endless", MAX_TURNS_PER_GAME));
      }
      try {
        step(game);
      } catch (NewMatch n) {
        newMatch(n.length);
      }
    }
  }

  /**
   * "Press Enter for the next game": Enter goes on; the other commands are heard, not taken for
   * Enter. True when the player started a new match instead.
   */
  private boolean betweenGames() {
    while (true) {
      String line = ask(texts.get("next.game") + " ");
      if (line == null) throw new Quit();
      String c = clean(line).toLowerCase(Locale.ROOT);
      if (c.isEmpty()) return false;
      try {
        if (!common(c, clean(line), match.game(), null)) console.println(texts.get("unknown.between", clean(line)));
      } catch (NewMatch n) {
        newMatch(n.length);
        return true;
      }
    }
  }

  private static final class Quit extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Quit() {
      super(null, null, false, false);
    }
  }

  /** Thrown by the {@code new} command: the match in hand is saved and a new one starts. */
  private static final class NewMatch extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int length;

    NewMatch(int length) {
      super(null, null, false, false);
      this.length = length;
    }
  }

  private boolean isHuman(Side side) {
    return level == null || side == humanSide;
  }

  /**
   * In whose numbers a play just made is told: the human's against the computer; at one
   * keyboard, the mover's, who has just read the board from that seat and typed it.
   */
  private Side reader(Side mover) {
    return level == null ? mover : humanSide;
  }

  private String name(Side side) {
    String who = level == null ? texts.get("player", side == Side.WHITE ? 1 : 2)
        : side == humanSide ? texts.get("you") : texts.get("computer", level.displayName(texts.locale()));
    return texts.side(side) + " (" + who + ")";
  }

  /** One action of the game: a throw, a choice or a play. */
  private void step(Game game) {
    switch (game.phase()) {
      case OPENING_THROW, ROLL -> {
        game.roll();
        announce(game);
        if (game.phase() == Phase.PLAY) announceDice(game);
      }
      case OPENING_CHOICE -> choose(game);
      case PLAY -> {
        Side side = game.sideToAct();
        if (isHuman(side)) humanTurn(game);
        else game.play(bot.choose(game.legalPlays(), org.jacquet.ai.match.MatchContext.of(match)));
        announce(game);
        if (game.phase() == Phase.PLAY) announceDice(game);
      }
      default -> throw new IllegalStateException(game.phase().toString());
    }
  }

  private void announceDice(Game game) {
    Side side = game.sideToAct();
    if (game.playingTransferredDice()) console.println(texts.get("transferred", texts.side(side), texts.dice(game.diceToPlay())));
    else console.println(texts.get("roll", texts.side(side), texts.dice(game.diceToPlay())));
  }

  private void choose(Game game) {
    Side side = game.sideToAct();
    GameEvent.OpeningThrow t = (GameEvent.OpeningThrow) game.events().get(game.events().size() - 1);
    Dice dice = Dice.of(t.white(), t.black());
    if (!isHuman(side)) {
      boolean again = bot.throwAgain(game.position(), dice);
      console.println(texts.get("opening.choice.bot", texts.side(side),
          texts.get(again ? "opening.choice.again" : "opening.choice.play")));
      game.chooseOpening(again);
      announced = game.events().size();
      if (game.phase() == Phase.PLAY) announceDice(game);
      return;
    }
    console.println(texts.get("opening.choice", texts.side(side), dice));
    while (true) {
      String line = ask(texts.get("prompt.choice"));
      if (line == null) throw new Quit();
      String c = clean(line).toLowerCase(Locale.ROOT);
      Boolean again = switch (c) {
        case "p", "play", "j", "jouer" -> false;
        case "t", "throw", "r", "relancer" -> true;
        default -> null;
      };
      if (again == null) {
        if (c.equals("help") || c.equals("aide") || c.equals("h")) {
          console.println(texts.get("opening.choice.help"));
        } else if (c.equals("resign") || c.equals("abandon")) {
          if (confirm("confirm.resign")) {
            game.resign(side);
            return;
          }
        } else if (!common(c, clean(line), game, side)) {
          console.println(texts.get("opening.choice.unknown", clean(line)));
        }
        continue;
      }
      game.chooseOpening(again);
      announced = game.events().size();
      if (game.phase() == Phase.PLAY) announceDice(game);
      return;
    }
  }

  /** Prints what happened since the last announcement: throws, passes, the plays. */
  private void announce(Game game) {
    List<GameEvent> events = game.events();
    for (; announced < events.size(); announced++) {
      GameEvent e = events.get(announced);
      if (e instanceof GameEvent.OpeningThrow t) {
        console.println(texts.get("opening.throw", t.white(), t.black()));
        if (!t.isTie()) console.println(texts.get("opening.winner", texts.side(t.winner())));
        else if (rules.openingTie() == OpeningTie.BOTH_PLAY) {
          console.println(texts.get("opening.tie.both", texts.dice(DiceToPlay.of(Dice.of(t.white(), t.black()), rules))));
        } else console.println(texts.get("opening.tie"));
      } else if (e instanceof GameEvent.Turn t) {
        String dice = texts.dice(t.dice());
        if (t.play().isPass()) {
          console.println(texts.get("pass", texts.side(t.side()), dice, passReason(game.position(), t.side())));
          continue;
        }
        String play = ReaderNotation.of(t.play(), t.side(), reader(t.side())) + lost(t.unused());
        if (isHuman(t.side())) {
          console.println(texts.get("human.plays", texts.side(t.side()), dice, play));
        } else {
          console.println(texts.get("bot.plays", texts.side(t.side()), level.displayName(texts.locale()), dice, play));
        }
      } else if (e instanceof GameEvent.Resignation r) {
        console.println(texts.get("resigned", texts.side(r.side())));
      }
    }
  }

  /** " (the 5 cannot be played)" after a partly played turn; empty when every die was used. */
  private String lost(List<Integer> unused) {
    if (unused.isEmpty()) return "";
    List<String> dice = unused.stream().map(texts::die).toList();
    return texts.get(unused.size() == 1 ? "lost.one" : "lost.many", String.join(texts.get("and"), dice));
  }

  /** Why a side could not play: its postilion is stuck, bear-off is barred, or all are blocked. */
  private String passReason(Position board, Side side) {
    if (board.postilionBound(side, rules.postilionEntry())) return texts.get("pass.postilion");
    boolean home = board.rearmost(side) >= 19;
    if (home && rules.bearOff() == BearOff.OPPONENT_TALON && board.count(side.opponent(), 1) > 0) {
      return texts.get("pass.talon");
    }
    return texts.get("pass.blocked");
  }

  private void showBoard(Position p, Side viewer) {
    List<String> extra = new ArrayList<>();
    extra.add(texts.get("board.score", match.score(Side.WHITE), match.score(Side.BLACK), match.length()));
    extra.add(texts.get("board.game", match.games().size(), p.id()));
    for (String line : board.render(p, rules, viewer, extra)) console.println(line);
  }

  private void humanTurn(Game game) {
    Side side = game.sideToAct();
    LegalPlays legal = game.legalPlays();
    if (legal.isPass()) {
      game.play(legal.plays().get(0)); // announced with its reason, like any pass
      return;
    }
    if (legal.isForced()) {
      // No board: the next decision's board shows where the forced play led.
      console.println(texts.get("forced", texts.side(side), texts.dice(game.diceToPlay()),
          legal.plays().get(0).notation() + lost(legal.unused())));
      game.play(legal.plays().get(0));
      announced++; // the forced play is said above; what follows it is announced as usual
      return;
    }
    showBoard(game.position(), side);
    TurnBuilder turn = new TurnBuilder(rules, legal);
    String diceText = texts.dice(game.diceToPlay());
    menu.reset();
    while (true) {
      String line = ask(texts.get("prompt", texts.side(side), diceText));
      if (line == null) throw new Quit();
      String input = clean(line);
      String command = input.toLowerCase(Locale.ROOT);
      try {
        if (turnCommand(game, legal, turn, side, input, command)) return;
      } catch (IllegalArgumentException e) { // a play the rules refuse, a text the engine cannot read
        console.println(texts.get("refused", texts.reason(e)));
      } catch (Quit | NewMatch e) {
        throw e;
      } catch (RuntimeException e) { // a command that failed: say so, and the game goes on
        console.println(texts.get("command.failed", texts.reason(e)));
      }
    }
  }

  /** One line typed at the play prompt; true when the turn is over (played or resigned). */
  private boolean turnCommand(Game game, LegalPlays legal, TurnBuilder turn, Side side, String input, String command) {
    switch (command) {
      case "" -> {
        if (turn.isComplete()) {
          game.play(turn.play());
          return true;
        }
        console.println(texts.get("steps", PlayNotation.format(turn.steps()), diceLeft(turn)));
      }
      case "?", "list", "liste" -> menu.list(legal, rules);
      case "undo", "u", "annuler", "a" -> {
        if (turn.undo()) {
          console.println(texts.get("undone"));
          showBoard(turn.steps().isEmpty() ? game.position() : turn.current(), side);
        } else {
          console.println(texts.get("nothing.to.undo"));
        }
      }
      case "hint", "conseil" -> menu.hint(legal, rules);
      case "board", "tablier" -> showBoard(turn.steps().isEmpty() ? game.position() : turn.current(), side);
      case "pass", "passe", "-" -> console.println(texts.get("no.pass"));
      case "resign", "abandon" -> {
        if (confirm("confirm.resign")) {
          game.resign(side);
          return true;
        }
      }
      default -> {
        if (command.matches("\\d+")) {
          Play chosen = menu.pick(legal, rules, command);
          if (chosen == null) return false;
          game.play(chosen);
          return true;
        }
        if (command.matches("[0-9].*")) return enter(game, turn, input, side);
        if (!common(command, input, game, side)) console.println(texts.get("unknown", input));
      }
    }
    return false;
  }

  /**
   * The commands heard at every prompt: help, score, pips, the game so far, save, level, new
   * match, quit. False when {@code command} is none of them.
   */
  private boolean common(String command, String input, Game game, Side side) {
    String word = command.split("\\s+", 2)[0];
    String argument = input.contains(" ") ? input.substring(input.indexOf(' ') + 1).trim() : "";
    switch (word) {
      case "help", "aide", "h" -> console.println(texts.get("help"));
      case "score" -> console.println(score());
      case "pips", "points" -> console.println(texts.get("pips", game.position().pipCount(Side.WHITE), game.position().pipCount(Side.BLACK)));
      case "history", "historique", "game", "partie" -> history(game);
      case "id" -> console.println(texts.get("position.id", game.position().id()));
      case "save", "sauver" -> {
        if (argument.isEmpty()) console.println(texts.get("save.usage"));
        else save(argument);
      }
      case "level", "niveau" -> changeLevel(argument);
      case "new", "nouveau" -> {
        int length = match.length();
        if (!argument.isEmpty()) {
          if (!argument.matches("\\d{1,3}") || Integer.parseInt(argument) < 1) {
            console.println(texts.get("new.usage"));
            return true;
          }
          length = Integer.parseInt(argument);
        }
        if (confirm("confirm.new")) throw new NewMatch(length);
      }
      case "quit", "quitter", "exit", "q" -> {
        if (confirm("confirm.quit")) throw new Quit();
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  /** "y" to go on; Ctrl-D or Ctrl-C leaves (with the record written), whatever the question. */
  private boolean confirm(String question) {
    return confirm(question, recordFile);
  }

  private boolean confirm(String question, Path file) {
    String line = ask(texts.get(question, file) + " ");
    if (line == null) throw new Quit();
    String a = clean(line).toLowerCase(Locale.ROOT);
    return a.equals("y") || a.equals("yes") || a.equals("o") || a.equals("oui");
  }

  private String score() {
    return texts.get("match.score", match.score(Side.WHITE), match.score(Side.BLACK), match.length());
  }

  /** The game so far, turn by turn, all in the numbers of the board as it is shown now. */
  private void history(Game game) {
    console.println(texts.get("history.header", match.games().size(), score()));
    Side viewer = level != null ? humanSide : game.sideToAct();
    int n = 0;
    for (GameEvent e : game.events()) {
      if (e instanceof GameEvent.Turn t) {
        String play = t.play().isPass() ? texts.get("history.pass")
            : ReaderNotation.of(t.play(), t.side(), viewer) + lost(t.unused());
        console.println(String.format("%4d) %s %s: %s", ++n, texts.side(t.side()), texts.dice(t.dice()), play));
      } else if (e instanceof GameEvent.Resignation r) {
        console.println("      " + texts.get("resigned", texts.side(r.side())));
      }
    }
    if (n == 0) console.println(texts.get("history.empty"));
  }

  private void changeLevel(String argument) {
    if (level == null) {
      console.println(texts.get("level.two.players"));
      return;
    }
    if (argument.isEmpty()) {
      console.println(texts.get("level.usage", level.displayName(texts.locale())));
      return;
    }
    Level next;
    try {
      next = Level.parse(argument);
    } catch (IllegalArgumentException e) {
      console.println(texts.get("refused", texts.get("level.unknown", Texts.quote(argument))));
      console.println(texts.get("level.usage", level.displayName(texts.locale())));
      return;
    }
    try {
      bot = next.create(rules, seed + 1 + match.games().size());
    } catch (RuntimeException e) { // e.g. no network for these rules: the level in hand stays
      console.println(texts.get("refused", texts.get("level.unavailable", next.displayName(texts.locale()), texts.rules(rules))));
      return;
    }
    level = next;
    headers.put("Level", next.key());
    headers.put(humanSide == Side.WHITE ? "Black" : "White", "Computer (" + next.key() + ")");
    console.println(texts.get("level.changed", next.displayName(texts.locale())));
  }

  /** The match in hand saved, a new one with the same players, rules and a fresh record file. */
  private void newMatch(int length) {
    save(recordFile);
    seed = new java.util.SplittableRandom(seed).nextLong() & Long.MAX_VALUE;
    Setup s = new Setup(rules, length, seed, level, humanSide, nextRecordFile(recordFile));
    match = new Match(rules, length, new SeededDice(seed));
    headers = headers(s);
    recordFile = s.recordFile();
    if (level != null) bot = level.create(rules, seed + 1);
    announced = 0;
    announcedGame = -1;
    welcome();
  }

  /** jacquet-20261121.txt → jacquet-20261121-2.txt → …-3.txt: the next match's file, beside this one. */
  static Path nextRecordFile(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    String ext = dot > 0 ? name.substring(dot) : "";
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(.*)-(\\d{1,3})").matcher(stem);
    int n = 2;
    if (m.matches()) {
      stem = m.group(1);
      n = Integer.parseInt(m.group(2)) + 1;
    }
    Path next;
    do {
      next = file.resolveSibling(stem + "-" + n++ + ext);
    } while (Files.exists(next));
    return next;
  }

  /** A play or steps typed; true when a whole play has been played. */
  private boolean enter(Game game, TurnBuilder turn, String input, Side side) {
    if (turn.steps().isEmpty()) {
      try {
        game.play(input);
        return true;
      } catch (IllegalPlayException e) {
        if (e.reason() != IllegalReason.MUST_USE_MORE_DICE) {
          console.println(texts.get("refused", e.message(texts.locale())));
          return false;
        }
      }
    }
    int before = turn.steps().size();
    try {
      for (int[] segment : PlayNotation.segments(input)) addSegment(turn, segment[0], segment[1]);
    } catch (IllegalPlayException e) {
      while (turn.steps().size() > before) turn.undo();
      console.println(texts.get("refused", e.message(texts.locale())));
      return false;
    }
    showBoard(turn.current(), side);
    if (turn.isComplete()) console.println(texts.get("confirm", PlayNotation.format(turn.steps())));
    else console.println(texts.get("steps", PlayNotation.format(turn.steps()), diceLeft(turn)));
    return false;
  }

  /**
   * One checker from {@code from} to {@code to}: by one die, or by several in a row when no
   * single die fits ({@code 1/9} with 4-4 is {@code 1/5 5/9}). Refused, changing nothing, with
   * the first reason met.
   */
  private static void addSegment(TurnBuilder turn, int from, int to) {
    try {
      turn.add(from, to);
    } catch (IllegalPlayException single) {
      if (single.reason() != IllegalReason.NO_SUCH_DIE || !chain(turn, from, to)) throw single;
    }
  }

  private static boolean chain(TurnBuilder turn, int from, int to) {
    for (int die : new java.util.TreeSet<>(turn.diceLeft())) {
      int mid = from + die;
      if (mid >= to || mid > 24) continue;
      try {
        turn.add(from, mid);
      } catch (IllegalPlayException e) {
        continue;
      }
      try {
        turn.add(mid, to);
        return true;
      } catch (IllegalPlayException e) {
        if (chain(turn, mid, to)) return true;
      }
      turn.undo();
    }
    return false;
  }

  private static String diceLeft(TurnBuilder turn) {
    return String.join("-", turn.diceLeft().stream().map(String::valueOf).toList());
  }

  /** The match being played (for tests and tools). */
  public Match match() {
    return match;
  }

  /** Where the record goes (it changes when a new match starts). */
  public Path recordFile() {
    return recordFile;
  }

  /** A typed line that may hold control characters (NUL, escapes…) but no tab is trimmed; others are refused by {@link #ask}. */
  private static String clean(String line) {
    return line.trim();
  }

  /** The longest line worth reading: no command, play or file name comes near. */
  static final int MAX_LINE = 1_000;

  /**
   * The next line typed, or null when input ends (Ctrl-D, Ctrl-C). A line with control
   * characters (a NUL, an escape) or beyond {@link #MAX_LINE} is refused and asked again: it
   * is no command, and a file name holding one would be changed without saying.
   */
  private String ask(String prompt) {
    while (true) {
      String line = console.readLine(prompt);
      if (line == null) return null;
      if (line.length() > MAX_LINE) {
        console.println(texts.get("refused", texts.get("line.too.long", MAX_LINE)));
      } else if (line.chars().anyMatch(c -> c != '\t' && Character.isISOControl(c))) {
        console.println(texts.get("refused", texts.get("line.control")));
      } else {
        return line;
      }
    }
  }

  /** {@code ~} and {@code ~/…} are the home folder, as in a shell. */
  public static Path expand(String name) {
    String home = System.getProperty("user.home");
    if (name.equals("~")) return Path.of(home);
    if (name.startsWith("~/")) return Path.of(home, name.substring(2));
    try {
      return Path.of(name);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException(Texts.quote(name) + " is not a file name");
    }
  }

  /** {@code save NAME} typed at the prompt: a name the system cannot take is refused in the player's words. */
  private void save(String name) {
    Path file;
    try {
      file = expand(name);
    } catch (IllegalArgumentException e) {
      console.println(texts.get("refused", texts.get("save.bad.name", Texts.quote(name))));
      return;
    }
    // Another file already there is the player's: replaced only when they say so.
    if (!ours(file) && holdsSomething(file) && !confirm("save.replace", file)) {
      console.println(texts.get("save.kept", file));
      return;
    }
    save(file);
  }

  /** Whether {@code file} is this game's record or one this session wrote. */
  private boolean ours(Path file) {
    List<Path> mine = new ArrayList<>(written);
    mine.add(recordFile);
    for (Path m : mine) {
      try {
        if (Files.exists(m) && Files.isSameFile(file, m)) return true;
      } catch (IOException | SecurityException e) { // cannot tell: not ours
      }
    }
    return false;
  }

  /** A file there with something in it (not a device, nor a directory: its own refusal says so). */
  private static boolean holdsSomething(Path file) {
    try {
      return Files.isRegularFile(file) && Files.size(file) > 0;
    } catch (IOException | SecurityException e) {
      return false;
    }
  }

  /** Writes the record to {@code file}; false (and why, said) when it cannot. */
  private synchronized boolean save(Path file) {
    try {
      write(file);
      written.add(file);
      console.println(texts.get("saved", file));
      return true;
    } catch (IOException | RuntimeException e) {
      console.println(texts.get("save.failed", file, texts.reason(e)));
      return false;
    }
  }

  private void write(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) Files.createDirectories(parent);
    Files.writeString(file, GameRecord.write(match, headers), StandardCharsets.UTF_8);
  }

  /**
   * Writes the record before the program ends: to the chosen file, else to the default folder,
   * else to the temporary folder; as a last resort it is printed. Returns where it went.
   */
  private synchronized Path saveSafely() {
    if (save(recordFile)) return recordFile;
    String name = "jacquet-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".txt";
    for (Path fallback : List.of(defaultFolder().resolve(name), Path.of(System.getProperty("java.io.tmpdir"), name))) {
      if (save(fallback)) {
        recordFile = fallback;
        return fallback;
      }
    }
    console.println(texts.get("save.printed"));
    console.println(GameRecord.write(match, headers));
    return Path.of("-");
  }

  /** Where records go when no file is chosen: ~/.jacquet/games. */
  public static Path defaultFolder() {
    return Path.of(System.getProperty("user.home"), ".jacquet", "games");
  }

  /** Ctrl-C, a kill: the JVM is going down mid-game; keep the game. */
  private void saveOnExit() {
    if (finished) return;
    try {
      write(recordFile);
    } catch (IOException | RuntimeException e) {
      try {
        Path fallback = defaultFolder().resolve("jacquet-interrupted-" + System.currentTimeMillis() + ".txt");
        write(fallback);
        System.err.println(texts.get("quit", fallback));
        return;
      } catch (IOException | RuntimeException again) {
        System.err.println(GameRecord.write(match, headers));
        return;
      }
    }
    System.err.println(texts.get("quit", recordFile));
  }

  private static boolean addShutdownHook(Thread t) {
    try {
      Runtime.getRuntime().addShutdownHook(t);
      return true;
    } catch (IllegalStateException | SecurityException e) {
      return false;
    }
  }

  private static void removeShutdownHook(Thread t) {
    try {
      Runtime.getRuntime().removeShutdownHook(t);
    } catch (IllegalStateException | SecurityException e) {
      // the JVM is already going down: the hook has run or will see finished
    }
  }

}
