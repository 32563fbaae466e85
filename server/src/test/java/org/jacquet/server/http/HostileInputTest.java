package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.live.RawWebSocket;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Garbage at every endpoint is answered 4xx with a reason (code, params, message), never 500,
 * never a stack trace in the server's log; every answer carries the security headers.
 */
class HostileInputTest {
  @TempDir Path dir;

  static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
    return WsClient.HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static HttpRequest.Builder post(String url, String body) {
    return HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(body))
        .header("Content-Type", "application/json");
  }

  static HttpRequest.Builder get(String url) {
    return HttpRequest.newBuilder(URI.create(url)).GET();
  }

  /** Asserts a refusal with a reason, and returns its code. */
  static String refused(HttpResponse<String> r, int status) throws Exception {
    assertThat(r.statusCode()).as("%s → %s", r.request().uri(), r.body()).isEqualTo(status);
    assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
    JsonNode body = WsClient.JSON.readTree(r.body());
    assertThat(body.path("code").asText()).isNotBlank();
    assertThat(body.path("params").isObject()).isTrue();
    assertThat(body.path("message").asText()).isNotBlank();
    return body.get("code").asText();
  }

  @Test
  void garbageAtEveryEndpointIsRefusedWithItsReasonNeverA500NorAStackTrace() throws Exception {
    int port = ServerProcess.freePort();
    try (ServerProcess server = ServerProcess.start(port, "--data", dir.toString(), "--limit-games", "1000",
        "--limit-analyses", "1000")) {
      String games = server.url("/api/games");
      assertThat(refused(send(post(games, "not json")), 400)).isEqualTo("malformed");
      assertThat(refused(send(post(games, "[]")), 400)).isEqualTo("malformed");
      assertThat(refused(send(post(games, "null")), 400)).isEqualTo("malformed");
      assertThat(refused(send(post(games, "123")), 400)).isEqualTo("malformed");
      assertThat(refused(send(post(games, "[".repeat(5000))), 400)).isEqualTo("malformed");
      // One JSON value, written once: a field twice, or anything after the object, is not read one way.
      assertThat(refused(send(post(games, "{\"match\":3,\"match\":4}")), 400)).isEqualTo("malformed");
      assertThat(refused(send(post(games, "{\"match\":3} xyz")), 400)).isEqualTo("malformed");
      assertThat(refused(send(post(games, "{\"match\":3}{\"match\":5}")), 400)).isEqualTo("malformed");
      // Strict types: nothing coerced.
      assertThat(refused(send(post(games, "{\"opponent\":123}")), 400)).isEqualTo("bad-field");
      assertThat(refused(send(post(games, "{\"match\":\"abc\"}")), 400)).isEqualTo("bad-field");
      assertThat(refused(send(post(games, "{\"match\":\"3\"}")), 400)).isEqualTo("bad-field");
      assertThat(refused(send(post(games, "{\"match\":1.5}")), 400)).isEqualTo("bad-field");
      assertThat(refused(send(post(games, "{\"match\":100}")), 400)).isEqualTo("bad-field");
      assertThat(refused(send(post(games, "{\"side\":null}")), 400)).isEqualTo("bad-field");
      assertThat(refused(send(post(games, "{\"side\":\"red\"}")), 400)).isEqualTo("bad-field");
      assertThat(refused(send(post(games, "{\"sneaky\":1}")), 400)).isEqualTo("unknown-field");
      assertThat(refused(send(post(games, "{\"rules\":\"classic\"}")), 400)).isEqualTo("bad-rules");
      assertThat(refused(send(post(games, "{\"position\":\"garbage\"}")), 400)).isEqualTo("bad-position");
      // A set-up position that already breaks a block rule would pass forever: refused with the rule.
      assertThat(refused(send(post(games,
          "{\"position\":\"white=1:5,2:2,3:2,4:2,5:2,6:2 black=12:15 turn=white\"}")), 400))
          .isEqualTo("block-first-quadrant-needs-return");
      assertThat(refused(send(post(games, "{\"opponent\":\"computer\",\"level\":\"god\"}")), 400)).isEqualTo("bad-level");
      assertThat(refused(send(post(games, "{\"position\":\"" + "x".repeat(20000) + "\"}")), 413)).isEqualTo("too-large");

      String mine = server.url("/api/games/mine");
      assertThat(refused(send(post(mine, "")), 400)).isEqualTo("malformed");
      assertThat(refused(send(post(mine, "{\"tokens\":\"abc\"}")), 400)).isEqualTo("bad-field");
      assertThat(refused(send(post(mine, "{\"tokens\":[1,2]}")), 400)).isEqualTo("bad-field");
      List<String> many = new ArrayList<>();
      for (int i = 0; i < 201; i++) many.add("\"t" + i + "\"");
      assertThat(refused(send(post(mine, "{\"tokens\":[" + String.join(",", many) + "]}")), 400)).isEqualTo("bad-field");
      assertThat(send(post(mine, "{\"tokens\":[]}")).body()).isEqualTo("[]");

      // Refused by the HTTP parser itself (400 "Bad Message"), before any route: never a 500.
      for (String id : List.of("%00", "..%2F..%2Fetc%2Fpasswd")) {
        assertThat(send(get(games + "/" + id)).statusCode()).isBetween(400, 404);
      }
      for (String id : List.of("nope", "x".repeat(1000), "%E2%82%AC", "a%20b")) {
        assertThat(refused(send(get(games + "/" + id)), 404)).isEqualTo("no-game");
        assertThat(refused(send(get(games + "/" + id + "/record")), 404)).isEqualTo("no-game");
        assertThat(refused(send(get(games + "/" + id + "/review")), 404)).isEqualTo("no-game");
      }
      JsonNode created = WsClient.post(games, "{\"opponent\":\"friend\"}");
      String game = games + "/" + created.get("id").asText();
      assertThat(refused(send(get(game).header("Authorization", "Basic abc")), 400)).isEqualTo("bad-field");
      assertThat(send(get(game).header("Authorization", "Bearer wrong")).statusCode()).isEqualTo(200); // a spectator's view
      assertThat(WsClient.JSON.readTree(send(get(game).header("Authorization", "Bearer " + created.get("token").asText())).body())
          .get("you").asText()).isEqualTo("white");
      assertThat(refused(send(get(game + "/review")), 400)).isEqualTo("not-over");

      String analyse = server.url("/api/analyse");
      assertThat(refused(send(get(analyse)), 400)).isEqualTo("bad-position");
      assertThat(refused(send(get(analyse + "?position=_38gAAD_fwAAAA&dice=9-9")), 400)).isEqualTo("bad-dice");
      assertThat(refused(send(get(analyse + "?position=_38gAAD_fwAAAA&dice=6-5&rules=" + "z".repeat(3000))), 400))
          .isEqualTo("bad-rules");
      assertThat(refused(send(get(analyse + "?position=" + URLEncoder.encode("white=1:16 black=1:15", StandardCharsets.UTF_8)
          + "&dice=6-5")), 400)).isEqualTo("bad-position");

      assertThat(refused(send(get(server.url("/api/metrics?since=abc"))), 400)).isEqualTo("bad-field");
      assertThat(refused(send(get(server.url("/api/nothing"))), 404)).isEqualTo("not-found");
      assertThat(refused(send(get(server.url("/no/such/page.html"))), 404)).isEqualTo("not-found");
      assertThat(send(HttpRequest.newBuilder(URI.create(games)).method("DELETE", HttpRequest.BodyPublishers.noBody()))
          .statusCode()).isBetween(400, 499);

      // The socket: garbage messages are answered with their reasons too.
      try (WsClient ws = new WsClient(server.url(""), created.get("id").asText())) {
        for (String bad : List.of("", "\u0000", "{", "[1]", "{\"type\":7}", "{\"type\":\"roll\",\"type\":\"undo\"}",
            "{\"type\":\"roll\"} trailing", "{\"type\":\"step\",\"from\":0,\"to\":99}",
            "{\"type\":\"play\",\"play\":" + "1".repeat(300) + "}", "{\"type\":\"hello\",\"token\":{}}",
            "{\"type\":\"choose\",\"throwAgain\":\"yes\"}", "{\"type\":\"" + "t".repeat(500) + "\"}")) {
          ws.send(bad);
          JsonNode e = ws.nextError();
          assertThat(e.path("code").asText()).isIn("malformed", "bad-field", "unknown-type", "not-seated");
          assertThat(e.path("params").isObject()).isTrue();
        }
      }
      // A message over the size limit: the socket is closed (1009), nothing else happens.
      try (RawWebSocket raw = new RawWebSocket("127.0.0.1", port, "/ws/" + created.get("id").asText(), 65536)) {
        raw.send("{\"type\":\"play\",\"play\":\"" + "1".repeat(20_000) + "\"}");
        assertThat(raw.closedByServer(5000)).isTrue();
      }
      // Refused by the HTTP parser: answered, and not a line in the log each (a disk filled by one client).
      assertThat(send(get(server.url("/healthz")).header("X-Big", "a".repeat(10_000))).statusCode()).isEqualTo(431);
      assertThat(send(get(server.url("/healthz")).header("X-Big", "a".repeat(10_000))).statusCode()).isEqualTo(431);
      assertThat(send(get(server.url("/healthz"))).statusCode()).isEqualTo(200);
      server.stop();
      List<String> log = new ArrayList<>(server.lines);
      assertThat(log).as("server log").noneMatch(l -> l.startsWith("\tat ") || l.contains("Exception") || l.contains("ERROR")
          || l.contains("HttpParser") || l.contains("greater than max size"));
    }
  }

  @Test
  void everyAnswerCarriesTheSecurityHeadersAndTextNamesItsCharset() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 20)) {
      for (String path : List.of("/", "/game.html", "/lobby.js", "/app.css", "/state-sync.js", "/api/games/nope", "/healthz")) {
        HttpResponse<String> r = send(get(server.url(path)));
        assertThat(r.headers().firstValue("Content-Security-Policy")).as(path).contains(Headers.CSP);
        assertThat(r.headers().firstValue("X-Content-Type-Options")).as(path).contains("nosniff");
        assertThat(r.headers().firstValue("Referrer-Policy")).as(path).contains("no-referrer");
        String type = r.headers().firstValue("Content-Type").orElse("");
        assertThat(type).as(path).containsIgnoringCase("charset=utf-8");
      }
      assertThat(Headers.CSP).contains("frame-ancestors 'none'").doesNotContain("unsafe-inline");
      // The seat-token query string of old is gone: the list of your games is a POST.
      assertThat(send(get(server.url("/api/games?tokens=abc"))).statusCode()).isIn(404, 405);
    }
  }

  /**
   * Every route that changes state, as the server's own route table lists them (a route added
   * later is walked too), refuses a page of another site — another host, {@code null}, another
   * port of this host — and a body not sent as JSON (a page of another site sends plain text
   * without asking): nothing is done. The same request from the site's own page is let through
   * to its route, and a seek is posted and withdrawn from it.
   */
  @Test
  void everyStateChangingRouteRefusesOtherSitesAndBodiesThatAreNotJson() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 20)) {
      String self = "http://127.0.0.1:" + server.port();
      List<org.jacquet.server.WebServer.Route> unsafe = server.web.routesServed().stream()
          .filter(r -> List.of("POST", "PUT", "PATCH", "DELETE").contains(r.method()))
          .filter(r -> !org.jacquet.server.http.StateChanges.BY_TOKEN_ONLY.contains(r.path())).toList(); // RFC 8058: NotifyTest
      assertThat(unsafe).extracting(org.jacquet.server.WebServer.Route::path)
          .contains("/api/seeks", "/api/pairing", "/api/seeks/{id}/accept", "/api/seeks/{id}", "/api/me/name", "/api/games",
              "/api/account/signin", "/api/puzzles/{rules}/{index}/answer");
      String guest = new org.jacquet.server.testing.LobbyGuest(self).cookie;
      for (var route : unsafe) {
        String url = server.url(route.path().replaceAll("\\{[^}]+}", "aaaaaaaaaaaa"));
        String what = route.method() + " " + route.path();
        // Another site's page (a text/plain body, as a page sends it without asking), a sandboxed frame, another port.
        for (String origin : List.of("http://evil.example", "null", "http://127.0.0.1:" + (server.port() - 1))) {
          HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(url)).header("Cookie", guest)
              .header("Origin", origin).header("Content-Type", "text/plain").method(route.method(), HttpRequest.BodyPublishers.ofString("{}")));
          assertThat(refused(r, 403)).as("%s from %s", what, origin).isEqualTo("forbidden-origin");
        }
        // A body not declared JSON, from this site's page or from no browser at all.
        for (String[] sent : new String[][] {{self, "text/plain"}, {null, "application/x-www-form-urlencoded"}, {self, null}}) {
          HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Cookie", guest)
              .method(route.method(), HttpRequest.BodyPublishers.ofString("{}"));
          if (sent[0] != null) b.header("Origin", sent[0]);
          if (sent[1] != null) b.header("Content-Type", sent[1]);
          HttpResponse<String> r = send(b);
          assertThat(refused(r, 415)).as("%s as %s", what, sent[1]).isEqualTo("json-only");
          assertThat(WsClient.JSON.readTree(r.body()).at("/params/contentType").asText()).isEqualTo(sent[1] == null ? "none" : sent[1]);
        }
        // From the site's own page, with JSON: the route itself answers (whatever it makes of "{}").
        HttpResponse<String> own = send(HttpRequest.newBuilder(URI.create(url)).header("Cookie", guest).header("Origin", self)
            .header("Content-Type", "application/json").method(route.method(), HttpRequest.BodyPublishers.ofString("{}")));
        assertThat(own.body()).as(what).doesNotContain("forbidden-origin", "json-only");
      }
      // Nothing the refused requests asked was done: of the guest's open seeks, only the one its
      // own page posted above waits, so it may post all but one of its allowance, then no more.
      List<String> seeks = new ArrayList<>();
      for (int i = 0; i < org.jacquet.server.lobby.Lobby.MAX_WAITING; i++) {
        HttpResponse<String> posted = send(HttpRequest.newBuilder(URI.create(server.url("/api/seeks"))).header("Cookie", guest)
            .header("Origin", self).header("Content-Type", "application/json; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofString("{}")));
        if (posted.statusCode() != 201) {
          assertThat(WsClient.JSON.readTree(posted.body()).path("code").asText()).isEqualTo("too-many-seeks");
          break;
        }
        seeks.add(WsClient.JSON.readTree(posted.body()).get("id").asText());
      }
      assertThat(seeks).hasSize(org.jacquet.server.lobby.Lobby.MAX_WAITING - 1);
      HttpResponse<String> gone = send(HttpRequest.newBuilder(URI.create(server.url("/api/seeks/" + seeks.get(0))))
          .header("Cookie", guest).header("Origin", self).DELETE());
      assertThat(gone.statusCode()).as(gone.body()).isEqualTo(204);
    }
  }

  @Test
  void aBrowserSocketFromAnotherSiteIsRefused() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 20)) {
      JsonNode created = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}");
      String id = created.get("id").asText();
      WsClient.Origin evil = new WsClient.Origin("https://evil.example");
      try (WsClient ws = new WsClient(server.url(""), id, evil)) {
        JsonNode e = ws.nextError();
        assertThat(e.get("code").asText()).isEqualTo("forbidden-origin");
        assertThat(e.get("params").get("origin").asText()).isEqualTo("https://evil.example");
      }
      try (WsClient ws = new WsClient(server.url(""), id, new WsClient.Origin("http://127.0.0.1:" + server.port()))) {
        ws.send("{\"type\":\"hello\"}");
        assertThat(ws.nextState().get("id").asText()).isEqualTo(id);
      }
    }
  }
}
