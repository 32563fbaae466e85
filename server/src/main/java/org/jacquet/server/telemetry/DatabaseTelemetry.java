package org.jacquet.server.telemetry;

import java.util.Map;
import org.jacquet.server.store.Database;

/**
 * The database's pool in the metrics, under the names HikariCP's own Prometheus tracker gives them
 * ({@code hikaricp_connections_active}, {@code _idle}, {@code _pending}, {@code hikaricp_connections},
 * {@code _max}, labelled {@code pool}), so that a dashboard made for HikariCP reads them as they are:
 * a pool whose connections are all lent with threads waiting is a database too slow or too small.
 */
public final class DatabaseTelemetry {
  private DatabaseTelemetry() {}

  /** Reads {@code db}'s pool at each scrape from now on (the last database registered, one a process). */
  public static void register(Database db) {
    gauge("hikaricp_connections_active", "Connections lent by the pool now", db, "active");
    gauge("hikaricp_connections_idle", "Connections idle in the pool", db, "idle");
    gauge("hikaricp_connections_pending", "Threads waiting for a connection of the pool", db, "pending");
    gauge("hikaricp_connections", "Connections in the pool, lent or idle", db, "total");
    gauge("hikaricp_connections_max", "Most connections the pool opens", db, "max");
  }

  private static void gauge(String name, String help, Database db, String figure) {
    Telemetry.gauges(name, help, "pool", () -> {
      Integer n = db.poolConnections().get(figure);
      return n == null ? Map.of() : Map.of("jacquet", n);
    });
  }
}
