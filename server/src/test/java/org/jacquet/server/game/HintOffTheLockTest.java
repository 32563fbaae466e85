package org.jacquet.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hints are ranked off the game's lock (real sockets): while one is computed the game's other
 * sockets and other games are answered; a hint the game has overtaken is never delivered as
 * current; a seat asking again and again gets one computation.
 */
class HintOffTheLockTest {
  /** A middle game: many legal plays, so the ranking takes its time. */
  static final String MIDDLE = "white=1:3,2:2,4:2,6:2,8:2,10:2,12:2 black=1:3,2:2,4:2,6:2,8:2,10:2,12:2 turn=white";

  @TempDir Path dir;
  TestServer server;
  String id;
  String token;

  @BeforeEach
  void start() throws Exception {
    server = TestServer.sqlite(dir, 0);
    JsonNode created = WsClient.post(server.url("/api/games"),
        "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + MIDDLE + "\"}");
    id = created.get("id").asText();
    token = created.get("token").asText();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** Seated on game {@code id}, thrown, in the play phase: the state's version. */
  private int rolled(WsClient w) throws Exception {
    w.send("{\"type\":\"hello\",\"token\":\"" + token + "\"}");
    JsonNode s = w.nextSeatedState();
    if (s.get("phase").asText().equals("roll")) {
      s = w.act("{\"type\":\"roll\"}", () -> server.version(id));
    }
    assertThat(s.get("phase").asText()).isEqualTo("play");
    return s.get("version").asInt();
  }

  /** Waits until the server has started one ranking more than {@code before} (fails after 10 s). */
  private void awaitAnalysisStarted(int before) throws InterruptedException {
    long until = System.nanoTime() + 10_000_000_000L;
    while (server.games.analysesStarted() == before && System.nanoTime() < until) Thread.sleep(1);
    assertThat(server.games.analysesStarted()).as("rankings started").isEqualTo(before + 1);
  }

  private static String anyPlay(JsonNode state) {
    return state.get("legal").get(state.get("legal").size() - 1).asText();
  }

  @Test
  void aHintBeingComputedHoldsUpNeitherTheGamesOtherSocketsNorOtherGames() throws Exception {
    JsonNode friend = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\",\"match\":1}");
    try (WsClient mine = new WsClient(server.url(""), id); WsClient tab = new WsClient(server.url(""), id);
        WsClient other = new WsClient(server.url(""), friend.get("id").asText())) {
      int version = rolled(mine);
      tab.send("{\"type\":\"hello\",\"token\":\"" + token + "\"}");
      JsonNode s = tab.nextSeatedState();
      other.send("{\"type\":\"hello\",\"token\":\"" + friend.get("token").asText() + "\"}");
      other.nextSeatedState();
      String from = s.get("moves").fieldNames().next();

      // The ranking held until both acknowledgements are in: "before the hint" no longer
      // depends on the ranking outlasting two round trips (on a loaded machine it did not).
      CountDownLatch release = new CountDownLatch(1);
      server.games.holdAnalysesForTests(release);
      long asked;
      long acknowledged;
      try {
        int started = server.games.analysesStarted();
        mine.send("{\"type\":\"hint\"}");
        awaitAnalysisStarted(started); // the ranking has started, and waits for the release
        asked = System.nanoTime();
        // The same game's other tab lays a step down, another game throws: both acknowledged
        // while the hint is still being ranked (under the lock they would wait for it).
        tab.send("{\"type\":\"step\",\"from\":" + from + ",\"to\":" + s.get("moves").get(from).get(0).asInt() + ",\"ref\":1}");
        other.send("{\"type\":\"roll\",\"ref\":2}");
        tab.next(m -> m.path("type").asText().equals("ok"));
        other.next(m -> m.path("type").asText().equals("ok"));
        acknowledged = System.nanoTime();
      } finally {
        release.countDown();
      }
      JsonNode hint = mine.next(m -> m.path("type").asText().equals("hint"));
      long hinted = System.nanoTime();
      assertThat(hint.get("version").asInt()).isEqualTo(version);
      assertThat(hint.get("plays").size()).isGreaterThan(1);
      assertThat(acknowledged).as("the actions were answered before the hint (%d ms vs %d ms)",
          TimeUnit.NANOSECONDS.toMillis(acknowledged - asked), TimeUnit.NANOSECONDS.toMillis(hinted - asked)).isLessThan(hinted);
    }
  }

