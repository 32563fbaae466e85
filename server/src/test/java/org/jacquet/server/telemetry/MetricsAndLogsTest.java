package org.jacquet.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.jacquet.server.testing.Postgres;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.browser.BrowserTest;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;

/**
 * A real server process on PostgreSQL, run as a host runs it (--metrics-port, --log-json, the
 * password in JACQUET_DB_PASSWORD): the metrics on their own loopback port follow what the
 * players do (games, sockets, actions and their times, refusals by code), the public port does
 * not serve them, and every line the process writes is one JSON object in which no seat token
 * and no password ever appears.
 */
class MetricsAndLogsTest {
  private static final String PASSWORD = "pg-pass-Zq7";
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static HttpResponse<String> get(String url) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void metricsFollowThePlayAndTheJsonLogHoldsNoSecret() throws Exception {
    try (Postgres pg = Postgres.fresh()) {
      String url = pg.jdbcUrl();
      int metricsPort = ServerProcess.freePort();
      List<String> tokens = new ArrayList<>();
      ServerProcess server = ServerProcess.start("JACQUET_DB_PASSWORD='" + PASSWORD + "'; export JACQUET_DB_PASSWORD",
          ServerProcess.freePort(), "--db-url", url, "--db-user", "postgres", "--metrics-port", String.valueOf(metricsPort), "--log-json");
      try {
        String metrics = "http://127.0.0.1:" + metricsPort + "/metrics";
        HttpResponse<String> first = get(metrics);
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain; version=0.0.4");
        assertThat(get(server.url("/metrics")).statusCode()).as("the public port does not serve the metrics").isEqualTo(404);
        long actionsBefore = TelemetryTest.value(first.body(), "jacquet_actions_seconds_count");
        // Nothing refused yet: no refusal is counted at start (two were, by the constructors of constants).
        assertThat(first.body()).doesNotContain("jacquet_refusals_total{");
        assertThat(first.body()).contains("jacquet_build_info{commit=\"" + BuildInfo.commit() + "\",version=\"" + BuildInfo.version() + "\"} 1",
            "jvm_memory_used_bytes{area=\"heap\"}", "jvm_threads_current ", "hikaricp_connections_max{pool=\"jacquet\"} ",
            "jacquet_health_check_status{check=\"database:ping\"} 0");

        JsonNode created = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\",\"match\":1,\"position\":\"" + BrowserTest.RACE + "\"}");
        String id = created.get("id").asText();
        tokens.add(created.get("token").asText());
        tokens.add(created.get("inviteToken").asText());
        JsonNode computer = WsClient.post(server.url("/api/games"), "{\"opponent\":\"computer\",\"level\":\"random\"}");
        tokens.add(computer.get("token").asText());
        try (WsClient white = new WsClient(server.url(""), id); WsClient black = new WsClient(server.url(""), id)) {
          white.send("{\"type\":\"hello\",\"token\":\"" + tokens.get(0) + "\"}");
          black.send("{\"type\":\"hello\",\"token\":\"" + tokens.get(1) + "\"}");
          white.nextSeatedState();
          black.nextSeatedState();
          // The invitation's seat is black's now under a key of its own: that key plays, and must not be logged either.
          String blackToken = black.seatToken(tokens.get(1));
          tokens.add(blackToken);
          JsonNode s = WsClient.JSON.readTree(WsClient.get(server.url("/api/games/" + id)));
          int actions = 0;
          for (; actions < 6 && !s.get("phase").asText().equals("over"); actions++) {
            boolean whiteMoves = s.get("turn").asText().equals("white");
            WsClient mover = whiteMoves ? white : black;
            if (s.get("phase").asText().equals("play")) {
              JsonNode mine = WsClient.JSON.readTree(WsClient.get(server.url("/api/games/" + id), whiteMoves ? tokens.get(0) : blackToken));
              mover.send("{\"type\":\"play\",\"play\":\"" + mine.get("legal").get(0).asText() + "\"}");
            } else {
              mover.send("{\"type\":\"roll\"}");
            }
            s = (whiteMoves ? black : white).stateAt(s.get("version").asInt() + 1);
          }
          // A play out of turn, refused: the refusal is counted by its code.
          (s.get("turn").asText().equals("white") ? black : white).send("{\"type\":\"roll\"}");
          String refusedCode = (s.get("turn").asText().equals("white") ? black : white).nextError().get("code").asText();
          assertThat(get(server.url("/api/games/nosuchgame")).statusCode()).isEqualTo(404);

          String now = get(metrics).body();
          assertThat(TelemetryTest.value(now, "jacquet_sockets")).isEqualTo(2);
          assertThat(TelemetryTest.value(now, "jacquet_games_in_progress")).isGreaterThanOrEqualTo(s.get("phase").asText().equals("over") ? 1 : 2);
          assertThat(TelemetryTest.value(now, "jacquet_actions_seconds_count")).isGreaterThanOrEqualTo(actionsBefore + actions);
          assertThat(TelemetryTest.value(now, "jacquet_refusals_total{code=\"" + refusedCode + "\"}")).isGreaterThanOrEqualTo(1);
          assertThat(TelemetryTest.value(now, "jacquet_refusals_total{code=\"not-found\"}")).isGreaterThanOrEqualTo(1);
          assertThat(TelemetryTest.value(now, "jacquet_computer_moves_waiting")).isGreaterThanOrEqualTo(0);
          assertThat(TelemetryTest.value(now, "jacquet_database_errors_total")).isZero();
          // Only the three refusals sent are counted (/metrics on the public port, the roll out of
          // turn, the unknown game): not the explanations inside the game's states (why a checker
          // may not move: point-held-by-opponent…), which are not refusals.
          java.util.regex.Matcher refusals = java.util.regex.Pattern.compile("(?m)^jacquet_refusals_total\\{code=\"[^\"]+\"\\} ([0-9.]+)$").matcher(now);
          double refused = 0;
          while (refusals.find()) refused += Double.parseDouble(refusals.group(1));
          assertThat(refused).as(now).isEqualTo(3);
          assertThat(TelemetryTest.value(now, "jacquet_sockets_open{kind=\"game\"}")).isEqualTo(2);
          assertThat(TelemetryTest.value(now, "jacquet_sockets_open{kind=\"lobby\"}")).isZero();
          assertThat(TelemetryTest.value(now, "jacquet_http_requests_total{route=\"/api/games\",status=\"201\"}")).isEqualTo(2);
          assertThat(TelemetryTest.value(now, "jacquet_http_requests_total{route=\"/api/games/{id}\",status=\"404\"}")).isEqualTo(1);
          assertThat(TelemetryTest.value(now, "jacquet_http_request_duration_seconds_count{route=\"/api/games\"}")).isEqualTo(2);
        }
      } finally {
        server.stop();
      }
      List<String> lines;
      synchronized (server.lines) {
        lines = List.copyOf(server.lines);
      }
      assertThat(lines).as("the server logged its stop at least").isNotEmpty();
      for (String line : lines) {
        JsonNode o = WsClient.JSON.readTree(line);
        assertThat(o.isObject()).as(line).isTrue();
        assertThat(o.fieldNames()).toIterable().containsExactly("time", "level", "source", "message");
        assertThat(line).doesNotContain(PASSWORD);
        for (String token : tokens) assertThat(line).doesNotContain(token);
      }
      assertThat(lines).anyMatch(l -> l.contains("\"message\":\"Jacquet web app stopped; database closed\""));
    }
  }

  /**
   * On a runtime without {@code jdk.management} (the packaged one lacked it: no
   * {@code com.sun.management}), the metrics still answer — {@code /api/metrics} answered 500 with
   * an empty body and ~50 lines of stack trace a request — with the figures it cannot give left out.
   */
  @Test
  void withoutJdkManagementTheMetricsAnswerAndNothingIsLoggedPerRequest(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    int metricsPort = ServerProcess.freePort();
    try (ServerProcess server = ServerProcess.start(null,
        List.of("--limit-modules", "java.se,jdk.httpserver,jdk.unsupported,jdk.crypto.ec,jdk.zipfs,jdk.localedata"),
        ServerProcess.freePort(), "--data", dir.toString(), "--metrics-port", String.valueOf(metricsPort))) {
      for (int i = 0; i < 3; i++) {
        HttpResponse<String> api = get(server.url("/api/metrics"));
        assertThat(api.statusCode()).as(api.body()).isEqualTo(200);
        assertThat(WsClient.JSON.readTree(api.body()).get("cpu_ms").asLong()).as("not given by this runtime").isEqualTo(-1);
        HttpResponse<String> scrape = get("http://127.0.0.1:" + metricsPort + "/metrics");
        assertThat(scrape.statusCode()).isEqualTo(200);
        assertThat(scrape.body()).contains("jvm_memory_used_bytes", "jacquet_build_info");
        assertThat(get(server.url("/healthz")).statusCode()).isEqualTo(200);
      }
      synchronized (server.lines) {
        assertThat(server.lines).as("no stack trace").noneMatch(l -> l.startsWith("\tat ") || l.contains("NoClassDefFoundError"));
      }
    }
  }
}
