package org.jacquet.cli;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import org.jacquet.ai.Level;
import org.jacquet.cli.play.Console;
import org.jacquet.cli.play.JLineConsole;
import org.jacquet.cli.play.StreamConsole;
import org.jacquet.cli.play.TerminalGame;
import org.jacquet.cli.play.Texts;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.engine.rules.Rules;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jacquet play}: a match in the terminal, against the computer or a friend. */
@Command(name = "play", mixinStandardHelpOptions = true,
    description = "Plays a match in the terminal, in French or English, against the computer or at one keyboard.")
final class PlayCommand implements Callable<Integer> {
  @picocli.CommandLine.Mixin RulesOption rulesOption;

  /** The longest match {@code play} takes: with --match, and from a loaded record's [Match] header. */
  static final int MAX_MATCH = 999;

  @Option(names = "--match", defaultValue = "3", description = "Match length in points, 1 to 999 (default: ${DEFAULT-VALUE}).")
  int matchLength;

  @Option(names = "--level", defaultValue = "intermediate",
      description = "The computer's level: beginner, casual, intermediate, advanced, expert, world-class (weakest to strongest), or heuristic, random, expert-v1, expert-v2 (default: ${DEFAULT-VALUE}).")
  String levelText;

  @Option(names = "--two-players", description = "Two people at one keyboard, no computer.")
  boolean twoPlayers;

  @Option(names = "--side", defaultValue = "white", description = "Your side against the computer: white or black (default: ${DEFAULT-VALUE}).")
  String sideText;

  @Option(names = "--seed", description = "Seed of the dice (default: from the clock; printed, and kept in the record).")
  Long seed;

  @picocli.CommandLine.Mixin LangOption langOption;

  @picocli.CommandLine.Mixin PointNamesOption pointNames;

  @Option(names = "--load", paramLabel = "FILE", description = "Go on with a saved game record.")
  Path load;

  @Option(names = "--record", paramLabel = "FILE",
      description = "Where the record is written when a game ends or you leave (default: ~/.jacquet/games/jacquet-DATE.txt).")
  Path record;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    Texts texts = new Texts(langOption.locale());
    if (record == null) {
      record = TerminalGame.defaultFolder().resolve(
          "jacquet-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".txt");
    } else {
      record = TerminalGame.expand(record.toString());
      Inputs.writable(record, "--record", true); // a game is never played into a record that cannot be kept
      // Nor over a record already there (--record taken for --load), unless it is the one going on.
      if (holdsSomething(record) && (load == null || !Inputs.sameFile(load, record))) {
        throw new IllegalArgumentException(texts.get("record.exists", record));
      }
    }
    // Everything the command line can get wrong is refused before the terminal is taken over.
    PointNaming naming = pointNames.naming();
    GameRecord.Parsed loaded = null;
    Rules rules = null;
    Level level = null;
    Side side = null;
    if (load != null) {
      // The record says how its match is played: an option that would change it is refused, not ignored.
      for (String option : new String[] {"--rules", "--match", "--level", "--two-players", "--side", "--seed"}) {
        if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
          throw new IllegalArgumentException(texts.get("load.conflict", option));
        }
      }
      loaded = Inputs.record(load);
      if (loaded.match().isOver()) throw new CommandFailure(Words.get("play.load.over", load));
      int length = loaded.match().length();
      if (length < 1 || length > MAX_MATCH) { // as --match: a record is no way round its bounds
        throw new CommandFailure(Words.get("play.load.length", load, Checks.grouped(length), MAX_MATCH));
      }
    } else {
      Checks.between("--match", matchLength, 1, MAX_MATCH);
      rules = rulesOption.rules();
      level = Checks.level(levelText); // checked even for two players: a bad value is never ignored
      if (twoPlayers) level = null;
      side = Side.parse(sideText);
      if (twoPlayers && spec.commandLine().getParseResult().hasMatchedOption("--side")) {
        throw new IllegalArgumentException(texts.get("side.twoPlayers"));
      }
      if (level != null) level.create(rules, 0); // a missing network says so now, not mid-game
    }
    if (System.console() == null) { // input or output is not a terminal: read lines plainly, bounded
      return play(new StreamConsole(System.in, System.out), texts, loaded, rules, level, side, naming);
    }
    // dumb(true): a terminal JLine does not know is used without line editing, and without a warning.
    try (Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build()) {
      int status = play(new JLineConsole(terminal), texts, loaded, rules, level, side, naming);
      terminal.flush();
      return status;
    }
  }

  /** A file there with something in it (an empty one or a device such as /dev/null loses nothing when written). */
  private static boolean holdsSomething(Path file) {
    try {
      return java.nio.file.Files.isRegularFile(file) && java.nio.file.Files.size(file) > 0;
    } catch (java.io.IOException e) {
      return true;
    }
  }

  /** Plays the loaded match, or a new one, on {@code console}; the game's exit status. */
  private int play(Console console, Texts texts, GameRecord.Parsed loaded, Rules rules, Level level, Side side, PointNaming naming)
      throws Exception {
    TerminalGame game;
    if (loaded != null) {
      try {
        game = TerminalGame.load(console, texts, loaded, load, record);
      } catch (IllegalArgumentException e) { // a [Seed], [Level] or [Human] header the game cannot go on with
        throw new CommandFailure(Words.get("record.invalid", load, Words.reason(e)));
      } catch (IllegalStateException e) { // e.g. no network for the record's level under its rules
        throw new CommandFailure(Words.get("play.load.cannot", load, Words.reason(e)));
      }
    } else {
      game = TerminalGame.start(console, texts, new TerminalGame.Setup(rules, matchLength,
          seed != null ? seed : System.currentTimeMillis(), level, side, record));
    }
    return game.naming(naming).run();
  }
}
