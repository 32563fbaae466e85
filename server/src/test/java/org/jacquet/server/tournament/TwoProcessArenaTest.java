package org.jacquet.server.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jacquet.server.WebServer;
import org.jacquet.server.clock.ServerTime;
import org.jacquet.server.http.AccountRoutesTest;
import org.jacquet.server.http.AccountRoutesTest.Answer;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.Postgres;
import org.jacquet.server.testing.TestServer;
import org.junit.jupiter.api.Test;

/**
 * Two server processes on one PostgreSQL pair the same arena at the same moment, again and again:
 * each wave of pairing claims the arena's row first, so every free player is paired once — never
 * seated in two games by the two processes at once.
 */
class TwoProcessArenaTest {
  /**
   * An arena of 200 players, all free at once, paired by two processes in the same instant: one
   * wave seats every player exactly once (100 games); how long the wave took is printed (a figure
   * for docs/PROTOCOL.md, not asserted).
   */
  @Test
  void twoHundredFreePlayersArePairedInOneWaveEachOnce() throws Exception {
    ServerTime time = ServerTime.movable();
    try (Postgres pg = Postgres.fresh();
        TestServer one = new TestServer(Database.url(pg.jdbcUrl(), null, null), 0, WebServer.Options.defaults(), time);
        TestServer two = new TestServer(Database.url(pg.jdbcUrl(), null, null), 0, WebServer.Options.defaults(), time)) {
      Database db = one.games.store().database();
      Arena a = Arenas.create(db, new Arenas.Request("Two hundred", time.now() + 120_000, 60, "8+30", "modern", 1, true), null,
          time.now());
      // The players as joining stores them (their accounts' rows are not needed to pair them).
      long now = time.now() + 120_000;
      db.jdbi().useTransaction(h -> {
        for (int i = 0; i < 200; i++) {
          h.createUpdate("""
              INSERT INTO arena_players (arena_id, player_id, name, joined, rating, token_hash, joined_at, seen_at)
              VALUES (:a, :p, :n, 1, :r, :t, :at, :at)""")
              .bind("a", a.id()).bind("p", "a:load" + i).bind("n", "Load" + i).bind("r", 1300 + (i * 37) % 400)
              .bind("t", org.jacquet.server.game.Tokens.sha256("seat" + i)).bind("at", now + i).execute();
        }
      });
      time.advance(java.time.Duration.ofMinutes(2));
      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        CyclicBarrier together = new CyclicBarrier(2);
        List<Future<Long>> waves = new ArrayList<>();
        for (TestServer s : List.of(one, two)) {
          waves.add(pool.submit(() -> {
            together.await();
            long t0 = System.nanoTime();
            s.web.arenas().pair();
            return (System.nanoTime() - t0) / 1_000_000;
          }));
        }
        long slowest = 0;
        for (Future<Long> f : waves) slowest = Math.max(slowest, f.get());
        List<Arenas.Game> all = one.web.arenas().games(a.id());
        Set<String> seated = new HashSet<>();
        for (Arenas.Game g : all) {
          assertThat(seated.add(g.whiteId())).isTrue();
          assertThat(seated.add(g.blackId())).isTrue();
        }
        assertThat(all).hasSize(100);
        System.out.println("arena figure: 200 free players paired into 100 games by two processes on PostgreSQL in "
            + slowest + " ms (the slower of the two waves)");
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void twoProcessesPairingAtOnceSeatEachPlayerOnce() throws Exception {
    ServerTime time = ServerTime.movable();
    try (Postgres pg = Postgres.fresh();
        TestServer one = new TestServer(Database.url(pg.jdbcUrl(), null, null), 0, WebServer.Options.defaults(), time);
        TestServer two = new TestServer(Database.url(pg.jdbcUrl(), null, null), 0, WebServer.Options.defaults(), time)) {
      String base = one.url("");
      List<String> sessions = new ArrayList<>();
      for (String n : new String[] {"Anna", "Bob", "Cara", "Dan"}) sessions.add(AccountRoutesTest.signUp(base, n));
      // Scheduled a little ahead, so that the servers' own waves pair nothing until the test says so.
      String start = java.time.Instant.ofEpochMilli(time.now() + 120_000).toString();
      Answer made = AccountRoutesTest.send(base + "/api/arenas", "POST", "{\"name\":\"Shared\",\"start\":\"" + start + "\"}",
          sessions.get(0), base);
      assertThat(made.status()).as(made.body()).isEqualTo(201);
      String id = made.json().get("id").asText();
      for (int i = 0; i < sessions.size(); i++) {
        String on = (i % 2 == 0 ? one : two).url("");
        Answer joined = AccountRoutesTest.send(on + "/api/arenas/" + id + "/join", "POST", "", sessions.get(i), on);
        assertThat(joined.status()).as(joined.body()).isEqualTo(201);
      }
      time.advance(java.time.Duration.ofMinutes(2));
      for (String s : sessions) ArenaTest.get(base, "/api/arenas/" + id, s); // every page is there

      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        CyclicBarrier together = new CyclicBarrier(2);
        List<Future<Integer>> made2 = new ArrayList<>();
        for (TestServer s : List.of(one, two)) {
          made2.add(pool.submit(() -> {
            together.await();
            return s.web.arenas().pair();
          }));
        }
        int games = 0;
        for (Future<Integer> f : made2) games += f.get();
        // The servers' own waves may have paired some first; whoever did, two games in all.
        List<Arenas.Game> all = one.web.arenas().games(id);
        assertThat(all).hasSize(2);
        assertThat(games).isBetween(0, 2);
        Set<String> seated = new HashSet<>();
        for (Arenas.Game g : all) {
          assertThat(seated.add(g.whiteId())).as("%s seated once", g.white()).isTrue();
          assertThat(seated.add(g.blackId())).as("%s seated once", g.black()).isTrue();
        }
        assertThat(seated).hasSize(4);
        assertThat(two.web.arenas().pair() + one.web.arenas().pair()).as("nobody is free any more").isZero();
      } finally {
        pool.shutdownNow();
      }
    }
  }
}
