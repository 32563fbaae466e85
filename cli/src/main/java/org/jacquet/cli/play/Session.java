package org.jacquet.cli.play;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeedHash;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;

/**
 * The match in hand and who plays it, read by every part of the terminal game: replaced whole
 * by a new match, its computer by a change of level, its file by a fallback when it cannot be
 * written.
 */
final class Session {
  private final Texts texts;
  private Match match;
  private Map<String, String> headers;
  private Level level;
  private final Side humanSide;
  private Path recordFile;
  private long seed;
  private Bot bot;

  Session(Texts texts, Match match, Map<String, String> headers, Level level, Side humanSide, Path recordFile, long seed, long botSeed) {
    this.texts = texts;
    this.match = match;
    this.headers = headers;
    this.level = level;
    this.humanSide = humanSide;
    this.recordFile = recordFile;
    this.seed = seed;
    this.bot = level == null ? null : level.create(match.rules(), botSeed);
  }

  /** The headers of a new match's record: the players, the level, the seed and its hash, the date. */
  static Map<String, String> headers(TerminalGame.Setup s) {
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

  /** A new match with the same players, rules and level, new dice and the next record file. */
  void startNewMatch(int length) {
    seed = new java.util.SplittableRandom(seed).nextLong() & Long.MAX_VALUE;
    TerminalGame.Setup s = new TerminalGame.Setup(rules(), length, seed, level, humanSide, RecordKeeper.nextRecordFile(recordFile));
    match = new Match(rules(), length, new SeededDice(seed));
    headers = headers(s);
    recordFile = s.recordFile();
    if (level != null) bot = level.create(rules(), seed + 1);
  }

  /** The computer plays at {@code next} from now on, as {@code newBot}; the record says so. */
  void changeLevel(Level next, Bot newBot) {
    level = next;
    bot = newBot;
    headers.put("Level", next.key());
    headers.put(humanSide == Side.WHITE ? "Black" : "White", "Computer (" + next.key() + ")");
  }

  /** The record goes to {@code file} from now on (the chosen one could not be written). */
  void recordTo(Path file) {
    recordFile = file;
  }

  Rules rules() {
    return match.rules();
  }

  Match match() {
    return match;
  }

  Map<String, String> headers() {
    return headers;
  }

  /** The computer's level; null when two people play at one keyboard. */
  Level level() {
    return level;
  }

  Side humanSide() {
    return humanSide;
  }

  Path recordFile() {
    return recordFile;
  }

  long seed() {
    return seed;
  }

  Bot bot() {
    return bot;
  }

  boolean isHuman(Side side) {
    return level == null || side == humanSide;
  }

  /** "White (you)", "Black (computer, Expert)", "White (player 1)". */
  String name(Side side) {
    String who = level == null ? texts.get("player", side == Side.WHITE ? 1 : 2)
        : side == humanSide ? texts.get("you") : texts.get("computer", level.displayName(texts.locale()));
    return texts.side(side) + " (" + who + ")";
  }

  /** The match score as the player reads it. */
  String score() {
    return texts.get("match.score", match.score(Side.WHITE), match.score(Side.BLACK), match.length());
  }
}
