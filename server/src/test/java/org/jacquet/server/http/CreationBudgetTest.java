package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The games a client may create per minute are spent on games made, not on requests refused for their content. */
class CreationBudgetTest {
  @TempDir Path dir;

  static HttpResponse<String> post(String url, String body) throws Exception {
    return WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(body))
        .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
  }

  static String code(HttpResponse<String> r) throws Exception {
    JsonNode body = WsClient.JSON.readTree(r.body());
    return body.path("code").asText();
  }

  @Test
  void invalidCreationsAreRefusedForTheirReasonAndLeaveTheBudgetWhole() throws Exception {
    // 3 games a minute: 6 refused creations, then the 3 allowed, then the limit.
    Limits three = new Limits(3, 10, 10, 16, 5, 4, 2, 128 * 1024);
    try (TestServer server = TestServer.sqlite(dir, 20, three)) {
      String games = server.url("/api/games");
      for (int i = 0; i < 2; i++) {
        HttpResponse<String> rules = post(games, "{\"opponent\":\"friend\",\"rules\":\"no-such-rules\"}");
        assertThat(rules.statusCode()).as(rules.body()).isEqualTo(400);
        assertThat(code(rules)).isEqualTo("bad-rules");
        HttpResponse<String> position = post(games, "{\"opponent\":\"friend\",\"position\":\"not a position\"}");
        assertThat(position.statusCode()).as(position.body()).isEqualTo(400);
        assertThat(code(position)).isEqualTo("bad-position");
        HttpResponse<String> level = post(games, "{\"opponent\":\"computer\",\"level\":\"grandmaster\"}");
        assertThat(level.statusCode()).as(level.body()).isEqualTo(400);
        assertThat(code(level)).isEqualTo("bad-level");
      }
      for (int i = 0; i < 3; i++) {
        HttpResponse<String> ok = post(games, "{\"opponent\":\"friend\"}");
        assertThat(ok.statusCode()).as("valid creation %d after 6 refused: %s", i + 1, ok.body()).isEqualTo(201);
      }
      HttpResponse<String> past = post(games, "{\"opponent\":\"friend\"}");
      assertThat(past.statusCode()).isEqualTo(429);
      assertThat(code(past)).isEqualTo("too-many");
      // Past the limit, a bad request is still told what is wrong with it.
      HttpResponse<String> badPast = post(games, "{\"opponent\":\"friend\",\"rules\":\"no-such-rules\"}");
      assertThat(badPast.statusCode()).as(badPast.body()).isEqualTo(400);
      assertThat(code(badPast)).isEqualTo("bad-rules");
    }
  }
}
