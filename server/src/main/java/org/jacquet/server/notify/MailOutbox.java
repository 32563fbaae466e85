package org.jacquet.server.notify;

import java.util.List;
import java.util.Optional;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.store.Database;
import org.jdbi.v3.core.Handle;

/**
 * The mails notices call for (table {@code mail_outbox}, V20): queued in the notice's transaction,
 * only for an account that chose the kind and whose address is the one it confirmed, and at most
 * one a game (or challenge) a day; then claimed by one process, sent, and marked.
 */
final class MailOutbox {
  static final long DAY_MILLIS = 86_400_000L;
  /** A claim older than this is a process that stopped mid-send: another may take the mail. */
  static final long CLAIM_MILLIS = 10 * 60_000L;
  /** Rows kept after they were sent or given up: long enough for the one-a-day rule. */
  static final long KEPT_MILLIS = 2 * DAY_MILLIS;

  /** A mail to send, as queued. */
  record Queued(String id, String account, NoticeKind kind, String ref, String gameId, String otherName) {}

  private final Database db;
  /** False with no SMTP configured: nothing is queued. */
  private final boolean enabled;
  /** Told when a mail was queued, once its transaction committed. */
  private volatile Runnable queued = () -> {};

  MailOutbox(Database db, boolean enabled) {
    this.db = db;
    this.enabled = enabled;
  }

  void onQueued(Runnable r) {
    this.queued = r;
  }

  /** Queues a mail through {@code h} if the account asked for {@code kind} and none went for {@code ref} in a day. */
  void enqueue(Handle h, String account, NoticeKind kind, String ref, String gameId, String otherName, long now) {
    if (!enabled) return;
    if (h.createUpdate("""
        INSERT INTO mail_outbox (id, account_id, kind, ref, game_id, other_name, created_at, state)
        SELECT :id, :a, :kind, :ref, :game, :other, :now, 'waiting'
        WHERE EXISTS (SELECT 1 FROM mail_settings m JOIN accounts a ON a.id = m.account_id
                      WHERE m.account_id = :a AND m.confirmed_address = a.email AND m.kinds LIKE :like)
          AND NOT EXISTS (SELECT 1 FROM mail_outbox o WHERE o.account_id = :a AND o.ref = :ref AND o.created_at > :dayAgo)""")
        .bind("id", Tokens.token()).bind("a", account).bind("kind", kind.key).bind("ref", ref).bind("game", gameId)
        .bind("other", otherName).bind("now", now).bind("like", "%," + kind.key + ",%").bind("dayAgo", now - DAY_MILLIS)
        .execute() == 1) {
      h.afterCommit(queued); // the sender looks once the mail is there to be seen
    }
  }

  /** The ids of mails waiting (or whose claim went stale) at {@code now}, oldest first. */
  List<String> due(long now, int max) {
    return db.jdbi().withHandle(h -> h.createQuery("""
        SELECT id FROM mail_outbox WHERE state = 'waiting' OR (state = 'claimed' AND claimed_at < :stale)
        ORDER BY created_at LIMIT :max""").bind("stale", now - CLAIM_MILLIS).bind("max", max).mapTo(String.class).list());
  }

  /** Claims mail {@code id} for this process: empty when another process has it. */
  Optional<Queued> claim(String id, long now) {
    return db.write(() -> db.jdbi().inTransaction(h -> {
      int n = h.createUpdate("""
          UPDATE mail_outbox SET state = 'claimed', claimed_at = :now
          WHERE id = :id AND (state = 'waiting' OR (state = 'claimed' AND claimed_at < :stale))""")
          .bind("now", now).bind("id", id).bind("stale", now - CLAIM_MILLIS).execute();
      if (n != 1) return Optional.<Queued>empty();
      return h.createQuery("SELECT * FROM mail_outbox WHERE id = :id").bind("id", id)
          .map((rs, ctx) -> new Queued(rs.getString("id"), rs.getString("account_id"),
              NoticeKind.parse(rs.getString("kind")).orElseThrow(), rs.getString("ref"), rs.getString("game_id"),
              rs.getString("other_name"))).findOne();
    }));
  }

  /** Whether the "your turn" notice a mail {@code q} tells of is still there (it goes when the turn passes). */
  boolean stillTheirTurn(Queued q) {
    return db.jdbi().withHandle(h -> h.createQuery(
        "SELECT COUNT(*) FROM notices WHERE account_id = :a AND kind = :kind AND ref = :ref")
        .bind("a", q.account()).bind("kind", NoticeKind.YOUR_TURN.key).bind("ref", q.ref()).mapTo(Integer.class).one() > 0);
  }

  /** Forgets a claimed mail that is no longer owed (it never counted as sent). */
  void forget(String id) {
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("DELETE FROM mail_outbox WHERE id = :id").bind("id", id).execute()));
  }

  /** Marks a claimed mail {@code state} ("sent", "failed": given up, "dropped": no longer wanted). */
  void mark(String id, String state) {
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("UPDATE mail_outbox SET state = :state WHERE id = :id")
        .bind("state", state).bind("id", id).execute()));
  }

  /** How many mails are in {@code state} (for tests and the log). */
  int count(String state) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM mail_outbox WHERE state = :s").bind("s", state)
        .mapTo(Integer.class).one());
  }

  /** Forgets the mails done with for longer than the one-a-day rule needs. */
  void purge(long now) {
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate(
        "DELETE FROM mail_outbox WHERE state IN ('sent', 'failed', 'dropped') AND created_at < :old")
        .bind("old", now - KEPT_MILLIS).execute()));
  }
}
