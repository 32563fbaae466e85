package org.jacquet.server.notify;

import java.util.Map;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;

/**
 * The links mailed (table {@code mail_links}, V20): a token of 128 random bits in the link, only
 * its SHA-256 stored; each works once and until it expires. A link used twice, expired or forged
 * is refused with a code that says which.
 */
final class MailLinks {
  /** What a link is for. */
  enum Purpose {
    CONFIRM("confirm"), UNSUBSCRIBE("unsubscribe");

    final String key;

    Purpose(String key) {
      this.key = key;
    }
  }

  /** How long a confirmation link works. */
  static final long CONFIRM_MILLIS = 2 * MailOutbox.DAY_MILLIS;
  /** How long an unsubscribe link works (a mail read weeks later still unsubscribes). */
  static final long UNSUBSCRIBE_MILLIS = 90 * MailOutbox.DAY_MILLIS;

  /** A link used: whose, and what it carried (the address confirmed, the kind left). */
  record Used(String account, String detail) {}

  private final Database db;

  MailLinks(Database db) {
    this.db = db;
  }

  /** A new link's token for {@code account}; only its hash is stored. */
  String make(String account, Purpose purpose, String detail, long now, long validMillis) {
    String token = Tokens.token();
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("""
        INSERT INTO mail_links (token_hash, account_id, purpose, detail, created_at, expires_at)
        VALUES (:hash, :a, :purpose, :detail, :now, :expires)""")
        .bind("hash", Tokens.sha256(token)).bind("a", account).bind("purpose", purpose.key).bind("detail", detail)
        .bind("now", now).bind("expires", now + validMillis).execute()));
    return token;
  }

  /** How many links of {@code purpose} {@code account} was sent since {@code since}. */
  int madeSince(String account, Purpose purpose, long since) {
    return db.jdbi().withHandle(h -> h.createQuery(
        "SELECT COUNT(*) FROM mail_links WHERE account_id = :a AND purpose = :p AND created_at > :since")
        .bind("a", account).bind("p", purpose.key).bind("since", since).mapTo(Integer.class).one());
  }

  /**
   * Uses the link of {@code token} for {@code purpose} once and runs {@code then} in the same
   * transaction; refused {@code mail-link-unknown} (no such link: forged, mistyped or of another
   * purpose), {@code mail-link-used} or {@code mail-link-expired}, nothing changed.
   */
  Used use(String token, Purpose purpose, long now, java.util.function.BiConsumer<org.jdbi.v3.core.Handle, Used> then) {
    String hash = token == null || token.length() > 64 ? "" : Tokens.sha256(token);
    return db.write(() -> db.jdbi().inTransaction(h -> {
      int n = h.createUpdate("""
          UPDATE mail_links SET used_at = :now
          WHERE token_hash = :hash AND purpose = :p AND used_at IS NULL AND expires_at > :now""")
          .bind("now", now).bind("hash", hash).bind("p", purpose.key).execute();
      if (n != 1) {
        record Link(Long usedAt, long expiresAt) {}
        Link link = h.createQuery("SELECT used_at, expires_at FROM mail_links WHERE token_hash = :hash AND purpose = :p")
            .bind("hash", hash).bind("p", purpose.key)
            .map((rs, ctx) -> new Link((Long) rs.getObject("used_at", Long.class), rs.getLong("expires_at"))).findOne().orElse(null);
        if (link == null) throw new Refusal("mail-link-unknown", Map.of("purpose", purpose.key), "this " + purpose.key + " link is not one this server sent");
        if (link.usedAt() != null) throw new Refusal("mail-link-used", Map.of("purpose", purpose.key), "this " + purpose.key + " link was used already");
        throw new Refusal("mail-link-expired", Map.of("purpose", purpose.key), "this " + purpose.key + " link has expired");
      }
      Used used = h.createQuery("SELECT account_id, detail FROM mail_links WHERE token_hash = :hash")
          .bind("hash", hash).map((rs, ctx) -> new Used(rs.getString("account_id"), rs.getString("detail"))).one();
      then.accept(h, used);
      return used;
    }));
  }

  /** Forgets links long expired. */
  void purge(long now) {
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("DELETE FROM mail_links WHERE expires_at < :old")
        .bind("old", now - MailOutbox.DAY_MILLIS).execute()));
  }
}
