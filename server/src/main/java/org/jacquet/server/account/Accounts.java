package org.jacquet.server.account;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jacquet.server.store.Database;
import org.jacquet.server.limits.RateLimiter;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.identity.AccountSessions;
import org.jacquet.server.identity.Names;
import org.jacquet.server.identity.Player;

/**
 * Accounts: sign up, sign in and out (here or everywhere), change the password, delete the
 * account (its games stay, their seats no longer named: "deleted player"). Names follow {@link
 * Names}' rule and are unique by skeleton (a unique index decides); passwords are {@link
 * Passwords}' Argon2id. Sign-in is rate-limited per address and per name, and an unknown name
 * costs one hash as a wrong password does, with the same answer ({@code bad-credentials}).
 */
public final class Accounts implements AccountSessions {
  /** Seat tokens a page may hand over when signing up (its localStorage's games). */
  public static final int MAX_CLAIMED = 200;
  private static final int EMAIL_MAX = 254;

  /** A signed-in session: the account's player and the cookie's token. */
  public record Session(Player player, String token) {}

  private final Database db;
  private final Sessions sessions;
  private final RateLimiter byAddress;
  private final RateLimiter byName;

  /** Sign-in attempts a minute from one address (a household or a school shares one). */
  public static final int SIGN_INS_PER_ADDRESS = 30;
  /** Sign-in attempts a minute at one name, from anywhere: guessing a password is slow however many addresses try. */
  public static final int SIGN_INS_PER_NAME = 10;

  public Accounts(Database db) {
    this(db, SIGN_INS_PER_ADDRESS, SIGN_INS_PER_NAME);
  }

  /** {@code perAddress} and {@code perName}: sign-in attempts allowed a minute. */
  public Accounts(Database db, int perAddress, int perName) {
    this.db = db;
    this.sessions = new Sessions(db);
    this.byAddress = new RateLimiter("sign-ins", perAddress, 60);
    this.byName = new RateLimiter("sign-ins", perName, 60);
  }

  public Sessions sessions() {
    return sessions;
  }

  @Override
  public Optional<Player> player(String cookieValue) {
    return sessions.player(cookieValue, System.currentTimeMillis());
  }

