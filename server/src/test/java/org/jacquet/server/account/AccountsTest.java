package org.jacquet.server.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jacquet.server.testing.BothDatabases;
import org.jacquet.server.store.Database;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.identity.Player;
import org.jacquet.server.limits.RateLimiter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Accounts and sessions as stored, on SQLite and on PostgreSQL, and the attacks on them. */
class AccountsTest {
  @TempDir Path dir;
  static final long NOW = 1_700_000_000_000L;
  static final String PASSWORD = "correct horse battery";
  /** Hashes as the server's pool does, without its rests between hashes (the test hashes one after another, alone). */
  static final HashPool HASHES = new HashPool(2, 64, 1.0);

  @Test
  void onSqlite() {
    BothDatabases.sqlite(dir, this::everything);
  }

  @Test
  void onPostgres() throws Exception {
    BothDatabases.postgres(this::everything);
  }

  private void everything(Database db) {
    Accounts accounts = new Accounts(db, new AccountLimits(1000, 1000, 1000, 1000, 1000), HASHES, RateLimiter.WALL_CLOCK);
    signUpSignsIn(accounts);
    namesThatReadAlikeAreOneName(accounts, db);
    badNamesAndPasswordsAreRefusedNamingWhy(accounts, db);
    sqlInEveryFieldIsJustText(accounts);
    unknownNameAndWrongPasswordLookTheSame(accounts);
    signInMakesANewSessionAndEndsThePlantedOne(accounts);
    signOutEverywhereEndsStolenCookies(accounts);
    passwordChangeEndsTheOtherSessions(accounts);
    sessionsExpireWhenIdleAndAtTheirAbsoluteEnd(accounts);
    aGuestWhoSignsUpKeepsTheBrowsersGames(accounts, db);
    deletingKeepsTheGamesUnnamedAndFreesTheName(accounts, db);
    renamingFollowsTheAccountKeepsOldGamesAsPlayedAndReservesTheFormerName(accounts, db);
    aGuesserCannotLockTheOwnerOut(db);
    currentPasswordChecksAreThrottledAsSignIns(db);
    signUpsAreLimitedPerAddressAndInAll(db);
    passwordsAreNormalisedTextAndOldHashesStillSignIn(db);
    try {
      hashesRunOnTheirPoolAndAFullPoolRefuses(db);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static int count(Database db, String table) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Integer.class).one());
  }

  private void signUpSignsIn(Accounts accounts) {
    Accounts.Session s = accounts.signUp("Anna", PASSWORD, null, "10.0.0.1", NOW);
    assertThat(s.player().hasAccount()).isTrue();
    assertThat(s.player().name()).isEqualTo("Anna");
    assertThat(s.token()).matches("[A-Za-z0-9_-]{22}"); // 128 random bits
    assertThat(accounts.sessions().player(s.token(), NOW)).contains(s.player());
    assertThat(accounts.byName("anna").map(Accounts.Account::id)).contains(s.player().id());
  }

  private void namesThatReadAlikeAreOneName(Accounts accounts, Database db) {
    int before = count(db, "accounts");
    for (String twin : List.of("anna", "ANNA", "Annа" /* Cyrillic а */, "Ánna")) {
      assertThatThrownBy(() -> accounts.signUp(twin, PASSWORD, null, "10.0.0.1", NOW))
          .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isIn("account-name-taken", "bad-name"));
    }
    assertThatThrownBy(() -> accounts.signUp("anna", PASSWORD, null, "10.0.0.1", NOW))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isEqualTo("account-name-taken"));
    assertThat(count(db, "accounts")).isEqualTo(before);
  }

  private void badNamesAndPasswordsAreRefusedNamingWhy(Accounts accounts, Database db) {
    int before = count(db, "accounts");
    for (String name : List.of("Bob\u0000by", "Bob\u202Eby", "Bob\u200Bby", "Bob by", "expert", "admin", "ab")) {
      assertThatThrownBy(() -> accounts.signUp(name, PASSWORD, null, "10.0.0.1", NOW))
          .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isEqualTo("bad-name"));
    }
    String huge = "x".repeat(100_000);
    long hashes = Passwords.computed();
    assertThatThrownBy(() -> accounts.signUp("Bobby", huge, null, "10.0.0.1", NOW))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.params()).containsEntry("what", "long"));
    assertThat(Passwords.computed()).as("a 100 KB password is refused before any hash").isEqualTo(hashes);
    assertThatThrownBy(() -> accounts.signUp("Bobby", "short", null, "10.0.0.1", NOW))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.params()).containsEntry("what", "short"));
    assertThatThrownBy(() -> accounts.signUp("Bobby", PASSWORD, "not an address", "10.0.0.1", NOW))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isEqualTo("bad-email"));
    assertThat(count(db, "accounts")).isEqualTo(before);
    // A 100 KB password at sign-in costs one bounded hash and fails.
    hashes = Passwords.computed();
    assertThatThrownBy(() -> accounts.signIn("Anna", huge, "10.0.0.9", null, NOW))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isEqualTo("bad-credentials"));
    assertThat(Passwords.computed() - hashes).isEqualTo(1);
  }

  private void sqlInEveryFieldIsJustText(Accounts accounts) {
    String sql = "x'); DROP TABLE accounts; --";
    assertThatThrownBy(() -> accounts.signUp(sql, PASSWORD, null, "10.0.0.1", NOW)).isInstanceOf(Refusal.class);
    Accounts.Session s = accounts.signUp("Robert", sql + " pass", "a'--@b.c", "10.0.0.1", NOW);
    assertThatThrownBy(() -> accounts.signIn(sql, sql, sql, sql, NOW))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isEqualTo("bad-credentials"));
    assertThat(accounts.signIn("Robert", sql + " pass", "10.0.0.1", null, NOW).player()).isEqualTo(s.player());
    assertThat(accounts.sessions().player(sql, NOW)).isEmpty();
    assertThat(accounts.byName(sql)).isEmpty();
  }

  private void unknownNameAndWrongPasswordLookTheSame(Accounts accounts) {
    long before = Passwords.computed();
    Refusal unknown = refusal(() -> accounts.signIn("Nobody", PASSWORD, "10.0.0.2", null, NOW));
    long unknownHashes = Passwords.computed() - before;
    before = Passwords.computed();
    Refusal wrong = refusal(() -> accounts.signIn("Anna", PASSWORD + "!", "10.0.0.2", null, NOW));
    long wrongHashes = Passwords.computed() - before;
    assertThat(unknownHashes).as("an unknown name costs one Argon2id, as a wrong password does").isEqualTo(1);
    assertThat(wrongHashes).isEqualTo(1);
    assertThat(unknown.code()).isEqualTo(wrong.code()).isEqualTo("bad-credentials");
    assertThat(unknown.getMessage()).isEqualTo(wrong.getMessage());
    assertThat(unknown.params()).isEqualTo(wrong.params());
  }

  private static Refusal refusal(Runnable r) {
    try {
      r.run();
    } catch (Refusal e) {
      return e;
    }
    throw new AssertionError("not refused");
  }

  private void signInMakesANewSessionAndEndsThePlantedOne(Accounts accounts) {
    // An attacker's own session token, planted in the victim's browser before the victim signs in.
    String planted = accounts.signIn("Robert", "x'); DROP TABLE accounts; -- pass", "10.0.0.3", null, NOW).token();
    Accounts.Session anna = accounts.signIn("Anna", PASSWORD, "10.0.0.3", planted, NOW);
    assertThat(anna.token()).isNotEqualTo(planted);
    assertThat(accounts.sessions().player(planted, NOW)).isEmpty();
    assertThat(accounts.sessions().player(anna.token(), NOW).map(Player::name)).contains("Anna");
  }

  private void signOutEverywhereEndsStolenCookies(Accounts accounts) {
    Accounts.Session phone = accounts.signIn("Anna", PASSWORD, "10.0.0.4", null, NOW);
    Accounts.Session stolen = accounts.signIn("Anna", PASSWORD, "10.0.0.5", null, NOW);
    Accounts.Session other = accounts.signIn("Robert", "x'); DROP TABLE accounts; -- pass", "10.0.0.5", null, NOW);
    accounts.sessions().closeAll(phone.player().id(), null);
    assertThat(accounts.sessions().player(stolen.token(), NOW)).isEmpty();
    assertThat(accounts.sessions().player(phone.token(), NOW)).isEmpty();
    assertThat(accounts.sessions().player(other.token(), NOW)).as("another account's session stays").isPresent();
  }

  private void passwordChangeEndsTheOtherSessions(Accounts accounts) {
    Accounts.Session here = accounts.signIn("Anna", PASSWORD, "10.0.0.6", null, NOW);
    Accounts.Session there = accounts.signIn("Anna", PASSWORD, "10.0.0.7", null, NOW);
    assertThatThrownBy(() -> accounts.changePassword(here.player(), "wrong password", "new password 1", "10.0.0.6", here.token()))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isEqualTo("bad-credentials"));
    assertThat(accounts.sessions().player(there.token(), NOW)).isPresent();
    accounts.changePassword(here.player(), PASSWORD, "new password 1", "10.0.0.6", here.token());
    assertThat(accounts.sessions().player(here.token(), NOW)).isPresent();
    assertThat(accounts.sessions().player(there.token(), NOW)).isEmpty();
    assertThatThrownBy(() -> accounts.signIn("Anna", PASSWORD, "10.0.0.6", null, NOW)).isInstanceOf(Refusal.class);
    accounts.changePassword(here.player(), "new password 1", PASSWORD, "10.0.0.6", here.token());
  }

  private void sessionsExpireWhenIdleAndAtTheirAbsoluteEnd(Accounts accounts) {
    Accounts.Session s = accounts.signIn("Anna", PASSWORD, "10.0.0.8", null, NOW);
    long day = 24 * 3600_000L;
    // Used every 13 days: alive until the absolute end.
    long t = NOW;
    while (t + 13 * day < NOW + Sessions.ABSOLUTE.toMillis()) {
      t += 13 * day;
      assertThat(accounts.sessions().player(s.token(), t)).as("day %d", (t - NOW) / day).isPresent();
    }
    assertThat(accounts.sessions().player(s.token(), NOW + Sessions.ABSOLUTE.toMillis() + 1)).isEmpty();
    Accounts.Session idle = accounts.signIn("Anna", PASSWORD, "10.0.0.8", null, NOW);
    assertThat(accounts.sessions().player(idle.token(), NOW + Sessions.IDLE.toMillis() + 1)).isEmpty();
    assertThat(accounts.sessions().player(idle.token(), NOW)).as("an expired session is deleted").isEmpty();
  }

  private void aGuestWhoSignsUpKeepsTheBrowsersGames(Accounts accounts, Database db) {
    String mine = Tokens.token();
    String theirs = Tokens.token();
    insertGame(db, "claim1", Tokens.sha256(mine), Tokens.sha256(theirs), "g:guest1", null);
    Accounts.Session s = accounts.signUp("Carla", PASSWORD, null, "10.0.0.1", NOW);
    assertThat(accounts.claim(s.player(), List.of(mine, Tokens.token()))).isEqualTo(1);
    Map<String, Object> row = db.jdbi().withHandle(h -> h.createQuery(
        "SELECT white_player, white_name, black_player FROM games WHERE id = 'claim1'").mapToMap().one());
    assertThat(row).containsEntry("white_player", s.player().id()).containsEntry("white_name", "g:guest1"); // the name played under
    assertThat(row.get("black_player")).isNull();
    // Another account cannot take Carla's seat, even with the token.
    Accounts.Session d = accounts.signUp("Dora", PASSWORD, null, "10.0.0.1", NOW);
    assertThat(accounts.claim(d.player(), List.of(mine))).isZero();
  }

  static void insertGame(Database db, String id, String whiteToken, String blackToken, String whitePlayer,
      String blackPlayer) {
    db.jdbi().useHandle(h -> h.createUpdate("""
        INSERT INTO games (id, rules, match_length, white_kind, black_kind, white_token, black_token, seed, seed_hash,
          record, status, version, created_at, updated_at, white_player, black_player, white_name, black_name)
        VALUES (:id, 'modern', 1, 'human', 'human', :wt, :bt, 1, 'h', '', 'over', 1, 1, 1, :wp, :bp, :wp, :bp)""")
        .bind("id", id).bind("wt", whiteToken).bind("bt", blackToken).bind("wp", whitePlayer).bind("bp", blackPlayer)
        .execute());
  }

  private void deletingKeepsTheGamesUnnamedAndFreesTheName(Accounts accounts, Database db) {
    Accounts.Session carla = accounts.signIn("Carla", PASSWORD, "10.0.0.10", null, NOW);
    assertThatThrownBy(() -> accounts.delete(carla.player(), "wrong password", "10.0.0.10")).isInstanceOf(Refusal.class);
    assertThat(accounts.byName("Carla")).isPresent();
    accounts.delete(carla.player(), PASSWORD, "10.0.0.10");
    assertThat(accounts.byName("Carla")).isEmpty();
    assertThat(accounts.sessions().player(carla.token(), NOW)).isEmpty();
    Map<String, Object> row = db.jdbi().withHandle(h -> h.createQuery(
        "SELECT white_player, white_name FROM games WHERE id = 'claim1'").mapToMap().one());
    assertThat(row).containsEntry("white_player", carla.player().id());
    assertThat(row.get("white_name")).as("shown as a deleted player").isNull();
    assertThat(accounts.signUp("Carla", PASSWORD, null, "10.0.0.1", NOW).player().id()).isNotEqualTo(carla.player().id());
  }

  private void renamingFollowsTheAccountKeepsOldGamesAsPlayedAndReservesTheFormerName(Accounts accounts, Database db) {
    long now = System.currentTimeMillis(); // reservations are read against the clock by the guests' side
    long day = 86_400_000L;
    Accounts.Session s = accounts.signUp("Renata", PASSWORD, null, "10.0.0.1", now);
    Player before = s.player();
    insertGame(db, "renamed1", Tokens.sha256(Tokens.token()), Tokens.sha256(Tokens.token()), before.id(), "g:other");
    db.jdbi().useHandle(h -> h.createUpdate("UPDATE games SET white_name = 'Renata' WHERE id = 'renamed1'").execute());
    // Refused, nothing changed: wrong password, a bad name, another account's name.
    assertThat(refusal(() -> accounts.rename(before, "wrong password", "Renee", "10.0.0.11", now)).code()).isEqualTo("bad-credentials");
    assertThat(refusal(() -> accounts.rename(before, PASSWORD, "Re​nee", "10.0.0.11", now)).code()).isEqualTo("bad-name");
    assertThat(refusal(() -> accounts.rename(before, PASSWORD, "ANNA", "10.0.0.11", now)).code()).isEqualTo("account-name-taken");
    assertThat(accounts.byName("Renata").map(Accounts.Account::name)).contains("Renata");

    Player after = accounts.rename(before, PASSWORD, "Renee", "10.0.0.11", now);
    assertThat(after.id()).isEqualTo(before.id());
    assertThat(accounts.byName("renee").map(Accounts.Account::id)).contains(before.id());
    assertThat(accounts.byName("Renata").map(Accounts.Account::name)).as("the old address leads to the account").contains("Renee");
    assertThat(accounts.sessions().player(s.token(), now)).as("signed in under the new name").contains(after);
    String playedUnder = db.jdbi().withHandle(h -> h.createQuery("SELECT white_name FROM games WHERE id = 'renamed1'")
        .mapTo(String.class).one());
    assertThat(playedUnder).as("a finished game keeps the name it was played under").isEqualTo("Renata");
    // The former name is the account's for a year: no sign-up, no guest takes it.
    assertThat(accounts.isAccountName("RENATA")).isTrue();
    assertThat(refusal(() -> accounts.signUp("Renata", PASSWORD, null, "10.0.0.1", now)).code()).isEqualTo("account-name-taken");
    // One rename in 30 days.
    Refusal soon = refusal(() -> accounts.rename(after, PASSWORD, "Renee2", "10.0.0.11", now + 29 * day));
    assertThat(soon.code()).isEqualTo("rename-too-soon");
    assertThat(soon.params()).containsEntry("days", 1L).containsEntry("every", 30L);
    assertThat(accounts.byName("Renee2")).isEmpty();
    // It may take its former name back after 30 days; the name it leaves is reserved in turn.
    Player back = accounts.rename(after, PASSWORD, "Renata", "10.0.0.11", now + 30 * day);
    assertThat(back.name()).isEqualTo("Renata");
    assertThat(accounts.isAccountName("Renee")).isTrue();
    assertThat(accounts.signUp("Renee", PASSWORD, null, "10.0.0.1", now + (30 + 366) * day).player().name())
        .as("a year later the former name is free").isEqualTo("Renee");
  }

  /** Hours past the wall clock the next case's rate clock starts at. */
  private static final java.util.concurrent.atomic.AtomicLong HOURS_AHEAD = new java.util.concurrent.atomic.AtomicLong(2);

  /**
   * A rate clock of the case's own, hours past the wall clock and the cases before it: the
   * buckets they spent (in the same table, by the same names and addresses) are full again there.
   */
  private static java.util.concurrent.atomic.AtomicLong testClock() {
    return new java.util.concurrent.atomic.AtomicLong(RateLimiter.WALL_CLOCK.getAsLong() + HOURS_AHEAD.getAndAdd(4) * 3600_000_000_000L);
  }

  private static void advance(java.util.concurrent.atomic.AtomicLong clock, int seconds) {
    clock.addAndGet(seconds * 1_000_000_000L);
  }

  /**
   * OWASP: a lockout must not become a denial of service. A guesser at Anna's name from one
   * address is stopped after 3 tries there, while Anna signs in from hers; the name's budget over
   * all addresses (12) is far above, and spent only by guessers from several addresses.
   */
  private void aGuesserCannotLockTheOwnerOut(Database db) {
    var clock = testClock();
    Accounts limited = new Accounts(db, new AccountLimits(5, 3, 12, 1000, 1000), HASHES, clock::get);
    for (int i = 0; i < 3; i++) {
      int n = i;
      assertThat(refusal(() -> limited.signIn("Anna", "guess " + n, "10.1.0.1", null, NOW)).code()).isEqualTo("bad-credentials");
    }
    long hashes = Passwords.computed();
    Refusal stopped = refusal(() -> limited.signIn("ANNA", PASSWORD, "10.1.0.1", null, NOW));
    assertThat(stopped.code()).as("the guesser's address is stopped at the name").isEqualTo("too-many");
    assertThat(stopped.params()).containsEntry("limit", "sign-ins").containsEntry("max", 3);
    assertThat(Passwords.computed()).as("refused before any hash").isEqualTo(hashes);
    assertThat(limited.signIn("Anna", PASSWORD, "10.1.0.99", null, NOW).player().name())
        .as("the owner, from another address, signs in").isEqualTo("Anna");
    assertThat(limited.signIn("Robert", "x'); DROP TABLE accounts; -- pass", "10.1.0.1", null, NOW).player().name())
        .as("the guesser's address may still sign in to another name").isEqualTo("Robert");
    // Guessers from three more addresses spend the name's budget of 12 (4 taken above).
    for (int a = 2; a <= 4; a++) {
      for (int i = 0; i < 3; i++) {
        String address = "10.1.0." + a;
        int n = i;
        refusal(() -> limited.signIn("Anna", "guess " + n, address, null, NOW));
      }
    }
    assertThat(refusal(() -> limited.signIn("Anna", PASSWORD, "10.1.0.98", null, NOW)).code())
        .as("far above the per-address budget, the name's own").isEqualTo("too-many");
    advance(clock, 60);
    assertThat(limited.signIn("Anna", PASSWORD, "10.1.0.98", null, NOW).player().name()).as("a minute later").isEqualTo("Anna");
    // The address's own budget (5 a minute), whatever the names.
    for (int i = 0; i < 5; i++) {
      String name = "Name" + i;
      refusal(() -> limited.signIn(name, PASSWORD, "10.2.0.1", null, NOW));
    }
    assertThat(refusal(() -> limited.signIn("Robert", PASSWORD, "10.2.0.1", null, NOW)).code()).isEqualTo("too-many");
  }

  /** Changing the password, renaming and deleting check the current password as a sign-in is checked: the same limits. */
  private void currentPasswordChecksAreThrottledAsSignIns(Database db) {
    var clock = testClock();
    Accounts limited = new Accounts(db, new AccountLimits(100, 3, 100, 1000, 1000), HASHES, clock::get);
    Accounts.Session s = limited.signUp("Guarded", PASSWORD, null, "10.4.0.1", NOW);
    Player p = s.player();
    assertThat(refusal(() -> limited.changePassword(p, "guess 1", "new password 1", "10.4.0.2", s.token())).code())
        .isEqualTo("bad-credentials");
    assertThat(refusal(() -> limited.rename(p, "guess 2", "Guarded2", "10.4.0.2", NOW)).code()).isEqualTo("bad-credentials");
    assertThat(refusal(() -> limited.delete(p, "guess 3", "10.4.0.2")).code()).isEqualTo("bad-credentials");
    long hashes = Passwords.computed();
    for (Runnable r : List.<Runnable>of(() -> limited.changePassword(p, PASSWORD, "new password 1", "10.4.0.2", s.token()),
        () -> limited.rename(p, PASSWORD, "Guarded2", "10.4.0.2", NOW), () -> limited.delete(p, PASSWORD, "10.4.0.2"))) {
      assertThat(refusal(r).code()).as("a fourth guess, even the right one").isEqualTo("too-many");
    }
    assertThat(Passwords.computed()).as("refused before any hash").isEqualTo(hashes);
    assertThat(refusal(() -> limited.signIn("guarded", PASSWORD, "10.4.0.2", null, NOW)).code())
        .as("sign-ins at the name from that address share the budget").isEqualTo("too-many");
    assertThat(limited.byName("Guarded")).as("nothing deleted").isPresent();
    advance(clock, 60);
    limited.changePassword(p, PASSWORD, "new password 1", "10.4.0.2", s.token());
    assertThat(limited.signIn("Guarded", "new password 1", "10.4.0.3", null, NOW).player()).isEqualTo(p);
  }

  /** Sign-ups per address and in all, per hour; a sign-up refused for its content costs nothing. */
  private void signUpsAreLimitedPerAddressAndInAll(Database db) {
    var clock = testClock();
    Accounts limited = new Accounts(db, new AccountLimits(100, 100, 100, 2, 3), HASHES, clock::get);
    int before = count(db, "accounts");
    assertThat(refusal(() -> limited.signUp("Flood0", "short", null, "10.3.0.1", NOW)).code()).isEqualTo("bad-password");
    limited.signUp("Flood1", PASSWORD, null, "10.3.0.1", NOW);
    limited.signUp("Flood2", PASSWORD, null, "10.3.0.1", NOW);
    long hashes = Passwords.computed();
    Refusal perAddress = refusal(() -> limited.signUp("Flood3", PASSWORD, null, "10.3.0.1", NOW));
    assertThat(perAddress.code()).isEqualTo("too-many");
    assertThat(perAddress.params()).containsEntry("limit", "sign-ups").containsEntry("max", 2).containsEntry("seconds", 3600);
    assertThat(Passwords.computed()).as("refused before the hash").isEqualTo(hashes);
    limited.signUp("Flood4", PASSWORD, null, "10.3.0.2", NOW);
    assertThat(refusal(() -> limited.signUp("Flood5", PASSWORD, null, "10.3.0.3", NOW)).params())
        .as("three in all").containsEntry("max", 3);
    assertThat(count(db, "accounts")).isEqualTo(before + 3);
    assertThat(limited.byName("Flood3")).isEmpty();
    advance(clock, 1200); // a third of the hour: one sign-up of the site's back
    limited.signUp("Flood5", PASSWORD, null, "10.3.0.3", NOW);
  }

  /**
   * Every hash runs on the hash pool: with its one thread busy and its one place in the queue
   * taken, a sign-up or sign-in is refused at once ({@code accounts-busy}), nothing stored,
   * instead of hashing on the request's thread; once the pool is free, they go through.
   */
  private void hashesRunOnTheirPoolAndAFullPoolRefuses(Database db) throws Exception {
    HashPool pool = new HashPool(1, 1);
    Accounts accounts = new Accounts(db, new AccountLimits(1000, 1000, 1000, 1000, 1000), pool, testClock()::get);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    pool.hold.holdUntil(release);
    var threads = java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      var first = threads.submit(() -> accounts.signUp("Pooled1", PASSWORD, null, "10.5.0.1", NOW));
      var second = threads.submit(() -> accounts.signIn("Anna", PASSWORD, "10.5.0.2", null, NOW));
      long until = System.nanoTime() + 30_000_000_000L;
      while (!(pool.running() == 1 && pool.queued() == 1)) {
        if (System.nanoTime() > until) throw new AssertionError("the pool never filled");
        Thread.onSpinWait();
      }
      Refusal busy = refusal(() -> accounts.signUp("Pooled3", PASSWORD, null, "10.5.0.3", NOW));
      assertThat(busy.code()).isEqualTo("accounts-busy");
      assertThat(busy.httpStatus()).isEqualTo(503);
      assertThat(refusal(() -> accounts.signIn("Anna", PASSWORD, "10.5.0.3", null, NOW)).code()).isEqualTo("accounts-busy");
      assertThat(accounts.byName("Pooled3")).isEmpty();
      release.countDown();
      assertThat(first.get(30, java.util.concurrent.TimeUnit.SECONDS).player().name()).isEqualTo("Pooled1");
      assertThat(second.get(30, java.util.concurrent.TimeUnit.SECONDS).player().name()).isEqualTo("Anna");
      assertThat(accounts.signUp("Pooled3", PASSWORD, null, "10.5.0.3", NOW).player().name()).isEqualTo("Pooled3");
    } finally {
      release.countDown();
      threads.shutdownNow();
    }
  }

  /**
   * NIST SP 800-63B: passwords are normalised (NFKC) before hashing, so the same password typed
   * composed or not is one; a lone surrogate is no text (it used to be hashed as "?"); a hash
   * stored before normalisation still signs in, and is replaced by the normalised one.
   */
  private void passwordsAreNormalisedTextAndOldHashesStillSignIn(Database db) {
    Accounts accounts = new Accounts(db, new AccountLimits(1000, 1000, 1000, 1000, 1000), HASHES, testClock()::get);
    String nfc = "caf\u00e9 cr\u00e8me br\u00fbl\u00e9e";
    String nfd = java.text.Normalizer.normalize(nfc, java.text.Normalizer.Form.NFD);
    Player creme = accounts.signUp("Creme", nfc, null, "10.6.0.1", NOW).player();
    assertThat(accounts.signIn("Creme", nfd, "10.6.0.1", null, NOW).player()).as("typed decomposed").isEqualTo(creme);

    Player question = accounts.signUp("Question", "abcdefg?", null, "10.6.0.1", NOW).player();
    for (String lone : List.of("abcdefg\uD800", "abcdefg\uDFFF")) {
      assertThat(refusal(() -> accounts.signIn("Question", lone, "10.6.0.1", null, NOW)).code()).isEqualTo("bad-credentials");
      assertThat(refusal(() -> accounts.signUp("Lone", lone, null, "10.6.0.1", NOW)).params()).containsEntry("what", "not-text");
    }
    assertThat(accounts.signIn("Question", "abcdefg?", "10.6.0.1", null, NOW).player()).isEqualTo(question);
    for (String blank : List.of(" ".repeat(8), "\u200B".repeat(8), "\u3000".repeat(8), "\u200B \u2060\uFEFF\u00A0\u200C\u200D ")) {
      assertThat(refusal(() -> accounts.signUp("Blank", blank, null, "10.6.0.1", NOW)).params()).containsEntry("what", "invisible");
    }

    // An account whose hash was stored before passwords were normalised: of the password as typed, decomposed.
    Player old = accounts.signUp("Ancien", "placeholder password", null, "10.6.0.1", NOW).player();
    String typedHash = PasswordsTest.phcOfTypedText(nfd);
    db.jdbi().useHandle(h -> h.createUpdate("UPDATE accounts SET password_hash = :h WHERE id = :id")
        .bind("h", typedHash).bind("id", old.id()).execute());
    assertThat(accounts.signIn("Ancien", nfd, "10.6.0.1", null, NOW).player()).as("as typed then").isEqualTo(old);
    String rehashed = db.jdbi().withHandle(h -> h.createQuery("SELECT password_hash FROM accounts WHERE id = :id")
        .bind("id", old.id()).mapTo(String.class).one());
    assertThat(rehashed).as("replaced by the normalised password's hash").isNotEqualTo(typedHash);
    long hashes = Passwords.computed();
    assertThat(accounts.signIn("Ancien", nfc, "10.6.0.1", null, NOW).player()).as("composed, now").isEqualTo(old);
    assertThat(Passwords.computed() - hashes).as("one hash from now on").isEqualTo(1);
  }
}
