package org.jacquet.engine.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;

/**
 * A match to N points: games follow one another, each starting with its opening throw, all
 * drawing from one dice source, until a side has N points (there is no cube in Jacquet).
 */
public final class Match {
  private final Rules rules;
  private final int length;
  private final DiceSource dice;
  private final List<Game> games = new ArrayList<>();
  private final Position start;

  public Match(Rules rules, int length, DiceSource dice) {
    this(rules, length, dice, null);
  }

  /**
   * A match whose first game starts from a set-up position ({@code start}, or the usual start
   * when null): its side to move throws first, without an opening throw.
   */
  public Match(Rules rules, int length, DiceSource dice, Position start) {
    if (length < 1) throw new IllegalArgumentException("a match is played to at least 1 point");
    this.rules = rules;
    this.length = length;
    this.dice = dice;
    this.start = start;
    games.add(start == null ? new Game(rules, dice) : new Game(rules, dice, start, true));
  }

  /** The set-up position the first game started from, or null for the usual start. */
  public Position start() {
    return start;
  }

  public Rules rules() {
    return rules;
  }

  public int length() {
    return length;
  }

  /** The game being played, or the last one when the match is over. */
  public Game game() {
    return games.get(games.size() - 1);
  }

  public List<Game> games() {
    return Collections.unmodifiableList(games);
  }

  /** Points won by {@code side} in finished games. */
  public int score(Side side) {
    int points = 0;
    for (Game g : games) {
      if (g.isOver() && g.result().winner() == side) points += g.result().points();
    }
    return points;
  }

  /** Score before game {@code index} (0-based) started. */
  public int scoreBefore(int index, Side side) {
    int points = 0;
    for (int i = 0; i < index; i++) {
      GameResult r = games.get(i).result();
      if (r.winner() == side) points += r.points();
    }
    return points;
  }

  public boolean isOver() {
    return score(Side.WHITE) >= length || score(Side.BLACK) >= length;
  }

  public Side winner() {
    if (score(Side.WHITE) >= length) return Side.WHITE;
    if (score(Side.BLACK) >= length) return Side.BLACK;
    return null;
  }

  /** Starts the next game once the current one is over and the match is not. */
  public Game nextGame() {
    if (!game().isOver()) throw new org.jacquet.engine.GameStateException("game-not-over");
    if (isOver()) throw new org.jacquet.engine.GameStateException("match-over");
    Game g = new Game(rules, dice);
    games.add(g);
    return g;
  }
}
