package org.jacquet.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /healthz} tells the truth about the database, whatever the players do: a real server
 * process on a PostgreSQL of its own, stopped under it and started again. Nothing but
 * {@code /healthz} is asked meanwhile (an idle process): it fails within the probe's period of
 * the stop, and passes again by itself once PostgreSQL is back — also after a player's write
 * failed during the outage (that process stayed 503 for more than 90 s until a player's write
 * succeeded, and a load balancer dropping 503 backends never sent it one). Each outage is one
 * line of the log, not one a second.
 */
class HealthzTest {
  /** The probe's period in this test (5 s by default). */
  private static final long PROBE_MILLIS = 300;

  @TempDir Path dir;

  private static HttpResponse<String> healthz(ServerProcess server) throws Exception {
    return WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(server.url("/healthz"))).build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Asks /healthz until {@code wanted} holds (a deadline for a hung server, not a speed bound). */
  private static JsonNode healthzUntil(ServerProcess server, Predicate<JsonNode> wanted, String what) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    JsonNode last = null;
    while (System.nanoTime() < deadline) {
      HttpResponse<String> r = healthz(server);
      last = WsClient.JSON.readTree(r.body());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(last.get("status").asText().equals("fail") ? 503 : 200);
      if (wanted.test(last)) return last;
      Thread.sleep(PROBE_MILLIS / 3);
    }
    throw new AssertionError(what + " never came; last: " + last);
  }

  private static EmbeddedPostgres postgres(Path data, int port) throws Exception {
    return EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false).setPort(port).start();
  }

  private static long count(List<String> lines, String text) {
    synchronized (lines) {
      return lines.stream().filter(l -> l.contains(text)).count();
    }
  }

  @Test
  void anIdleProcessSaysItsDatabaseIsGoneAndRecoversByItselfWithOneLineEach() throws Exception {
    Path data = dir.resolve("pg");
    int pgPort = ServerProcess.freePort();
    EmbeddedPostgres pg = postgres(data, pgPort);
    String url = pg.getJdbcUrl("postgres", "postgres");
    try (ServerProcess server = ServerProcess.start(null, List.of("-Djacquet.health.probe-millis=" + PROBE_MILLIS),
        ServerProcess.freePort(), "--db-url", url)) {
      HttpResponse<String> first = healthz(server);
      assertThat(first.statusCode()).isEqualTo(200);
      assertThat(first.headers().firstValue("Content-Type").orElse("")).startsWith("application/health+json");
      JsonNode ok = WsClient.JSON.readTree(first.body());
      assertThat(ok.get("status").asText()).isEqualTo("pass");
      assertThat(ok.get("checks").fieldNames()).toIterable().contains("database:ping", "storage:write", "queue:computer-moves", "queue:reviews");
      assertThat(ok.at("/checks/database:ping/0/status").asText()).isEqualTo("pass");
      assertThat(ok.at("/checks/queue:reviews/0/observedValue").isNumber()).isTrue();

      pg.close(); // PostgreSQL stops: nobody plays, only /healthz is asked
      JsonNode down = healthzUntil(server, h -> h.get("status").asText().equals("fail"), "fail after the stop");
      assertThat(down.at("/checks/database:ping/0/status").asText()).isEqualTo("fail");
      assertThat(down.get("output").asText()).isNotBlank();
      // A player's write fails meanwhile: refused, nothing stored.
      HttpResponse<String> refused = WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(server.url("/api/games")))
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"opponent\":\"friend\"}")).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
      assertThat(healthzUntil(server, h -> h.at("/checks/storage:write/0/status").asText().equals("fail"), "the write's failure")
          .get("status").asText()).isEqualTo("fail");

      pg = postgres(data, pgPort); // back on the same port, with the same data
      JsonNode back = healthzUntil(server, h -> h.get("status").asText().equals("pass"), "pass once PostgreSQL is back, without a player's write");
      assertThat(back.at("/checks/database:ping/0/status").asText()).isEqualTo("pass");
      assertThat(back.at("/checks/storage:write/0/status").asText()).isEqualTo("pass");
      // And the players' writes work again.
      assertThat(WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}").get("id").asText()).isNotBlank();

      List<String> lines = server.lines;
      assertThat(count(lines, "the database does not answer")).as("%s", lines).isEqualTo(1);
      assertThat(count(lines, "the database answers again")).as("%s", lines).isEqualTo(1);
      assertThat(count(lines, "listening for other servers failed")).as("%s", lines).isLessThanOrEqualTo(1);
      assertThat(count(lines, "storage failed")).as("%s", lines).isEqualTo(1);
      assertThat(count(lines, "storage works again")).as("%s", lines).isEqualTo(1);
      synchronized (lines) {
        // Each thing retried (the listener, the lobby's tick, the chores…) says when it fails and when it works again: once.
        List<String> own = lines.stream().filter(l -> l.startsWith("jacquet:")).toList();
        assertThat(own).as("the server's own lines").doesNotHaveDuplicates().hasSizeLessThanOrEqualTo(12);
        assertThat(lines).as("no stack trace").noneMatch(l -> l.startsWith("\tat "));
      }
    } finally {
      pg.close();
    }
  }
}
