package org.jacquet.server.rating;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.http.AccountRoutesTest;
import org.jacquet.server.http.AccountRoutesTest.Answer;
import org.jacquet.server.testing.LobbyGuest;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A level of the computer is a rated player: a signed-in player asks for a rated game against
 * one, and the match's end moves both ratings in the pool of its time control; the levels'
 * ratings are served for the picker; a guest, practice, a set-up position or a level kept for
 * comparison are refused a rated game, with their reason.
 */
class RatedComputerTest {
  @TempDir Path dir;

  @Test
  void aRatedGameAgainstALevelMovesBothRatings() throws Exception {
    try (TestServer s = TestServer.sqlite(dir, 0)) {
      String base = s.url("");
      String anna = AccountRoutesTest.signUp(base, "Anna");
      JsonNode before = level(base, "intermediate").get("ratings").get("untimed");
      assertThat(before.get("rating").asInt()).isEqualTo(1500);
      assertThat(before.get("games").asInt()).isZero();

      assertThat(code(AccountRoutesTest.send(base + "/api/games", "POST", "{\"opponent\":\"computer\",\"rated\":true}", null, base)))
          .isEqualTo("rated-needs-account");
      assertThat(code(AccountRoutesTest.send(base + "/api/games", "POST", "{\"opponent\":\"practice\",\"rated\":true}", anna, base)))
          .isEqualTo("unrated-game");
      assertThat(code(AccountRoutesTest.send(base + "/api/games", "POST", "{\"opponent\":\"friend\",\"rated\":true}", anna, base)))
          .isEqualTo("unrated-game");
      assertThat(code(AccountRoutesTest.send(base + "/api/games", "POST",
          "{\"opponent\":\"computer\",\"level\":\"random\",\"rated\":true}", anna, base))).isEqualTo("unrated-level");

      Answer made = AccountRoutesTest.send(base + "/api/games", "POST",
          "{\"opponent\":\"computer\",\"level\":\"intermediate\",\"rated\":true,\"match\":1}", anna, base);
      assertThat(made.status()).as(made.body()).isEqualTo(201);
      String id = made.json().get("id").asText();
      s.games.act(id, Tokens.sha256(made.json().get("token").asText()), new GameService.Action.Resign(), "test");

      // Anna resigned: the level won, its rating went up, hers down, both in the untimed pool.
      JsonNode after = level(base, "intermediate").get("ratings").get("untimed");
      assertThat(after.get("games").asInt()).isEqualTo(1);
      assertThat(after.get("rating").asInt()).isGreaterThan(1500);
      assertThat(after.get("provisional").asBoolean()).isTrue();
      assertThat(level(base, "expert").get("ratings").get("untimed").get("games").asInt()).isZero();
      JsonNode profile = WsClient.JSON.readTree(WsClient.get(base + "/api/players/Anna"));
      JsonNode untimed = null;
      for (JsonNode r : profile.get("ratings")) if (r.get("category").asText().equals("untimed")) untimed = r;
      assertThat(untimed.get("rating").asInt()).isLessThan(1500);
    }
  }

