package org.jacquet.server.rating;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.http.AccountRoutesTest;
import org.jacquet.server.http.AccountRoutesTest.Answer;
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
