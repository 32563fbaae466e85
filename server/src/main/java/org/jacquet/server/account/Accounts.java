package org.jacquet.server.account;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.GameStore;
import org.jacquet.server.store.RateBuckets;
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
 * Passwords}' Argon2id, computed on the {@link HashPool} alone. Sign-in and every check of the
 * current password are rate-limited per address, per name and address, and per name ({@link
 * AccountLimits}), sign-up per address and in all — in the database, for every process at
 * once — and an unknown name costs one hash as a wrong password does, with the same answer
 * ({@code bad-credentials}).
 */
public final class Accounts implements AccountSessions {
  /** Seat tokens a page may hand over when signing up (its localStorage's games). */
  public static final int MAX_CLAIMED = 200;
  private static final int EMAIL_MAX = 254;

  /** A signed-in session: the account's player and the cookie's token. */
  public record Session(Player player, String token) {}

  private final Database db;
  private final Sessions sessions;
  private final HashPool hashes;
  private final java.util.function.LongSupplier rateClock;
  private final RateBuckets buckets;
  private final RateLimiter signInsByAddress;
  private final RateLimiter signInsByNameAndAddress;
  private final RateLimiter signInsByName;
  private final RateLimiter signUpsByAddress;
  private final RateLimiter signUpsInAll;

  /** One rename a month: often enough to fix a name, too rarely to hop between names (lichess allows none). */
  public static final java.time.Duration RENAME_EVERY = java.time.Duration.ofDays(30);
  /**
   * A former name stays the account's this long: the players who met it under that name have
   * long moved on before anyone else may take it (a year is twelve renames: nobody collects names).
   */
  public static final java.time.Duration OLD_NAME_RESERVED = java.time.Duration.ofDays(365);

  /** With the default limits, hashing on the process's pool, rates by the wall clock. */
  public Accounts(Database db) {
    this(db, AccountLimits.defaults(), HashPool.PROCESS, RateLimiter.WALL_CLOCK);
  }

  /** {@code rateClock}: a wall clock in ns, what the limits' buckets refill by (a test's own, moved on). */
  public Accounts(Database db, AccountLimits limits, HashPool hashes, java.util.function.LongSupplier rateClock) {
    this.db = db;
    this.sessions = new Sessions(db);
    this.hashes = hashes;
    this.rateClock = rateClock;
    this.buckets = new RateBuckets(db);
    int in = AccountLimits.SIGN_IN_SECONDS;
    int up = AccountLimits.SIGN_UP_SECONDS;
    this.signInsByAddress = RateLimiter.shared("sign-ins", limits.signInsPerAddress(), in, rateClock, buckets, "sign-ins/address");
    this.signInsByNameAndAddress = RateLimiter.shared("sign-ins", limits.signInsPerNameAndAddress(), in, rateClock, buckets,
        "sign-ins/name+address");
    this.signInsByName = RateLimiter.shared("sign-ins", limits.signInsPerName(), in, rateClock, buckets, "sign-ins/name");
    this.signUpsByAddress = RateLimiter.shared("sign-ups", limits.signUpsPerAddress(), up, rateClock, buckets, "sign-ups/address");
    this.signUpsInAll = RateLimiter.shared("sign-ups", limits.signUpsInAll(), up, rateClock, buckets, "sign-ups/all");
  }

  public Sessions sessions() {
    return sessions;
  }

  @Override
  public Optional<Player> player(String cookieValue) {
    return sessions.player(cookieValue, System.currentTimeMillis());
  }

  /** Refuses ({@code bad-email}) a text that is not an e-mail address: name@domain, at most 254 characters, no spaces. */
  public static void checkEmail(String email) {
    if (email == null || email.length() > EMAIL_MAX || !email.matches("[^@\\s\\p{Cntrl}]+@[^@\\s\\p{Cntrl}]+")) {
      throw new Refusal("bad-email", Map.of("max", EMAIL_MAX), "an e-mail address is name@domain, at most " + EMAIL_MAX);
    }
  }

  /**
   * Refuses {@code too-many} at once when {@code address} has spent its sign-ups: before the
   * request is read further, so that a flood past the limit costs next to nothing.
   */
  public void refuseSpentSignUps(String address) {
    signUpsByAddress.refuseWhenSpent(address);
  }

