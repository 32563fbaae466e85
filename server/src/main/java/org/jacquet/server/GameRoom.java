package org.jacquet.server;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.engine.Side;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.game.GameRecord;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.RecordedDice;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;

/**
 * One game as the server holds it in memory: the match rebuilt from its stored record (dice
 * going on from the secret seed), who sits where, and the steps the player to move has laid
 * down but not confirmed. Guarded by its own lock.
 */
final class GameRoom {
  final String id;
  final Rules rules;
  final GameStore.Row row;
  final Match match;
  final Map<String, String> headers;
  final RecordedDice dice;
  /** The computer player, made on first use (its evaluator's tables take seconds to build once). */
  private Bot bot;
  int version;
  /** Steps laid down by the player to move, not yet confirmed (not stored). */
  TurnBuilder partial;

  private GameRoom(GameStore.Row row, GameRecord.Parsed parsed) {
    this.id = row.id();
    this.row = row;
    this.rules = parsed.match().rules();
    this.match = parsed.match();
    this.headers = new LinkedHashMap<>(parsed.headers());
    this.dice = parsed.dice();
    this.dice.continueWith(SeededDice.resumed(row.seed(), dice.thrown()));
    this.version = row.version();
  }

  /** Rebuilds the room by replaying the stored record. */
  static GameRoom load(GameStore.Row row) {
    return new GameRoom(row, GameRecord.read(row.record()));
  }

  boolean hasComputer() {
    return row.level() != null;
  }

  /** The computer player of a game against the computer (made on first use), or null. */
  Bot bot() {
    if (bot == null && row.level() != null) bot = Level.parse(row.level()).create(rules, row.seed() ^ 0x5DEECE66DL);
    return bot;
  }

  /** The side whose seat token hashes to {@code tokenHash}, or null (a spectator). */
  Side sideOf(String tokenHash) {
    if (tokenHash == null) return null;
    if (tokenHash.equals(row.whiteToken())) return Side.WHITE;
    if (tokenHash.equals(row.blackToken())) return Side.BLACK;
    return null;
  }

  boolean isComputer(Side side) {
    return "computer".equals(side == Side.WHITE ? row.whiteKind() : row.blackKind());
  }

  /** The record as it may be shown: the seed only once the match is over. */
  String publicRecord() {
    Map<String, String> h = new LinkedHashMap<>(headers);
    if (match.isOver()) h.put("Seed", Long.toString(row.seed()));
    return GameRecord.write(match, h);
  }

  String storedRecord() {
    return GameRecord.write(match, headers);
  }
}
