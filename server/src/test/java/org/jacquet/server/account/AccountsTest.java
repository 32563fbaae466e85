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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Accounts and sessions as stored, on SQLite and on PostgreSQL, and the attacks on them. */
class AccountsTest {
  @TempDir Path dir;
  static final long NOW = 1_700_000_000_000L;
  static final String PASSWORD = "correct horse battery";

  @Test
  void onSqlite() {
    BothDatabases.sqlite(dir, this::everything);
  }

  @Test
  void onPostgres() throws Exception {
    BothDatabases.postgres(this::everything);
  }

  private void everything(Database db) {
    Accounts accounts = new Accounts(db, 1000, 1000);
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
    signInFloodingIsRefusedPerNameAndPerAddress(db);
  }

  private static int count(Database db, String table) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Integer.class).one());
  }

  private void signUpSignsIn(Accounts accounts) {
    Accounts.Session s = accounts.signUp("Anna", PASSWORD, null, NOW);
    assertThat(s.player().hasAccount()).isTrue();
    assertThat(s.player().name()).isEqualTo("Anna");
    assertThat(s.token()).matches("[A-Za-z0-9_-]{22}"); // 128 random bits
    assertThat(accounts.sessions().player(s.token(), NOW)).contains(s.player());
    assertThat(accounts.byName("anna").map(Accounts.Account::id)).contains(s.player().id());
  }

  private void namesThatReadAlikeAreOneName(Accounts accounts, Database db) {
    int before = count(db, "accounts");
    for (String twin : List.of("anna", "ANNA", "Annа" /* Cyrillic а */, "Ánna")) {
      assertThatThrownBy(() -> accounts.signUp(twin, PASSWORD, null, NOW))
          .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isIn("account-name-taken", "bad-name"));
    }
    assertThatThrownBy(() -> accounts.signUp("anna", PASSWORD, null, NOW))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isEqualTo("account-name-taken"));
    assertThat(count(db, "accounts")).isEqualTo(before);
  }

  private void badNamesAndPasswordsAreRefusedNamingWhy(Accounts accounts, Database db) {
    int before = count(db, "accounts");
    for (String name : List.of("Bob\u0000by", "Bob\u202Eby", "Bob\u200Bby", "Bob by", "expert", "admin", "ab")) {
      assertThatThrownBy(() -> accounts.signUp(name, PASSWORD, null, NOW))
          .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isEqualTo("bad-name"));
    }
    String huge = "x".repeat(100_000);
    long hashes = Passwords.computed();
    assertThatThrownBy(() -> accounts.signUp("Bobby", huge, null, NOW))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.params()).containsEntry("what", "long"));
    assertThat(Passwords.computed()).as("a 100 KB password is refused before any hash").isEqualTo(hashes);
    assertThatThrownBy(() -> accounts.signUp("Bobby", "short", null, NOW))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.params()).containsEntry("what", "short"));
    assertThatThrownBy(() -> accounts.signUp("Bobby", PASSWORD, "not an address", NOW))
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
    assertThatThrownBy(() -> accounts.signUp(sql, PASSWORD, null, NOW)).isInstanceOf(Refusal.class);
    Accounts.Session s = accounts.signUp("Robert", sql + " pass", "a'--@b.c", NOW);
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
    assertThatThrownBy(() -> accounts.changePassword(here.player(), "wrong password", "new password 1", here.token()))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.code()).isEqualTo("bad-credentials"));
    assertThat(accounts.sessions().player(there.token(), NOW)).isPresent();
    accounts.changePassword(here.player(), PASSWORD, "new password 1", here.token());
    assertThat(accounts.sessions().player(here.token(), NOW)).isPresent();
    assertThat(accounts.sessions().player(there.token(), NOW)).isEmpty();
    assertThatThrownBy(() -> accounts.signIn("Anna", PASSWORD, "10.0.0.6", null, NOW)).isInstanceOf(Refusal.class);
    accounts.changePassword(here.player(), "new password 1", PASSWORD, here.token());
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
    Accounts.Session s = accounts.signUp("Carla", PASSWORD, null, NOW);
    assertThat(accounts.claim(s.player(), List.of(mine, Tokens.token()))).isEqualTo(1);
    Map<String, Object> row = db.jdbi().withHandle(h -> h.createQuery(
        "SELECT white_player, white_name, black_player FROM games WHERE id = 'claim1'").mapToMap().one());
    assertThat(row).containsEntry("white_player", s.player().id()).containsEntry("white_name", "g:guest1"); // the name played under
    assertThat(row.get("black_player")).isNull();
    // Another account cannot take Carla's seat, even with the token.
    Accounts.Session d = accounts.signUp("Dora", PASSWORD, null, NOW);
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
    assertThatThrownBy(() -> accounts.delete(carla.player(), "wrong password")).isInstanceOf(Refusal.class);
    assertThat(accounts.byName("Carla")).isPresent();
    accounts.delete(carla.player(), PASSWORD);
    assertThat(accounts.byName("Carla")).isEmpty();
    assertThat(accounts.sessions().player(carla.token(), NOW)).isEmpty();
    Map<String, Object> row = db.jdbi().withHandle(h -> h.createQuery(
        "SELECT white_player, white_name FROM games WHERE id = 'claim1'").mapToMap().one());
    assertThat(row).containsEntry("white_player", carla.player().id());
    assertThat(row.get("white_name")).as("shown as a deleted player").isNull();
    assertThat(accounts.signUp("Carla", PASSWORD, null, NOW).player().id()).isNotEqualTo(carla.player().id());
  }

  private void renamingFollowsTheAccountKeepsOldGamesAsPlayedAndReservesTheFormerName(Accounts accounts, Database db) {
    long now = System.currentTimeMillis(); // reservations are read against the clock by the guests' side
    long day = 86_400_000L;
    Accounts.Session s = accounts.signUp("Renata", PASSWORD, null, now);
    Player before = s.player();
    insertGame(db, "renamed1", Tokens.sha256(Tokens.token()), Tokens.sha256(Tokens.token()), before.id(), "g:other");
    db.jdbi().useHandle(h -> h.createUpdate("UPDATE games SET white_name = 'Renata' WHERE id = 'renamed1'").execute());
    // Refused, nothing changed: wrong password, a bad name, another account's name.
    assertThat(refusal(() -> accounts.rename(before, "wrong password", "Renee", now)).code()).isEqualTo("bad-credentials");
    assertThat(refusal(() -> accounts.rename(before, PASSWORD, "Re​nee", now)).code()).isEqualTo("bad-name");
    assertThat(refusal(() -> accounts.rename(before, PASSWORD, "ANNA", now)).code()).isEqualTo("account-name-taken");
    assertThat(accounts.byName("Renata").map(Accounts.Account::name)).contains("Renata");

    Player after = accounts.rename(before, PASSWORD, "Renee", now);
    assertThat(after.id()).isEqualTo(before.id());
    assertThat(accounts.byName("renee").map(Accounts.Account::id)).contains(before.id());
    assertThat(accounts.byName("Renata").map(Accounts.Account::name)).as("the old address leads to the account").contains("Renee");
    assertThat(accounts.sessions().player(s.token(), now)).as("signed in under the new name").contains(after);
    String playedUnder = db.jdbi().withHandle(h -> h.createQuery("SELECT white_name FROM games WHERE id = 'renamed1'")
        .mapTo(String.class).one());
    assertThat(playedUnder).as("a finished game keeps the name it was played under").isEqualTo("Renata");
    // The former name is the account's for a year: no sign-up, no guest takes it.
    assertThat(accounts.isAccountName("RENATA")).isTrue();
    assertThat(refusal(() -> accounts.signUp("Renata", PASSWORD, null, now)).code()).isEqualTo("account-name-taken");
    // One rename in 30 days.
    Refusal soon = refusal(() -> accounts.rename(after, PASSWORD, "Renee2", now + 29 * day));
    assertThat(soon.code()).isEqualTo("rename-too-soon");
    assertThat(soon.params()).containsEntry("days", 1L).containsEntry("every", 30L);
    assertThat(accounts.byName("Renee2")).isEmpty();
    // It may take its former name back after 30 days; the name it leaves is reserved in turn.
    Player back = accounts.rename(after, PASSWORD, "Renata", now + 30 * day);
    assertThat(back.name()).isEqualTo("Renata");
    assertThat(accounts.isAccountName("Renee")).isTrue();
    assertThat(accounts.signUp("Renee", PASSWORD, null, now + (30 + 366) * day).player().name())
        .as("a year later the former name is free").isEqualTo("Renee");
  }

  private void signInFloodingIsRefusedPerNameAndPerAddress(Database db) {
    Accounts limited = new Accounts(db, 5, 3);
    for (int i = 0; i < 3; i++) {
      int n = i;
      refusal(() -> limited.signIn("Anna", "guess " + n, "10.1.0." + n, null, NOW));
    }
    Refusal r = refusal(() -> limited.signIn("ANNA", PASSWORD, "10.1.0.99", null, NOW));
    assertThat(r.code()).as("the name is guessed at from many addresses").isEqualTo("too-many");
    for (int i = 0; i < 5; i++) {
      String name = "Name" + i;
      refusal(() -> limited.signIn(name, PASSWORD, "10.2.0.1", null, NOW));
    }
    assertThat(refusal(() -> limited.signIn("Robert", PASSWORD, "10.2.0.1", null, NOW)).code()).isEqualTo("too-many");
  }
}