  /** Makes an account and signs it in; refused, nothing stored, for a bad or taken name, a bad password or e-mail. */
  public Session signUp(String name, String password, String email, long now) {
    Names.require(name);
    requirePassword(password);
    if (email != null && (email.length() > EMAIL_MAX || !email.matches("[^@\\s\\p{Cntrl}]+@[^@\\s\\p{Cntrl}]+"))) {
      throw new Refusal("bad-email", Map.of("max", EMAIL_MAX), "an e-mail address is name@domain, at most " + EMAIL_MAX);
    }
    String skeleton = Names.skeleton(name);
    String hash = Passwords.hash(password); // before the write: the database is not held while hashing
    String id = Player.ACCOUNT_PREFIX + Tokens.token();
    try {
      db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("""
          INSERT INTO accounts (id, name, skeleton, password_hash, email, created_at)
          VALUES (:id, :name, :skeleton, :hash, :email, :now)""")
          .bind("id", id).bind("name", name).bind("skeleton", skeleton).bind("hash", hash).bind("email", email)
          .bind("now", now).execute()));
    } catch (RuntimeException e) {
      if (taken(skeleton)) throw nameTaken(name);
      throw e;
    }
    return new Session(new Player(id, name), sessions.open(id, now));
  }

  private boolean taken(String skeleton) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM accounts WHERE skeleton = :s")
        .bind("s", skeleton).mapTo(Integer.class).one()) > 0;
  }

  private static Refusal nameTaken(String name) {
    return new Refusal("account-name-taken", Map.of("name", name), "an account has this name or one that reads like it");
  }

  /** An account as others see it. */
  public record Account(String id, String name, long createdAt) {}

  /** The account named {@code name} or a look-alike of it. */
  public Optional<Account> byName(String name) {
    if (Names.problem(name).isPresent()) return Optional.empty();
    return db.jdbi().withHandle(h -> h.createQuery("SELECT id, name, created_at FROM accounts WHERE skeleton = :s")
        .bind("s", Names.skeleton(name)).map((rs, ctx) -> new Account(rs.getString(1), rs.getString(2), rs.getLong(3)))
        .findOne());
  }

  /** Whether {@code name} (or a look-alike) belongs to an account: guests may not take it. */
  public boolean isAccountName(String name) {
    return Names.problem(name).isEmpty() && taken(Names.skeleton(name));
  }

  /**
   * Signs in with a new session (any session token presented before is ended: a planted cookie
   * is never promoted). The same refusal whether the name is unknown or the password wrong.
   */
  public Session signIn(String name, String password, String address, String previousToken, long now) {
    byAddress.acquire(address);
    String key = name == null ? "" : name.length() > 40 ? name.substring(0, 40) : name;
    byName.acquire(Names.problem(key).isEmpty() ? Names.skeleton(key) : key);
    record Row(String id, String name, String hash) {}
    Optional<Row> row = Names.problem(name).isPresent() ? Optional.empty()
        : db.jdbi().withHandle(h -> h.createQuery("SELECT id, name, password_hash FROM accounts WHERE skeleton = :s")
            .bind("s", Names.skeleton(name)).map((rs, ctx) -> new Row(rs.getString(1), rs.getString(2), rs.getString(3)))
            .findOne());
    boolean ok = Passwords.matches(password, row.map(Row::hash).orElse(null));
    if (!ok) throw new Refusal("bad-credentials", "this name and password do not match an account");
    sessions.close(previousToken);
    return new Session(new Player(row.get().id(), row.get().name()), sessions.open(row.get().id(), now));
  }

  /** Changes the password after checking the old one; every other session of the account ends. */
  public void changePassword(Player who, String oldPassword, String newPassword, String keepToken) {
    checkPassword(who, oldPassword);
    requirePassword(newPassword);
    String hash = Passwords.hash(newPassword);
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("UPDATE accounts SET password_hash = :h WHERE id = :id")
        .bind("h", hash).bind("id", who.id()).execute()));
    sessions.closeAll(who.id(), keepToken);
  }

  /**
   * Deletes the account after checking its password: its sessions, ratings (of games and puzzles) and rating history go,
   * and its name leaves its games (each seat shows "deleted player"); the games stay for the
   * opponents. The name becomes free.
   */
  public void delete(Player who, String password) {
    checkPassword(who, password);
    db.write(() -> db.jdbi().inTransaction(h -> {
      for (String sql : List.of("DELETE FROM sessions WHERE account_id = :a", "DELETE FROM ratings WHERE account_id = :a",
          "DELETE FROM rating_history WHERE account_id = :a", "DELETE FROM puzzle_player_ratings WHERE account_id = :a",
          "DELETE FROM puzzle_attempts WHERE account_id = :a", "UPDATE games SET white_name = NULL WHERE white_player = :a",
          "UPDATE games SET black_name = NULL WHERE black_player = :a", "DELETE FROM accounts WHERE id = :a")) {
        h.createUpdate(sql).bind("a", who.id()).execute();
      }
      return null;
    }));
  }

  /**
   * Puts the account at the seats these tokens open (a guest who signs up keeps the games of the
   * browser): a seat is taken only when its token matches and nobody with an account sits there.
   * The number of seats taken.
   */
  public int claim(Player who, List<String> seatTokens) {
    if (seatTokens.size() > MAX_CLAIMED) {
      throw new Refusal("too-many-tokens", Map.of("max", MAX_CLAIMED), "at most " + MAX_CLAIMED + " games are kept at once");
    }
    List<String> hashes = seatTokens.stream().map(Tokens::sha256).toList();
    if (hashes.isEmpty()) return 0;
    return db.write(() -> db.jdbi().inTransaction(h -> {
      int n = 0;
      for (String side : List.of("white", "black")) {
        n += h.createUpdate("UPDATE games SET " + side + "_player = :a, " + side + "_name = :n WHERE " + side
                + "_token IN (<t>) AND (" + side + "_player IS NULL OR " + side + "_player LIKE 'g:%')")
            .bind("a", who.id()).bind("n", who.name()).bindList("t", hashes).execute();
      }
      return n;
    }));
  }

  private void checkPassword(Player who, String password) {
    String stored = db.jdbi().withHandle(h -> h.createQuery("SELECT password_hash FROM accounts WHERE id = :id")
        .bind("id", who.id()).mapTo(String.class).findOne().orElse(null));
    if (!Passwords.matches(password, stored)) throw new Refusal("bad-credentials", "the password is wrong");
  }

  private static void requirePassword(String password) {
    Optional<Passwords.Problem> p = Passwords.problem(password);
    if (p.isPresent()) {
      throw new Refusal("bad-password", Map.of("what", p.get().code, "min", Passwords.MIN_LENGTH, "max", Passwords.MAX_LENGTH),
          "a password has " + Passwords.MIN_LENGTH + " to " + Passwords.MAX_LENGTH + " characters, no control characters ("
              + p.get().code + ")");
    }
  }

  /** Forgets idle rate buckets (the server's chores call it). */
  public void sweep() {
    byAddress.sweep();
    byName.sweep();
  }
}
