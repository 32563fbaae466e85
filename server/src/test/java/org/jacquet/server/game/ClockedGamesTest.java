package org.jacquet.server.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.jacquet.engine.Side;
import org.jacquet.server.WebServer;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.FriendGame;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.jacquet.server.clock.TimeControl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Timed games on a real server and real sockets: the server alone keeps time, throws for the
 * side whose turn starts, declares a spent reserve (never early) as a loss on time, decides a
 * move at its last millisecond by the receipt time, and a restart continues the clock.
 */
class ClockedGamesTest {
  @TempDir Path dir;
  TestServer server;

  TestServer start() {
    server = new TestServer(Database.sqlite(dir), 20, WebServer.Options.defaults().fastClocks(true));
    return server;
  }

  @AfterEach
  void stop() {
    if (server != null) server.close();
  }

  FriendGame make(String time) throws Exception {
    return FriendGame.make(server, time);
  }

  static WsClient seat(TestServer s, String id, String token) throws Exception {
    return FriendGame.seat(s, id, token);
  }

  /** The server instant at which the running side's flag falls, from a view's clock. */
  static long flagAt(JsonNode clock) {
    String running = clock.get("running").asText();
    return clock.get("now").asLong() + clock.get("delay").asLong() + clock.get(running).asLong() + 1;
  }

  @Test
  void aSpentReserveLosesTheGameOnTimeNeverEarly() throws Exception {
    start();
    FriendGame g = make("0+1");
    try (WsClient w = seat(server, g.id(), g.white()); WsClient b = seat(server, g.id(), g.black())) {
      JsonNode before = w.current(0);
      assertThat(before.get("timeControl").asText()).isEqualTo("0+1");
      assertThat(before.get("clock").get("running").isNull()).as("stopped until the opening throw").isTrue();
      JsonNode started = openingThrow(w);
      JsonNode clock = started.get("clock");
      String loser = clock.get("running").asText();
      assertThat(loser).isEqualTo(started.get("turn").asText());
      long flagAt = flagAt(clock);
      JsonNode over = w.next(m -> m.path("result").path("forfeit").asText().equals("timeout"));
      long seen = System.currentTimeMillis();
      assertThat(seen).as("never early").isGreaterThanOrEqualTo(flagAt);
      // How soon after is measured by `jacquet load --scenario timed`, not asserted here (a loaded machine).
      assertThat(over.get("result").get("winner").asText()).isEqualTo(Side.parse(loser).opponent().key());
      assertThat(over.get("result").get("resigned").asBoolean()).isTrue();
      assertThat(over.get("clock").get("running").isNull()).isTrue();
      assertThat(over.get("clock").get(loser).asLong()).isZero();
      assertThat(server.games.store().actions(g.id())).last().isEqualTo("timeout");
      assertThat(server.games.flagsDeclared()).isEqualTo(1);
    }
  }

  @Test
  void theServerThrowsForTheSideWhoseTurnStarts() throws Exception {
    start();
    FriendGame g = make("5+60");
    try (WsClient w = seat(server, g.id(), g.white()); WsClient b = seat(server, g.id(), g.black())) {
      JsonNode s = openingThrow(w);
      // Modern rules: the winner of the opening throws again — thrown by the server, then it plays.
      String side = s.get("turn").asText();
      WsClient playing = side.equals("white") ? w : b;
      JsonNode mine = playing.next(m -> m.path("phase").asText().equals("play") && m.path("legal").isArray());
      playing.send("{\"type\":\"play\",\"play\":\"" + mine.get("legal").get(0).asText() + "\"}");
      // The other side's turn starts thrown: its dice are there, its clock runs, nobody pressed roll.
      JsonNode next = playing.next(m -> m.has("clock") && m.path("clock").path("running").asText().equals(Side.parse(side).opponent().key())
          && m.path("phase").asText().equals("play"));
      assertThat(next.get("dice").get("values")).hasSize(2);
      assertThat(server.games.store().actions(g.id())).last().isEqualTo("roll");
      // A client's own clock readings are no field of any action: refused, nothing changed.
      WsClient other = playing == w ? b : w;
      other.send("{\"type\":\"roll\",\"clock\":1}");
      assertThat(other.nextError().get("code").asText()).isEqualTo("unknown-field");
    }
  }

