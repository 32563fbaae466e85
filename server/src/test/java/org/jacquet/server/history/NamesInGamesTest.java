package org.jacquet.server.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.http.AccountRoutesTest;
import org.jacquet.server.http.AccountRoutesTest.Answer;
import org.jacquet.server.identity.Player;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.GameStore;
import org.jacquet.server.testing.Postgres;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;

/**
 * The names a finished game shows, over HTTP on two server processes sharing one PostgreSQL
 * (two servers in this JVM, each with its own database pool and its own rooms held in memory):
 * an account deleted disappears from its games and frees its name at once on both (issue 31.8);
 * a guest who signs up is shown under the name it played under, on the game page and in the
 * opponent's history alike, the history linking to the account (issue 31.14).
 */
class NamesInGamesTest {
  static final String PASSWORD = "a long password";

  @Test
  void namesInFinishedGamesOnTwoProcesses() throws Exception {
    try (Postgres pg = Postgres.fresh();
         TestServer a = new TestServer(Database.url(pg.jdbcUrl(), null, null), 0);
         TestServer b = new TestServer(Database.url(pg.jdbcUrl(), null, null), 0)) {
      aDeletedAccountLeavesItsGamesAndItsNameAtOnce(a, b);
      aGuestWhoSignsUpIsShownUnderTheNameItPlayedUnder(a, b);
    }
  }

  /** Signs up on {@code s}; the session token. */
  private static String signUp(TestServer s, String name) throws Exception {
    Answer up = AccountRoutesTest.send(s.url("/api/account/signup"), "POST",
        "{\"name\":\"" + name + "\",\"password\":\"" + PASSWORD + "\"}", null, s.url(""));
    assertThat(up.status()).as(up.body()).isEqualTo(201);
    return up.setCookie().substring("jacquet_session=".length(), up.setCookie().indexOf(';'));
  }

  private static Player account(TestServer s, String session) {
    return s.web.accountsForTests().player(session).orElseThrow();
  }

  /** A finished game between two players, White resigning; its id. */
  private static String finishedGame(TestServer s, Player white, String whiteSeat, Player black) {
    GameStore.Row row = s.games.seated("modern", 1, TimeControl.parse("untimed"), false, white, black,
        Tokens.sha256(whiteSeat), Tokens.sha256(Tokens.token()));
    s.games.store().insert(row);
    s.games.act(row.id(), Tokens.sha256(whiteSeat), new GameService.Action.Resign(), "test");
    return row.id();
  }

  private static JsonNode game(TestServer s, String id) throws Exception {
    return WsClient.JSON.readTree(WsClient.get(s.url("/api/games/" + id)));
  }

  private static JsonNode history(TestServer s, String name) throws Exception {
    return WsClient.JSON.readTree(WsClient.get(s.url("/api/players/" + name + "/games"))).get("games");
  }

  private static void aDeletedAccountLeavesItsGamesAndItsNameAtOnce(TestServer a, TestServer b) throws Exception {
    String delia = signUp(a, "Delia");
    String bruno = signUp(a, "Bruno");
    String id = finishedGame(a, account(a, delia), Tokens.token(), account(a, bruno));
    // Both processes hold the game, named; Delia is seen online (her name held as a player's).
    assertThat(game(a, id).at("/players/white/name").asText()).isEqualTo("Delia");
    assertThat(game(b, id).at("/players/white/name").asText()).isEqualTo("Delia");
    assertThat(AccountRoutesTest.send(b.url("/api/me"), "GET", null, delia, null).json().get("name").asText()).isEqualTo("Delia");

    Answer deleted = AccountRoutesTest.send(a.url("/api/account/delete"), "POST", "{\"password\":\"" + PASSWORD + "\"}",
        delia, a.url(""));
    assertThat(deleted.status()).as(deleted.body()).isEqualTo(204);

    // At once, on both processes: the game no longer names her ("deleted player"), nor does Bruno's history.
    for (TestServer s : new TestServer[] {a, b}) {
      assertThat(game(s, id).at("/players/white").has("name")).as("the game on either process").isFalse();
      assertThat(game(s, id).at("/players/white/deleted").asBoolean()).as("shown as a deleted player").isTrue();
      assertThat(game(s, id).at("/players/black/name").asText()).isEqualTo("Bruno");
      JsonNode entry = history(s, "Bruno").get(0);
      assertThat(entry.has("opponent")).isFalse();
      assertThat(entry.get("opponentDeleted").asBoolean()).isTrue();
    }
    // And her name is free at once, on the other process.
    Answer again = AccountRoutesTest.send(b.url("/api/account/signup"), "POST",
        "{\"name\":\"Delia\",\"password\":\"" + PASSWORD + "\"}", null, b.url(""));
    assertThat(again.status()).as(again.body()).isEqualTo(201);
  }

  private static void aGuestWhoSignsUpIsShownUnderTheNameItPlayedUnder(TestServer a, TestServer b) throws Exception {
    String olga = signUp(a, "Olga");
    String guestSeat = Tokens.token();
    Player guest = new Player("g:" + "0".repeat(32), "Marguerite");
    String id = finishedGame(a, guest, guestSeat, account(a, olga));
    assertThat(game(b, id).at("/players/white/name").asText()).isEqualTo("Marguerite"); // held by process B

    // The guest signs up as Maxime with this browser's seat: the game moves to the account.
    Answer up = AccountRoutesTest.send(a.url("/api/account/signup"), "POST",
        "{\"name\":\"Maxime\",\"password\":\"" + PASSWORD + "\",\"tokens\":[\"" + guestSeat + "\"]}", null, a.url(""));
    assertThat(up.status()).as(up.body()).isEqualTo(201);

    for (TestServer s : new TestServer[] {a, b}) {
      assertThat(game(s, id).at("/players/white/name").asText()).as("the game page").isEqualTo("Marguerite");
      JsonNode entry = history(s, "Olga").get(0);
      assertThat(entry.get("id").asText()).isEqualTo(id);
      assertThat(entry.get("opponent").asText()).as("the opponent's history, as played").isEqualTo("Marguerite");
      assertThat(entry.get("opponentAccount").asText()).as("linked to the account of today").isEqualTo("Maxime");
      assertThat(history(s, "Maxime").get(0).get("id").asText()).as("the game is the account's").isEqualTo(id);
    }
    assertThat(WsClient.get(a.url("/api/players/Maxime/export"))).contains("[White \"Marguerite\"]");
  }
}
