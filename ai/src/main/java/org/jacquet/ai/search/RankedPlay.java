package org.jacquet.ai.search;

import org.jacquet.ai.eval.Outcomes;
import org.jacquet.engine.Play;

/**
 * A legal play with its evaluation for the side that plays it: the {@link Outcomes}, their
 * value ({@code equity}: expected points, or in a match the chance of winning the match), and
 * the depth (plies) they were computed at.
 */
public record RankedPlay(Play play, float[] outcomes, double equity, int plies) {
  public RankedPlay {
    outcomes = outcomes.clone();
  }

  @Override
  public float[] outcomes() {
    return outcomes.clone();
  }

  public double winProbability() {
    return outcomes[0];
  }

  /** P(win by 2 points or more): the double win of simple scoring. */
  public double doubleWinProbability() {
    return outcomes.length > 1 ? outcomes[1] : 0;
  }

  /** P(lose by 2 points or more). */
  public double doubleLossProbability() {
    return outcomes.length > 1 ? outcomes[(outcomes.length + 1) / 2] : 0;
  }
}
