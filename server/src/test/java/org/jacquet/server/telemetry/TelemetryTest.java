package org.jacquet.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The exposition follows Prometheus' text format: HELP and TYPE before each family, cumulative
 * histogram buckets ending in +Inf equal to the count, label values escaped. (The registry is the
 * process's: these tests read what they add, not absolute numbers.)
 */
class TelemetryTest {
  static long value(String exposition, String series) {
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " ([0-9.eE+-]+)$").matcher(exposition);
    return m.find() ? (long) Double.parseDouble(m.group(1)) : -1;
  }

  @Test
  void anActionFallsInTheBucketsAtAndAboveItsTime() {
    String before = Telemetry.exposition();
    Telemetry.action(3_000_000); // 3 ms
    String after = Telemetry.exposition();
    assertThat(value(after, "jacquet_actions_seconds_bucket{le=\"0.0025\"}")).isEqualTo(value(before, "jacquet_actions_seconds_bucket{le=\"0.0025\"}"));
    assertThat(value(after, "jacquet_actions_seconds_bucket{le=\"0.005\"}")).isEqualTo(value(before, "jacquet_actions_seconds_bucket{le=\"0.005\"}") + 1);
    assertThat(value(after, "jacquet_actions_seconds_bucket{le=\"+Inf\"}")).isEqualTo(value(before, "jacquet_actions_seconds_bucket{le=\"+Inf\"}") + 1);
    assertThat(value(after, "jacquet_actions_seconds_count")).isEqualTo(value(after, "jacquet_actions_seconds_bucket{le=\"+Inf\"}"));
    assertThat(after).contains("# TYPE jacquet_actions_seconds histogram\n", "# TYPE jacquet_refusals_total counter\n",
        "# TYPE jacquet_database_errors_total counter\n");
  }

  @Test
  void refusalsAreCountedByCodeAndGaugesReadWhenAsked() {
    Telemetry.refused("illegal");
    long illegal = value(Telemetry.exposition(), "jacquet_refusals_total{code=\"illegal\"}");
    Telemetry.refused("illegal");
    assertThat(value(Telemetry.exposition(), "jacquet_refusals_total{code=\"illegal\"}")).isEqualTo(illegal + 1);
    long[] n = {7};
    Telemetry.gauge("jacquet_test_gauge", "A gauge of this test", () -> n[0]);
    assertThat(value(Telemetry.exposition(), "jacquet_test_gauge")).isEqualTo(7);
    n[0] = 9;
    assertThat(value(Telemetry.exposition(), "jacquet_test_gauge")).isEqualTo(9);
    Telemetry.gauge("jacquet_test_gauge", "A gauge that cannot be read", () -> {
      throw new IllegalStateException("database down");
    });
    assertThat(Telemetry.exposition()).doesNotContain("jacquet_test_gauge ");
  }
}
