package org.jacquet.server.limits;

import java.util.Arrays;

/**
 * How long the server takes to handle players' actions (receipt to acknowledgement): the last
 * {@link #KEPT} durations in a ring, so memory stays bounded however long the server runs.
 * Read-only from outside: a client asks for the actions after the N-th it saw ({@code since}).
 */
public final class Metrics {
  static final int KEPT = 1 << 20;
  private final long[] nanos;
  private long count;
  /** Where each duration also goes in the telemetry (the histogram of its kind). */
  private final java.util.function.LongConsumer telemetry;

  /** Players' actions' handling times (also given to the telemetry's {@code jacquet_actions_seconds}). */
  public Metrics() {
    this(org.jacquet.server.telemetry.Telemetry::action, KEPT);
  }

  private Metrics(java.util.function.LongConsumer telemetry, int kept) {
    this.telemetry = telemetry;
    this.nanos = new long[kept];
  }

  /** The last {@code kept} flags' lateness (also given to the telemetry's {@code jacquet_flag_lateness_seconds}). */
  public static Metrics flagLateness(int kept) {
    return new Metrics(org.jacquet.server.telemetry.Telemetry::flagLate, kept);
  }

  public synchronized void record(long durationNanos) {
    telemetry.accept(durationNanos);
    nanos[(int) (count % nanos.length)] = durationNanos;
    count++;
  }

  /** {count, p50, p99, max} in milliseconds over the actions after the {@code since}-th still kept. */
  public synchronized double[] snapshot(long since) {
    long first = Math.max(Math.max(0, since), count - nanos.length);
    int n = (int) Math.max(0, count - first);
    long[] sorted = new long[n];
    for (int i = 0; i < n; i++) sorted[i] = nanos[(int) ((first + i) % nanos.length)];
    Arrays.sort(sorted);
    return new double[] {count, percentile(sorted, 0.50), percentile(sorted, 0.99), n == 0 ? 0 : sorted[n - 1] / 1e6};
  }

  private static double percentile(long[] sorted, double q) {
    if (sorted.length == 0) return 0;
    int i = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
  }
}
