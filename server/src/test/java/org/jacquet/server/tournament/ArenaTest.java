package org.jacquet.server.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.jacquet.server.WebServer;
import org.jacquet.server.clock.ServerTime;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.http.AccountRoutesTest;
import org.jacquet.server.http.AccountRoutesTest.Answer;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An arena over real HTTP, the server's time moved on: refusals that store nothing, three accounts
 * joining, paired as soon as two are free (never an immediate rematch while another is free),
 * each match resigned to finish fast, the points and the streak as docs/playing.md states them
 * (2 a win, 4 from the third win in a row), a game still playing at the end counted, no pairing
 * after it, and a restart that keeps everything.
 */
class ArenaTest {
  @TempDir Path dir;

  @Test
  void threeAccountsPlayAnArena() throws Exception {
    ServerTime time = ServerTime.movable();
    String id;
    Map<String, String> sessions = new HashMap<>();
    Map<String, String> tokens = new HashMap<>();
    try (TestServer s = new TestServer(Database.sqlite(dir), 0, WebServer.Options.defaults(), time)) {
      String base = s.url("");
      for (String n : new String[] {"Anna", "Bob", "Cara"}) sessions.put(n, AccountRoutesTest.signUp(base, n));
      String anna = sessions.get("Anna");

      // Bad arenas are refused, each with its code, and none is stored.
      assertThat(code(base, "/api/arenas", "{\"name\":\"A\",\"time\":\"12+60\"}", null)).isEqualTo("arena-needs-account");
      assertThat(code(base, "/api/arenas", "{\"name\":\"A\",\"time\":\"untimed\"}", anna)).isEqualTo("bad-time-control");
      assertThat(code(base, "/api/arenas", "{\"name\":\"A\",\"time\":\"3d\"}", anna)).isEqualTo("bad-time-control");
      assertThat(code(base, "/api/arenas", "{\"name\":\"A\",\"time\":\"9-9\"}", anna)).isEqualTo("bad-time-control");
      assertThat(code(base, "/api/arenas", "{\"name\":\"A\",\"rules\":\"chess\"}", anna)).isEqualTo("bad-rules");
      assertThat(code(base, "/api/arenas", "{\"name\":\"A\",\"minutes\":2}", anna)).isEqualTo("arena-minutes");
      assertThat(code(base, "/api/arenas", "{\"name\":\"\"}", anna)).isEqualTo("arena-name");
      assertThat(code(base, "/api/arenas", "{\"name\":\"A\",\"start\":\"tomorrow\"}", anna)).isEqualTo("bad-arena-start");
      assertThat(code(base, "/api/arenas", "{\"name\":\"A\",\"start\":\"2001-01-01T00:00:00Z\"}", anna)).isEqualTo("arena-start");
      assertThat(get(base, "/api/arenas", null).get("arenas")).isEmpty();

      String start = java.time.Instant.ofEpochMilli(time.now() + 600_000).toString();
      Answer made = AccountRoutesTest.send(base + "/api/arenas", "POST", "{\"name\":\"Friday arena\",\"start\":\"" + start
          + "\",\"minutes\":5,\"time\":\"8+30\",\"rules\":\"modern\",\"match\":1}", anna, base);
      assertThat(made.status()).as(made.body()).isEqualTo(201);
      id = made.json().get("id").asText();
      JsonNode listed = get(base, "/api/arenas", null).get("arenas");
      assertThat(listed).hasSize(1);
      assertThat(listed.get(0).get("status").asText()).isEqualTo("scheduled");
      assertThat(listed.get(0).get("time").asText()).isEqualTo("8+30");

      // Three join before the start; a guest may not, nor may one join twice.
      assertThat(code(base, "/api/arenas/" + id + "/join", "", null)).isEqualTo("arena-needs-account");
      for (String n : sessions.keySet()) {
        Answer joined = AccountRoutesTest.send(base + "/api/arenas/" + id + "/join", "POST", "", sessions.get(n), base);
        assertThat(joined.status()).as(joined.body()).isEqualTo(201);
        tokens.put(n, Tokens.sha256(joined.json().get("token").asText()));
      }
      Answer twice = AccountRoutesTest.send(base + "/api/arenas/" + id + "/join", "POST", "", anna, base);
      assertThat(twice.status()).isEqualTo(409);
      assertThat(twice.json().get("code").asText()).isEqualTo("arena-joined");
      assertThat(s.web.arenas().pair()).as("nobody is paired before the start").isZero();

      // A page watching the arena (no player: a spectator) is pushed each change as it happens.
      java.util.concurrent.BlockingQueue<JsonNode> pushed = new java.util.concurrent.LinkedBlockingQueue<>();
      var stream = HTTP.sendAsync(java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "/api/arenas/" + id + "/events"))
          .header("Accept", "text/event-stream").build(),
          java.net.http.HttpResponse.BodyHandlers.ofLines());
      stream.thenAccept(r -> r.body().forEach(line -> {
        if (!line.startsWith("data:")) return;
        try {
          pushed.add(org.jacquet.server.testing.WsClient.JSON.readTree(line.substring(5).strip()));
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }));
      assertThat(next(pushed, v -> v.get("standings").size() == 3).get("status").asText()).isEqualTo("scheduled");
      var unknown = HTTP.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "/api/arenas/nothing/events"))
          .header("Accept", "text/event-stream").build(), java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(unknown.statusCode()).isEqualTo(404);
      assertThat(unknown.body()).contains("no-arena");

      time.advance(Duration.ofMinutes(10));
      // Game 1: two of the three. It starts by itself (the opening throw made for them), so a
      // player who does not come loses on time: here the one to move does (8 s + 30 s).
      String[] g1 = paired(s, base, id, sessions, 1);
      next(pushed, v -> v.get("games").size() == 1 && v.get("games").get(0).get("playing").asBoolean());
      org.jacquet.engine.Side running = s.games.read(g1[0], r -> r.clock().running());
      assertThat(running).as("the clock runs from the pairing").isNotNull();
      time.advance(Duration.ofMinutes(5).minusSeconds(25)); // 25 s before the arena's end
      // Pushed, not asked for: the result and the winner's 2 points reach the watching page, in one message.
      JsonNode firstEnded = next(pushed, v -> v.get("games").size() == 1 && !v.get("games").get(0).get("playing").asBoolean());
      JsonNode first = firstEnded.get("games").get(0);
      String winner = first.get("winner").asText().equals("white") ? g1[1] : g1[2];
      assertThat(firstEnded.get("standings").get(0).get("name").asText()).isEqualTo(winner);
      assertThat(firstEnded.get("standings").get(0).get("points").asInt()).isEqualTo(2);
      g1 = new String[] {g1[0], winner, winner.equals(g1[1]) ? g1[2] : g1[1]};
      String w = g1[1];
      String l = g1[2];
      String c = other(sessions, w, l);
      // Game 2: the winner meets the third (never its last opponent again while the third is free).
      String[] g2 = paired(s, base, id, sessions, 2);
      assertThat(java.util.Set.of(g2[1], g2[2])).containsExactlyInAnyOrder(w, c);
      resign(s, g2[0], tokens.get(c));
      // Game 3: the two others (W would meet C again, L would meet W again; W waits).
      String[] g3 = paired(s, base, id, sessions, 3);
      assertThat(java.util.Set.of(g3[1], g3[2])).containsExactlyInAnyOrder(l, c);
      resign(s, g3[0], tokens.get(c));
      // Game 4: W against L; the arena's time runs out during it, and it still counts.
      String[] g4 = paired(s, base, id, sessions, 4);
      assertThat(java.util.Set.of(g4[1], g4[2])).containsExactlyInAnyOrder(w, l);
      time.advance(Duration.ofSeconds(26)); // past the end, within game 4's clocks
      assertThat(get(base, "/api/arenas/" + id, null).get("status").asText()).isEqualTo("finished");
      resign(s, g4[0], tokens.get(l));
      assertThat(s.web.arenas().pair()).as("no pairing after the end").isZero();

      JsonNode view = get(base, "/api/arenas/" + id, anna);
      assertThat(view.get("status").asText()).isEqualTo("finished");
      JsonNode table = view.get("standings");
      // W: 2 + 2 + 4 (its third win in a row scores double); L: 2; C: 0.
      assertThat(table.get(0).get("name").asText()).isEqualTo(w);
      assertThat(table.get(0).get("points").asInt()).isEqualTo(8);
      assertThat(table.get(0).get("streak").asInt()).isEqualTo(3);
      assertThat(table.get(0).get("fire").asBoolean()).isTrue();
      assertThat(table.get(1).get("name").asText()).isEqualTo(l);
      assertThat(table.get(1).get("points").asInt()).isEqualTo(2);
      assertThat(table.get(2).get("name").asText()).isEqualTo(c);
      assertThat(table.get(2).get("points").asInt()).isZero();
      assertThat(view.get("games")).hasSize(4);
      assertThat(view.get("games").get(0).get("playing").asBoolean()).isFalse();
      assertThat(view.has("outcome")).isFalse();
      // Every game of the arena is an ordinary game, reviewable.
      Answer review = AccountRoutesTest.send(base + "/api/games/" + g1[0] + "/record", "GET", null, anna, null);
      assertThat(review.status()).as(review.body()).isEqualTo(200);
      // Joining after the end is refused.
      Answer late = AccountRoutesTest.send(base + "/api/arenas/" + id + "/join", "POST", "", anna, base);
      assertThat(late.json().get("code").asText()).isEqualTo("arena-over");

      // An arena that ends with one player has no games, and says so.
      // A private one: not on the home page's list, reached by its link.
      Answer lone = AccountRoutesTest.send(base + "/api/arenas", "POST", "{\"name\":\"Lonely\",\"minutes\":5,\"private\":true}",
          anna, base);
      String loneId = lone.json().get("id").asText();
      assertThat(get(base, "/api/arenas", null).get("arenas")).isEmpty();
      assertThat(get(base, "/api/arenas/" + loneId, null).get("listed").asBoolean()).isFalse();
      AccountRoutesTest.send(base + "/api/arenas/" + loneId + "/join", "POST", "", anna, base);
      assertThat(s.web.arenas().pair()).isZero();
      time.advance(Duration.ofMinutes(6));
      JsonNode ended = get(base, "/api/arenas/" + loneId, anna);
      assertThat(ended.get("outcome").asText()).isEqualTo("arena-no-games");
    }
    // A restart keeps the arena, its standings and games.
    try (TestServer s = new TestServer(Database.sqlite(dir), 0, WebServer.Options.defaults(), time)) {
      JsonNode view = get(s.url(""), "/api/arenas/" + id, null);
      assertThat(view.get("standings").get(0).get("points").asInt()).isEqualTo(8);
      assertThat(view.get("games")).hasSize(4);
    }
  }

  /**
   * Waits until the arena has its {@code n}-th game, every player's page polling meanwhile (as the
   * page does): its id, then who plays it.
   */
  private static String[] paired(TestServer s, String base, String id, Map<String, String> sessions, int n) throws Exception {
    long end = System.nanoTime() + 15_000_000_000L;
    while (System.nanoTime() < end) {
      for (var e : sessions.entrySet()) {
        JsonNode v = get(base, "/api/arenas/" + id, e.getValue());
        if (v.get("games").size() >= n && v.get("me").has("game")) {
          JsonNode g = v.get("games").get(0);
          assertThat(v.get("games")).hasSize(n);
          assertThat(g.get("playing").asBoolean()).isTrue();
          return new String[] {g.get("id").asText(), g.get("white").asText(), g.get("black").asText()};
        }
      }
      Thread.sleep(50);
    }
    throw new AssertionError("game " + n + " was never paired");
  }

  private static final java.net.http.HttpClient HTTP = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1).build();

  /** The next arena pushed that {@code wanted} accepts (those before it skipped); 15 s at most: a freeze, not a latency. */
  private static JsonNode next(java.util.concurrent.BlockingQueue<JsonNode> pushed, java.util.function.Predicate<JsonNode> wanted)
      throws InterruptedException {
    long end = System.nanoTime() + 15_000_000_000L;
    while (System.nanoTime() < end) {
      JsonNode v = pushed.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
      if (v != null && wanted.test(v)) return v;
    }
    throw new AssertionError("never pushed");
  }

  /** The player of seat {@code tokenHash} resigns (after the opening throw, if resigning needs it). */
  private static void resign(TestServer s, String game, String tokenHash) {
    try {
      s.games.act(game, tokenHash, new GameService.Action.Resign(), "test");
    } catch (Refusal notYet) {
      s.games.act(game, tokenHash, new GameService.Action.Roll(), "test");
      s.games.act(game, tokenHash, new GameService.Action.Resign(), "test");
    }
  }

  private static String other(Map<String, String> sessions, String a, String b) {
    return sessions.keySet().stream().filter(n -> !n.equals(a) && !n.equals(b)).findFirst().orElseThrow();
  }

  private static String code(String base, String path, String body, String session) throws Exception {
    Answer a = AccountRoutesTest.send(base + path, "POST", body, session, base);
    assertThat(a.status()).as(a.body()).isGreaterThanOrEqualTo(400);
    return a.json().get("code").asText();
  }

  static JsonNode get(String base, String path, String session) throws Exception {
    Answer a = AccountRoutesTest.send(base + path, "GET", null, session, null);
    assertThat(a.status()).as(a.body()).isEqualTo(200);
    return a.json();
  }
}
