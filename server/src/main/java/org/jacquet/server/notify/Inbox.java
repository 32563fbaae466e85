package org.jacquet.server.notify;

import java.util.List;
import java.util.function.LongSupplier;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.store.Database;
import org.jdbi.v3.core.Handle;

/**
 * The accounts' inboxes as stored (table {@code notices}, V20): a notice is written once, in the
 * transaction of the change it tells of, and at most {@link #KEPT} are kept an account (the
 * oldest dropped as a new one comes), so nothing grows with what clients send.
 */
public final class Inbox {
  /** Notices kept an account. */
  public static final int KEPT = 50;
  /** Notices an inbox shows, newest first. */
  public static final int SHOWN = 20;

  /** A notice as listed: {@code gameId} null for a challenge (it links to the lobby). */
  public record Notice(String id, NoticeKind kind, String ref, String gameId, String otherName, long createdAt,
      boolean read) {}

  private final Database db;
  private final LongSupplier clock;
  private final MailOutbox outbox;

  Inbox(Database db, LongSupplier clock, MailOutbox outbox) {
    this.db = db;
    this.clock = clock;
    this.outbox = outbox;
  }

  /**
   * Writes a notice for {@code account} through {@code h} (the change's transaction) unless one of
   * this kind and {@code ref} is there already; a mail is queued with it when the account asked
   * for this kind. Whether it was written.
   */
  boolean add(Handle h, String account, NoticeKind kind, String ref, String gameId, String otherName) {
    long now = clock.getAsLong();
    int n = h.createUpdate("""
        INSERT INTO notices (id, account_id, kind, ref, game_id, other_name, created_at)
        VALUES (:id, :a, :kind, :ref, :game, :other, :now)
        ON CONFLICT (account_id, kind, ref) DO NOTHING""")
        .bind("id", Tokens.token()).bind("a", account).bind("kind", kind.key).bind("ref", ref).bind("game", gameId)
        .bind("other", otherName).bind("now", now).execute();
    if (n != 1) return false;
    h.createUpdate("""
        DELETE FROM notices WHERE account_id = :a AND id NOT IN
          (SELECT id FROM notices WHERE account_id = :a ORDER BY created_at DESC, id DESC LIMIT :kept)""")
        .bind("a", account).bind("kept", KEPT).execute();
    outbox.enqueue(h, account, kind, ref, gameId, otherName, now);
    return true;
  }

  /** Removes {@code account}'s notices of this kind and ref (a turn that is over, a game that ended). */
  static void remove(Handle h, String account, NoticeKind kind, String ref) {
    h.createUpdate("DELETE FROM notices WHERE account_id = :a AND kind = :kind AND ref = :ref")
        .bind("a", account).bind("kind", kind.key).bind("ref", ref).execute();
  }

  /** The newest notices of {@code account}, at most {@link #SHOWN}. */
  public List<Notice> list(String account) {
    return db.jdbi().withHandle(h -> h.createQuery("""
        SELECT * FROM notices WHERE account_id = :a ORDER BY created_at DESC, id DESC LIMIT :shown""")
        .bind("a", account).bind("shown", SHOWN)
        .map((rs, ctx) -> new Notice(rs.getString("id"), NoticeKind.parse(rs.getString("kind")).orElseThrow(),
            rs.getString("ref"), rs.getString("game_id"), rs.getString("other_name"), rs.getLong("created_at"),
            rs.getObject("read_at") != null))
        .list());
  }

  /** How many notices of {@code account} are unread. */
  public int unread(String account) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM notices WHERE account_id = :a AND read_at IS NULL")
        .bind("a", account).mapTo(Integer.class).one());
  }

  /** Marks every notice of {@code account} read (its inbox was opened); how many were unread. */
  public int markRead(String account) {
    return db.write(() -> db.jdbi().withHandle(h -> h.createUpdate(
        "UPDATE notices SET read_at = :now WHERE account_id = :a AND read_at IS NULL")
        .bind("now", clock.getAsLong()).bind("a", account).execute()));
  }

  /**
   * Writes a notice for each direct challenge waiting for an account that has none yet (all
   * accounts, or only {@code account} when not null): each in a transaction of its own, the
   * unique index deciding when two processes look at once. How many were written here.
   */
  public int collectChallenges(String account) {
    record Waiting(String seek, String target, String poster) {}
    long now = clock.getAsLong();
    List<Waiting> waiting = db.jdbi().withHandle(h -> h.createQuery("""
        SELECT s.id, s.target, s.poster_name FROM seeks s
        WHERE s.kind = 'direct' AND s.target LIKE 'a:%' AND s.game_id IS NULL AND s.expires_at > :now
          AND_TARGET
          AND NOT EXISTS (SELECT 1 FROM notices n WHERE n.account_id = s.target AND n.kind = 'challenge' AND n.ref = s.id)
        ORDER BY s.created_at LIMIT 200""".replace("AND_TARGET", account == null ? "" : "AND s.target = :account"))
        .bind("now", now).bind("account", account)
        .map((rs, ctx) -> new Waiting(rs.getString("id"), rs.getString("target"), rs.getString("poster_name"))).list());
    int written = 0;
    for (Waiting w : waiting) {
      if (db.write(() -> db.jdbi().inTransaction(h -> add(h, w.target(), NoticeKind.CHALLENGE, w.seek(), null, w.poster())))) {
        written++;
      }
    }
    return written;
  }
}