  @Test
  void aHintTheGameHasOvertakenIsNotDeliveredAsCurrent() throws Exception {
    try (WsClient mine = new WsClient(server.url(""), id); WsClient tab = new WsClient(server.url(""), id)) {
      int version = rolled(mine);
      tab.send("{\"type\":\"hello\",\"token\":\"" + token + "\"}");
      JsonNode s = tab.nextSeatedState();
      int before = server.games.analysesStarted();
      mine.send("{\"type\":\"hint\"}");
      awaitAnalysisStarted(before);
      tab.send("{\"type\":\"play\",\"play\":\"" + anyPlay(s) + "\"}");
      // What the first socket gets, in order, until two seconds after the play's state: a hint
      // may come only before that state, and only for the version it was asked on.
      List<JsonNode> seen = new ArrayList<>();
      long end = System.currentTimeMillis() + 10_000;
      JsonNode m;
      while ((m = mine.poll(Math.max(1, end - System.currentTimeMillis()), x -> x.path("type").asText().matches("hint|state|change"))) != null) {
        seen.add(m);
        if (!m.path("type").asText().equals("hint") && m.path("version").asInt() > version) {
          end = Math.min(end, System.currentTimeMillis() + 2000);
        }
      }
      boolean played = false;
      for (JsonNode got : seen) {
        if (!got.path("type").asText().equals("hint") && got.path("version").asInt() > version) played = true;
        if (got.path("type").asText().equals("hint")) {
          assertThat(played).as("a hint came after the play that overtook it").isFalse();
          assertThat(got.get("version").asInt()).isEqualTo(version);
        }
      }
      assertThat(played).isTrue();
    }
  }

  @Test
  void aSeatAskingAgainAndAgainGetsOneComputation() throws Exception {
    try (WsClient mine = new WsClient(server.url(""), id)) {
      int version = rolled(mine);
      int before = server.games.analysesStarted();
      // The ranking held until all five were asked: one finished before the last request came
      // would let that request start a second one.
      CountDownLatch release = new CountDownLatch(1);
      server.games.holdAnalysesForTests(release);
      List<JsonNode> answers = new ArrayList<>();
      try {
        for (int i = 0; i < 5; i++) mine.send("{\"type\":\"hint\"}");
        // A socket's messages are handled in order: its pong comes once the five hints were
        // (a refusal that came first is kept).
        mine.send("{\"type\":\"ping\"}");
        for (JsonNode m; !(m = mine.next(x -> x.path("type").asText().matches("hint|error|pong"))).path("type").asText().equals("pong"); ) {
          answers.add(m);
        }
      } finally {
        release.countDown();
      }
      while (answers.size() < 5) answers.add(mine.next(x -> x.path("type").asText().matches("hint|error")));
      for (JsonNode m : answers) {
        // Each request is answered: by the one ranking, or refused as busy (never queued up).
        assertThat(m.path("type").asText().equals("hint") ? "hint" : m.path("code").asText()).isIn("hint", "busy");
        if (m.has("version")) assertThat(m.get("version").asInt()).isEqualTo(version);
      }
      assertThat(server.games.analysesStarted()).isEqualTo(before + 1);
    }
  }

  private java.net.http.HttpResponse<String> tutor(String bearer, String body) throws Exception {
    var b = java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.url("/api/games/" + id + "/tutor")))
        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json");
    if (bearer != null) b.header("Authorization", "Bearer " + bearer);
    return WsClient.HTTP.send(b.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void theTutorRanksThePlayAndRefusesWhatIsNotItsToAnswer() throws Exception {
    try (WsClient mine = new WsClient(server.url(""), id)) {
      int version = rolled(mine);
      JsonNode s = mine.current(version);
      var answer = tutor(token, "{\"play\":\"" + anyPlay(s) + "\"}");
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      JsonNode o = WsClient.JSON.readTree(answer.body());
      assertThat(o.get("lost").asDouble()).isGreaterThanOrEqualTo(0);
      assertThat(o.get("best").asText()).isNotEmpty();
      var spectator = tutor(null, "{}");
      assertThat(spectator.statusCode()).isEqualTo(400);
      assertThat(WsClient.JSON.readTree(spectator.body()).get("code").asText()).isEqualTo("not-seated");
      var bad = tutor(token, "{\"play\":\"1/2 2/3 3/4 4/5 5/6\"}");
      assertThat(bad.statusCode()).isEqualTo(400);
      assertThat(WsClient.JSON.readTree(bad.body()).get("code").asText()).isNotEqualTo("internal");
    }
  }
}
