package org.jacquet.server.live;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.function.Consumer;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.store.Database;
import org.jacquet.server.telemetry.OutageLog;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Tells the other server processes sharing a PostgreSQL database that a game changed, with
 * PostgreSQL's own LISTEN/NOTIFY: each process listens on one connection and pushes the new
 * state to the players connected to it. On SQLite (one process) it does nothing.
 */
public final class Notifier implements AutoCloseable {
  static final String CHANNEL = "jacquet_games";
  private final Database db;
  private final String origin = Tokens.gameId();
  private volatile boolean running = true;
  private Thread listener;

  private Notifier(Database db) {
    this.db = db;
  }

  /** A notifier for {@code db}; {@code onMessage} gets what other processes announced. */
  public static Notifier start(Database db, Consumer<String> onMessage) {
    Notifier n = new Notifier(db);
    if (db.isPostgres()) n.listen(onMessage);
    return n;
  }

  /** This process's name in what it announces. */
  public String origin() {
    return origin;
  }

  /** Announces {@code message} (e.g. "game|ID") to every other process. */
  public void publish(String message) {
    if (!db.isPostgres()) return;
    db.jdbi().useHandle(h -> h.createQuery("SELECT pg_notify(:channel, :payload)")
        .bind("channel", CHANNEL).bind("payload", origin + "|" + message).mapTo(String.class).findOne());
  }

  private void listen(Consumer<String> onMessage) {
    listener = new Thread(() -> {
      OutageLog outage = new OutageLog("listening for other servers");
      while (running) {
        try (Connection c = connect(); Statement s = c.createStatement()) {
          s.execute("LISTEN " + CHANNEL);
          outage.worked();
          PGConnection pg = c.unwrap(PGConnection.class);
          while (running) {
            PGNotification[] got = pg.getNotifications(500);
            if (got == null) continue;
            for (PGNotification n : got) {
              String payload = n.getParameter();
              int bar = payload.indexOf('|');
              if (bar < 0 || payload.substring(0, bar).equals(origin)) continue;
              try {
                onMessage.accept(payload.substring(bar + 1));
              } catch (RuntimeException e) {
                System.err.println("jacquet: notification " + payload + " failed: " + e);
              }
            }
          }
        } catch (Exception e) {
          if (!running) return;
          outage.failed(e);
          try {
            Thread.sleep(1000);
          } catch (InterruptedException ie) {
            return;
          }
        }
      }
    }, "jacquet-listen");
    listener.setDaemon(true);
    listener.start();
  }

  private Connection connect() throws java.sql.SQLException {
    return db.user() == null ? DriverManager.getConnection(db.url()) : DriverManager.getConnection(db.url(), db.user(), db.password());
  }

  @Override
  public void close() {
    running = false;
    if (listener != null) listener.interrupt();
  }
}
