package org.jacquet.engine.game;

import org.jacquet.engine.Side;

/** How a game ended: who won, how many points, why, and whether the loser resigned. */
public record GameResult(Side winner, int points, ScoreReason reason, boolean resigned) {
  /** {@code white wins 2 points (double)} or {@code black wins 1 point (single, resignation)}. */
  @Override
  public String toString() {
    return winner.key() + " wins " + points + (points == 1 ? " point" : " points") + " ("
        + reason.key() + (resigned ? ", resignation" : "") + ")";
  }

  public static GameResult parse(String text) {
    java.util.regex.Matcher m = java.util.regex.Pattern
        .compile("(white|black) wins (\\d+) points? \\(([a-z-]+)(, resignation)?\\)")
        .matcher(text.trim());
    if (!m.matches()) throw new IllegalArgumentException("cannot read result '" + text + "'");
    return new GameResult(Side.parse(m.group(1)), Integer.parseInt(m.group(2)),
        ScoreReason.parse(m.group(3)), m.group(4) != null);
  }
}
