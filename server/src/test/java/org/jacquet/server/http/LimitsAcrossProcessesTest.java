package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jacquet.server.WebServer;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.limits.RateLimiter;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.Postgres;
import org.jacquet.server.testing.TestServer;
import org.junit.jupiter.api.Test;

/**
 * Two servers on one PostgreSQL, each with its own pool of connections as a second process has,
 * behind a round-robin proxy: the limits that protect accounts and the site — game creations,
 * sign-ins at a name — are one budget for both, not one each (an attack run made 64 games before
 * the first 429, and guessed 20 passwords a minute at a name, across two processes).
 */
class LimitsAcrossProcessesTest {
  @Test
  void twoProcessesSpendOneBudget() throws Exception {
    AtomicLong clock = new AtomicLong(RateLimiter.WALL_CLOCK.getAsLong());
    WebServer.Options options = new WebServer.Options(new Limits(4, 10, 10, 16, 20, 64, 20, 128 * 1024), List.of(), false)
        .rateClock(clock::get);
    try (Postgres pg = Postgres.fresh();
         TestServer a = new TestServer(Database.url(pg.jdbcUrl(), null, null), 0, options);
         TestServer b = new TestServer(Database.url(pg.jdbcUrl(), null, null), 0, options)) {
      // Four games a minute per address, whichever process is asked.
      for (int i = 0; i < 4; i++) {
        TestServer s = i % 2 == 0 ? a : b;
        assertThat(create(s).status()).as("game %d", i + 1).isEqualTo(201);
      }
      for (TestServer s : List.of(a, b)) {
        AccountRoutesTest.Answer past = create(s);
        assertThat(past.status()).as(past.body()).isEqualTo(429);
        assertThat(past.json().path("params").path("limit").asText()).isEqualTo("games");
      }
      clock.addAndGet(15_000_000_000L); // a quarter of the minute: one game back, for either
      assertThat(create(b).status()).isEqualTo(201);
      assertThat(create(a).status()).isEqualTo(429);

      // Ten sign-ins a minute at one name from one address, across both.
      AccountRoutesTest.signUp(a.url(""), "Shared");
      for (int i = 0; i < 10; i++) {
        TestServer s = i % 2 == 0 ? a : b;
        assertThat(signIn(s, "wrong password " + i).status()).as("guess %d", i + 1).isEqualTo(401);
      }
      for (TestServer s : List.of(a, b)) {
        AccountRoutesTest.Answer past = signIn(s, "a long password");
        assertThat(past.status()).as(past.body()).isEqualTo(429);
        assertThat(past.json().path("params").path("limit").asText()).isEqualTo("sign-ins");
      }
      clock.addAndGet(60_000_000_000L);
      assertThat(signIn(b, "a long password").status()).as("a minute later").isEqualTo(200);
    }
  }

  private static AccountRoutesTest.Answer create(TestServer s) throws Exception {
    return AccountRoutesTest.send(s.url("/api/games"), "POST", "{\"opponent\":\"friend\"}", null, s.url(""));
  }

  private static AccountRoutesTest.Answer signIn(TestServer s, String password) throws Exception {
    return AccountRoutesTest.send(s.url("/api/account/signin"), "POST",
        "{\"name\":\"Shared\",\"password\":\"" + password + "\"}", null, s.url(""));
  }
}
