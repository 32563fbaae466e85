package org.jacquet.ai.analysis;

/**
 * How a play is marked, by the expected points it gives up against the best play, with GNU
 * Backgammon's thresholds: doubtful from 0.040, bad from 0.080, very bad from 0.160.
 */
public enum Mark {
  NONE("", 0),
  DOUBTFUL("doubtful", 0.040),
  BAD("bad", 0.080),
  VERY_BAD("very bad", 0.160);

  private final String text;
  private final double from;

  Mark(String text, double from) {
    this.text = text;
    this.from = from;
  }

  public String text() {
    return text;
  }

  public static Mark of(double error) {
    Mark m = NONE;
    for (Mark x : values()) if (error >= x.from && x != NONE) m = x;
    return m;
  }
}
