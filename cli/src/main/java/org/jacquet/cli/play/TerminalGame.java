package org.jacquet.cli.play;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.ai.SearchBot;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.engine.Dice;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayNotation;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.GameRecord;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.BearOff;
import org.jacquet.engine.rules.Rules;

/**
 * A match in the terminal: the board, the dice announced the traditional way, plays typed in
 * notation, step by step with undo, or by number; the computer at any level or a second
 * player at the same keyboard; hints, save and load. Every refusal names the rule broken.
 */
public final class TerminalGame {
  /** The match to play and who plays it. {@code level} null: two people at one keyboard. */
  public record Setup(Rules rules, int matchLength, long seed, Level level, Side humanSide, Path recordFile) {}

  private final Console console;
  private final Texts texts;
  private final BoardView board;
  private final Rules rules;
  private final Match match;
  private final Map<String, String> headers;
  private final Level level;
  private final Side humanSide;
  private final Path recordFile;
  private final Bot bot;
  private int announced;
  private int announcedGame = -1;

  private TerminalGame(Console console, Texts texts, Match match, Map<String, String> headers,
      Level level, Side humanSide, Path recordFile, long botSeed) {
    this.console = console;
    this.texts = texts;
    this.board = new BoardView(texts, console.colour());
    this.rules = match.rules();
    this.match = match;
    this.headers = headers;
    this.level = level;
    this.humanSide = humanSide;
    this.recordFile = recordFile;
    this.bot = level == null ? null : level.create(rules, botSeed);
  }

  /** A new match. */
  public static TerminalGame start(Console console, Texts texts, Setup s) {
    Match match = new Match(s.rules(), s.matchLength(), new SeededDice(s.seed()));
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("White", s.level() == null ? "Player 1" : s.humanSide() == Side.WHITE ? "Human" : "Computer (" + s.level().key() + ")");
    headers.put("Black", s.level() == null ? "Player 2" : s.humanSide() == Side.BLACK ? "Human" : "Computer (" + s.level().key() + ")");
    if (s.level() != null) {
      headers.put("Level", s.level().key());
      headers.put("Human", s.humanSide().key());
    }
    headers.put("Seed", Long.toString(s.seed()));
    headers.put("Date", LocalDate.now().toString());
    return new TerminalGame(console, texts, match, headers, s.level(), s.humanSide(), s.recordFile(), s.seed() + 1);
  }

  /** A match saved earlier, going on with the same dice its seed would have thrown. */
  public static TerminalGame load(Console console, Texts texts, Path file, Path recordFile) throws IOException {
    GameRecord.Parsed parsed = GameRecord.read(Files.readString(file, StandardCharsets.UTF_8));
    Map<String, String> headers = new LinkedHashMap<>(parsed.headers());
    long seed = Long.parseLong(headers.getOrDefault("Seed", Long.toString(System.nanoTime())));
    parsed.dice().continueWith(SeededDice.resumed(seed, parsed.dice().thrown()));
    Level level = headers.containsKey("Level") ? Level.parse(headers.get("Level")) : null;
    Side human = headers.containsKey("Human") ? Side.parse(headers.get("Human")) : Side.WHITE;
    TerminalGame g = new TerminalGame(console, texts, parsed.match(), headers, level, human, recordFile,
        seed + 1 + parsed.dice().thrown());
    g.announced = parsed.match().game().events().size();
    g.announcedGame = parsed.match().games().size() - 1;
    console.println(texts.get("loaded", file));
    return g;
  }

  /** Plays until the match ends or the player leaves; the record is written either way. */
  public int run() {
    console.println(texts.get("welcome", rules, match.length(), name(Side.WHITE), name(Side.BLACK),
        headers.getOrDefault("Seed", "?")));
    console.println(texts.get("welcome.help"));
    try {
      while (true) {
        Game game = match.game();
        if (announcedGame != match.games().size() - 1) {
          announcedGame = match.games().size() - 1;
          announced = 0;
        }
        if (game.isOver()) {
          announce(game);
          console.println(texts.result(game.result()));
          console.println(texts.get("match.score", match.score(Side.WHITE), match.score(Side.BLACK), match.length()));
          save(recordFile);
          if (match.isOver()) {
            Side w = match.winner();
            console.println(texts.get("match.over", texts.side(w), match.score(w), match.score(w.opponent())));
            return 0;
          }
          if (console.readLine(texts.get("next.game") + " ") == null) throw new Quit();
          match.nextGame();
          continue;
        }
        step(game);
      }
    } catch (Quit q) {
      save(recordFile);
      console.println(texts.get("quit", recordFile));
      return 0;
    }
  }

