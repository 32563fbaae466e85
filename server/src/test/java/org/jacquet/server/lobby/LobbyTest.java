package org.jacquet.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.jacquet.server.live.LobbySocket;
import org.jacquet.server.testing.LobbyGuest;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lobby on a real server (SQLite): guests, their names, challenges, quick pairing, and every refusal. */
class LobbyTest {
  @TempDir Path dir;
  TestServer server;

  @BeforeEach
  void start() {
    server = TestServer.sqlite(dir, 10);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  String base() {
    return server.url("");
  }

  @Test
  void aGuestGetsACookieAndAPseudonymItCanChange() throws Exception {
    try (LobbyGuest ann = new LobbyGuest(base()); LobbyGuest bob = new LobbyGuest(base())) {
      assertThat(ann.cookie).matches("jacquet_guest=[A-Za-z0-9_-]{22}");
      assertThat(ann.name).matches("Player-\\d{4}");
      assertThat(ann.call("GET", "/api/me", null).body().path("name").asText()).as("kept for its cookie").isEqualTo(ann.name);
      assertThat(ann.post("/api/me/name", "{\"name\":\"Anne\"}").body().path("name").asText()).isEqualTo("Anne");
      // Bob cannot take a look-alike of Anne while she is around, nor anything outside the rule.
      for (String[] bad : new String[][] {{"\"ANNE\"", "name-taken"}, {"\"Ann\\u0435\"", "bad-name"}, {"\"A\\u200Bnn\"", "bad-name"},
          {"\"" + "x".repeat(10_000) + "\"", "bad-name"}, {"\"expert\"", "bad-name"}, {"\"Bo\\u202Eb\"", "bad-name"}}) {
        LobbyGuest.Answer a = bob.post("/api/me/name", "{\"name\":" + bad[0] + "}");
        assertThat(a.status()).isEqualTo(400);
        assertThat(a.code()).as(bad[0]).isEqualTo(bad[1]);
      }
      assertThat(bob.call("GET", "/api/me", null).body().path("name").asText()).as("unchanged").isEqualTo(bob.name);
    }
  }

  @Test
  void twoStrangersMeetThroughAnOpenChallenge() throws Exception {
    try (LobbyGuest ann = new LobbyGuest(base()); LobbyGuest bob = new LobbyGuest(base())) {
      ann.lobby();
      LobbyGuest.Answer posted = ann.post("/api/seeks", "{\"rules\":\"modern\",\"match\":3,\"time\":\"12+60\",\"colour\":\"white\"}");
      assertThat(posted.status()).isEqualTo(201);
      String seek = posted.body().path("id").asText();
      JsonNode listed = bob.seesSeek(seek);
      JsonNode shown = listed.path("seeks").get(0);
      assertThat(shown.path("poster").asText()).isEqualTo(ann.name);
      assertThat(shown.path("time").asText()).isEqualTo("12+60");
      assertThat(listed.path("online").asInt()).isEqualTo(2);

      LobbyGuest.Answer joined = bob.post("/api/seeks/" + seek + "/accept", null);
      assertThat(joined.status()).isEqualTo(201);
      assertThat(joined.body().path("side").asText()).as("Ann asked for White").isEqualTo("black");
      String game = joined.body().path("game").asText();
      JsonNode start = ann.started(seek);
      assertThat(start.path("game").asText()).isEqualTo(game);
      assertThat(start.path("side").asText()).isEqualTo("white");

      // Each sits with the token it holds: Ann's was made when she posted.
      JsonNode asAnn = WsClient.JSON.readTree(WsClient.get(server.url("/api/games/" + game), posted.body().path("token").asText()));
      assertThat(asAnn.path("you").asText()).isEqualTo("white");
      assertThat(asAnn.at("/players/white/name").asText()).isEqualTo(ann.name);
      assertThat(asAnn.at("/players/black/name").asText()).isEqualTo(bob.name);
      assertThat(asAnn.path("time").asText()).isEqualTo("12+60");
      assertThat(asAnn.path("matchLength").asInt()).isEqualTo(3);
      JsonNode asBob = WsClient.JSON.readTree(WsClient.get(server.url("/api/games/" + game), joined.body().path("token").asText()));
      assertThat(asBob.path("you").asText()).isEqualTo("black");
      assertThat(WsClient.getUnchecked(server.url("/api/games/" + game + "/record"))).contains("[White \"" + ann.name + "\"]")
          .contains("[Black \"" + bob.name + "\"]");

      // The game is listed as being played; the challenge is gone.
      JsonNode after = bob.lobby().next(m -> m.path("type").asText().equals("lobby") && m.path("games").size() == 1);
      assertThat(after.path("seeks").size()).isZero();
      assertThat(after.at("/games/0/white").asText()).isEqualTo(ann.name);
      assertThat(after.at("/games/0/id").asText()).isEqualTo(game);
    }
  }

  @Test
  void challengesAreRefusedWithTheirReasonAndNothingChanges() throws Exception {
    try (LobbyGuest ann = new LobbyGuest(base()); LobbyGuest bob = new LobbyGuest(base()); LobbyGuest cy = new LobbyGuest(base())) {
      ann.lobby();
      String seek = ann.post("/api/seeks", "{}").body().path("id").asText();
      assertThat(ann.post("/api/seeks/" + seek + "/accept", null).code()).isEqualTo("own-seek");
      for (int i = 0; i < 2; i++) assertThat(ann.post("/api/seeks", "{}").status()).isEqualTo(201);
      LobbyGuest.Answer fourth = ann.post("/api/seeks", "{}");
      assertThat(fourth.code()).isEqualTo("too-many-seeks");
      assertThat(fourth.body().at("/params/max").asInt()).isEqualTo(3);
      assertThat(ann.post("/api/seeks", "{\"time\":\"12+9999999\"}").code()).isEqualTo("bad-time-control");
      // Clocks too fast for people only on a server started with --fast-clocks (this one was not).
      LobbyGuest.Answer fast = ann.post("/api/seeks", "{\"time\":\"0+5\"}");
      assertThat(fast.code()).isEqualTo("time-too-short");
      assertThat(fast.body().at("/params/min").asInt()).isEqualTo(org.jacquet.server.clock.TimeControl.MIN_RESERVE_PER_POINT_SECONDS);
      assertThat(ann.post("/api/pairing", "{\"time\":\"2+10\"}").code()).isEqualTo("time-too-short");
      assertThat(ann.post("/api/seeks", "{\"time\":\"fast\"}").body().at("/params/text").asText()).isEqualTo("fast");
      assertThat(ann.post("/api/seeks", "{\"rated\":true}").code()).isEqualTo("rated-needs-account");
      assertThat(ann.post("/api/seeks", "{\"rules\":\"chess\"}").code()).isEqualTo("bad-rules");
      assertThat(ann.post("/api/seeks", "{\"match\":0}").code()).isEqualTo("bad-field");
      assertThat(ann.post("/api/seeks", "{\"colour\":\"green\"}").code()).isEqualTo("bad-field");
      assertThat(ann.post("/api/seeks", "{\"clock\":\"mine\"}").code()).isEqualTo("unknown-field");

      assertThat(bob.post("/api/seeks/" + seek + "/accept", null).status()).isEqualTo(201);
      LobbyGuest.Answer late = cy.post("/api/seeks/" + seek + "/accept", null);
      assertThat(late.status()).isEqualTo(400);
      assertThat(late.code()).isEqualTo("seek-taken");
      assertThat(cy.call("DELETE", "/api/seeks/" + seek, null).code()).as("taken: no longer withdrawn").isEqualTo("seek-taken");

      String other = ann.lobby().next(m -> m.path("type").asText().equals("lobby") && m.path("seeks").size() == 2
          && !LobbyGuest.hasSeek(m, seek)).at("/seeks/0/id").asText();
      assertThat(bob.call("DELETE", "/api/seeks/" + other, null).code()).as("not Bob's").isEqualTo("seek-gone");
      assertThat(ann.call("DELETE", "/api/seeks/" + other, null).status()).isEqualTo(204);
      assertThat(bob.post("/api/seeks/" + other + "/accept", null).code()).isEqualTo("seek-gone");
      assertThat(bob.post("/api/seeks/nope/accept", null).code()).isEqualTo("seek-gone");
    }
  }

  /**
   * The attack of issue 31: seventeen guests of one address (behind a trusted proxy, the address
   * it forwards) post a challenge each; the address's allowance is stored, the rest refused
   * naming it, and a newcomer from another address is listed.
   */
  @Test
  void oneAddressCannotFillTheLobby() throws Exception {
    server.close();
    server = new TestServer(org.jacquet.server.store.Database.sqlite(dir), 10,
        new org.jacquet.server.WebServer.Options(org.jacquet.server.limits.Limits.defaults(), java.util.List.of(), true));
    java.util.List<LobbyGuest> crowd = new java.util.ArrayList<>();
    try (LobbyGuest watcher = new LobbyGuest(base(), "10.9.9.3")) {
      int stored = 0;
      for (int g = 0; g < 17; g++) {
        LobbyGuest guest = new LobbyGuest(base(), "10.9.9.1");
        crowd.add(guest);
        LobbyGuest.Answer a = guest.post("/api/seeks", "{}");
        if (a.status() == 201) {
          stored++;
        } else {
          assertThat(a.code()).isEqualTo("too-many-seeks-address");
          assertThat(a.body().at("/params/max").asInt()).isEqualTo(Lobby.MAX_WAITING_PER_ADDRESS);
        }
      }
      assertThat(stored).isEqualTo(Lobby.MAX_WAITING_PER_ADDRESS);
      assertThat(crowd.get(16).post("/api/pairing", "{}").code()).as("a place in quick pairing counts too")
          .isEqualTo("too-many-seeks-address");
      try (LobbyGuest newcomer = new LobbyGuest(base(), "10.9.9.2")) {
        String mine = newcomer.post("/api/seeks", "{}").body().path("id").asText();
        JsonNode listed = watcher.seesSeek(mine);
        assertThat(listed.path("seeks").size()).isEqualTo(Lobby.MAX_WAITING_PER_ADDRESS + 1);
      }
    } finally {
      for (LobbyGuest g : crowd) g.close();
    }
  }

  @Test
  void aSocketGetsTheWholeLobbyOnceThenOnlyWhatChanged() throws Exception {
    try (LobbyGuest ann = new LobbyGuest(base()); LobbyGuest bob = new LobbyGuest(base())) {
      JsonNode whole = bob.lobby().next(m -> m.path("type").asText().equals("lobby"));
      assertThat(whole.fieldNames()).toIterable()
          .containsExactlyInAnyOrder("type", "online", "timeControls", "seeks", "pools", "games", "direct");
      assertThat(whole.path("direct")).as("said empty, not left out: a later message may leave it out").isEmpty();
      ann.lobby();
      String seek = ann.post("/api/seeks", "{\"time\":\"12+60\"}").body().path("id").asText();
      JsonNode change = bob.seesSeek(seek);
      assertThat(change.has("timeControls")).as("unchanged: not sent again").isFalse();
      assertThat(change.has("games")).isFalse();
      // A second hello (a page that lost track) gets the whole lobby again.
      bob.lobby().send("{\"type\":\"hello\"}");
      JsonNode again = bob.lobby().next(m -> m.path("type").asText().equals("lobby") && m.has("timeControls"));
      assertThat(LobbyGuest.hasSeek(again, seek)).isTrue();
      assertThat(again.path("online").asInt()).isEqualTo(2);
    }
  }

  @Test
  void aDirectChallengeIsSeenByItsTwoPlayersOnlyAndCanBeDeclined() throws Exception {
    try (LobbyGuest ann = new LobbyGuest(base()); LobbyGuest bob = new LobbyGuest(base()); LobbyGuest cy = new LobbyGuest(base())) {
      ann.lobby();
      bob.lobby();
      cy.lobby().next(m -> m.path("type").asText().equals("lobby"));
      bob.lobby().next(m -> m.path("type").asText().equals("lobby") && m.path("online").asInt() == 3);
      assertThat(ann.post("/api/seeks", "{\"to\":\"Nobody-here\"}").code()).isEqualTo("no-player");
      assertThat(ann.post("/api/seeks", "{\"to\":\"" + ann.name + "\"}").code()).isEqualTo("self-challenge");
      String seek = ann.post("/api/seeks", "{\"to\":\"" + bob.name.toLowerCase() + "\"}").body().path("id").asText();
      JsonNode forBob = bob.seesSeek(seek);
      assertThat(forBob.at("/direct/0/target").asText()).isEqualTo(bob.name);
      assertThat(forBob.path("seeks").size()).as("not among the open ones").isZero();
      assertThat(cy.post("/api/seeks/" + seek + "/accept", null).code()).isEqualTo("not-for-you");
      assertThat(cy.lobby().poll(600, m -> LobbyGuest.hasSeek(m, seek))).as("Cy is never shown it").isNull();
      assertThat(bob.call("DELETE", "/api/seeks/" + seek, null).status()).as("declined").isEqualTo(204);
      assertThat(ann.post("/api/seeks/" + seek + "/accept", null).code()).isEqualTo("seek-gone");
    }
  }

  @Test
  void quickPairingSeatsTwoPlayersWaitingForTheSameGame() throws Exception {
    try (LobbyGuest ann = new LobbyGuest(base()); LobbyGuest bob = new LobbyGuest(base()); LobbyGuest cy = new LobbyGuest(base())) {
      ann.lobby();
      bob.lobby();
      cy.lobby();
      String a = ann.post("/api/pairing", "{\"time\":\"8+30\"}").body().path("id").asText();
      assertThat(ann.post("/api/pairing", "{\"time\":\"8+30\"}").code()).as("one place at a time").isEqualTo("too-many-seeks");
      String c = cy.post("/api/pairing", "{\"time\":\"untimed\"}").body().path("id").asText();
      JsonNode waiting = bob.lobby().next(m -> m.path("type").asText().equals("lobby") && m.at("/pools/8+30").asInt() == 1);
      assertThat(waiting.path("seeks").size()).as("places are not listed as challenges").isZero();
      String b = bob.post("/api/pairing", "{\"time\":\"8+30\"}").body().path("id").asText();
      JsonNode annStart = ann.started(a);
      JsonNode bobStart = bob.started(b);
      assertThat(annStart.path("game").asText()).isEqualTo(bobStart.path("game").asText());
      assertThat(annStart.path("side").asText()).isNotEqualTo(bobStart.path("side").asText());
      assertThat(cy.lobby().poll(1500, m -> m.path("type").asText().equals("start"))).as("nobody else waits for untimed").isNull();
      assertThat(cy.call("DELETE", "/api/seeks/" + c, null).status()).as("Cy leaves the queue").isEqualTo(204);
      JsonNode game = WsClient.JSON.readTree(WsClient.get(server.url("/api/games/" + annStart.path("game").asText())));
      assertThat(game.path("time").asText()).isEqualTo("8+30");
    }
  }

  @Test
  void theLobbySocketNeedsAPlayerAndKnowsOnlyHelloAndPing() throws Exception {
    try (WsClient nobody = new WsClient(base(), LobbySocket.PATH); LobbyGuest ann = new LobbyGuest(base())) {
      assertThat(nobody.nextError().path("code").asText()).isEqualTo("no-identity");
      ann.lobby().send("{\"type\":\"roll\"}");
      JsonNode e = ann.lobby().nextError();
      assertThat(e.path("code").asText()).isEqualTo("unknown-type");
      // A field the message does not have is refused, naming it, as on a game's socket; not answered pong.
      ann.lobby().send("{\"type\":\"ping\",\"ref\":7,\"extra\":1}");
      JsonNode extra = ann.lobby().nextError();
      assertThat(extra.path("code").asText()).isEqualTo("unknown-field");
      assertThat(extra.at("/params/field").asText()).isEqualTo("extra");
      assertThat(extra.path("ref").asInt()).isEqualTo(7);
      ann.lobby().send("{\"type\":\"hello\",\"token\":\"x\"}");
      assertThat(ann.lobby().nextError().at("/params/field").asText()).isEqualTo("token");
      ann.lobby().send("{\"type\":\"ping\",\"ref\":8}");
      ann.lobby().next(m -> m.path("type").asText().equals("pong"));
    }
  }

  @Test
  void aChallengeSurvivesARestart() throws Exception {
    String seek;
    try (LobbyGuest ann = new LobbyGuest(base())) {
      ann.lobby();
      seek = ann.post("/api/seeks", "{\"match\":5}").body().path("id").asText();
    }
    server.close();
    server = TestServer.sqlite(dir, 10);
    try (LobbyGuest bob = new LobbyGuest(base())) {
      assertThat(bob.seesSeek(seek).at("/seeks/0/match").asInt()).isEqualTo(5);
    }
  }
}
