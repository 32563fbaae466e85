package org.jacquet.server.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Locale;
import org.jacquet.server.account.Accounts;
import org.jacquet.server.account.Passwords;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.BothDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The look-alike names of issue 31, on SQLite and PostgreSQL: refused to accounts and guests
 * beside the names they imitate, never a way into another account — and those the earlier
 * hand-written fold let in, migrated at start ({@link NameSkeletons}).
 */
class LookAlikesTest {
  @TempDir Path dir;
  static final long NOW = 1_700_000_000_000L;
  static final String PASSWORD = "correct horse battery";

  @Test
  void onSqlite() {
    BothDatabases.sqlite(dir, LookAlikesTest::cases);
  }

  @Test
  void onPostgres() throws Exception {
    BothDatabases.postgres(LookAlikesTest::cases);
  }

  static void cases(Database db) {
    theListedLookAlikesAreRefusedToAccountsAndGuests(db);
    for (String table : new String[] {"sessions", "accounts", "player_names"}) db.jdbi().useHandle(h -> h.execute("DELETE FROM " + table));
    impostorsStoredByTheEarlierFoldLoseTheNameAtStart(db);
  }

  private static String code(Throwable e) {
    return ((Refusal) e).code();
  }

  private static int accounts(Database db) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM accounts").mapTo(Integer.class).one());
  }

  private static void theListedLookAlikesAreRefusedToAccountsAndGuests(Database db) {
    Accounts accounts = new Accounts(db, new org.jacquet.server.account.AccountLimits(1000, 1000, 1000, 1000, 1000), org.jacquet.server.account.HashPool.PROCESS, org.jacquet.server.limits.RateLimiter.WALL_CLOCK);
    Pseudonyms names = new Pseudonyms(db, accounts::isAccountName);
    Player paul = accounts.signUp("paulwacz643", PASSWORD, null, "10.0.0.1", NOW).player();
    for (String impostor : NamesTest.ISSUE_31_LOOK_ALIKES) {
      assertThatThrownBy(() -> accounts.signUp(impostor, "another password", null, "10.0.0.1", NOW)).as(impostor)
          .satisfies(e -> assertThat(code(e)).isEqualTo("bad-name"));
    }
    // Look-alikes made of allowed letters read as the name they imitate.
    for (String twin : new String[] {"PauIwacz643", "paulvvacz643", "Paùlwacz643"}) {
      assertThatThrownBy(() -> accounts.signUp(twin, "another password", null, "10.0.0.1", NOW)).as(twin)
          .satisfies(e -> assertThat(code(e)).isEqualTo("account-name-taken"));
    }
    assertThat(accounts(db)).isEqualTo(1);
    // Signing in by a look-alike never reaches another account: refused, or the very account it imitates.
    assertThatThrownBy(() -> accounts.signIn("pɑulwacz643", PASSWORD, "192.0.2.1", null, NOW))
        .satisfies(e -> assertThat(code(e)).isEqualTo("bad-credentials"));
    assertThat(accounts.signIn("PAULWACZ643", PASSWORD, "192.0.2.1", null, NOW).player().id()).isEqualTo(paul.id());
    assertThat(accounts.byName("ᴘaulwacz643")).isEmpty();

    // Guests: marcopᴏlo beside marcopolo, and a guest under an account's look-alike.
    names.guest("g:marco", Locale.ENGLISH, NOW);
    names.rename("g:marco", "marcopolo", NOW);
    names.guest("g:other", Locale.ENGLISH, NOW);
    assertThatThrownBy(() -> names.rename("g:other", "marcopᴏlo", NOW)).satisfies(e -> assertThat(code(e)).isEqualTo("bad-name"));
    assertThatThrownBy(() -> names.rename("g:other", "MarcoPoIo", NOW)).satisfies(e -> assertThat(code(e)).isEqualTo("name-taken"));
    assertThatThrownBy(() -> names.rename("g:other", "pauIwacz643", NOW))
        .satisfies(e -> assertThat(code(e)).isEqualTo("name-of-account"));
    assertThat(names.find("marcopᴏlo")).isEmpty();
    assertThat(names.find("MARCOPOLO").map(Player::id)).contains("g:marco");
  }

  /**
   * A database of the earlier fold: the impostor account {@code pɑulwacz643} made after {@code
   * paulwacz643}, each signed in, and a guest {@code marcopᴏlo} beside {@code marcopolo} — with
   * the skeletons that fold stored. The next start recomputes them: the impostor is reached by no
   * name and signed out, the older account keeps its name, the guest's look-alike is released.
   */
  private static void impostorsStoredByTheEarlierFoldLoseTheNameAtStart(Database db) {
    String hash = Passwords.hash(PASSWORD), impostorHash = Passwords.hash("impostor password");
    db.jdbi().useHandle(h -> {
      h.execute("INSERT INTO accounts (id, name, skeleton, password_hash, created_at) VALUES "
          + "('a:paul', 'paulwacz643', 'paulwacz643', ?, 1), ('a:fake', 'pɑulwacz643', 'pɑulwacz643', ?, 2)", hash, impostorHash);
      h.execute("INSERT INTO player_names (id, name, skeleton, last_seen, online_until) VALUES "
          + "('g:marco', 'marcopolo', 'marcopolo', ?, 0), ('g:fake', 'marcopᴏlo', 'marcopᴏlo', ?, 0), "
          + "('a:fake', 'pɑulwacz643', 'pɑulwacz643', ?, 0)", NOW, NOW, NOW);
      h.execute("UPDATE name_skeletons SET version = ''");
    });
    Accounts accounts = new Accounts(db, new org.jacquet.server.account.AccountLimits(1000, 1000, 1000, 1000, 1000), org.jacquet.server.account.HashPool.PROCESS, org.jacquet.server.limits.RateLimiter.WALL_CLOCK);
    String impostorSession = accounts.sessions().open("a:fake", NOW);

    Pseudonyms names = new Pseudonyms(db, accounts::isAccountName); // the start: skeletons recomputed

    assertThat(accounts.signIn("paulwacz643", PASSWORD, "192.0.2.1", null, NOW).player().id()).isEqualTo("a:paul");
    for (String as : new String[] {"pɑulwacz643", "paulwacz643"}) {
      assertThatThrownBy(() -> accounts.signIn(as, "impostor password", "192.0.2.1", null, NOW)).as(as)
          .satisfies(e -> assertThat(code(e)).isEqualTo("bad-credentials"));
    }
    assertThat(accounts.sessions().player(impostorSession, NOW)).isEmpty();
    assertThat(accounts.byName("paulwacz643").map(Accounts.Account::id)).contains("a:paul");
    assertThatThrownBy(() -> accounts.signUp("Paulwacz643", PASSWORD, null, "10.0.0.1", NOW))
        .satisfies(e -> assertThat(code(e)).isEqualTo("account-name-taken"));

    assertThat(names.find("marcopolo").map(Player::id)).contains("g:marco");
    assertThat(names.guest("g:fake", Locale.ENGLISH, NOW + 1).name()).startsWith("Player-");
    assertThat(names.find("paulwacz643")).isEmpty(); // the impostor's mirror is gone with its sessions
    assertThat(NameSkeletons.bringUpToDate(db)).as("done once").isFalse();
  }
}
