package org.jacquet.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.jacquet.server.testing.Postgres;
import java.util.List;
import org.jacquet.server.browser.BrowserTest;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;

/**
 * Two server processes on one PostgreSQL: the two players of a friend game, each connected to a
 * different process, play a whole game; each play reaches the other player through LISTEN/NOTIFY.
 */
class TwoServersTest {
  @Test
  void playersOnDifferentServersPlayAGameThrough() throws Exception {
    try (Postgres pg = Postgres.fresh()) {
      String url = pg.jdbcUrl();
      try (ServerProcess a = ServerProcess.start(ServerProcess.freePort(), "--db-url", url);
           ServerProcess b = ServerProcess.start(ServerProcess.freePort(), "--db-url", url)) {
        JsonNode created = WsClient.post(a.url("/api/games"),
            "{\"opponent\":\"friend\",\"match\":1,\"position\":\"" + BrowserTest.RACE + "\"}");
        String id = created.get("id").asText();
        String white = created.get("token").asText();
        String black = created.get("inviteToken").asText();
        try (WsClient w = new WsClient(a.url(""), id); WsClient bl = new WsClient(b.url(""), id)) {
          w.send("{\"type\":\"hello\",\"token\":\"" + white + "\"}");
          bl.send("{\"type\":\"hello\",\"token\":\"" + black + "\"}");
          bl.nextSeatedState();
          black = bl.seatToken(black); // the seat's own token, once the invitation is taken
          // White, on server A, sees Black connected on server B.
          w.next(m -> m.path("type").asText().equals("state") && m.at("/players/black/connected").asBoolean());
          JsonNode s = WsClient.JSON.readTree(WsClient.get(a.url("/api/games/" + id)));
          int moves = 0;
          while (!s.get("phase").asText().equals("over") && moves < 200) {
            boolean whiteMoves = s.get("turn").asText().equals("white");
            ServerProcess server = whiteMoves ? a : b;
            WsClient mover = whiteMoves ? w : bl;
            WsClient other = whiteMoves ? bl : w;
            if (s.get("phase").asText().equals("play")) {
              JsonNode mine = WsClient.JSON.readTree(WsClient.get(server.url("/api/games/" + id), whiteMoves ? white : black));
              mover.send("{\"type\":\"play\",\"play\":\"" + mine.get("legal").get(0).asText() + "\"}");
            } else {
              mover.send("{\"type\":\"roll\"}");
            }
            int version = s.get("version").asInt() + 1;
            // The other player, on the other server, hears of it.
            s = other.stateAt(version);
            moves++;
          }
          assertThat(s.get("phase").asText()).isEqualTo("over");
          assertThat(moves).isGreaterThan(3);
          JsonNode onA = WsClient.JSON.readTree(WsClient.get(a.url("/api/games/" + id)));
          JsonNode onB = WsClient.JSON.readTree(WsClient.get(b.url("/api/games/" + id)));
          assertThat(onA.get("events")).isEqualTo(onB.get("events"));
          assertThat(onA.get("result")).isEqualTo(onB.get("result"));
        }
      }
    }
  }

  /**
   * A player connected to a process that dies (SIGKILL: no goodbye) stops showing as connected
   * to those watching through the other process, once the dead process's word expires (here
   * shortened to 6 s; 30 s by default). At 3 s, renewed every second, a renewal had 2 s to go
   * from one loaded JVM through PostgreSQL to another, and a late one made White look gone
   * while alive; 6 s leaves it 4 s, and the test still sees a word outlive its lifetime.
   */
  @Test
  void presenceFromADeadProcessExpires() throws Exception {
    long ttl = 6000;
    ServerProcess.onPostgresTwice(List.of("-Djacquet.presenceTtlMillis=" + ttl), (a, b) -> {
      JsonNode created = WsClient.post(a.url("/api/games"), "{\"opponent\":\"friend\"}");
      String id = created.get("id").asText();
      try (WsClient white = new WsClient(a.url(""), id); WsClient watcher = new WsClient(b.url(""), id)) {
        watcher.send("{\"type\":\"hello\"}");
        white.send("{\"type\":\"hello\",\"token\":\"" + created.get("token").asText() + "\"}");
        white.nextSeatedState();
        watcher.next(m -> m.at("/players/white/connected").asBoolean());
        // Still connected past the lifetime of a word: the live process renews it.
        Thread.sleep(ttl + 1000);
        watcher.drain();
        assertThat(WsClient.JSON.readTree(WsClient.get(b.url("/api/games/" + id))).at("/players/white/connected").asBoolean())
            .as("White, alive on A, seen from B").isTrue();
        long killed = System.nanoTime();
        a.kill();
        JsonNode gone = watcher.poll(30_000, m -> m.at("/players/white/connected").isBoolean() && !m.at("/players/white/connected").asBoolean());
        long seconds = (System.nanoTime() - killed) / 1_000_000_000L;
        assertThat(gone).as("White shown gone within 30 s").isNotNull();
        // Due by a lifetime and one look (6 + 2 s); 15 s leaves a loaded machine 7 s, and is half
        // the default lifetime (30 s), which a word not shortened, or never forgotten, would take.
        assertThat(seconds).as("seconds until White shows gone (a word lives 6 s, renewed and looked at every 2 s)").isLessThanOrEqualTo(15);
      }
    });
  }
}
