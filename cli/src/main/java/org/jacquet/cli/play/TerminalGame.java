package org.jacquet.cli.play;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jacquet.ai.Level;
import org.jacquet.ai.match.MatchContext;
import org.jacquet.engine.Dice;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;

/**
 * A match in the terminal: the board, the dice announced the traditional way, plays typed in
 * the naming the player reads ({@link TypedPlay}), step by step with undo, or by number; the computer at any level or a second
 * player at the same keyboard; hints, the score, the game so far, save and load, a change of
 * level or a new match within the session. Every refusal names the rule broken.
 *
 * <p>This class is the match's flow — games one after the other, throws, opening choices, the
 * computer's plays and the person's turns — and hands each concern to its part: {@link Narrator}
 * (what is shown), {@link HumanTurn} and {@link PlayMenu} (a person's turn), {@link Commands}
 * (heard at every prompt), {@link Prompt} (the lines read), {@link RecordKeeper} (the record).
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

  /** The longest line worth reading ({@link Prompt#MAX_LINE}). */
  static final int MAX_LINE = Prompt.MAX_LINE;

  private final Console console;
  private final Texts texts;
  private final Session session;
  private final Prompt prompt;
  private final Narrator narrator;
  private final RecordKeeper records;
  private final Commands commands;
  private final HumanTurn humanTurn;

  private TerminalGame(Console console, Texts texts, Session session) {
    this.console = console;
    this.texts = texts;
    this.session = session;
    this.prompt = new Prompt(console, texts);
    this.narrator = new Narrator(session, console, texts);
    this.records = new RecordKeeper(session, console, texts, prompt);
    this.commands = new Commands(session, console, texts, prompt, narrator, records);
    this.humanTurn = new HumanTurn(session, console, texts, prompt, narrator, commands);
  }

  /** Names points with {@code naming} (the board letters by default): the plays it tells, lists and reads. */
  public TerminalGame naming(PointNaming naming) {
    narrator.naming(naming);
    return this;
  }

  /** A new match. */
  public static TerminalGame start(Console console, Texts texts, Setup s) {
    Match match = new Match(s.rules(), s.matchLength(), new SeededDice(s.seed()));
    return new TerminalGame(console, texts,
        new Session(texts, match, Session.headers(s), s.level(), s.humanSide(), s.recordFile(), s.seed(), s.seed() + 1));
  }

  /**
   * A match saved earlier, going on with the same dice its seed would have thrown.
   *
   * @throws IllegalArgumentException when the record cannot be played on, naming why
   */
  public static TerminalGame load(Console console, Texts texts, GameRecord.Parsed parsed, Path from, Path recordFile) {
    Map<String, String> headers = new LinkedHashMap<>(parsed.headers());
    SavedDice dice = SavedDice.of(parsed, headers, texts);
    parsed.dice().continueWith(SeededDice.resumed(dice.seed(), parsed.dice().thrown()));
    Level level = headers.containsKey("Level") ? Level.parse(headers.get("Level")) : null;
    Side human = headers.containsKey("Human") ? Side.parse(headers.get("Human")) : Side.WHITE;
    TerminalGame g = new TerminalGame(console, texts, new Session(texts, parsed.match(), headers, level, human, recordFile,
        dice.seed(), dice.seed() + 1 + parsed.dice().thrown()));
    g.narrator.toldUpTo(parsed.match().game().events().size(), parsed.match().games().size() - 1);
    console.println(texts.get("loaded", from));
    if (dice.newDice()) g.narrator.say(texts.get("loaded.newdice"));
    return g;
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
    records.guard();
    try {
      narrator.welcome();
      return loop();
    } catch (Prompt.Quit q) {
      console.println(texts.get("quit", records.saveSafely()));
      return 0;
    } catch (RuntimeException | Error e) { // a bug or an I/O error: say so, and keep the game
      Path where = records.saveSafely();
      console.println(texts.get("crashed", texts.reason(e), where));
      return 1;
    } finally {
      records.release();
    }
  }

  private int loop() {
    int steps = 0;
    while (true) {
      Match match = session.match();
      Game game = match.game();
      if (narrator.startsNewGame()) steps = 0;
      if (game.isOver()) {
        narrator.announce(game);
        console.println(texts.result(game.result()));
        console.println(session.score());
        records.save();
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
      } catch (Commands.NewMatch n) {
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
      String line = prompt.next(texts.get("next.game") + " ");
      String c = line.toLowerCase(Locale.ROOT);
      if (c.isEmpty()) return false;
      try {
        if (!commands.run(c, line, session.match().game())) console.println(texts.get("unknown.between", line));
      } catch (Commands.NewMatch n) {
        newMatch(n.length);
        return true;
      }
    }
  }

  /** One action of the game: a throw, a choice or a play. */
  private void step(Game game) {
    switch (game.phase()) {
      case OPENING_THROW, ROLL -> {
        game.roll();
        narrator.announce(game);
        if (game.phase() == Phase.PLAY) narrator.announceDice(game);
      }
      case OPENING_CHOICE -> choose(game);
      case PLAY -> {
        Side side = game.sideToAct();
        if (session.isHuman(side)) humanTurn.play(game);
        else game.play(session.bot().choose(game.legalPlays(), MatchContext.of(session.match())));
        narrator.announce(game);
        if (game.phase() == Phase.PLAY) narrator.announceDice(game);
      }
      default -> throw new IllegalStateException(game.phase().toString());
    }
  }

  /** The opening throw's winner plays its dice or throws again (the computer's choice told). */
  private void choose(Game game) {
    Side side = game.sideToAct();
    GameEvent.OpeningThrow t = (GameEvent.OpeningThrow) game.events().get(game.events().size() - 1);
    Dice dice = Dice.of(t.white(), t.black());
    if (!session.isHuman(side)) {
      boolean again = session.bot().throwAgain(game.position(), dice);
      console.println(texts.get("opening.choice.bot", texts.side(side),
          texts.get(again ? "opening.choice.again" : "opening.choice.play")));
      chosen(game, again);
      return;
    }
    console.println(texts.get("opening.choice", texts.side(side), dice));
    while (true) {
      String line = prompt.next(texts.get("prompt.choice"));
      String c = line.toLowerCase(Locale.ROOT);
      Boolean again = switch (c) {
        case "p", "play", "j", "jouer" -> false;
        case "t", "throw", "r", "relancer" -> true;
        default -> null;
      };
      if (again != null) {
        chosen(game, again);
        return;
      }
      if (c.equals("help") || c.equals("aide") || c.equals("h")) {
        console.println(texts.get("opening.choice.help"));
      } else if (c.equals("resign") || c.equals("abandon")) {
        if (commands.confirm("confirm.resign")) {
          game.resign(side);
          return;
        }
      } else if (!commands.run(c, line, game)) {
        console.println(texts.get("opening.choice.unknown", line));
      }
    }
  }

  private void chosen(Game game, boolean again) {
    game.chooseOpening(again);
    narrator.toldAll(game);
    if (game.phase() == Phase.PLAY) narrator.announceDice(game);
  }

  /** The match in hand saved, a new one with the same players, rules and a fresh record file. */
  private void newMatch(int length) {
    records.save();
    session.startNewMatch(length);
    narrator.toldUpTo(0, -1);
    narrator.welcome();
  }

  /** The match being played (for tests and tools). */
  public Match match() {
    return session.match();
  }

  /** Where the record goes (it changes when a new match starts). */
  public Path recordFile() {
    return session.recordFile();
  }

  /** {@code ~} and {@code ~/…} are the home folder, as in a shell. */
  public static Path expand(String name) {
    return RecordKeeper.expand(name);
  }

  /** Where records go when no file is chosen: ~/.jacquet/games. */
  public static Path defaultFolder() {
    return RecordKeeper.defaultFolder();
  }

  /** jacquet-20261121.txt → jacquet-20261121-2.txt: the next match's file, beside this one. */
  static Path nextRecordFile(Path file) {
    return RecordKeeper.nextRecordFile(file);
  }
}