  @Test
  void aMoveAtTheLastMillisecondIsInTimeAndOneMillisecondLaterLosesOnTime() throws Exception {
    start();
    FriendGame g = make("2+60");
    String white = Tokens.sha256(g.white());
    String black = Tokens.sha256(g.black());
    GameService games = server.games;
    while (games.read(g.id(), r -> r.clock.running()) == null) games.act(g.id(), white, new GameService.Action.Roll(), "test");
    skipOpeningChoice(games, g.id(), white, black);
    var clock = games.read(g.id(), r -> r.clock);
    Side mover = clock.running();
    String moverToken = mover == Side.WHITE ? white : black;
    long last = clock.flagAt() - 1;
    games.act(g.id(), moverToken, new GameService.Action.PlayText(firstLegal(games, g.id())), "test", last);
    var after = games.read(g.id(), r -> r.clock);
    assertThat(after.reserve(mover)).isZero();
    assertThat(after.running()).isEqualTo(mover.opponent());
    String otherToken = mover == Side.WHITE ? black : white;
    long late = after.flagAt();
    assertThatThrownBy(() -> games.act(g.id(), otherToken, new GameService.Action.PlayText(firstLegal(games, g.id())), "test", late))
        .isInstanceOfSatisfying(Refusal.class, r -> {
          assertThat(r.code()).isEqualTo("out-of-time");
          assertThat(r.params()).containsEntry("side", mover.opponent().key());
        });
    String forfeit = games.read(g.id(), r -> r.forfeitOfCurrentGame());
    Side winner = games.read(g.id(), r -> r.match.game().result().winner());
    assertThat(forfeit).isEqualTo("timeout");
    assertThat(winner).isEqualTo(mover);
    // A play sent once the flag is down is refused for what happened, out of time — not "not your turn".
    assertThatThrownBy(() -> games.act(g.id(), otherToken, new GameService.Action.Roll(), "test", late + 5_000))
        .isInstanceOfSatisfying(Refusal.class, r -> {
          assertThat(r.code()).isEqualTo("out-of-time");
          assertThat(r.params()).containsEntry("side", mover.opponent().key());
        });
  }

  @Test
  void aRestartContinuesTheStoredClockAndDeclaresItsFlag() throws Exception {
    start();
    FriendGame g = make("0+2");
    long flagAt;
    try (WsClient w = seat(server, g.id(), g.white())) {
      flagAt = flagAt(openingThrow(w).get("clock"));
    }
    server.close();
    server = null;
    start();
    try (WsClient watcher = new WsClient(server.url(""), g.id())) {
      watcher.send("{\"type\":\"hello\"}");
      JsonNode over = watcher.next(m -> m.path("result").path("forfeit").asText().equals("timeout"));
      assertThat(System.currentTimeMillis()).isGreaterThanOrEqualTo(flagAt);
      assertThat(over.get("matchOver").asBoolean()).isTrue();
    }
  }

  @Test
  void clientsMayNotAskForFastClocksUnlessTheServerAllowsThem() throws Exception {
    server = TestServer.sqlite(dir, 20);
    JsonNode refused = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\",\"time\":\"0+2\"}");
    assertThat(refused.get("code").asText()).isEqualTo("time-too-short");
    assertThat(refused.get("params").get("min").asInt()).isEqualTo(TimeControl.MIN_RESERVE_PER_POINT_SECONDS);
    JsonNode bad = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\",\"time\":\"fast\"}");
    assertThat(bad.get("code").asText()).isEqualTo("bad-time-control");
    assertThat(bad.get("message").asText()).contains("D+R");
    JsonNode ok = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\",\"time\":\"12+120\"}");
    assertThat(WsClient.JSON.readTree(WsClient.get(server.url("/api/games/" + ok.get("id").asText()))).get("clock").get("white").asLong())
        .isEqualTo(120_000);
  }

  @Test
  void aServerWithFastClocksTakesFastSeeksAndPairingPlaces() throws Exception {
    start();
    try (var ann = new org.jacquet.server.testing.LobbyGuest(server.url(""))) {
      assertThat(ann.post("/api/seeks", "{\"time\":\"0+5\"}").status()).isEqualTo(201);
      assertThat(ann.post("/api/pairing", "{\"time\":\"2+10\"}").status()).isEqualTo(201);
    }
  }

  /**
   * Throws for the start (again after a tie) until the clock runs; the state then. Each throw's
   * answer is the state with one more event (every opening throw, a tie too, is one): another
   * stored change meanwhile, such as an invitation's seat being taken, is a version of its own
   * and must not pass for it, or a second throw would go out of turn and be refused.
   */
  static JsonNode openingThrow(WsClient w) throws InterruptedException {
    JsonNode s = w.current(0);
    while (s.get("clock").get("running").isNull()) {
      int events = s.get("events").size();
      w.send("{\"type\":\"roll\"}");
      do s = w.current(s.get("version").asInt() + 1); while (s.get("events").size() == events);
    }
    return s;
  }

  static String firstLegal(GameService games, String id) {
    return games.read(id, r -> r.match.game().legalPlays().plays().get(0).notation());
  }

  /** Plays the opening dice if the opening throw left a choice. */
  static void skipOpeningChoice(GameService games, String id, String white, String black) {
    if (games.read(id, r -> r.match.game().phase()) == org.jacquet.engine.game.Phase.OPENING_CHOICE) {
      Side chooser = games.read(id, r -> r.match.game().sideToAct());
      games.act(id, chooser == Side.WHITE ? white : black, new GameService.Action.Choose(false), "test");
    }
  }
}
