package org.jacquet.server.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.BothDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names kept in the database, on SQLite and PostgreSQL: two {@link Pseudonyms} on one database
 * stand for two server processes (or one process and its restart).
 */
class PseudonymsTest {
  @TempDir Path dir;

  /** Account names the tests' accounts hold ({@code Accounts#isAccountName} in the server). */
  static final Set<String> ACCOUNTS = Set.of(Names.skeleton("Rene"));

  static Pseudonyms names(Database db) {
    return new Pseudonyms(db, n -> ACCOUNTS.contains(Names.skeleton(n)));
  }

  static final List<Consumer<Database>> CASES = List.of(
      PseudonymsTest::aNewcomerGetsAPseudonymInItsLanguageAndKeepsItAcrossProcessesAndRestarts,
      PseudonymsTest::aRenameFollowsTheNameRuleNeverTakesAnAccountsNameAndChangesNothingWhenRefused,
      PseudonymsTest::noTwoPlayersHoldingANameReadAlikeOnAnyProcess,
      PseudonymsTest::aNameNotHeldAnyMoreCanBeTakenAndItsFormerHolderIsGivenAFreshOneWhenItComesBack,
      PseudonymsTest::anOnlineLeaseIsSeenByEveryProcessRenewedWhileConnectedAndLapsesWhenItsProcessStops,
      PseudonymsTest::anAccountOnlineReleasesAGuestsLookAlikeAndIsFoundEverywhere,
      PseudonymsTest::oldRowsExpireAndTheTableStaysWithinItsBound);

  /** Each case from an empty table, one after another on one database (a PostgreSQL start costs seconds). */
  static void cases(Database db) {
    for (Consumer<Database> c : CASES) {
      db.jdbi().useHandle(h -> h.execute("DELETE FROM player_names"));
      c.accept(db);
    }
  }

  @Test
  void onSqlite() {
    BothDatabases.sqlite(dir, PseudonymsTest::cases);
  }

  @Test
  void onPostgres() throws Exception {
    BothDatabases.postgres(PseudonymsTest::cases);
  }

  static String code(Throwable e) {
    return ((Refusal) e).code();
  }

  static void aNewcomerGetsAPseudonymInItsLanguageAndKeepsItAcrossProcessesAndRestarts(Database db) {
    Pseudonyms a = names(db);
    Player fr = a.guest("g:1", Locale.FRENCH, 0);
    assertThat(fr.name()).matches("Joueur-\\d{4}");
    assertThat(Names.problem(fr.name())).isEmpty();
    assertThat(a.guest("g:1", Locale.ENGLISH, 5).name()).isEqualTo(fr.name());
    assertThat(a.guest("g:2", Locale.ENGLISH, 0).name()).matches("Player-\\d{4}");
    a.rename("g:2", "Marguerite", 10);
    Pseudonyms b = names(db); // another process, or this one restarted
    assertThat(b.guest("g:1", Locale.ENGLISH, 20).name()).isEqualTo(fr.name());
    assertThat(b.guest("g:2", Locale.ENGLISH, 20).name()).isEqualTo("Marguerite");
    assertThat(b.find("marguerite")).map(Player::id).contains("g:2");
  }

  static void aRenameFollowsTheNameRuleNeverTakesAnAccountsNameAndChangesNothingWhenRefused(Database db) {
    Pseudonyms names = names(db);
    String before = names.guest("g:1", Locale.ENGLISH, 0).name();
    for (String bad : new String[] {"ab", "x".repeat(10_000), "Ann\u202Ee", "An\u200Bn", "Аnn", "expert", "a b c", "'; DROP TABLE player_names; --"}) {
      assertThatThrownBy(() -> names.rename("g:1", bad, 0)).isInstanceOf(Refusal.class)
          .extracting(PseudonymsTest::code).isEqualTo("bad-name");
    }
    for (String account : new String[] {"Rene", "René", "RENE", "Rène"}) {
      assertThatThrownBy(() -> names.rename("g:1", account, 0)).extracting(PseudonymsTest::code).isEqualTo("name-of-account");
    }
    assertThat(names.guest("g:1", Locale.ENGLISH, 0).name()).isEqualTo(before);
    assertThat(names.rename("g:1", "Marguerite", 0).name()).isEqualTo("Marguerite");
  }

