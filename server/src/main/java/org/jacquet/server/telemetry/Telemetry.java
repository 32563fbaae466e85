package org.jacquet.server.telemetry;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The server's numbers, one registry for the process (one server a process, as {@code serve}
 * runs it), written in Prometheus' text exposition format: counters the code bumps where things
 * happen (an action handled and its time, a refusal by its code, a database error) and gauges
 * read when asked (games in progress, sockets, computer moves waiting). Nothing here is keyed by
 * what a client sends: refusal codes are the server's own, and at most {@link #MAX_CODES} are kept.
 */
public final class Telemetry {
  /** Upper bounds of the action-time histogram's buckets, in seconds (+Inf is added). */
  static final double[] BUCKETS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5};
  /** The refusal codes are a fixed set (codes.json); beyond this, a code is counted as "other". */
  static final int MAX_CODES = 100;

  private static final AtomicLongArray ACTION_BUCKETS = new AtomicLongArray(BUCKETS.length + 1);
  private static final LongAdder ACTION_NANOS = new LongAdder();
  private static final LongAdder DATABASE_ERRORS = new LongAdder();
  private static final Map<String, LongAdder> REFUSALS = new ConcurrentHashMap<>();
  private static final Map<String, Gauge> GAUGES = new ConcurrentHashMap<>();

  private record Gauge(String help, LongSupplier value) {}

  private Telemetry() {}

  /** A player's action handled, from its receipt to its acknowledgement. */
  public static void action(long nanos) {
    double seconds = nanos / 1e9;
    int i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]) i++;
    ACTION_BUCKETS.incrementAndGet(i);
    ACTION_NANOS.add(nanos);
  }

  /** A request or message refused, by its code ({@code too-many}, {@code illegal}, {@code storage}…). */
  public static void refused(String code) {
    LongAdder n = REFUSALS.get(code);
    if (n == null) n = REFUSALS.size() < MAX_CODES ? REFUSALS.computeIfAbsent(code, c -> new LongAdder()) : REFUSALS.computeIfAbsent("other", c -> new LongAdder());
    n.increment();
  }

  /** A read or write of the database failed. */
  public static void databaseError() {
    DATABASE_ERRORS.increment();
  }

  /** A number read when the metrics are asked for; registering a name again replaces it (a server restarted in the process). */
  public static void gauge(String name, String help, LongSupplier value) {
    GAUGES.put(name, new Gauge(help, value));
  }

  /** Every metric in Prometheus' text exposition format (version 0.0.4). */
  public static String exposition() {
    StringBuilder out = new StringBuilder();
    new java.util.TreeMap<>(GAUGES).forEach((name, g) -> {
      long value;
      try {
        value = g.value().getAsLong();
      } catch (RuntimeException e) { // a gauge that cannot be read now (the database down) is left out, not a failed scrape
        return;
      }
      family(out, name, g.help(), "gauge").append(name).append(' ').append(value).append('\n');
    });
    family(out, "jacquet_actions_seconds", "Time from a player's action received to its acknowledgement", "histogram");
    long cumulative = 0;
    for (int i = 0; i <= BUCKETS.length; i++) {
      cumulative += ACTION_BUCKETS.get(i);
      String le = i < BUCKETS.length ? Double.toString(BUCKETS[i]) : "+Inf";
      out.append("jacquet_actions_seconds_bucket{le=\"").append(le).append("\"} ").append(cumulative).append('\n');
    }
    out.append("jacquet_actions_seconds_sum ").append(ACTION_NANOS.sum() / 1e9).append('\n');
    out.append("jacquet_actions_seconds_count ").append(cumulative).append('\n');
    family(out, "jacquet_refusals_total", "Requests and messages refused, by code", "counter");
    new java.util.TreeMap<>(REFUSALS).forEach((code, n) ->
        out.append("jacquet_refusals_total{code=\"").append(escape(code)).append("\"} ").append(n.sum()).append('\n'));
    family(out, "jacquet_database_errors_total", "Reads and writes of the database that failed", "counter");
    out.append("jacquet_database_errors_total ").append(DATABASE_ERRORS.sum()).append('\n');
    return out.toString();
  }

  private static StringBuilder family(StringBuilder out, String name, String help, String type) {
    return out.append("# HELP ").append(name).append(' ').append(help).append('\n')
        .append("# TYPE ").append(name).append(' ').append(type).append('\n');
  }

  /** A label value as the format wants it: backslash, quote and newline escaped. */
  static String escape(String value) {
    return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }
}
