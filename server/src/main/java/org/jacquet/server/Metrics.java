package org.jacquet.server;

import java.util.Arrays;

/** How long the server takes to handle players' actions (receipt to acknowledgement). */
final class Metrics {
  private long[] nanos = new long[1 << 16];
  private int count;

  synchronized void record(long durationNanos) {
    if (count == nanos.length) nanos = Arrays.copyOf(nanos, count * 2);
    nanos[count++] = durationNanos;
  }

  /** {count, p50, p99, max} in milliseconds (count as is); resets when asked. */
  synchronized double[] snapshot(boolean reset) {
    long[] sorted = Arrays.copyOf(nanos, count);
    Arrays.sort(sorted);
    double[] out = {count, percentile(sorted, 0.50), percentile(sorted, 0.99), count == 0 ? 0 : sorted[count - 1] / 1e6};
    if (reset) count = 0;
    return out;
  }

  private static double percentile(long[] sorted, double q) {
    if (sorted.length == 0) return 0;
    int i = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
  }
}
