package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.jacquet.server.testing.Postgres;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.store.GameStore;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.jacquet.server.identity.Player;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The accounts' routes over real HTTP: the session cookie's attributes, CSRF from another origin,
 * a stolen cookie after "sign out everywhere", a rated match seen in the profile, history, export
 * and leaderboard — and, on PostgreSQL, a session made on one server process used on another.
 */
public class AccountRoutesTest {
  @TempDir Path dir;

  public record Answer(int status, String body, String setCookie) {
    public JsonNode json() throws Exception {
      return WsClient.JSON.readTree(body);
    }

    /** The session token the answer's cookie carries. */
    String session() {
      assertThat(setCookie).startsWith("jacquet_session=");
      return setCookie.substring("jacquet_session=".length(), setCookie.indexOf(';'));
    }
  }

  public static Answer send(String url, String method, String body, String cookie, String origin) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).method(method,
        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) b.header("Content-Type", "application/json");
    if (cookie != null) b.header("Cookie", "jacquet_session=" + cookie);
    if (origin != null) b.header("Origin", origin);
    HttpResponse<String> r = WsClient.HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return new Answer(r.statusCode(), r.body(), r.headers().firstValue("Set-Cookie").orElse(null));
  }

  public static String signUp(String base, String name) throws Exception {
    Answer a = send(base + "/api/account/signup", "POST", "{\"name\":\"" + name + "\",\"password\":\"a long password\"}",
        null, base);
    assertThat(a.status()).as(a.body()).isEqualTo(201);
    return a.session();
  }

  @Test
  void sessionsCsrfAndARatedMatchOverHttp() throws Exception {
    try (TestServer s = TestServer.sqlite(dir, 0)) {
      String base = s.url("");
      Answer up = send(base + "/api/account/signup", "POST", "{\"name\":\"Anna\",\"password\":\"a long password\"}", null, base);
      assertThat(up.status()).isEqualTo(201);
      assertThat(up.setCookie()).contains("HttpOnly", "SameSite=Lax", "Path=/").doesNotContain("Secure");
      String anna = up.session();
      assertThat(send(base + "/api/account/me", "GET", null, anna, null).json().get("name").asText()).isEqualTo("Anna");

      // A page of another site posting with the victim's cookie: refused, nothing changed.
      Answer csrf = send(base + "/api/account/signout-everywhere", "POST", "", anna, "https://evil.example");
      assertThat(csrf.status()).isEqualTo(403);
      assertThat(csrf.json().get("code").asText()).isEqualTo("forbidden-origin");
      assertThat(send(base + "/api/account/me", "GET", null, anna, null).json().get("signedIn").asBoolean()).isTrue();

      // Same answer for an unknown name and a wrong password.
      Answer unknown = send(base + "/api/account/signin", "POST", "{\"name\":\"Nobody\",\"password\":\"a long password\"}",
          null, base);
      Answer wrong = send(base + "/api/account/signin", "POST", "{\"name\":\"Anna\",\"password\":\"wrong password\"}", null,
          base);
      assertThat(unknown.status()).isEqualTo(wrong.status()).isEqualTo(401);
      assertThat(unknown.body()).isEqualTo(wrong.body());

      // A rated match between two accounts, made as the lobby makes one, resigned by Bob.
      String bob = signUp(base, "Bob");
      Player a = new Player(s.web.accountsForTests().player(anna).orElseThrow().id(), "Anna");
      Player b = new Player(s.web.accountsForTests().player(bob).orElseThrow().id(), "Bob");
      String bobSeat = Tokens.token();
      GameStore.Row row = s.games.seated("modern", 1, TimeControl.parse("untimed"), true, a, b, Tokens.sha256(Tokens.token()),
          Tokens.sha256(bobSeat));
      s.games.store().insert(row);
      s.games.act(row.id(), Tokens.sha256(bobSeat), new GameService.Action.Resign(), "test");

      JsonNode profile = WsClient.JSON.readTree(WsClient.get(base + "/api/players/anna"));
      JsonNode untimed = profile.get("ratings").get(1);
      assertThat(untimed.get("category").asText()).isEqualTo("untimed");
      assertThat(untimed.get("rating").asInt()).isGreaterThan(1500);
      assertThat(untimed.get("provisional").asBoolean()).isTrue();
      assertThat(untimed.get("graph")).hasSize(1);
      assertThat(profile.get("played").asInt()).isEqualTo(1);
      assertThat(profile.get("won").asInt()).isEqualTo(1);
      JsonNode games = WsClient.JSON.readTree(WsClient.get(base + "/api/players/Bob/games")).get("games");
      assertThat(games).hasSize(1);
      assertThat(games.get(0).get("id").asText()).isEqualTo(row.id());
      assertThat(games.get(0).get("opponent").asText()).isEqualTo("Anna");
      assertThat(games.get(0).get("ratingChange").asInt()).isNegative();
      String export = WsClient.get(base + "/api/players/Bob/export");
      assertThat(export).contains("[Game \"" + row.id() + "\"]", "[Seed \"");
      Answer badCursor = send(base + "/api/players/Bob/games?before=nonsense", "GET", null, null, null);
      assertThat(badCursor.json().get("params").get("field").asText()).isEqualTo("before");
      assertThat(send(base + "/api/leaderboard?category=blitz", "GET", null, null, null).status()).isEqualTo(400);

      // Signing out everywhere ends a stolen copy of the cookie too.
      String stolen = send(base + "/api/account/signin", "POST", "{\"name\":\"Anna\",\"password\":\"a long password\"}",
          null, base).session();
      assertThat(send(base + "/api/account/signout-everywhere", "POST", "", anna, base).status()).isEqualTo(204);
      for (String cookie : new String[] {anna, stolen}) {
        assertThat(send(base + "/api/account/me", "GET", null, cookie, null).json().get("signedIn").asBoolean()).isFalse();
        assertThat(send(base + "/api/account/password", "POST", "{\"old\":\"a long password\",\"new\":\"taken over!\"}",
            cookie, base).status()).isEqualTo(401);
      }
    }
  }

  @Test
  void aSessionMadeOnOneProcessWorksOnTheOther() throws Exception {
    try (Postgres pg = Postgres.fresh()) {
      String url = pg.jdbcUrl();
      try (ServerProcess a = ServerProcess.start(ServerProcess.freePort(), "--db-url", url);
           ServerProcess b = ServerProcess.start(ServerProcess.freePort(), "--db-url", url)) {
        String cookie = signUp(a.url(""), "Chloe");
        assertThat(send(b.url("/api/account/me"), "GET", null, cookie, null).json().get("name").asText()).isEqualTo("Chloe");
        assertThat(send(b.url("/api/account/signout"), "POST", "", cookie, b.url("")).status()).isEqualTo(204);
        assertThat(send(a.url("/api/account/me"), "GET", null, cookie, null).json().get("signedIn").asBoolean()).isFalse();
      }
    }
  }
}
