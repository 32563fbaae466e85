package org.jacquet.server.correspondence;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Phase;
import org.jacquet.server.WebServer;
import org.jacquet.server.clock.ServerTime;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.http.AccountRoutesTest;
import org.jacquet.server.http.AccountRoutesTest.Answer;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A correspondence match over real HTTP and sockets, the server's time moved on by days: a direct
 * challenge to a player who is not online, "Your turn" first with the days left, a seat given to
 * the account in a browser of its own, a deadline never declared early and declared once passed,
 * and a vacation giving the days back.
 */
class CorrespondenceTest {
  @TempDir Path dir;
  private static final long DAY = 86_400_000L;

  @Test
  void aMatchOfDaysBetweenTwoAccounts() throws Exception {
    ServerTime time = ServerTime.movable();
    try (TestServer s = new TestServer(Database.sqlite(dir), 0, WebServer.Options.defaults(), time)) {
      String base = s.url("");
      String anna = AccountRoutesTest.signUp(base, "Anna");
      String bob = AccountRoutesTest.signUp(base, "Bob");

      // A guest may not post a correspondence challenge; a computer game of days is refused too.
      Answer guest = AccountRoutesTest.send(base + "/api/seeks", "POST", "{\"time\":\"3d\"}", null, base);
      assertThat(guest.json().get("code").asText()).isEqualTo("correspondence-needs-account");
      Answer days = AccountRoutesTest.send(base + "/api/seeks", "POST", "{\"time\":\"4d\"}", anna, base);
      assertThat(days.json().get("code").asText()).isEqualTo("bad-time-control");
      Answer computer = AccountRoutesTest.send(base + "/api/games", "POST", "{\"opponent\":\"computer\",\"time\":\"3d\"}", anna, base);
      assertThat(computer.json().get("code").asText()).isEqualTo("correspondence-in-lobby");

      // Bob is not online: a correspondence challenge still reaches him.
      Answer posted = AccountRoutesTest.send(base + "/api/seeks", "POST", "{\"time\":\"3d\",\"match\":3,\"to\":\"Bob\"}", anna, base);
      assertThat(posted.status()).as(posted.body()).isEqualTo(201);
      time.advance(Duration.ofHours(20)); // he comes the next day: the challenge waited
      Answer joined = AccountRoutesTest.send(base + "/api/seeks/" + posted.json().get("id").asText() + "/accept", "POST", "",
          bob, base);
      assertThat(joined.status()).as(joined.body()).isEqualTo(201);
      String id = joined.json().get("game").asText();
      String bobSeat = Tokens.sha256(joined.json().get("token").asText());
      Side bobSide = Side.parse(joined.json().get("side").asText());
      String annaSeat = Tokens.sha256(posted.json().get("token").asText());
      String seatOfWhite = bobSide == Side.WHITE ? bobSeat : annaSeat;
      String seatOfBlack = bobSide == Side.WHITE ? annaSeat : bobSeat;

      // The opening throw starts the clock; a choice of the opening is made, then a play is due.
      // A tied opening throw is thrown again (one time in six): until the days start.
      while (s.games.read(id, r -> r.match.game().phase()) == Phase.OPENING_THROW) {
        s.games.act(id, bobSeat, new GameService.Action.Roll(), "test");
      }
      if (s.games.read(id, r -> r.match.game().phase()) == Phase.OPENING_CHOICE) {
        Side chooser = s.games.read(id, r -> r.match.game().sideToAct());
        s.games.act(id, chooser == Side.WHITE ? seatOfWhite : seatOfBlack, new GameService.Action.Choose(false), "test");
      }
      Side toMove = s.games.read(id, r -> r.clock().running());
      String moverSession = toMove == bobSide ? bob : anna;

      // A live untimed game between the same two ("untimed" ends in a d, like "3d") is no correspondence game.
      s.games.store().insert(s.games.seated("modern", 1, org.jacquet.server.clock.TimeControl.UNTIMED, false,
          new org.jacquet.server.identity.Player(s.games.read(id, r -> r.playerId(Side.WHITE)), "W"),
          new org.jacquet.server.identity.Player(s.games.read(id, r -> r.playerId(Side.BLACK)), "B"),
          Tokens.sha256(Tokens.token()), Tokens.sha256(Tokens.token())));

      // The player to move sees the game first, with three days left; the other sees it waiting.
      JsonNode mine = list(base, moverSession);
      assertThat(mine.get("games")).hasSize(1);
      assertThat(mine.get("games").get(0).get("yourTurn").asBoolean()).isTrue();
      assertThat(mine.get("games").get(0).get("left").asLong()).isBetween(3 * DAY - 60_000, 3 * DAY);
      assertThat(list(base, toMove == bobSide ? anna : bob).get("games").get(0).get("yourTurn").asBoolean()).isFalse();

      // The mover opens the game in a browser without its seat's key: the account is seated there.
      try (WsClient ws = new WsClient(base, id, new WsClient.Cookie("jacquet_session=" + moverSession))) {
        ws.send("{\"type\":\"hello\"}");
        JsonNode seat = ws.next(m -> m.path("type").asText().equals("seat"));
        JsonNode state = ws.nextState();
        assertThat(state.get("you").asText()).isEqualTo(toMove.key());
        assertThat(state.get("clock").get("delayPerMove").asLong()).isEqualTo(3 * DAY);
        // Two days later, the mover plays from that browser with its own key.
        time.advance(Duration.ofDays(2));
        String play = s.games.read(id, r -> r.match.game().legalPlays().plays().get(0).notation());
        JsonNode ok = ws.answer("{\"type\":\"play\",\"play\":\"" + play + "\"}");
        assertThat(ok.get("type").asText()).as(ok.toString()).isEqualTo("ok");
        assertThat(seat.get("token").asText()).isNotBlank();
      }

      // Now the other waits (or the mover again, if the other's throw left only forced plays, made
      // for them): the deadline is three days from the play, never declared before.
      int played = s.games.read(id, r -> r.version);
      Side waiting = s.games.read(id, r -> r.clock().running());
      assertThat(waiting).as("a side's days run after the play (version %d)", played).isNotNull();
      String otherSession = waiting == bobSide ? bob : anna;
      String moverSession2 = waiting == bobSide ? anna : bob;
      long deadline = list(base, otherSession).get("games").get(0).get("deadline").asLong();
      assertThat(deadline - time.now()).isBetween(3 * DAY - 60_000, 3 * DAY);

      // A vacation of two days moves that deadline on by two days, and spends them.
      Answer away = AccountRoutesTest.send(base + "/api/me/vacation", "POST", "{\"days\":2}", otherSession, base);
      assertThat(away.status()).as(away.body()).isEqualTo(200);
      assertThat(away.json().get("vacation").get("daysLeft").asInt()).isEqualTo(28);
      assertThat(list(base, otherSession).get("games").get(0).get("deadline").asLong()).isEqualTo(deadline + 2 * DAY);
      assertThat(list(base, moverSession2).get("games").get(0).get("opponentAwayUntil").asLong()).isGreaterThan(time.now());
      assertThat(AccountRoutesTest.send(base + "/api/me/vacation", "POST", "{\"days\":1}", otherSession, base).json()
          .get("code").asText()).isEqualTo("on-vacation");

      time.advance(Duration.ofMillis(deadline + 2 * DAY - time.now() - 60_000)); // a minute before: still on
      boolean overEarly = s.games.read(id, r -> r.match.game().isOver());
      assertThat(overEarly).isFalse();
      time.advance(Duration.ofMinutes(1).plusSeconds(1)); // past it: lost on time, by the flag's timer alone
      await("the deadline is declared", () -> s.games.read(id, r -> r.match.game().isOver()));
      String how = s.games.read(id, r -> r.forfeitOfCurrentGame());
      assertThat(how).isEqualTo("timeout");

      // More days than are left in the year are refused (28 left after the two taken).
      time.advance(Duration.ofDays(1));
      Answer tooLong = AccountRoutesTest.send(base + "/api/me/vacation", "POST", "{\"days\":29}", otherSession, base);
      assertThat(tooLong.json().get("code").asText()).isEqualTo("vacation-too-long");
      assertThat(tooLong.json().get("params").get("left").asInt()).isEqualTo(28);
    }
  }

  /** Waits for {@code condition} (15 s at most: a freeze, not a latency). */
  static void await(String what, java.util.function.BooleanSupplier condition) throws InterruptedException {
    long end = System.nanoTime() + 15_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) throw new AssertionError("never came: " + what);
      Thread.sleep(20);
    }
  }

  private static JsonNode list(String base, String session) throws Exception {
    Answer a = AccountRoutesTest.send(base + "/api/me/correspondence", "GET", null, session, null);
    assertThat(a.status()).as(a.body()).isEqualTo(200);
    return a.json();
  }
}
