package org.jacquet.server.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * Asks the database whether it answers, for the health checks, whatever the players do: an idle
 * process whose database is gone must say so, and one whose database came back must say that
 * too without waiting for a player's write.
 *
 * <p>On PostgreSQL the question goes through a connection of its own, opened with short
 * timeouts: the pool waits up to 30 s for a connection (and a player's request with it), and a
 * pool with every connection taken is not a database down. On SQLite the file's own watch says
 * whether the file can be written ({@link Database#failure}), and a read goes through the pool.
 */
public final class DatabaseProbe implements AutoCloseable {
  /** How long a question may take before the database is said not to answer. */
  public static final int TIMEOUT_SECONDS = 3;
  private final Database db;
  /** The probe's own PostgreSQL connection (null until opened, or after a failure). */
  private Connection own;

  public DatabaseProbe(Database db) {
    this.db = db;
  }

  /** Returns if the database answers a read; throws with the cause if it does not. */
  public synchronized void read() throws Exception {
    String broken = db.failure();
    if (broken != null) throw new IllegalStateException(broken);
    if (!db.isPostgres()) {
      db.jdbi().withHandle(h -> h.createQuery("SELECT 1").mapTo(Integer.class).one());
      return;
    }
    try {
      if (own == null) own = connect();
      try (Statement s = own.createStatement()) {
        s.setQueryTimeout(TIMEOUT_SECONDS);
        s.execute("SELECT 1");
      }
    } catch (SQLException e) {
      closeOwn();
      throw e;
    }
  }

  /**
   * A write that changes nothing, to learn whether writes work again after one failed: the
   * schema's history row of the last migration updated to what it holds (a real write on both
   * databases — a new row version on PostgreSQL, a page in the log on SQLite — without a table of
   * its own). Throws with the cause if it cannot be written.
   */
  public synchronized void write() throws Exception {
    if (!db.isPostgres()) {
      db.write(() -> db.jdbi().withHandle(h -> h.execute(UNCHANGED)));
      return;
    }
    // On the probe's own connection: the pool, after an outage, takes up to half its connection
    // timeout to try again, and a player's request waits the whole timeout meanwhile.
    try {
      if (own == null) own = connect();
      try (Statement s = own.createStatement()) {
        s.setQueryTimeout(TIMEOUT_SECONDS);
        s.executeUpdate(UNCHANGED);
      }
    } catch (SQLException e) {
      closeOwn();
      throw e;
    }
  }

  /** The write that changes nothing: the last migration's history row set to what it holds. */
  private static final String UNCHANGED = "UPDATE flyway_schema_history SET success = success"
      + " WHERE installed_rank = (SELECT MAX(installed_rank) FROM flyway_schema_history)";

  private Connection connect() throws SQLException {
    Properties p = new Properties();
    if (db.user() != null) p.setProperty("user", db.user());
    if (db.password() != null) p.setProperty("password", db.password());
    String seconds = String.valueOf(TIMEOUT_SECONDS);
    p.setProperty("connectTimeout", seconds);
    p.setProperty("socketTimeout", seconds);
    p.setProperty("loginTimeout", seconds);
    p.setProperty("ApplicationName", "jacquet health");
    return DriverManager.getConnection(db.url(), p);
  }

  private void closeOwn() {
    if (own == null) return;
    try {
      own.close();
    } catch (SQLException e) {
      // already broken: nothing to close
    }
    own = null;
  }

  @Override
  public synchronized void close() {
    closeOwn();
  }
}
