package org.jacquet.server.store;

import org.jacquet.server.game.Tokens;
import org.jacquet.server.limits.RateLimiter;

/**
 * Rate buckets kept in the database ({@code rate_buckets}), so that every server process on it
 * spends one budget: a limit of 10 a minute stays 10 behind a round-robin proxy, not 10 per
 * process. Each take is one upsert, atomic on SQLite and PostgreSQL alike; keys are stored as
 * their SHA-256 (no address or name sits in the table).
 */
public final class RateBuckets implements RateLimiter.Store {
  private final Database db;

  public RateBuckets(Database db) {
    this.db = db;
  }

  @Override
  public boolean take(String scope, String key, long now, long interval, long window) {
    String k = Tokens.sha256(key);
    // The row as it was is rate_buckets.full_at; a bucket full again (a time in the past) starts from now.
    int taken = db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("""
        INSERT INTO rate_buckets (scope, k, full_at) VALUES (:scope, :k, :first)
        ON CONFLICT (scope, k) DO UPDATE
          SET full_at = (CASE WHEN rate_buckets.full_at > :now THEN rate_buckets.full_at ELSE :now END) + :interval
          WHERE (CASE WHEN rate_buckets.full_at > :now THEN rate_buckets.full_at ELSE :now END) + :interval <= :last""")
        .bind("scope", scope).bind("k", k).bind("first", now + interval).bind("now", now).bind("interval", interval)
        .bind("last", now + window).execute()));
    return taken > 0;
  }

  @Override
  public void sweep(long now) {
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("DELETE FROM rate_buckets WHERE full_at <= :now")
        .bind("now", now).execute()));
  }
}