  /**
   * Makes an account and signs it in; refused, nothing stored, for a bad or taken name, a bad
   * password or e-mail, or past the sign-up limits of {@code address} or of the site ({@code too-many}).
   */
  public Session signUp(String name, String password, String email, String address, long now) {
    Names.require(name);
    requirePassword(password);
    if (email != null) checkEmail(email);
    String skeleton = Names.skeleton(name);
    if (reservedFor(skeleton, null, now)) throw nameTaken(name);
    // Counted once the request is a sign-up that would be made: a typo in the form costs nothing.
    signUpsByAddress.acquire(address);
    signUpsInAll.acquire("");
    String hash = hashes.run(() -> Passwords.hash(password)); // before the write: the database is not held while hashing
    String id = Player.ACCOUNT_PREFIX + Tokens.token();
    try {
      db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("""
          INSERT INTO accounts (id, name, skeleton, password_hash, email, created_at)
          VALUES (:id, :name, :skeleton, :hash, :email, :now)""")
          .bind("id", id).bind("name", name).bind("skeleton", skeleton).bind("hash", hash).bind("email", email)
          .bind("now", now).execute()));
    } catch (RuntimeException e) {
      if (taken(skeleton, now)) throw nameTaken(name);
      throw e;
    }
    return new Session(new Player(id, name), sessions.open(id, now));
  }

  /** Whether an account has this skeleton, or keeps it reserved as a former name at {@code now} ({@link #OLD_NAME_RESERVED}). */
  private boolean taken(String skeleton, long now) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM accounts WHERE skeleton = :s")
        .bind("s", skeleton).mapTo(Integer.class).one()) > 0 || reservedFor(skeleton, null, now);
  }

  /** Whether an account other than {@code exceptId} (null: any) keeps this skeleton as a former name at {@code now}. */
  private boolean reservedFor(String skeleton, String exceptId, long now) {
    return db.jdbi().withHandle(h -> h.createQuery(
            "SELECT COUNT(*) FROM account_names WHERE skeleton = :s AND reserved_until > :now AND account_id <> :id")
        .bind("s", skeleton).bind("now", now).bind("id", exceptId == null ? "" : exceptId).mapTo(Integer.class).one()) > 0;
  }

  private static Refusal nameTaken(String name) {
    return new Refusal("account-name-taken", Map.of("name", name), "an account has this name or one that reads like it");
  }

  /** An account as others see it. */
  public record Account(String id, String name, long createdAt) {}

  /** The account named {@code name} or a look-alike of it, or that was so named lately (a link to its old name still leads to it). */
  public Optional<Account> byName(String name) {
    if (Names.problem(name).isPresent()) return Optional.empty();
    String s = Names.skeleton(name);
    return db.jdbi().withHandle(h -> h.createQuery("SELECT id, name, created_at FROM accounts WHERE skeleton = :s")
        .bind("s", s).map((rs, ctx) -> new Account(rs.getString(1), rs.getString(2), rs.getLong(3))).findOne()
        .or(() -> h.createQuery("SELECT a.id, a.name, a.created_at FROM account_names n JOIN accounts a ON a.id = n.account_id "
                + "WHERE n.skeleton = :s AND n.reserved_until > :now").bind("s", s).bind("now", System.currentTimeMillis())
            .map((rs, ctx) -> new Account(rs.getString(1), rs.getString(2), rs.getLong(3))).findOne()));
  }

  /** Whether {@code name} (or a look-alike) belongs to an account: guests may not take it. */
  public boolean isAccountName(String name) {
    return Names.problem(name).isEmpty() && taken(Names.skeleton(name), System.currentTimeMillis());
  }

  /**
   * Signs in with a new session (any session token presented before is ended: a planted cookie
   * is never promoted). The same refusal whether the name is unknown or the password wrong.
   */
  public Session signIn(String name, String password, String address, String previousToken, long now) {
    String key = name == null ? "" : name.length() > 40 ? name.substring(0, 40) : name;
    throttle(Names.problem(key).isEmpty() ? Names.skeleton(key) : key, address);
    record Row(String id, String name, String hash) {}
    Optional<Row> row = Names.problem(name).isPresent() ? Optional.empty()
        : db.jdbi().withHandle(h -> h.createQuery("SELECT id, name, password_hash FROM accounts WHERE skeleton = :s")
            .bind("s", Names.skeleton(name)).map((rs, ctx) -> new Row(rs.getString(1), rs.getString(2), rs.getString(3)))
            .findOne());
    if (!verified(row.map(Row::id).orElse(null), password, row.map(Row::hash).orElse(null))) {
      throw new Refusal("bad-credentials", "this name and password do not match an account");
    }
    sessions.close(previousToken);
    return new Session(new Player(row.get().id(), row.get().name()), sessions.open(row.get().id(), now));
  }

  /**
   * A sign-in attempt at {@code nameKey} from {@code address} taken from its budgets, or refused
   * {@code too-many}: the address's, the name's from this address, then the name's from all
   * addresses — far above the one before, so that a guesser elsewhere spends the name's budget
   * only after many addresses' worth (OWASP: throttle, never lock the owner out).
   */
  private void throttle(String nameKey, String address) {
    signInsByAddress.acquire(address);
    signInsByNameAndAddress.acquire(nameKey + "\n" + address);
    signInsByName.acquire(nameKey);
  }

  /**
   * Whether {@code password} matches {@code stored} (null: no such account, a decoy is hashed),
   * on the hash pool; a hash stored before passwords were normalised is replaced by the
   * normalised password's, so that the next check takes one hash.
   */
  private boolean verified(String accountId, String password, String stored) {
    Passwords.Match m = hashes.run(() -> Passwords.check(password, stored));
    if (m == Passwords.Match.LEGACY) {
      String hash = hashes.run(() -> Passwords.hash(password));
      db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("UPDATE accounts SET password_hash = :h WHERE id = :id")
          .bind("h", hash).bind("id", accountId).execute()));
    }
    return m != Passwords.Match.NO;
  }

  /** Changes the password after checking the old one; every other session of the account ends. */
  public void changePassword(Player who, String oldPassword, String newPassword, String address, String keepToken) {
    requirePassword(newPassword);
    checkPassword(who, oldPassword, address);
    String hash = hashes.run(() -> Passwords.hash(newPassword));
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("UPDATE accounts SET password_hash = :h WHERE id = :id")
        .bind("h", hash).bind("id", who.id()).execute()));
    sessions.closeAll(who.id(), keepToken);
  }

  /**
   * Renames the account after checking its password: the new name follows {@link Names}' rule and
   * no other account has it or keeps it reserved ({@code account-name-taken}); one rename per
   * {@link #RENAME_EVERY} ({@code rename-too-soon}). Ratings, history and profile follow the
   * account's id; finished games keep the name they were played under. The former name stays
   * reserved for this account for {@link #OLD_NAME_RESERVED} (it may take it back). Refused,
   * nothing changed, on any of these.
   */
  public Player rename(Player who, String password, String newName, String address, long now) {
    checkPassword(who, password, address);
    Names.require(newName);
    record Current(String name, String skeleton, Long renamedAt) {}
    Current cur = db.jdbi().withHandle(h -> h.createQuery("SELECT name, skeleton, renamed_at FROM accounts WHERE id = :id")
        .bind("id", who.id()).map((rs, ctx) -> new Current(rs.getString(1), rs.getString(2),
            rs.getObject(3) == null ? null : rs.getLong(3))).findOne())
        .orElseThrow(() -> new Refusal("signed-out", "this account no longer exists"));
    if (cur.renamedAt() != null && now - cur.renamedAt() < RENAME_EVERY.toMillis()) {
      long days = Math.max(1, (cur.renamedAt() + RENAME_EVERY.toMillis() - now + 86_399_999) / 86_400_000);
      throw new Refusal("rename-too-soon", Map.of("days", days, "every", RENAME_EVERY.toDays()),
          "an account is renamed once in " + RENAME_EVERY.toDays() + " days; next in " + days + " days");
    }
    String skeleton = Names.skeleton(newName);
    if (reservedFor(skeleton, who.id(), now)) throw nameTaken(newName);
    try {
      db.write(() -> db.jdbi().inTransaction(h -> {
        h.createUpdate("UPDATE accounts SET name = :n, skeleton = :s, renamed_at = :now WHERE id = :id")
            .bind("n", newName).bind("s", skeleton).bind("now", now).bind("id", who.id()).execute();
        h.createUpdate("DELETE FROM account_names WHERE skeleton IN (<s>)").bindList("s", List.of(skeleton, cur.skeleton()))
            .execute();
        if (!cur.skeleton().equals(skeleton)) {
          h.createUpdate("INSERT INTO account_names (skeleton, account_id, name, reserved_until) VALUES (:s, :id, :n, :until)")
              .bind("s", cur.skeleton()).bind("id", who.id()).bind("n", cur.name())
              .bind("until", now + OLD_NAME_RESERVED.toMillis()).execute();
        }
        return null;
      }));
    } catch (RuntimeException e) {
      if (db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM accounts WHERE skeleton = :s AND id <> :id")
          .bind("s", skeleton).bind("id", who.id()).mapTo(Integer.class).one()) > 0) throw nameTaken(newName);
      throw e;
    }
    return new Player(who.id(), newName);
  }

  /**
   * Deletes the account after checking its password: its sessions, ratings (of games and puzzles), rating history,
   * notices and mail settings go,
   * and its name leaves its games (each seat shows "deleted player"); the games stay for the
   * opponents. The name becomes free, and no page shows it any more, at once and on every
   * process ({@link GameStore#unnameSeats}).
   */
  public void delete(Player who, String password, String address) {
    checkPassword(who, password, address);
    db.write(() -> db.jdbi().inTransaction(h -> {
      for (String sql : List.of("DELETE FROM sessions WHERE account_id = :a", "DELETE FROM account_names WHERE account_id = :a",
          "DELETE FROM ratings WHERE account_id = :a", "DELETE FROM rating_history WHERE account_id = :a",
          "DELETE FROM puzzle_player_ratings WHERE account_id = :a", "DELETE FROM puzzle_attempts WHERE account_id = :a",
          "DELETE FROM notices WHERE account_id = :a", "DELETE FROM mail_settings WHERE account_id = :a",
          "DELETE FROM mail_links WHERE account_id = :a", "DELETE FROM mail_outbox WHERE account_id = :a",
          "DELETE FROM vacations WHERE account_id = :a",
          // its name as a player online (held 10 minutes after its last request otherwise): free at once
          "DELETE FROM player_names WHERE id = :a", "DELETE FROM accounts WHERE id = :a")) {
        h.createUpdate(sql).bind("a", who.id()).execute();
      }
      GameStore.unnameSeats(h, who.id(), System.currentTimeMillis());
      return null;
    }));
  }

  /**
   * Puts the account at the seats these tokens open (a guest who signs up keeps the games of the
   * browser): a seat is taken only when its token matches and nobody with an account sits there.
   * The seat keeps the name it was played under (a game shows the names its players had when it
   * was played; histories link them to the account). The number of seats taken.
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
        n += h.createUpdate("UPDATE games SET " + side + "_player = :a WHERE " + side
                + "_token IN (<t>) AND (" + side + "_player IS NULL OR " + side + "_player LIKE 'g:%')")
            .bind("a", who.id()).bindList("t", hashes).execute();
      }
      return n;
    }));
  }

  /** Checks the account's current password as a sign-in at its name from {@code address} is checked, limits included. */
  private void checkPassword(Player who, String password, String address) {
    record Row(String skeleton, String hash) {}
    Optional<Row> row = db.jdbi().withHandle(h -> h.createQuery("SELECT skeleton, password_hash FROM accounts WHERE id = :id")
        .bind("id", who.id()).map((rs, ctx) -> new Row(rs.getString(1), rs.getString(2))).findOne());
    throttle(row.map(Row::skeleton).orElse(who.id()), address);
    if (!verified(who.id(), password, row.map(Row::hash).orElse(null))) {
      throw new Refusal("bad-credentials", "the password is wrong");
    }
  }

  private static void requirePassword(String password) {
    Optional<Passwords.Problem> p = Passwords.problem(password);
    if (p.isPresent()) {
      throw new Refusal("bad-password", Map.of("what", p.get().code, "min", Passwords.MIN_LENGTH, "max", Passwords.MAX_LENGTH),
          "a password is text of " + Passwords.MIN_LENGTH + " to " + Passwords.MAX_LENGTH
              + " characters, not only spaces or invisible ones, no control characters (" + p.get().code + ")");
    }
  }

  /** Forgets idle rate buckets and former names no longer reserved (the server's chores call it). */
  public void sweep() {
    buckets.sweep(rateClock.getAsLong());
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("DELETE FROM account_names WHERE reserved_until <= :now")
        .bind("now", System.currentTimeMillis()).execute()));
  }
}
