package org.jacquet.server.account;

import java.time.Duration;
import java.util.Optional;
import org.jacquet.server.store.Database;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.identity.Identities;
import org.jacquet.server.identity.Player;

/**
 * Sign-in sessions: an opaque 128-bit random token in the {@code jacquet_session} cookie, stored
 * only as its SHA-256 (a copy of the table signs nobody in). A session ends after {@link #IDLE}
 * without use or {@link #ABSOLUTE} after sign-in, whichever comes first; each sign-in makes a
 * new token (a token planted before sign-in is never promoted: no fixation).
 */
public final class Sessions {
  /** Two weeks unused: a player who comes back weekly stays signed in. */
  public static final Duration IDLE = Duration.ofDays(14);
  /** Ninety days at most, however often used: a stolen cookie does not live for ever. */
  public static final Duration ABSOLUTE = Duration.ofDays(90);
  /** last_seen is written at most this often, not on every request. */
  private static final long TOUCH_EVERY_MILLIS = Duration.ofMinutes(10).toMillis();
  /** What {@link Tokens#token()} makes: 22 URL-safe base64 characters. */
  private static final java.util.regex.Pattern TOKEN = java.util.regex.Pattern.compile("[A-Za-z0-9_-]{22}");

  private final Database db;

  public Sessions(Database db) {
    this.db = db;
  }

  /** A new session for {@code accountId}: its token, for the cookie. */
  public String open(String accountId, long now) {
    String token = Tokens.token();
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate(
        "INSERT INTO sessions (token_hash, account_id, created_at, last_seen) VALUES (:t, :a, :now, :now)")
        .bind("t", Tokens.sha256(token)).bind("a", accountId).bind("now", now).execute()));
    return token;
  }

  /** The account's player for a cookie's token, or empty: unknown, malformed or expired (then it is deleted). */
  public Optional<Player> player(String token, long now) {
    if (token == null || !TOKEN.matcher(token).matches()) return Optional.empty();
    String hash = Tokens.sha256(token);
    record Found(String id, String name, long createdAt, long lastSeen) {}
    Optional<Found> found = db.jdbi().withHandle(h -> h.createQuery("""
        SELECT s.account_id, a.name, s.created_at, s.last_seen FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE s.token_hash = :t""").bind("t", hash)
        .map((rs, ctx) -> new Found(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getLong(4))).findOne());
    if (found.isEmpty()) return Optional.empty();
    Found f = found.get();
    if (now - f.lastSeen() > IDLE.toMillis() || now - f.createdAt() > ABSOLUTE.toMillis()) {
      close(token);
      return Optional.empty();
    }
    if (now - f.lastSeen() > TOUCH_EVERY_MILLIS) {
      db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("UPDATE sessions SET last_seen = :now WHERE token_hash = :t")
          .bind("now", now).bind("t", hash).execute()));
    }
    return Optional.of(new Player(f.id(), f.name()));
  }

  /** Ends the session of this token (signing out); nothing when there is none. */
  public void close(String token) {
    if (token == null || token.length() > 200) return;
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("DELETE FROM sessions WHERE token_hash = :t")
        .bind("t", Tokens.sha256(token)).execute()));
  }

  /** Ends every session of the account but {@code keepToken}'s (null: all of them). */
  public int closeAll(String accountId, String keepToken) {
    String keep = keepToken == null ? "" : Tokens.sha256(keepToken);
    return db.write(() -> db.jdbi().withHandle(h -> h.createUpdate(
        "DELETE FROM sessions WHERE account_id = :a AND token_hash <> :keep")
        .bind("a", accountId).bind("keep", keep).execute()));
  }

  /** The Set-Cookie value carrying {@code token} ({@code Max-Age} the absolute lifetime). */
  public static String cookie(String token, boolean secure) {
    return Identities.SESSION_COOKIE + "=" + token + "; Path=/; Max-Age=" + ABSOLUTE.toSeconds() + "; HttpOnly; SameSite=Lax"
        + (secure ? "; Secure" : "");
  }

  /** The Set-Cookie value that removes the session cookie. */
  public static String expired(boolean secure) {
    return Identities.SESSION_COOKIE + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "");
  }
}
