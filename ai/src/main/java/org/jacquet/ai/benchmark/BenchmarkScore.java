package org.jacquet.ai.benchmark;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Parallel;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.rules.Rules;

/**
 * A player's score on a benchmark: the average equity it gives up per decision (the best
 * candidate's rolled-out equity less that of the play it chose), by category, in thousandths of
 * a point, with the standard error of that average over the decisions. Each decision gets a
 * fresh bot seeded by the decision's index, so a score replays exactly.
 */
public final class BenchmarkScore {
  /** Average loss and its standard error in thousandths per decision, over {@code decisions}. */
  public record Line(int decisions, double milliPerDecision, double standardError, int outsideCandidates) {}

  /** The score per category and over all decisions, and each decision's loss (points, in the entries' order). */
  public record Report(Map<Category, Line> byCategory, Line all, double[] losses) {}

  private BenchmarkScore() {}

  /** Scores the bots {@code bots} makes (one per decision, from its seed) on {@code entries}. */
  public static Report score(Rules rules, List<BenchmarkEntry> entries, LongFunction<Bot> bots, long seed,
      int threads) throws InterruptedException {
    double[] losses = new double[entries.size()];
    boolean[] outside = new boolean[entries.size()];
    Parallel.run(entries.size(), threads, () -> new PlayGenerator(rules), (gen, i) -> {
      BenchmarkEntry e = entries.get(i);
      LegalPlays legal = gen.legalPlays(e.position(), e.dice());
      Bot bot = bots.apply(seed * 1_000_003L + e.index());
      var result = bot.choose(legal).result();
      losses[i] = e.loss(result);
      outside[i] = !e.isCandidate(result);
    }, null);
    return report(entries, losses, outside);
  }

  /** The report of given losses (points per decision), one per entry. */
  static Report report(List<BenchmarkEntry> entries, double[] losses, boolean[] outside) {
    Map<Category, Line> by = new EnumMap<>(Category.class);
    for (Category c : Category.values()) {
      by.put(c, line(entries, losses, outside, c));
    }
    return new Report(by, line(entries, losses, outside, null), losses.clone());
  }

  /**
   * How much more {@code a} gives up per decision than {@code b}, scored on the same decisions:
   * the average of the differences decision by decision, with its standard error. Paired, so the
   * noise both share — the rollouts that value the candidates, the decisions drawn — cancels:
   * far narrower than the two scores' own errors combined.
   */
  public static Line difference(Report a, Report b) {
    int n = a.losses().length;
    if (n != b.losses().length) throw new IllegalArgumentException("the two scores are not on the same decisions");
    double sum = 0;
    double sumSq = 0;
    for (int i = 0; i < n; i++) {
      double d = a.losses()[i] - b.losses()[i];
      sum += d;
      sumSq += d * d;
    }
    if (n == 0) return new Line(0, Double.NaN, Double.NaN, 0);
    double mean = sum / n;
    double variance = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : Double.NaN;
    return new Line(n, 1000 * mean, 1000 * Math.sqrt(variance / n), 0);
  }

  private static Line line(List<BenchmarkEntry> entries, double[] losses, boolean[] outside, Category only) {
    int n = 0;
    int out = 0;
    double sum = 0;
    double sumSq = 0;
    for (int i = 0; i < losses.length; i++) {
      if (only != null && entries.get(i).category() != only) continue;
      n++;
      sum += losses[i];
      sumSq += losses[i] * losses[i];
      if (outside[i]) out++;
    }
    if (n == 0) return new Line(0, Double.NaN, Double.NaN, 0);
    double mean = sum / n;
    double variance = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : Double.NaN;
    return new Line(n, 1000 * mean, 1000 * Math.sqrt(variance / n), out);
  }
}