  /**
   * The ratings shown beside the names: each seated player's in the game's pool in the game's
   * state (the level's too), the poster's in its seek's pool in the lobby's challenges, and both
   * players' in the lobby's games being played; a guest has none.
   */
  @Test
  void theSeatedPlayersRatingsAreInTheStateAndTheLobby() throws Exception {
    try (TestServer s = TestServer.sqlite(dir, 0)) {
      String base = s.url("");
      String anna = AccountRoutesTest.signUp(base, "Anna");
      String bob = AccountRoutesTest.signUp(base, "Bob");
      // Anna loses a rated untimed game to the intermediate level: both leave 1500.
      Answer first = AccountRoutesTest.send(base + "/api/games", "POST",
          "{\"opponent\":\"computer\",\"level\":\"intermediate\",\"rated\":true,\"match\":1}", anna, base);
      s.games.act(first.json().get("id").asText(), Tokens.sha256(first.json().get("token").asText()),
          new GameService.Action.Resign(), "test");
      JsonNode annaUntimed = pool(base, "Anna", "untimed");
      JsonNode level = level(base, "intermediate").get("ratings").get("untimed");

      Answer made = AccountRoutesTest.send(base + "/api/games", "POST",
          "{\"opponent\":\"computer\",\"level\":\"intermediate\",\"rated\":true,\"match\":1}", anna, base);
      JsonNode state = WsClient.JSON.readTree(WsClient.get(base + "/api/games/" + made.json().get("id").asText()));
      JsonNode players = state.get("players");
      String annaSide = players.at("/white/kind").asText().equals("human") ? "white" : "black";
      String levelSide = annaSide.equals("white") ? "black" : "white";
      assertThat(players.at("/" + annaSide + "/rating/rating").asInt()).isEqualTo(annaUntimed.get("rating").asInt()).isLessThan(1500);
      assertThat(players.at("/" + annaSide + "/rating/deviation").asInt()).isEqualTo(annaUntimed.get("deviation").asInt());
      assertThat(players.at("/" + annaSide + "/rating/provisional").asBoolean()).isTrue();
      assertThat(players.at("/" + levelSide + "/rating/rating").asInt()).isEqualTo(level.get("rating").asInt()).isGreaterThan(1500);

      // In the lobby: Anna's untimed challenge shows her untimed rating; Bob, new, stands at 1500 ± 350.
      try (WsClient lobby = new WsClient(base, org.jacquet.server.live.LobbySocket.PATH, new WsClient.Cookie("jacquet_session=" + bob))) {
        lobby.send("{\"type\":\"hello\"}");
        Answer posted = AccountRoutesTest.send(base + "/api/seeks", "POST",
            "{\"rules\":\"modern\",\"match\":1,\"time\":\"untimed\",\"rated\":true}", anna, base);
        assertThat(posted.status()).as(posted.body()).isEqualTo(201);
        String seek = posted.json().get("id").asText();
        JsonNode listed = lobby.next(m -> m.path("type").asText().equals("lobby") && LobbyGuest.hasSeek(m, seek));
        JsonNode shown = listed.path("seeks").get(0);
        assertThat(shown.at("/posterRating/rating").asInt()).isEqualTo(annaUntimed.get("rating").asInt());
        assertThat(shown.at("/posterRating/deviation").asInt()).isEqualTo(annaUntimed.get("deviation").asInt());
        assertThat(shown.at("/posterRating/provisional").asBoolean()).isTrue();

        Answer joined = AccountRoutesTest.send(base + "/api/seeks/" + seek + "/accept", "POST", null, bob, base);
        assertThat(joined.status()).as(joined.body()).isEqualTo(201);
        String game = joined.json().get("game").asText();
        JsonNode playing = lobby.next(m -> {
          for (JsonNode g : m.path("games")) if (g.path("id").asText().equals(game)) return true;
          return false;
        });
        JsonNode g = null; // the game of Anna and Bob (Anna's game against the level may be listed too)
        for (JsonNode x : playing.path("games")) if (x.path("id").asText().equals(game)) g = x;
        String annaColour = g.path("white").asText().equals("Anna") ? "white" : "black";
        String bobColour = annaColour.equals("white") ? "black" : "white";
        assertThat(g.at("/" + annaColour + "Rating/rating").asInt()).isEqualTo(annaUntimed.get("rating").asInt());
        assertThat(g.at("/" + bobColour + "Rating/rating").asInt()).isEqualTo(1500);
        assertThat(g.at("/" + bobColour + "Rating/deviation").asInt()).isEqualTo(350);
      }
    }
  }

  private static JsonNode pool(String base, String name, String category) throws Exception {
    for (JsonNode r : WsClient.JSON.readTree(WsClient.get(base + "/api/players/" + name)).get("ratings")) {
      if (r.get("category").asText().equals(category)) return r;
    }
    throw new AssertionError("no pool " + category);
  }

  private static String code(Answer a) throws Exception {
    assertThat(a.status()).as(a.body()).isGreaterThanOrEqualTo(400);
    return a.json().get("code").asText();
  }

  private static JsonNode level(String base, String key) throws Exception {
    for (JsonNode l : WsClient.JSON.readTree(WsClient.get(base + "/api/levels")).get("levels")) {
      if (l.get("level").asText().equals(key)) return l;
    }
    throw new AssertionError("no level " + key);
  }
}
