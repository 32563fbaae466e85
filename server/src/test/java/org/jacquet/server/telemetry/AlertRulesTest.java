package org.jacquet.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The alert rules and the dashboard shipped for hosts (packaging/monitoring): the rules pass
 * {@code promtool check rules} (Debian's {@code prometheus} package; run-tests installs it, and a
 * machine without it fails here rather than skipping), and every series the rules and the
 * dashboard name is one a running server exports — a rule on a name nobody exports never fires.
 */
class AlertRulesTest {
  private static final Path MONITORING = Path.of("..", "packaging", "monitoring").toAbsolutePath().normalize();
  /** The series names in an expression: ours, the pool's, the JVM's (Prometheus' own {@code up} is not a server's). */
  private static final Pattern SERIES = Pattern.compile("\\b((?:jacquet|hikaricp|jvm|process)_[a-z0-9_]+)");

  @TempDir Path dir;

  private static String run(String... command) throws Exception {
    Process p;
    try {
      p = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (java.io.IOException e) {
      throw new AssertionError(command[0] + " is missing: install Debian's prometheus package (apt-get install prometheus), as run-tests does", e);
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(String.join(" ", command) + ":\n" + out).isZero();
    return out;
  }

  @Test
  void theRulesPassPromtoolAndTheShippedScrapeConfigLoadsThem() throws Exception {
    assertThat(run("promtool", "check", "rules", MONITORING.resolve("alerts.yml").toString())).contains("SUCCESS");
    Path config = dir.resolve("prometheus.yml");
    Files.writeString(config, Files.readString(MONITORING.resolve("prometheus.yml"))
        .replace("/etc/prometheus/jacquet-alerts.yml", MONITORING.resolve("alerts.yml").toString()));
    assertThat(run("promtool", "check", "config", config.toString())).contains("SUCCESS");
  }

  @Test
  void everySeriesTheRulesAndTheDashboardNameIsExportedByARunningServer() throws Exception {
    Set<String> named = new TreeSet<>();
    for (String file : new String[] {"alerts.yml", "dashboard.json"}) {
      Matcher m = SERIES.matcher(Files.readString(MONITORING.resolve(file)));
      while (m.find()) named.add(m.group(1));
    }
    assertThat(named).contains("jacquet_http_requests_total", "jacquet_health_check_status", "jacquet_flag_lateness_seconds_bucket",
        "jacquet_data_disk_free_bytes", "hikaricp_connections_pending");
    int metricsPort = ServerProcess.freePort();
    try (ServerProcess server = ServerProcess.start(ServerProcess.freePort(), "--data", dir.resolve("data").toString(),
        "--metrics-port", String.valueOf(metricsPort))) {
      assertThat(WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(server.url("/healthz"))).build(),
          HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
      WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}");
      // A refusal sent: the refusals' counter has a series once one was (none is counted at start).
      assertThat(WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(server.url("/api/games/nosuchgame"))).build(),
          HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(404);
      String exposition = WsClient.HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metricsPort + "/metrics")).build(),
          HttpResponse.BodyHandlers.ofString()).body();
      Set<String> exported = new TreeSet<>();
      for (String line : exposition.split("\n")) {
        if (!line.isEmpty() && !line.startsWith("#")) exported.add(line.split("[{ ]", 2)[0]);
      }
      assertThat(exported).as("the series a running server exports").containsAll(named);
    }
  }
}