  static void noTwoPlayersHoldingANameReadAlikeOnAnyProcess(Database db) {
    Pseudonyms a = names(db);
    Pseudonyms b = names(db);
    a.guest("g:1", Locale.ENGLISH, 0);
    b.guest("g:2", Locale.ENGLISH, 0);
    a.rename("g:1", "Lola", 0);
    for (String alike : new String[] {"lola", "L0la", "1ola", "LOLA", "Lóla"}) {
      assertThatThrownBy(() -> b.rename("g:2", alike, 1000)).extracting(PseudonymsTest::code).isEqualTo("name-taken");
    }
    assertThat(a.heldByAnother("L0LA", "g:2", 1000)).isTrue();
    assertThat(a.heldByAnother("Lola", "g:1", 1000)).as("its own").isFalse();
    assertThat(a.rename("g:1", "Lola2", 2000).name()).isEqualTo("Lola2");
    assertThat(b.rename("g:2", "Lola", 2000).name()).as("freed by the rename").isEqualTo("Lola");
  }

  static void aNameNotHeldAnyMoreCanBeTakenAndItsFormerHolderIsGivenAFreshOneWhenItComesBack(Database db) {
    Pseudonyms names = names(db);
    names.guest("g:1", Locale.ENGLISH, 0);
    names.rename("g:1", "Stays", 0);
    names.guest("g:2", Locale.ENGLISH, 0);
    long within = Pseudonyms.HOLD_MILLIS;
    names.guest("g:2", Locale.ENGLISH, within);
    assertThatThrownBy(() -> names.rename("g:2", "Stays", within)).extracting(PseudonymsTest::code).isEqualTo("name-taken");
    long after = Pseudonyms.HOLD_MILLIS + 1;
    assertThat(names.rename("g:2", "Stays", after).name()).isEqualTo("Stays");
    assertThat(names.guest("g:1", Locale.ENGLISH, after + 1).name()).matches("Player-\\d{4}");
  }

  static void anOnlineLeaseIsSeenByEveryProcessRenewedWhileConnectedAndLapsesWhenItsProcessStops(Database db) {
    Pseudonyms a = names(db);
    Pseudonyms b = names(db);
    a.guest("g:1", Locale.ENGLISH, 0);
    assertThat(b.isOnline("g:1", 0)).isFalse();
    a.connected("g:1", 0);
    assertThat(a.online()).isEqualTo(1);
    assertThat(b.isOnline("g:1", Pseudonyms.ONLINE_MILLIS - 1)).as("seen from the other process").isTrue();
    a.sweep(Pseudonyms.ONLINE_MILLIS - 1); // renewed while connected
    assertThat(b.isOnline("g:1", 2 * Pseudonyms.ONLINE_MILLIS - 2)).isTrue();
    assertThat(b.isOnline("g:1", 2 * Pseudonyms.ONLINE_MILLIS - 1)).as("A stopped renewing (its process died)").isFalse();
    a.disconnected("g:1", 3 * Pseudonyms.ONLINE_MILLIS);
    assertThat(a.online()).isZero();
    a.sweep(3 * Pseudonyms.ONLINE_MILLIS);
    assertThat(b.isOnline("g:1", 4 * Pseudonyms.ONLINE_MILLIS)).as("not renewed after the last socket closed").isFalse();
  }

  static void anAccountOnlineReleasesAGuestsLookAlikeAndIsFoundEverywhere(Database db) {
    Pseudonyms a = names(db);
    a.guest("g:1", Locale.ENGLISH, 0);
    a.rename("g:1", "Anna", 0); // taken while offline by an account signing up
    a.account(new Player("a:9", "Anna"), 1);
    assertThat(names(db).find("ANNA")).map(Player::id).contains("a:9");
    assertThat(a.guest("g:1", Locale.ENGLISH, 2).name()).matches("Player-\\d{4}");
    a.account(new Player("a:9", "Annabel"), 3); // renamed: the mirror follows
    assertThat(a.find("Annabel")).map(Player::id).contains("a:9");
    assertThat(a.find("Anna")).isEmpty();
  }

  static void oldRowsExpireAndTheTableStaysWithinItsBound(Database db) {
    Pseudonyms names = new Pseudonyms(db, n -> false, 10);
    for (int i = 0; i < 30; i++) names.guest("g:" + i, Locale.ENGLISH, i);
    long later = Pseudonyms.HOLD_MILLIS + 100;
    names.guest("g:held", Locale.ENGLISH, later);
    names.sweep(later);
    assertThat(names.size()).isLessThanOrEqualTo(10);
    assertThat(names.knows("g:held")).as("a held name is never cut").isTrue();
    assertThat(names.knows("g:29")).as("the newest unheld stay").isTrue();
    assertThat(names.knows("g:0")).as("the oldest go first").isFalse();
    names.sweep(later + Pseudonyms.EXPIRE_MILLIS + 1);
    assertThat(names.size()).as("30 days unseen: expired").isZero();
  }
}
