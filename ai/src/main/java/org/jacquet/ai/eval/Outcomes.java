package org.jacquet.ai.eval;

import org.jacquet.engine.rules.Rules;

/**
 * How an evaluation is laid out for a scoring scheme, always from the point of view of one side:
 * {@code [P(win), P(win ≥ 2 points) … P(win ≥ n), P(lose ≥ 2) … P(lose ≥ n)]}, where n is the
 * most a game can score (2 for simple scoring, 5 for the ladder, 45 for spanish scoring: 3 points
 * for each of 15 checkers left in the first quadrant). Each extra point is one cumulative
 * probability, so the expected points are a plain sum and a match's winning chances a weighted
 * one ({@link org.jacquet.ai.match.Objective}).
 */
public final class Outcomes {
  private Outcomes() {}

  /** Highest points per game the layout distinguishes. */
  public static int maxPoints(Rules rules) {
    return rules.scoring().maxPoints();
  }

  /** Number of values in an evaluation. */
  public static int size(Rules rules) {
    return 1 + 2 * (maxPoints(rules) - 1);
  }

  /** Expected points for the side the evaluation belongs to. */
  public static double equity(float[] o, int size) {
    int n = (size + 1) / 2;
    double e = 2.0 * o[0] - 1.0;
    for (int k = 1; k < n; k++) e += o[k] - o[k + n - 1];
    return e;
  }

  /** The same evaluation seen by the other side. */
  public static void flip(float[] in, float[] out, int size) {
    int n = (size + 1) / 2;
    float win = in[0];
    for (int k = 1; k < n; k++) {
      float w = in[k];
      out[k] = in[k + n - 1];
      out[k + n - 1] = w;
    }
    out[0] = 1f - win;
  }

  /** The certain evaluation of a finished game: {@code points} won (&gt; 0) or lost (&lt; 0). */
  public static void certain(int points, float[] out, int size) {
    int n = (size + 1) / 2;
    java.util.Arrays.fill(out, 0, size, 0f);
    int capped = Math.min(Math.abs(points), n);
    if (points > 0) {
      out[0] = 1f;
      for (int k = 2; k <= capped; k++) out[k - 1] = 1f;
    } else {
      for (int k = 2; k <= capped; k++) out[k + n - 2] = 1f;
    }
  }

  /** Keeps the cumulative probabilities consistent: P(≥ k+1) ≤ P(≥ k) ≤ P(win or loss). */
  public static void sanitize(float[] o, int size) {
    int n = (size + 1) / 2;
    o[0] = Math.min(1f, Math.max(0f, o[0]));
    float cap = o[0];
    for (int k = 1; k < n; k++) cap = o[k] = Math.max(0f, Math.min(o[k], cap));
    cap = 1f - o[0];
    for (int k = 1; k < n; k++) cap = o[k + n - 1] = Math.max(0f, Math.min(o[k + n - 1], cap));
  }
}
