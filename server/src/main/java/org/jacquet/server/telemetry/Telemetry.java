package org.jacquet.server.telemetry;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The server's numbers, one registry of the Prometheus Java client for the process (one server a
 * process, as {@code serve} runs it), written in Prometheus' text exposition format: counters the
 * code bumps where things happen (an action handled and its time, a refusal sent by its code, an
 * HTTP request by route group and status, a flag's lateness, a database error), gauges read when
 * asked (games in progress, sockets, the database's pool, the health checks), the JVM's own
 * (memory, collections, threads: {@link JvmTelemetry}) and the build's version and commit.
 * Nothing here is keyed by what a client sends: refusal codes are the server's own, routes are
 * the patterns the server declared, and at most {@link #MAX_CODES} codes are kept.
 */
public final class Telemetry {
  /** Upper bounds of the time histograms' buckets, in seconds (+Inf is added). */
  static final double[] BUCKETS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5};
  /** Upper bounds of a flag's lateness, in seconds: a flag declared a second late is one to alert on. */
  static final double[] LATENESS_BUCKETS = {0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30};
  /** The refusal codes are a fixed set (codes.json); beyond this, a code is counted as "other". */
  static final int MAX_CODES = 100;

  private static final PrometheusRegistry REGISTRY = new PrometheusRegistry();
  private static final Histogram ACTIONS = Histogram.builder().name("jacquet_actions_seconds")
      .help("Time from a player's action received to its acknowledgement").classicOnly().classicUpperBounds(BUCKETS)
      .withoutExemplars().register(REGISTRY);
  private static final Counter REFUSALS = Counter.builder().name("jacquet_refusals_total")
      .help("Refusals sent to clients (HTTP answers and socket messages), by code").labelNames("code")
      .withoutExemplars().register(REGISTRY);
  private static final Set<String> CODES = ConcurrentHashMap.newKeySet();
  private static final Counter DATABASE_ERRORS = Counter.builder().name("jacquet_database_errors_total")
      .help("Reads and writes of the database that failed").withoutExemplars().register(REGISTRY);
  private static final Counter REQUESTS = Counter.builder().name("jacquet_http_requests_total")
      .help("HTTP requests answered, by route group and status").labelNames("route", "status")
      .withoutExemplars().register(REGISTRY);
  private static final Histogram REQUEST_SECONDS = Histogram.builder().name("jacquet_http_request_duration_seconds")
      .help("Time to answer an HTTP request, by route group").labelNames("route").classicOnly()
      .classicUpperBounds(BUCKETS).withoutExemplars().register(REGISTRY);
  private static final Histogram FLAG_LATENESS = Histogram.builder().name("jacquet_flag_lateness_seconds")
      .help("How late after its due instant a fallen flag was declared and stored").classicOnly()
      .classicUpperBounds(LATENESS_BUCKETS).withoutExemplars().register(REGISTRY);
  /** What each gauge reads now: registering a name again replaces its source (a server restarted in the process). */
  private static final Map<String, Supplier<Map<String, ? extends Number>>> SOURCES = new ConcurrentHashMap<>();

  static {
    DATABASE_ERRORS.initLabelValues();
    JvmTelemetry.register(REGISTRY);
    Info build = Info.builder().name("jacquet_build_info").help("This build of the server: its version and commit")
        .labelNames("version", "commit").register(REGISTRY);
    build.setLabelValues(BuildInfo.version(), BuildInfo.commit());
  }

  private Telemetry() {}

  /** A player's action handled, from its receipt to its acknowledgement. */
  public static void action(long nanos) {
    ACTIONS.observe(nanos / 1e9);
  }

  /** A refusal sent to a client, by its code ({@code too-many}, {@code illegal}, {@code storage}…). */
  public static void refused(String code) {
    boolean known = CODES.contains(code) || (CODES.size() < MAX_CODES && CODES.add(code));
    REFUSALS.labelValues(known ? code : "other").inc();
  }

  /** A read or write of the database failed. */
  public static void databaseError() {
    DATABASE_ERRORS.inc();
  }

  /** An HTTP request answered: its route group (a declared pattern, or a fixed word), status and time. */
  public static void httpRequest(String route, int status, long nanos) {
    REQUESTS.labelValues(route, Integer.toString(status)).inc();
    REQUEST_SECONDS.labelValues(route).observe(nanos / 1e9);
  }

  /** A flag declared {@code nanos} after it fell. */
  public static void flagLate(long nanos) {
    FLAG_LATENESS.observe(Math.max(0, nanos) / 1e9);
  }

  /**
   * A number read when the metrics are asked for; registering a name again replaces its source.
   * A gauge that cannot be read now (the database down) is left out of that scrape, not a failed scrape.
   */
  public static void gauge(String name, String help, LongSupplier value) {
    gauges(name, help, null, () -> Map.of("", value.getAsLong()));
  }

  /** Numbers by one label ({@code label}: its name; the map's keys its values), read when asked for. */
  public static void gauges(String name, String help, String label, Supplier<Map<String, ? extends Number>> values) {
    if (SOURCES.put(name, values) != null) return; // registered once: only its source is replaced
    GaugeWithCallback.Builder b = GaugeWithCallback.builder().name(name).help(help);
    if (label != null) b.labelNames(label);
    b.callback(cb -> {
      Map<String, ? extends Number> now;
      try {
        now = SOURCES.get(name).get();
      } catch (RuntimeException e) {
        return;
      }
      now.forEach((key, v) -> {
        if (label == null) cb.call(v.doubleValue());
        else cb.call(v.doubleValue(), key);
      });
    }).register(REGISTRY);
  }

  /** Every metric in Prometheus' text exposition format (version 0.0.4). */
  public static String exposition() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      new PrometheusTextFormatWriter(false).write(out, REGISTRY.scrape());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The exposition's content type. */
  public static String contentType() {
    return PrometheusTextFormatWriter.CONTENT_TYPE;
  }
}
