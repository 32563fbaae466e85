package org.jacquet.server.store;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.jacquet.server.limits.Health;

/**
 * When the server was up, kept in the database: each process writes a beat every
 * {@link #BEAT_MILLIS} and, on a clean stop, when it stopped. A process that starts while no
 * other is up knows the outage — from the last beat or stop of any process to now — and credits
 * it to every running clock (live reserves and correspondence deadlines alike): the side to move
 * gets back the time the server could not take its move. A process starting beside others that
 * are up credits nothing: the clocks ran where players could move.
 */
public final class Uptime implements AutoCloseable {
  /** How often a process says it is up. */
  public static final long BEAT_MILLIS = 5_000;
  /** Another process whose last beat is younger than this is up (three beats missed: it is not). */
  static final long ALIVE_MILLIS = 3 * BEAT_MILLIS;
  /** Outages shorter than this are not credited (a beat's own jitter). */
  static final long MIN_CREDIT_MILLIS = 1_000;

  private final Database db;
  private final LongSupplier now;
  private final String process = org.jacquet.server.game.Tokens.gameId();
  private final ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "jacquet-uptime");
    t.setDaemon(true);
    return t;
  });

  public Uptime(Database db, LongSupplier now) {
    this.db = db;
    this.now = now;
  }

  /**
   * Credits the outage that ended now, if no other process is up, and starts this process's
   * beats. Returns the milliseconds credited to each running clock (0: none).
   */
  public long start() {
    long credited = creditOutage();
    beats.scheduleWithFixedDelay(this::beat, BEAT_MILLIS, BEAT_MILLIS, TimeUnit.MILLISECONDS);
    return credited;
  }

  private long creditOutage() {
    long at = now.getAsLong();
    return db.write(() -> db.jdbi().inTransaction(h -> {
      // One start at a time: a second process starting at once waits, then sees this one up.
      if (db.isPostgres()) h.execute("LOCK TABLE server_beats IN SHARE ROW EXCLUSIVE MODE");
      Long lastUp = h.createQuery("SELECT MAX(beat_at) FROM server_beats").mapTo(Long.class).findOne().orElse(null);
      boolean othersUp = h.createQuery("SELECT COUNT(*) FROM server_beats WHERE stopped_at IS NULL AND beat_at > :since")
          .bind("since", at - ALIVE_MILLIS).mapTo(Integer.class).one() > 0;
      // The processes that are gone are forgotten (a row a start would otherwise pile up); this one says it is up.
      h.createUpdate("DELETE FROM server_beats WHERE beat_at <= :since").bind("since", at - ALIVE_MILLIS).execute();
      h.createUpdate("INSERT INTO server_beats (process, beat_at) VALUES (:p, :at)").bind("p", process).bind("at", at).execute();
      long outage = lastUp == null ? 0 : at - lastUp; // the first start: nothing was running
      if (othersUp || outage < MIN_CREDIT_MILLIS) return 0L;
      int games = h.createUpdate("UPDATE games SET clock_since = clock_since + :credit, outage_credit = :credit "
              + "WHERE status = 'playing' AND clock_running IS NOT NULL AND clock_since IS NOT NULL")
          .bind("credit", outage).execute();
      System.out.println("jacquet: the server was down " + (outage + 500) / 1000 + " s: that time was given back to the "
          + games + " running clock(s)");
      return outage;
    }));
  }

  /** One line when the beats start failing (the database gone), one when they are stored again. */
  private final org.jacquet.server.telemetry.OutageLog outage = new org.jacquet.server.telemetry.OutageLog("storing the server's beat");

  private void beat() {
    long at = now.getAsLong();
    try {
      db.write(() -> db.jdbi().withHandle(h -> {
        int n = h.createUpdate("UPDATE server_beats SET beat_at = :at WHERE process = :p").bind("at", at).bind("p", process).execute();
        if (n == 0) { // forgotten by another process's start while this one could not beat
          h.createUpdate("INSERT INTO server_beats (process, beat_at) VALUES (:p, :at)").bind("p", process).bind("at", at).execute();
        }
        return null;
      }));
      outage.worked();
    } catch (RuntimeException e) {
      outage.failed(e);
    }
  }

  private volatile boolean crashed;

  /** Tests: this process dies here — its beats stop and no stop is written (as after {@code kill -9}). */
  void crashForTests() {
    crashed = true;
    beats.shutdownNow();
  }

  /** A clean stop: this process says when it stopped, so the next start credits from then. */
  @Override
  public void close() {
    beats.shutdownNow();
    if (crashed) return;
    long at = now.getAsLong();
    try {
      db.write(() -> db.jdbi().withHandle(h -> h.createUpdate(
          "UPDATE server_beats SET beat_at = :at, stopped_at = :at WHERE process = :p").bind("at", at).bind("p", process).execute()));
    } catch (RuntimeException e) {
      System.err.println("jacquet: storing the server's stop failed: " + Health.rootCause(e));
    }
  }
}
