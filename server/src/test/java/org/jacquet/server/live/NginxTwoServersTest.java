package org.jacquet.server.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.jacquet.server.testing.Postgres;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jacquet.server.browser.BrowserTest;
import org.jacquet.server.testing.Nginx;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hosting the docs describe, on loopback: nginx with the shipped configuration (TLS by a
 * self-signed certificate, WebSocket upgrade) in front of two server processes on one real
 * PostgreSQL. Two players play a game over HTTPS and WSS through nginx; one process is killed
 * midway (SIGKILL), the players reconnect through nginx as the page does, and the game goes on
 * to its end through the other process.
 */
class NginxTwoServersTest {
  /** The turn after which a process is killed: the race game lasts longer. */
  private static final int KILL_AFTER = 4;

  @TempDir Path prefix;

  @Test
  void aGamePlayedThroughNginxGoesOnWhenOneProcessDies() throws Exception {
    assumeTrue(Nginx.available(), "needs nginx and openssl (run-tests installs them)");
    try (Postgres pg = Postgres.fresh()) {
      String url = pg.jdbcUrl();
      try (ServerProcess a = ServerProcess.start(ServerProcess.freePort(), "--db-url", url, "--trust-proxy");
           ServerProcess b = ServerProcess.start(ServerProcess.freePort(), "--db-url", url, "--trust-proxy");
           Nginx nginx = Nginx.start(prefix, a.port, b.port)) {
        HttpClient https = nginx.client();
        HttpResponse<Void> plain = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + nginx.httpPort + "/")).build(), HttpResponse.BodyHandlers.discarding());
        assertThat(plain.statusCode()).as("plain HTTP is sent to HTTPS").isEqualTo(301);
        assertThat(plain.headers().firstValue("Location").orElse("")).startsWith("https://");
        // certbot's webroot challenge is answered over plain HTTP (a renewal works on this configuration).
        Path challenge = Files.createDirectories(nginx.webroot.resolve(".well-known/acme-challenge")).resolve("token-1");
        Files.writeString(challenge, "token-1.key");
        HttpResponse<String> acme = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + nginx.httpPort + "/.well-known/acme-challenge/token-1")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(acme.statusCode()).as("the ACME challenge over plain HTTP").isEqualTo(200);
        assertThat(acme.body()).isEqualTo("token-1.key");
        // nginx's version is not told, and the page may use no device.
        HttpResponse<Void> page = https.send(HttpRequest.newBuilder(URI.create(nginx.url("/"))).build(), HttpResponse.BodyHandlers.discarding());
        assertThat(page.headers().firstValue("Server")).hasValue("nginx");
        assertThat(page.headers().firstValue("Permissions-Policy").orElse("")).contains("camera=()").contains("microphone=()");

        JsonNode created = WsClient.post(https, nginx.url("/api/games"),
            "{\"opponent\":\"friend\",\"match\":1,\"position\":\"" + BrowserTest.RACE + "\"}");
        String id = created.get("id").asText();
        String[] tokens = {created.get("token").asText(), created.get("inviteToken").asText()};
        WsClient[] seats = {connect(https, nginx, id, tokens[0]), connect(https, nginx, id, tokens[1])};
        tokens[1] = seats[1].seatToken(tokens[1]); // the invitation, once taken, seats nobody: the seat's own key does
        JsonNode s = WsClient.JSON.readTree(WsClient.get(https, nginx.url("/api/games/" + id), tokens[0]));
        int turns = 0;
        while (!s.get("phase").asText().equals("over") && turns < 200) {
          if (turns == KILL_AFTER) {
            a.kill();
            // The two sockets were opened one after the other: nginx gave one to each process.
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (cut(seats[0]) + cut(seats[1]) == 0 && System.nanoTime() < deadline) Thread.sleep(20);
            assertThat(cut(seats[0]) + cut(seats[1])).as("the seats whose socket went with the killed process").isEqualTo(1);
            for (int i = 0; i < 2; i++) {
              seats[i].close();
              seats[i] = connect(https, nginx, id, tokens[i]); // as the page reconnects: nginx finds the live process
            }
            for (int i = 0; i < 6; i++) {
              assertThat(https.send(HttpRequest.newBuilder(URI.create(nginx.url("/healthz"))).build(),
                  HttpResponse.BodyHandlers.discarding()).statusCode()).as("every request answered with one process dead").isEqualTo(200);
            }
            s = WsClient.JSON.readTree(WsClient.get(https, nginx.url("/api/games/" + id), tokens[0]));
          }
          int mover = s.get("turn").asText().equals("white") ? 0 : 1;
          if (s.get("phase").asText().equals("play")) {
            JsonNode mine = WsClient.JSON.readTree(WsClient.get(https, nginx.url("/api/games/" + id), tokens[mover]));
            seats[mover].send("{\"type\":\"play\",\"play\":\"" + mine.get("legal").get(0).asText() + "\"}");
          } else {
            seats[mover].send("{\"type\":\"roll\"}");
          }
          // The other player hears of it over its secure socket.
          s = seats[1 - mover].stateAt(s.get("version").asInt() + 1);
          turns++;
        }
        // At least two actions after the kill (a game from this race can end at its 6th action:
        // White's 6-6, then any double from 3-3 up, one run in 324).
        assertThat(turns).as("the game went on after the kill").isGreaterThanOrEqualTo(KILL_AFTER + 2);
        assertThat(s.get("phase").asText()).isEqualTo("over");
        assertThat(a.process.isAlive()).isFalse();
        JsonNode onB = WsClient.JSON.readTree(WsClient.get(b.url("/api/games/" + id)));
        assertThat(onB.get("phase").asText()).isEqualTo("over");
        assertThat(onB.get("events")).isEqualTo(s.get("events"));
        for (WsClient seat : seats) seat.close();
        // The socket cut by the kill ended long ago: nginx has logged it.
        String access = java.nio.file.Files.readString(prefix.resolve("access.log"));
        assertThat(access).as("the game sockets went through nginx, upgraded").containsPattern("\"GET /ws/" + id + " HTTP/1.1\" 101 ");
      }
    }
  }

  /** 1 once the socket was closed or broke under its client, else 0. */
  private static int cut(WsClient seat) {
    synchronized (seat.log) {
      return seat.log.stream().anyMatch(l -> l.startsWith("CLOSED") || l.startsWith("ERROR")) ? 1 : 0;
    }
  }

  /** A seat's socket through nginx (wss://), said hello to, once it shows the seat. */
  private static WsClient connect(HttpClient https, Nginx nginx, String id, String token) throws Exception {
    WsClient c = new WsClient(https, nginx.url(""), id);
    c.send("{\"type\":\"hello\",\"token\":\"" + token + "\"}");
    c.nextSeatedState();
    return c;
  }
}
