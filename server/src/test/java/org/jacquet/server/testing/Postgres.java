package org.jacquet.server.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

/**
 * A fresh, empty database on a real PostgreSQL started once for the whole test JVM (embedded,
 * zonky): starting one per test cost seconds each time, and a database of its own keeps each
 * test as apart from the others as a server of its own did.
 */
public final class Postgres implements AutoCloseable {
  private static EmbeddedPostgres server;
  private static final AtomicInteger databases = new AtomicInteger();
  private final String name;

  private Postgres(String name) {
    this.name = name;
  }

  /** A new empty database on the JVM's PostgreSQL (started on first use, stopped when the JVM exits). */
  public static Postgres fresh() throws IOException {
    String name = "test" + databases.incrementAndGet();
    try (Connection c = shared().getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IOException("could not create database " + name, e);
    }
    return new Postgres(name);
  }

  private static synchronized EmbeddedPostgres shared() throws IOException {
    if (server == null) {
      server = EmbeddedPostgres.builder().setServerConfig("max_connections", "300").start();
      EmbeddedPostgres started = server;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          started.close();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }, "postgres-stop"));
    }
    return server;
  }

  /** The JDBC URL of this database, as the embedded server's superuser. */
  public String jdbcUrl() {
    return server.getJdbcUrl("postgres", name);
  }

  /** This database as a data source (its superuser). */
  public DataSource dataSource() {
    return server.getDatabase("postgres", name);
  }

  /** Leaves the database to the JVM's end: a server process under test may still hold connections to it. */
  @Override
  public void close() {}
}
