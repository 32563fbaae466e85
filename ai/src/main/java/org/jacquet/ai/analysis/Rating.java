package org.jacquet.ai.analysis;

/**
 * A player's level from the average expected points lost per decision, in thousandths of a
 * point (GNU Backgammon's scale): world class up to 5, expert up to 8, advanced up to 12,
 * intermediate up to 18, casual up to 26, beginner up to 35, awful beyond.
 */
public enum Rating {
  WORLD_CLASS("world class", 5),
  EXPERT("expert", 8),
  ADVANCED("advanced", 12),
  INTERMEDIATE("intermediate", 18),
  CASUAL("casual player", 26),
  BEGINNER("beginner", 35),
  AWFUL("awful", Double.MAX_VALUE),
  /** A player who made no decision (every play forced): nothing to rate, not a perfect score. */
  NONE("no decisions", Double.NaN);

  private final String text;
  private final double upTo;

  Rating(String text, double upTo) {
    this.text = text;
    this.upTo = upTo;
  }

  public String text() {
    return text;
  }

  public static Rating of(double millipointsPerDecision) {
    for (Rating r : values()) if (millipointsPerDecision <= r.upTo) return r;
    return AWFUL;
  }

  /** The rating of a player who lost {@code millipointsPerDecision} over {@code decisions} decisions. */
  public static Rating of(double millipointsPerDecision, int decisions) {
    return decisions == 0 ? NONE : of(millipointsPerDecision);
  }
}
