package org.jacquet.server.identity;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.jacquet.server.testing.LobbyGuest;
import org.jacquet.server.testing.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Guests' names over real server processes: two on one PostgreSQL (a name is the same on both,
 * held against look-alikes on both, and a direct challenge reaches a player connected to the
 * other), and one SQLite server restarted (a guest keeps its name).
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
