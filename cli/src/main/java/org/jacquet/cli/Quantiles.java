package org.jacquet.cli;

import java.util.List;

/** The one way the commands that time things ({@code load}, {@code bench}, {@code bench-accounts}) read a quantile. */
final class Quantiles {
  private Quantiles() {}

  /**
   * The nearest-rank {@code q} quantile (0 < q ≤ 1) of {@code sorted}, in its own unit: the
   * smallest value with at least that share of the values at or below it; 0 when there is none.
   */
  static long nearestRank(List<Long> sorted, double q) {
    if (sorted.isEmpty()) return 0;
    int i = (int) Math.ceil(q * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i)));
  }
}
