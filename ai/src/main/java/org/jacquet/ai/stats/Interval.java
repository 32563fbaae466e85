package org.jacquet.ai.stats;

/**
 * A 95% confidence interval that can always be printed: never NaN, a probability's interval
 * always within 0–100%. Samples too small to say anything are refused rather than given an
 * interval that would mislead ("± 0.00%" after four trials, "± NaN" after one).
 *
 * @param estimate the point estimate
 * @param low the lower bound
 * @param high the upper bound
 */
public record Interval(double estimate, double low, double high) {
  /** Fewer samples than this say too little for an interval on a mean. */
  public static final int MIN_SAMPLES = 10;

  private static final double Z = 1.959963984540054; // the normal's 97.5% quantile

  public Interval {
    if (!Double.isFinite(estimate) || !Double.isFinite(low) || !Double.isFinite(high) || low > high) {
      throw new IllegalArgumentException("not an interval: " + estimate + " in [" + low + ", " + high + "]");
    }
  }

  /** Half the width (for "± h" displays of symmetric intervals). */
  public double halfWidth() {
    return (high - low) / 2;
  }

  /**
   * The Wilson score interval of a proportion: {@code successes} out of {@code n} independent
   * trials. Stays within [0, 1] and is sound even at 0 or n successes, where the plain normal
   * interval collapses to a width of zero.
   */
  public static Interval wilson(double successes, long n) {
    if (n < 1) throw new IllegalArgumentException("a proportion needs at least one trial");
    if (!(successes >= 0 && successes <= n)) throw new IllegalArgumentException(successes + " successes out of " + n);
    double p = successes / n;
    double z2 = Z * Z;
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = Z / (1 + z2 / n) * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
    // min/max: rounding must not put the estimate outside its own interval at 0 or n successes.
    return new Interval(p, Math.max(0, Math.min(p, centre - half)), Math.min(1, Math.max(p, centre + half)));
  }

  /** The mean of {@code samples} with Student's t interval; refused below {@link #MIN_SAMPLES}. */
  public static Interval mean(double[] samples) {
    int n = samples.length;
    if (n < MIN_SAMPLES) {
      throw new IllegalArgumentException(n + " samples are too few for an interval (at least " + MIN_SAMPLES + ")");
    }
    double sum = 0;
    for (double x : samples) sum += x;
    double mean = sum / n;
    double ss = 0;
    for (double x : samples) ss += (x - mean) * (x - mean);
    return around(mean, t975(n - 1) * Math.sqrt(ss / (n - 1) / n));
  }

  /** {@code estimate ± half} (half from a normal approximation computed elsewhere). */
  public static Interval around(double estimate, double half) {
    if (!(half >= 0)) throw new IllegalArgumentException("half-width " + half);
    return new Interval(estimate, estimate - half, estimate + half);
  }

  /**
   * The interval of a mean of {@code n} samples given as {@code estimate ± normalHalf} with the
   * normal's 1.96, widened to Student's t for {@code n − 1} degrees of freedom; refused below
   * {@link #MIN_SAMPLES}.
   */
  public static Interval ofMean(double estimate, double normalHalf, long n) {
    if (n < MIN_SAMPLES) {
      throw new IllegalArgumentException(n + " samples are too few for an interval (at least " + MIN_SAMPLES + ")");
    }
    if (!(normalHalf >= 0)) throw new IllegalArgumentException("half-width " + normalHalf);
    return around(estimate, normalHalf * t975((int) Math.min(n - 1, Integer.MAX_VALUE)) / Z);
  }

  /** The interval cut to [min, max], the estimate too: for quantities that cannot leave that range. */
  public Interval within(double min, double max) {
    return new Interval(clamp(estimate, min, max), clamp(low, min, max), clamp(high, min, max));
  }

  private static double clamp(double x, double min, double max) {
    return Math.max(min, Math.min(max, x));
  }

  /** Student's t 97.5% quantile for {@code df} degrees of freedom (Cornish–Fisher, within 0.1% from df 9). */
  static double t975(int df) {
    double z = Z;
    double z3 = z * z * z;
    double z5 = z3 * z * z;
    double z7 = z5 * z * z;
    double d = df;
    return z + (z3 + z) / (4 * d) + (5 * z5 + 16 * z3 + 3 * z) / (96 * d * d)
        + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * d * d * d);
  }
}
