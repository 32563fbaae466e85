package org.jacquet.engine.game;

import org.jacquet.engine.Side;

/**
 * How a game ended: who won, how many points, why, and whether the loser resigned. {@code winner}
 * is null only for a {@link #locked()} game, which nobody wins.
 */
public record GameResult(Side winner, int points, ScoreReason reason, boolean resigned) {
  /** A game in which neither side could ever move again: no winner, no points. */
  public static GameResult locked() {
    return new GameResult(null, 0, ScoreReason.LOCKED, false);
  }

  /** {@code white wins 2 points (double)}, {@code black wins 1 point (single, resignation)}. */
  @Override
  public String toString() {
    return (winner == null ? "nobody" : winner.key()) + " wins " + points + (points == 1 ? " point" : " points") + " ("
        + reason.key() + (resigned ? ", resignation" : "") + ")";
  }

  public static GameResult parse(String text) {
    java.util.regex.Matcher m = java.util.regex.Pattern
        .compile("(white|black|nobody) wins (\\d{1,6}) points? \\(([a-z-]+)(, resignation)?\\)")
        .matcher(text.trim());
    if (!m.matches()) {
      throw new org.jacquet.engine.FormatException("result-syntax", org.jacquet.engine.Excerpt.of(text));
    }
    if (m.group(1).equals("nobody")) {
      if (!m.group(2).equals("0") || !m.group(3).equals(ScoreReason.LOCKED.key()) || m.group(4) != null) {
        throw new org.jacquet.engine.FormatException("result-nobody");
      }
      return locked();
    }
    return new GameResult(Side.parse(m.group(1)), Integer.parseInt(m.group(2)),
        ScoreReason.parse(m.group(3)), m.group(4) != null);
  }
}
