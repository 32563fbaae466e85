package org.jacquet.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jacquet.server.http.HttpGuard;
import org.jacquet.server.testing.LobbyGuest;
import org.jacquet.server.testing.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * The lobby across two server processes on one PostgreSQL: a challenge posted on one is listed
 * on the other, accepted there, and its poster told on the first (LISTEN/NOTIFY); when players
 * on both processes accept the same challenge at once, exactly one game is made; quick pairing
 * pairs two players waiting on different processes.
 */
class LobbyTwoServersTest {
  @Test
  void aChallengePostedOnOneProcessIsTakenOnceOnTheOther() throws Exception {
    // Every client here is 127.0.0.1, and the games budget of an address is one for both
    // processes (shared in the database): room for what this test posts, which is not that limit.
    ServerProcess.onPostgresTwice(List.of(), List.of("--limit-games", "1000"), (a, b) -> {
      try (LobbyGuest ann = new LobbyGuest(a.url(""))) {
        ann.lobby();
        String seek = ann.post("/api/seeks", "{\"time\":\"12+60\"}").body().path("id").asText();
        try (LobbyGuest bob = new LobbyGuest(b.url(""))) {
          assertThat(bob.seesSeek(seek).at("/seeks/0/poster").asText()).as("listed on B").isEqualTo(ann.name);
          LobbyGuest.Answer joined = bob.post("/api/seeks/" + seek + "/accept", null);
          assertThat(joined.status()).isEqualTo(201);
          JsonNode start = ann.started(seek);
          assertThat(start.path("game").asText()).as("Ann, on A, told of the game made on B").isEqualTo(joined.body().path("game").asText());
        }

        // Many players on both processes accept one challenge at the same moment: one game.
        for (int round = 0; round < 3; round++) {
          String contested = ann.post("/api/seeks", "{}").body().path("id").asText();
          List<LobbyGuest> takers = new ArrayList<>();
          for (int i = 0; i < 6; i++) takers.add(new LobbyGuest((i % 2 == 0 ? a : b).url("")));
          ExecutorService pool = Executors.newFixedThreadPool(takers.size());
          CountDownLatch go = new CountDownLatch(1);
          List<Future<LobbyGuest.Answer>> answers = new ArrayList<>();
          for (LobbyGuest t : takers) {
            answers.add(pool.submit(() -> {
              go.await();
              return t.post("/api/seeks/" + contested + "/accept", null);
            }));
          }
          go.countDown();
          int made = 0;
          String game = null;
          for (Future<LobbyGuest.Answer> f : answers) {
            LobbyGuest.Answer r = f.get();
            if (r.status() == 201) {
              made++;
              game = r.body().path("game").asText();
            } else {
              assertThat(r.code()).isEqualTo("seek-taken");
            }
          }
          pool.shutdown();
          assertThat(made).as("games made for one challenge").isEqualTo(1);
          assertThat(ann.started(contested).path("game").asText()).isEqualTo(game);
          for (LobbyGuest t : takers) t.close();
        }

        // Guests of one address post at once on both processes: its allowance is posted, no more.
        List<LobbyGuest> crowd = new ArrayList<>();
        for (int i = 0; i < 12; i++) crowd.add(new LobbyGuest((i % 2 == 0 ? a : b).url("")));
        // Four at a time: an address sends at most four bodies at once (HttpGuard), two to each process.
        ExecutorService pool = Executors.newFixedThreadPool(HttpGuard.BODIES_PER_ADDRESS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<LobbyGuest.Answer>> posts = new ArrayList<>();
        for (LobbyGuest g : crowd) {
          posts.add(pool.submit(() -> {
            go.await();
            return g.post("/api/seeks", "{}");
          }));
        }
        go.countDown();
        int stored = 0;
        for (Future<LobbyGuest.Answer> f : posts) {
          LobbyGuest.Answer r = f.get();
          if (r.status() == 201) stored++;
          else assertThat(r.code()).isEqualTo("too-many-seeks-address");
        }
        pool.shutdown();
        assertThat(stored).as("seeks posted from one address on two processes").isEqualTo(Lobby.MAX_WAITING_PER_ADDRESS);
      }
    });
  }

  @Test
  void quickPairingPairsPlayersWaitingOnDifferentProcesses() throws Exception {
    ServerProcess.onPostgresTwice((a, b) -> {
      try (LobbyGuest ann = new LobbyGuest(a.url("")); LobbyGuest bob = new LobbyGuest(b.url(""))) {
        ann.lobby();
        bob.lobby();
        String mine = ann.post("/api/pairing", "{\"time\":\"8+30\"}").body().path("id").asText();
        String his = bob.post("/api/pairing", "{\"time\":\"8+30\"}").body().path("id").asText();
        // Waves run once a second on each process; two processes on a busy machine may take a few.
        String game = ann.started(mine, 30_000).path("game").asText();
        assertThat(bob.started(his, 30_000).path("game").asText()).isEqualTo(game);
      }
    });
  }
}
