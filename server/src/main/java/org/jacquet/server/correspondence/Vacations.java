package org.jacquet.server.correspondence;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;

/**
 * Days away from correspondence play, as Dailygammon gives them: {@link #DAYS_A_YEAR} days in any
 * 365, taken by the whole day from now. While a player is away their deadlines do not run: every
 * game waiting for them gets the days back at once (its move's start moves on by them), and a
 * game whose turn comes to them meanwhile starts their days when they are back. Their opponents
 * see until when. A vacation is not taken back (its days are spent).
 */
public final class Vacations {
  public static final int DAYS_A_YEAR = 30;
  static final long DAY_MILLIS = 86_400_000L;
  static final long YEAR_MILLIS = 365 * DAY_MILLIS;

  /** Where an account stands: the days it may still take, and the end of the vacation running now (0: none). */
  public record Standing(int daysLeft, long until) {}

  /** A vacation taken: until when, the days left after it, and the games whose deadline moved on. */
  public record Taken(long until, int daysLeft, List<String> games) {}

  private final Database db;

  public Vacations(Database db) {
    this.db = db;
  }

  public Standing standing(String accountId, long now) {
    return db.jdbi().withHandle(h -> standing(h, accountId, now));
  }

  private static Standing standing(org.jdbi.v3.core.Handle h, String accountId, long now) {
    int used = h.createQuery("SELECT COALESCE(SUM(days), 0) FROM vacations WHERE account_id = :a AND starts_at > :since")
        .bind("a", accountId).bind("since", now - YEAR_MILLIS).mapTo(Integer.class).one();
    long until = h.createQuery("SELECT MAX(ends_at) FROM vacations WHERE account_id = :a").bind("a", accountId)
        .mapTo(Long.class).findOne().orElse(0L);
    return new Standing(Math.max(0, DAYS_A_YEAR - used), until > now ? until : 0);
  }

  /**
   * Takes {@code days} whole days from {@code now}; refused {@code bad-vacation} outside 1 to
   * {@link #DAYS_A_YEAR}, {@code vacation-too-long} beyond the days left, {@code on-vacation}
   * while one runs. Stored with the deadlines it moves, in one transaction.
   */
  public Taken take(String accountId, int days, long now) {
    if (days < 1 || days > DAYS_A_YEAR) {
      throw new Refusal("bad-vacation", Map.of("min", 1, "max", DAYS_A_YEAR, "value", days),
          "a vacation is 1 to " + DAYS_A_YEAR + " whole days");
    }
    return db.write(() -> db.jdbi().inTransaction(h -> {
      if (db.isPostgres()) { // two takes at once must not both spend the same days
        h.createQuery("SELECT id FROM accounts WHERE id = :a FOR UPDATE").bind("a", accountId).mapTo(String.class).findOne();
      }
      Standing s = standing(h, accountId, now);
      if (s.until() > 0) {
        throw new Refusal("on-vacation", Map.of("until", s.until()), "you are on vacation already, until " + java.time.Instant.ofEpochMilli(s.until()));
      }
      if (days > s.daysLeft()) {
        throw new Refusal("vacation-too-long", Map.of("days", days, "left", s.daysLeft()),
            "you have " + s.daysLeft() + " day(s) of vacation left in the last 365, not " + days);
      }
      long until = now + days * DAY_MILLIS;
      h.createUpdate("INSERT INTO vacations (account_id, starts_at, ends_at, days) VALUES (:a, :s, :e, :d)")
          .bind("a", accountId).bind("s", now).bind("e", until).bind("d", days).execute();
      // The games waiting for this player now: their move starts again when the vacation ends, with its days whole.
      List<String> moved = new ArrayList<>();
      for (String side : List.of("white", "black")) {
        h.createQuery("SELECT id FROM games WHERE " + side + "_player = :a AND clock_running = '" + side + "' "
                + "AND status = 'playing' AND " + org.jacquet.server.clock.TimeControl.correspondenceSql("time_control"))
            .bind("a", accountId).mapTo(String.class).forEach(moved::add);
      }
      for (String id : moved) {
        h.createUpdate("UPDATE games SET clock_since = clock_since + :away, version = version + 1, updated_at = :now WHERE id = :id")
            .bind("now", now).bind("away", days * DAY_MILLIS).bind("id", id).execute();
        h.createUpdate("INSERT INTO actions (game_id, version, side, action, created_at) "
                + "SELECT id, version, clock_running, :action, :now FROM games WHERE id = :id")
            .bind("id", id).bind("action", "vacation " + days + " day(s)").bind("now", now).execute();
      }
      return new Taken(until, s.daysLeft() - days, moved);
    }));
  }
}
