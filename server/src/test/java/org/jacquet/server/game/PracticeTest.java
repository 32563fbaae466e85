package org.jacquet.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.jacquet.server.browser.BrowserTest;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Practice games (issue 24, item 3) over real sockets and a real database: marked and stored,
 * the computer waiting for the learner to go on, the tutor's word on the play just made, and a
 * take-back allowed only there and only before the computer has thrown.
 */
class PracticeTest {
  @TempDir Path dir;
  TestServer server;

  @BeforeEach
  void start() {
    server = TestServer.sqlite(dir, 20);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  JsonNode create(String opponent) throws Exception {
    return WsClient.post(server.url("/api/games"), "{\"opponent\":\"" + opponent + "\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + BrowserTest.RACE + "\"}");
  }

  JsonNode lastPlayTutor(String id, String token) throws Exception {
    HttpResponse<String> r = WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(server.url("/api/games/" + id + "/tutor")))
        .header("Content-Type", "application/json").header("Authorization", "Bearer " + token)
        .POST(HttpRequest.BodyPublishers.ofString("{\"last\":true}")).build(), HttpResponse.BodyHandlers.ofString());
    return WsClient.JSON.readTree(r.body());
  }

  @Test
  void aPlayIsTakenBackWithItsDiceWhileTheComputerWaitsAndNotOnceItHasThrown() throws Exception {
    JsonNode created = create("practice");
    String id = created.get("id").asText();
    String token = created.get("token").asText();
    assertThat(WsClient.get(server.url("/api/games/" + id + "/record"))).as("stored with the game").contains("[Practice \"yes\"]");
    try (WsClient w = new WsClient(server.url(""), id)) {
      w.send("{\"type\":\"hello\",\"token\":\"" + token + "\"}");
      JsonNode s = w.nextSeatedState();
      assertThat(s.get("practice").asBoolean()).isTrue();
      s = w.act("{\"type\":\"roll\"}", () -> server.version(id));
      String dice = s.get("dice").get("text").asText();
      String before = s.get("position").get("text").asText();
      JsonNode legal = s.get("legal");
      String worst = legal.get(legal.size() - 1).asText();
      s = w.act("{\"type\":\"play\",\"play\":\"" + worst + "\"}", () -> server.version(id));
      assertThat(s.get("phase").asText()).isEqualTo("roll");
      assertThat(s.get("turn").asText()).isEqualTo("black");

      // The tutor ranks the play just made (taking real time, past the computer's 20 ms pause).
      JsonNode word = lastPlayTutor(id, token);
      assertThat(word.get("lost").asDouble()).isGreaterThanOrEqualTo(0);
      assertThat(word.has("best")).isTrue();

      // The computer has waited: the play comes back, with the same dice to play again.
      s = w.act("{\"type\":\"take-back\"}", () -> server.version(id));
      assertThat(s.get("phase").asText()).isEqualTo("play");
      assertThat(s.get("turn").asText()).isEqualTo("white");
      assertThat(s.get("dice").get("text").asText()).isEqualTo(dice);
      assertThat(s.get("position").get("text").asText()).isEqualTo(before);

      // Played again, then on: the computer throws, and the play stays.
      s = w.act("{\"type\":\"play\",\"play\":\"" + legal.get(0).asText() + "\"}", () -> server.version(id));
      int kept = s.get("version").asInt();
      assertThat(w.answer("{\"type\":\"go-on\"}").path("type").asText()).isEqualTo("ok");
      w.until("the computer's throw", PracticeTest::blackThrew);
      w.send("{\"type\":\"take-back\"}");
      JsonNode refused = w.nextError();
      assertThat(refused.get("code").asText()).isEqualTo("no-take-back");
      assertThat(refused.get("params").get("what").asText()).isEqualTo("too-late");
    }
  }

  /** Black (the computer) has thrown: it is playing them, or its turn is among the events. */
  static boolean blackThrew(JsonNode state) {
    if (state.get("turn").asText().equals("black") && state.get("phase").asText().equals("play")) return true;
    for (JsonNode e : state.get("events")) if (e.path("kind").asText().equals("turn") && e.path("side").asText().equals("black")) return true;
    return false;
  }

  @Test
  void onlyAPracticeGameTakesBackOrWaitsForTheLearner() throws Exception {
    JsonNode created = create("computer");
    String id = created.get("id").asText();
    try (WsClient w = new WsClient(server.url(""), id)) {
      w.send("{\"type\":\"hello\",\"token\":\"" + created.get("token").asText() + "\"}");
      JsonNode s = w.nextSeatedState();
      assertThat(s.get("practice").asBoolean()).isFalse();
      s = w.act("{\"type\":\"roll\"}", () -> server.version(id));
      w.act("{\"type\":\"play\",\"play\":\"" + s.get("legal").get(0).asText() + "\"}", () -> server.version(id));
      w.send("{\"type\":\"take-back\"}");
      JsonNode refused = w.nextError();
      assertThat(refused.get("code").asText()).isEqualTo("no-take-back");
      assertThat(refused.get("params").get("what").asText()).isEqualTo("not-practice");
      w.send("{\"type\":\"go-on\"}");
      assertThat(w.nextError().get("params").get("what").asText()).isEqualTo("not-practice");
      // Not held: the computer throws by itself after its pause.
      w.until("the computer's throw", PracticeTest::blackThrew);
    }
    assertThat(WsClient.get(server.url("/api/games/" + id + "/record"))).doesNotContain("Practice");
  }
}
