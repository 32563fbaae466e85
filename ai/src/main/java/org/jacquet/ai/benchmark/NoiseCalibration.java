package org.jacquet.ai.benchmark;

import java.util.HashMap;
import java.util.Map;
import org.jacquet.ai.Level;
import org.jacquet.engine.rules.Rules;

/**
 * Finds the noise that gives a noisy level a wanted error rate against a {@link SearchReference}:
 * what {@code jacquet benchmark calibrate} does for each level, aiming at the middle of the band
 * of GNU Backgammon's scale the level is named after.
 *
 * <p>The noise is searched in steps of 0.001 by bisection. Every trial replays the same decisions
 * with the same random draws (the bots' seeds do not depend on the noise, and each draw is scaled
 * by it), so the error rate is a near-monotone function of the noise: a larger noise can only
 * swap plays whose values are further apart.
 */
public final class NoiseCalibration {
  /** The largest noise tried, in points: beyond it a level plays nearly at random among its plays. */
  public static final int MAX_MILLI = 500;

  private final SearchReference reference;
  private final Rules rules;
  private final long seed;
  private final int threads;

  public NoiseCalibration(SearchReference reference, Rules rules, long seed, int threads) {
    this.reference = reference;
    this.rules = rules;
    this.seed = seed;
    this.threads = threads;
  }

  /**
   * The bracket found for {@code level}: the largest noise (thousandths) whose error is below
   * {@code target} and the next step up, whose error reaches it (both 0 when even no noise errs
   * more than the target, both {@link #MAX_MILLI} when the most noise errs less).
   */
  public record Result(double target, int belowMilli, BenchmarkScore.Report below, int aboveMilli, BenchmarkScore.Report above) {
    /** The step of the bracket whose error is nearer the target. */
    public int chosenMilli() {
      double b = Math.abs(below.all().milliPerDecision() - target);
      double a = Math.abs(above.all().milliPerDecision() - target);
      return b <= a ? belowMilli : aboveMilli;
    }

    /** The error at {@link #chosenMilli()}. */
    public BenchmarkScore.Report chosen() {
      return chosenMilli() == belowMilli ? below : above;
    }
  }

  /** The error rate of {@code level} with noise {@code milli} thousandths of a point. */
  public BenchmarkScore.Report errorAt(Level level, int milli) throws InterruptedException {
    if (!level.isNoisy()) throw new IllegalArgumentException("the " + level.key() + " level plays without noise");
    double noise = milli / 1000.0;
    return reference.score(s -> level.withNoise(rules, s, noise), seed, threads);
  }

  /** The noise for which {@code level} errs {@code target} thousandths of a point per decision. */
  public Result calibrate(Level level, double target) throws InterruptedException {
    Map<Integer, BenchmarkScore.Report> seen = new HashMap<>();
    Trial trial = milli -> seen.computeIfAbsent(milli, m -> {
      try {
        return errorAt(level, m);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }).all().milliPerDecision();
    if (trial.error(0) >= target) return new Result(target, 0, seen.get(0), 0, seen.get(0));
    int low = 0;
    int high = 16;
    while (trial.error(high) < target) {
      if (high == MAX_MILLI) return new Result(target, high, seen.get(high), high, seen.get(high));
      low = high;
      high = Math.min(MAX_MILLI, high * 2);
    }
    while (high - low > 1) {
      int middle = (low + high) / 2;
      if (trial.error(middle) < target) low = middle;
      else high = middle;
    }
    return new Result(target, low, seen.get(low), high, seen.get(high));
  }

  private interface Trial {
    double error(int milli);
  }
}
