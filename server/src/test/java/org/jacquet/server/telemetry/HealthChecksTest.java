package org.jacquet.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.jacquet.server.limits.Health;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.DatabaseProbe;
import org.jacquet.server.testing.Postgres;
import org.junit.jupiter.api.Test;

/**
 * The health checks' probe, asked by the test (no scheduler, no sleep) with a clock the test
 * moves, on a real PostgreSQL database made unreachable (its connections cut, new ones refused)
 * and reachable again: it fails at the first probe, passes at the first after, clears a write
 * failure of the games with its own write, and logs the outage in two lines naming its length.
 */
class HealthChecksTest {
  /** A clock the test moves. */
  private static final class MovedClock extends Clock {
    private Instant now = Instant.parse("2026-11-28T12:00:00Z");

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }

  private static void reachable(Postgres admin, String name, boolean yes) throws Exception {
    try (Connection c = admin.dataSource().getConnection(); Statement s = c.createStatement()) {
      s.execute("ALTER DATABASE " + name + " ALLOW_CONNECTIONS " + yes);
      if (!yes) s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name + "'");
    }
  }

  @Test
  void theProbeSeesTheDatabaseGoAndComeBackAndClearsTheWriteThatFailed() throws Exception {
    try (Postgres pg = Postgres.fresh(); Postgres admin = Postgres.fresh();
         Database db = Database.url(pg.jdbcUrl(), null, null); DatabaseProbe probe = new DatabaseProbe(db)) {
      String name = pg.jdbcUrl().replaceAll("^.*/([^/?]+)\\?.*$", "$1");
      Health storage = new Health();
      MovedClock clock = new MovedClock();
      HealthChecks health = new HealthChecks(probe, storage, null, Map.of("reviews", new HealthChecks.Queue(() -> 3, 3)), clock);
      PrintStream err = System.err;
      ByteArrayOutputStream logged = new ByteArrayOutputStream();
      try {
        System.setErr(new PrintStream(logged, true, StandardCharsets.UTF_8));
        health.probe();
        assertThat(HealthChecks.overall(health.checks())).as("a full queue warns").isEqualTo(HealthChecks.Status.WARN);
        assertThat(health.checks().get("database:ping").status()).isEqualTo(HealthChecks.Status.PASS);

        reachable(admin, name, false);
        for (int i = 0; i < 5; i++) {
          clock.now = clock.now.plusSeconds(5);
          health.probe();
          assertThat(health.checks().get("database:ping").status()).as("probe %d", i).isEqualTo(HealthChecks.Status.FAIL);
        }
        storage.failed("store game g1", new IllegalStateException("connection refused"));
        assertThat(HealthChecks.json(health.checks()).get("status").asText()).isEqualTo("fail");
        assertThat(HealthChecks.json(health.checks()).at("/checks/storage:write/0/output").asText()).contains("store game g1");

        reachable(admin, name, true);
        clock.now = clock.now.plusSeconds(17); // down from the first failed probe (5 s in) to this one (42 s in): 37 s
        health.probe();
        assertThat(health.checks().get("database:ping").status()).isEqualTo(HealthChecks.Status.PASS);
        assertThat(health.checks().get("storage:write").status()).as("the probe's own write cleared it").isEqualTo(HealthChecks.Status.PASS);
        assertThat(storage.failure()).isNull();
      } finally {
        System.setErr(err);
      }
      List<String> lines = logged.toString(StandardCharsets.UTF_8).lines().toList();
      assertThat(lines).filteredOn(l -> l.contains("the database does not answer")).hasSize(1);
      assertThat(lines).filteredOn(l -> l.contains("the database answers again (it did not for 37 s)")).hasSize(1);
      assertThat(lines).filteredOn(l -> l.contains("storage failed")).hasSize(1);
      assertThat(lines).filteredOn(l -> l.contains("storage works again")).hasSize(1);
    }
  }
}
