package org.jacquet.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import org.jacquet.server.testing.Postgres;
import org.jacquet.server.WebServer;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.FriendGame;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two server processes on one real PostgreSQL (V6 on PostgreSQL too): a clock started on one is
 * watched by the other as soon as it hears of the change, both timers fire, and the store's
 * version check lets exactly one of them declare the flag.
 */
class TwoProcessFlagTest {
  static Postgres postgres;

  @BeforeAll
  static void start() throws Exception {
    postgres = Postgres.fresh();
  }

  @AfterAll
  static void stop() throws Exception {
    postgres.close();
  }

  @Test
  void aFlagWatchedByTwoProcessesIsDeclaredOnce() throws Exception {
    String url = postgres.jdbcUrl();
    WebServer.Options fast = WebServer.Options.defaults().fastClocks(true);
    try (TestServer one = new TestServer(Database.url(url, null, null), 20, fast);
         TestServer two = new TestServer(Database.url(url, null, null), 20, fast)) {
      FriendGame g = FriendGame.make(one, "0+2");
      try (WsClient w = FriendGame.seat(one, g.id(), g.white()); WsClient b = FriendGame.seat(two, g.id(), g.black())) {
        ClockedGamesTest.openingThrow(w);
        // The other process heard of the change: its own timer watches the same flag.
        b.next(m -> m.path("clock").path("running").isTextual());
        // Counted, not sampled: the timer lives only until the flag falls (2 s), and a loaded
        // machine looked at it after it had fired, or before it was set.
        long deadline = System.currentTimeMillis() + 10_000;
        while (two.games.flagTimersSet() == 0 && System.currentTimeMillis() < deadline) Thread.sleep(20);
        assertThat(two.games.flagTimersSet()).as("the second process set a timer on the clock").isPositive();
        b.next(m -> "timeout".equals(m.path("result").path("forfeit").asText()));
        w.next(m -> "timeout".equals(m.path("result").path("forfeit").asText()));
      }
      long timeouts = one.games.store().actions(g.id()).stream().filter("timeout"::equals).count();
      assertThat(timeouts).isEqualTo(1);
      assertThat(one.games.flagsDeclared() + two.games.flagsDeclared()).isEqualTo(1);
    }
  }
}
