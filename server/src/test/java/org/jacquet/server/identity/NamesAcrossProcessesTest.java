package org.jacquet.server.identity;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.jacquet.server.testing.LobbyGuest;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Guests' names over real server processes: two on one PostgreSQL (a name is the same on both,
 * held against look-alikes on both, and a direct challenge reaches a player connected to the
 * other), one SQLite server restarted (a guest keeps its name), and guests against accounts
 * over HTTP (neither takes the other's name; an account's rename and its former name).
 */
class NamesAcrossProcessesTest {
  @TempDir Path dir;

  static String rename(LobbyGuest g, String name) throws Exception {
    LobbyGuest.Answer a = g.post("/api/me/name", "{\"name\":\"" + name + "\"}");
    return a.status() == 200 ? a.body().path("name").asText() : a.code();
  }

  static String nameOn(LobbyGuest g) throws Exception {
    return g.call("GET", "/api/me", null).body().path("name").asText();
  }

  @Test
  void aGuestsNameHoldsOnBothProcessesAndADirectChallengeReachesTheOther() throws Exception {
    ServerProcess.onPostgresTwice((a, b) -> {
      try (LobbyGuest ann = new LobbyGuest(a.url("")); LobbyGuest bob = new LobbyGuest(b.url(""))) {
        assertThat(rename(ann, "Annabelle")).isEqualTo("Annabelle");
        assertThat(nameOn(ann.on(b.url("")))).as("the same guest asking the other process").isEqualTo("Annabelle");
        bob.lobby(); // Bob is online on B
        assertThat(rename(bob, "Bobette")).isEqualTo("Bobette");
        assertThat(rename(ann, "B0BETTE")).as("a look-alike of a name held on the other process").isEqualTo("name-taken");
        assertThat(nameOn(ann)).isEqualTo("Annabelle");

        ann.lobby();
        LobbyGuest.Answer posted = ann.post("/api/seeks", "{\"to\":\"bobette\"}");
        assertThat(posted.status()).as("Bob, online on B, found from A: %s", posted.body()).isEqualTo(201);
        String seek = posted.body().path("id").asText();
        assertThat(bob.seesSeek(seek).path("direct").toString()).contains("Annabelle");
        LobbyGuest.Answer accepted = bob.post("/api/seeks/" + seek + "/accept", null);
        assertThat(accepted.status()).isEqualTo(201);
        assertThat(ann.started(seek).path("game").asText()).isEqualTo(accepted.body().path("game").asText());

        try (LobbyGuest carl = new LobbyGuest(a.url(""))) {
          LobbyGuest.Answer nobody = carl.post("/api/seeks", "{\"to\":\"Nobody\"}");
          assertThat(nobody.code()).as("a name nobody has").isEqualTo("no-player");
        }
      }
    });
  }

  /** A POST as the account page sends it: from the site's origin, with the given cookies. */
  static LobbyGuest.Answer post(String base, String path, String json, String cookies) throws Exception {
    java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + path))
        .header("Origin", base).header("Content-Type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers.ofString(json));
    if (cookies != null) b.header("Cookie", cookies);
    var r = WsClient.HTTP.send(b.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
    return new LobbyGuest.Answer(r.statusCode(), WsClient.JSON.readTree(r.body()));
  }

  static String session(String base, String name) throws Exception {
    var r = WsClient.HTTP.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "/api/account/signup"))
        .header("Origin", base).header("Content-Type", "application/json")
        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\",\"password\":\"a long password\"}"))
        .build(), java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    String set = r.headers().firstValue("Set-Cookie").orElseThrow();
    return set.substring(0, set.indexOf(';'));
  }

  @Test
  void guestsAndAccountsNeverShareANameAndAnAccountIsRenamedOverHttp() throws Exception {
    try (TestServer s = TestServer.sqlite(dir, 0)) {
      String base = s.url("");
      String rita = session(base, "Rita"); // an account, signed in nowhere else: offline
      try (LobbyGuest gaspard = new LobbyGuest(base); LobbyGuest other = new LobbyGuest(base)) {
        assertThat(rename(other, "R1TA")).as("an account's name, online or not").isEqualTo("name-of-account");
        assertThat(rename(gaspard, "Gaspard")).isEqualTo("Gaspard");
        String signUp = "{\"name\":\"GASPARD\",\"password\":\"a long password\"}";
        assertThat(post(base, "/api/account/signup", signUp, other.cookie).code()).as("a name a guest holds now")
            .isEqualTo("name-taken");
        assertThat(post(base, "/api/account/signup", signUp, gaspard.cookie).status()).as("the guest itself may take it")
            .isEqualTo(201);

        assertThat(rename(other, "Ritournelle")).isEqualTo("Ritournelle"); // held by a guest
        String asRita = "{\"password\":\"a long password\",\"name\":\"%s\"}";
        assertThat(post(base, "/api/account/name", asRita.formatted("Ritournelle"), rita).code()).isEqualTo("name-taken");
        assertThat(post(base, "/api/account/name", asRita.formatted("Rita"), null).code()).isEqualTo("signed-out");
        LobbyGuest.Answer renamed = post(base, "/api/account/name", asRita.formatted("Ritalou"), rita);
        assertThat(renamed.status()).as(renamed.body().toString()).isEqualTo(200);
        assertThat(renamed.body().path("name").asText()).isEqualTo("Ritalou");
        assertThat(post(base, "/api/account/name", asRita.formatted("Ritaline"), rita).code()).isEqualTo("rename-too-soon");
        var profile = WsClient.HTTP.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "/api/players/Rita"))
            .GET().build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(WsClient.JSON.readTree(profile.body()).path("name").asText()).as("the former name leads to the account")
            .isEqualTo("Ritalou");
        assertThat(rename(other, "Rita")).as("the former name stays the account's").isEqualTo("name-of-account");
      }
    }
  }

  @Test
  void aGuestKeepsItsNameAcrossARestart() throws Exception {
    int port = ServerProcess.freePort();
    String cookie;
    try (ServerProcess server = ServerProcess.start(port, "--data", dir.toString())) {
      LobbyGuest ann = new LobbyGuest(server.url(""));
      assertThat(rename(ann, "Restartee")).isEqualTo("Restartee");
      cookie = ann.cookie;
      ann.close();
      server.stop();
    }
    try (ServerProcess server = ServerProcess.start(port, "--data", dir.toString())) {
      java.net.http.HttpResponse<String> r = org.jacquet.server.testing.WsClient.HTTP.send(java.net.http.HttpRequest
          .newBuilder(java.net.URI.create(server.url("/api/me"))).header("Cookie", cookie).GET().build(),
          java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(r.body()).contains("\"name\":\"Restartee\"");
      assertThat(r.headers().firstValue("Set-Cookie")).as("the same guest, no new cookie").isEmpty();
    }
  }
}
