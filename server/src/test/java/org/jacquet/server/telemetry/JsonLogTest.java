package org.jacquet.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jacquet.server.game.Tokens;
import org.junit.jupiter.api.Test;

/** Each line written becomes one JSON object, with its level and source, and no secret in it. */
class JsonLogTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode line(String text) throws Exception {
    return JSON.readTree(JsonLog.toJson(text, "warn", List.of("pg-Secret")));
  }

  @Test
  void theServersLinesAndTheLibrariesAreParsedIntoLevelSourceAndMessage() throws Exception {
    JsonNode own = line("jacquet: storage failed (disk full); refusing changes until a write succeeds");
    assertThat(own.get("level").asText()).isEqualTo("warn");
    assertThat(own.get("source").asText()).isEqualTo("jacquet");
    assertThat(own.get("message").asText()).isEqualTo("storage failed (disk full); refusing changes until a write succeeds");
    assertThat(own.get("time").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
    JsonNode jetty = line("[main] INFO org.eclipse.jetty.server.Server - Started Server@1a2b3c{STARTING}");
    assertThat(jetty.get("level").asText()).isEqualTo("info");
    assertThat(jetty.get("source").asText()).isEqualTo("org.eclipse.jetty.server.Server");
    assertThat(jetty.get("message").asText()).isEqualTo("Started Server@1a2b3c{STARTING}");
    assertThat(line("\tat org.jacquet.X.y(X.java:1)").get("level").asText()).isEqualTo("error");
    assertThat(line("a \"quoted\" word\tand a tab").get("message").asText()).isEqualTo("a \"quoted\" word\tand a tab");
  }

  @Test
  void noSeatTokenNoPasswordAndNoBearerIsEverWritten() throws Exception {
    String token = Tokens.token();
    String gameId = Tokens.gameId();
    String written = JsonLog.toJson("jacquet: GET /api/games/" + token + " from 10.0.0.1 refused for game " + gameId
        + " jdbc:postgresql://db/jacquet?user=j&password=hunter2&ssl=true Authorization: Bearer " + Tokens.token()
        + " login with pg-Secret", "warn", List.of("pg-Secret"));
    assertThat(written).doesNotContain(token).doesNotContain("hunter2").doesNotContain("pg-Secret");
    assertThat(written).contains("/api/games/…").contains("password=…&ssl=true").contains("Bearer …").contains("login with …");
    assertThat(written).as("a game id is public: kept").contains(gameId);
    assertThat(JsonLog.kept(null, "", "pw")).as("no password given (SQLite): nothing to hide, no failure").containsExactly("pw");
    for (int i = 0; i < 1000; i++) {
      String t = Tokens.token();
      assertThat(JsonLog.redact("hello " + t + ".", List.of())).isEqualTo("hello ….");
    }
  }

  @Test
  void everyLineWrittenThroughTheStreamIsOneJsonObject() throws Exception {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    PrintStream log = new PrintStream(JsonLog.over(new PrintStream(sink, true, StandardCharsets.UTF_8), "info", List.of()), true,
        StandardCharsets.UTF_8);
    log.println("Jacquet web app on http://127.0.0.1:8080");
    log.print("jacquet: two lines ");
    log.println("in three writes\nand the second é");
    log.println();
    List<String> lines = sink.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(JSON.readTree(lines.get(0)).get("level").asText()).isEqualTo("info");
    assertThat(JSON.readTree(lines.get(1)).get("message").asText()).isEqualTo("two lines in three writes");
    assertThat(JSON.readTree(lines.get(2)).get("message").asText()).isEqualTo("and the second é");
  }
}