  private static final class Quit extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Quit() {
      super(null, null, false, false);
    }
  }

  private boolean isHuman(Side side) {
    return level == null || side == humanSide;
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
        if (game.phase() == org.jacquet.engine.game.Phase.PLAY) announceDice(game);
      }
      case OPENING_CHOICE -> choose(game);
      case PLAY -> {
        Side side = game.sideToAct();
        if (isHuman(side)) humanTurn(game);
        else game.play(bot.choose(game.legalPlays(), org.jacquet.ai.match.MatchContext.of(match)));
        announce(game);
        if (game.phase() == org.jacquet.engine.game.Phase.PLAY) announceDice(game);
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
      if (game.phase() == org.jacquet.engine.game.Phase.PLAY) announceDice(game);
      return;
    }
    console.println(texts.get("opening.choice", texts.side(side), dice));
    while (true) {
      String line = console.readLine(texts.get("prompt.choice"));
      if (line == null) throw new Quit();
      String c = line.trim().toLowerCase(java.util.Locale.ROOT);
      if (c.startsWith("p") || c.startsWith("j")) game.chooseOpening(false);
      else if (c.startsWith("t") || c.startsWith("r")) game.chooseOpening(true);
      else continue;
      announced = game.events().size();
      if (game.phase() == org.jacquet.engine.game.Phase.PLAY) announceDice(game);
      return;
    }
  }

  /** Prints what happened since the last announcement: throws, passes, the opponent's plays. */
  private void announce(Game game) {
    List<GameEvent> events = game.events();
    for (; announced < events.size(); announced++) {
      GameEvent e = events.get(announced);
      if (e instanceof GameEvent.OpeningThrow t) {
        console.println(texts.get("opening.throw", t.white(), t.black()));
        if (!t.isTie()) console.println(texts.get("opening.winner", texts.side(t.winner())));
        else if (rules.openingTie() == org.jacquet.engine.rules.OpeningTie.BOTH_PLAY) {
          console.println(texts.get("opening.tie.both", texts.dice(org.jacquet.engine.DiceToPlay.of(Dice.of(t.white(), t.black()), rules))));
        } else console.println(texts.get("opening.tie"));
      } else if (e instanceof GameEvent.Turn t) {
        String dice = texts.dice(t.dice());
        if (t.play().isPass()) {
          console.println(texts.get("pass", texts.side(t.side()), dice, passReason(game.position(), t.side())));
        } else if (isHuman(t.side())) {
          console.println(texts.get("human.plays", texts.side(t.side()), dice, t.play().notation()));
        } else {
          console.println(texts.get("bot.plays", texts.side(t.side()), level.displayName(texts.locale()), dice, t.play().notation()));
        }
      } else if (e instanceof GameEvent.Resignation r) {
        console.println(texts.get("resigned", texts.side(r.side())));
      }
    }
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
    for (String line : board.render(p, rules, viewer)) console.println(line);
  }

  private void humanTurn(Game game) {
    Side side = game.sideToAct();
    LegalPlays legal = game.legalPlays();
    showBoard(game.position(), side);
    if (legal.isForced()) {
      console.println(texts.get("forced", texts.side(side), legal.plays().get(0).notation()));
      game.play(legal.plays().get(0));
      announced++; // the forced play is said above; what follows it is announced as usual
      return;
    }
    TurnBuilder turn = new TurnBuilder(rules, legal);
    String diceText = texts.dice(game.diceToPlay());
    while (true) {
      String line = console.readLine(texts.get("prompt", texts.side(side), diceText));
      if (line == null) throw new Quit();
      String input = line.trim();
      String command = input.toLowerCase(java.util.Locale.ROOT);
      switch (command) {
        case "" -> {
          if (turn.isComplete()) {
            game.play(turn.play());
            return;
          }
          console.println(texts.get("steps", PlayNotation.format(turn.steps()), diceLeft(turn)));
        }
        case "?", "list", "liste" -> {
          console.println(texts.get("list.header", diceText));
          for (int i = 0; i < legal.plays().size(); i++) {
            console.println(String.format("%3d. %s", i + 1, legal.plays().get(i).notation()));
          }
        }
        case "undo", "u", "annuler", "a" -> {
          if (turn.undo()) {
            console.println(texts.get("undone"));
            showBoard(turn.steps().isEmpty() ? game.position() : turn.current(), side);
          } else {
            console.println(texts.get("nothing.to.undo"));
          }
        }
        case "hint", "conseil" -> hint(legal);
        case "pips", "points" -> console.println(texts.get("pips", game.position().pipCount(Side.WHITE), game.position().pipCount(Side.BLACK)));
        case "board", "tablier" -> showBoard(turn.steps().isEmpty() ? game.position() : turn.current(), side);
        case "help", "aide", "h" -> console.println(texts.get("help"));
        case "resign", "abandon" -> {
          game.resign(side);
          return;
        }
        case "quit", "quitter", "exit", "q" -> throw new Quit();
        default -> {
          if (command.startsWith("save ") || command.startsWith("sauver ")) {
            save(Path.of(input.substring(input.indexOf(' ') + 1).trim()));
          } else if (command.equals("save") || command.equals("sauver")) {
            console.println(texts.get("save.usage"));
          } else if (command.matches("\\d+")) {
            int n = Integer.parseInt(command);
            if (n >= 1 && n <= legal.plays().size()) {
              game.play(legal.plays().get(n - 1));
              return;
            }
            console.println(texts.get("refused", "1 … " + legal.plays().size()));
          } else if (command.matches("[0-9].*") || command.equals("pass") || command.equals("passe")) {
            if (enter(game, turn, input, side)) return;
          } else {
            console.println(texts.get("unknown", input));
          }
        }
      }
    }
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
    int added = 0;
    try {
      for (int[] segment : PlayNotation.segments(input)) {
        turn.add(segment[0], segment[1]);
        added++;
      }
    } catch (IllegalPlayException e) {
      for (; added > 0; added--) turn.undo();
      console.println(texts.get("refused", e.message(texts.locale())));
      return false;
    }
    showBoard(turn.current(), side);
    if (turn.isComplete()) console.println(texts.get("confirm", PlayNotation.format(turn.steps())));
    else console.println(texts.get("steps", PlayNotation.format(turn.steps()), diceLeft(turn)));
    return false;
  }

  private static String diceLeft(TurnBuilder turn) {
    return String.join("-", turn.diceLeft().stream().map(String::valueOf).toList());
  }

  /** The match being played (for tests and tools). */
  public Match match() {
    return match;
  }

  private void hint(LegalPlays legal) {
    SearchBot hinter = Level.WORLD_CLASS.ranker(rules);
    console.println(texts.get("hint.header", Level.WORLD_CLASS.displayName(texts.locale())));
    List<RankedPlay> ranked = hinter.rank(legal);
    for (int i = 0; i < Math.min(5, ranked.size()); i++) {
      RankedPlay r = ranked.get(i);
      console.println(texts.get("hint.line", i + 1, r.play().notation(), String.format("%+.3f", r.equity()),
          percent(r.winProbability()), percent(r.doubleWinProbability()), percent(r.doubleLossProbability())));
    }
  }

  private static String percent(double p) {
    return String.format("%.1f%%", 100 * p);
  }

  private void save(Path file) {
    try {
      if (file.toAbsolutePath().getParent() != null) Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(file, GameRecord.write(match, headers), StandardCharsets.UTF_8);
      console.println(texts.get("saved", file));
    } catch (IOException e) {
      console.println(texts.get("save.failed", file, e.getMessage()));
    }
  }
}
