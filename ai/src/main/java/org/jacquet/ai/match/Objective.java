package org.jacquet.ai.match;

import org.jacquet.ai.eval.Outcomes;

/**
 * What one side maximises, as a linear function of its {@link Outcomes}: the expected points of
 * the game, or in a match its chance of winning the match (MWC), which is linear in the same
 * cumulative probabilities since each result moves the score to a known cell of the
 * {@link MatchEquityTable}. Immutable.
 */
public final class Objective {
  private final boolean match;
  private final double constant;
  private final double[] coefficients;
  private final double opponentConstant;
  private final double[] opponentCoefficients;
  private final double perPoint;
  private final double middle;

  private Objective(boolean match, double constant, double[] coefficients, double perPoint, double middle) {
    this.match = match;
    this.middle = middle;
    this.constant = constant;
    this.coefficients = coefficients;
    this.perPoint = perPoint;
    // value(flip(e)): the win probability turns into 1 − e[0], win and loss columns swap.
    int size = coefficients.length;
    int n = (size + 1) / 2;
    this.opponentConstant = constant + coefficients[0];
    this.opponentCoefficients = new double[size];
    opponentCoefficients[0] = -coefficients[0];
    for (int k = 1; k < n; k++) {
      opponentCoefficients[k] = coefficients[k + n - 1];
      opponentCoefficients[k + n - 1] = coefficients[k];
    }
  }

  /**
   * Expected points per game, for outcomes of {@code size} values, errors counted in units of {@code unit} points (what a game is worth
   * on average under spanish scoring, about ten points; one point otherwise).
   */
  public static Objective money(int size, double unit) {
    int n = (size + 1) / 2;
    double[] c = new double[size];
    c[0] = 2;
    for (int k = 1; k < n; k++) {
      c[k] = 1;
      c[k + n - 1] = -1;
    }
    return new Objective(false, -1, c, unit, 0);
  }

  /**
   * The chance of winning the match for a side {@code away} points from winning against an
   * opponent {@code opponentAway} from it, for outcomes of {@code size} values (a game won by
   * more than the layout's most points counts as that most, which changes nothing once it
   * reaches the points either side needs).
   */
  public static Objective match(MatchEquityTable table, int away, int opponentAway, int size) {
    if (away < 1 || opponentAway < 1) throw new IllegalArgumentException("the match is over");
    int n = (size + 1) / 2;
    double[] c = new double[size];
    // W1·M(a−1,b) + Σk≥2 Wk·(M(a−k,b) − M(a−k+1,b)) + L1·M(a,b−1) + Σk≥2 Lk·(M(a,b−k) − M(a,b−k+1)),
    // with W1 = o[0], L1 = 1 − o[0], Wk = o[k−1], Lk = o[k+n−2].
    double winOne = table.winChance(away - 1, opponentAway);
    double loseOne = table.winChance(away, opponentAway - 1);
    c[0] = winOne - loseOne;
    for (int k = 2; k <= n; k++) {
      c[k - 1] = table.winChance(away - k, opponentAway) - table.winChance(away - k + 1, opponentAway);
      c[k + n - 2] = table.winChance(away, opponentAway - k) - table.winChance(away, opponentAway - k + 1);
    }
    return new Objective(true, loseOne, c, (winOne - loseOne) / 2, (winOne + loseOne) / 2);
  }

  /**
   * The objective of each side in {@code context}, indexed by {@code Side.ordinal()}: in a match
   * from {@code table}, else points with errors counted in units of {@code moneyUnit} points.
   */
  public static Objective[] forBothSides(MatchContext context, MatchEquityTable table, int size, double moneyUnit) {
    Objective[] out = new Objective[2];
    for (org.jacquet.engine.Side s : org.jacquet.engine.Side.values()) {
      out[s.ordinal()] = context.isMatch()
          ? match(table, context.away(s), context.away(s.opponent()), size)
          : money(size, moneyUnit);
    }
    return out;
  }

  /** Whether this is a match's winning chance rather than points. */
  public boolean isMatch() {
    return match;
  }

  /** The value of outcomes given from this side's point of view. */
  public double value(float[] outcomes) {
    double v = constant;
    for (int i = 0; i < coefficients.length; i++) v += coefficients[i] * outcomes[i];
    return v;
  }

  /** The value for this side of outcomes given from its opponent's point of view. */
  public double valueOfOpponentView(float[] outcomes) {
    double v = opponentConstant;
    for (int i = 0; i < opponentCoefficients.length; i++) v += opponentCoefficients[i] * outcomes[i];
    return v;
  }

  /**
   * What one point of a game is worth in this objective's units: 1 for points (a spanish game's
   * average points under spanish scoring, so that noise, filters and errors mean what they mean
   * in a game of one or two points), and in a match
   * half the difference between winning and losing a single game, so that a difference in
   * winning chances divided by it is in "equivalent points" (GNU Backgammon's normalised
   * equity): level noise, move filters and error rates then mean the same at any score.
   */
  public double perPoint() {
    return perPoint;
  }

  /**
   * A value of this objective in equivalent points: itself for points; in a match, +1 for the
   * chance of winning the match after winning a single game, −1 after losing one (GNU
   * Backgammon's "EMG" equity).
   */
  public double equivalentPoints(double value) {
    return (value - middle) / perPoint;
  }
}
