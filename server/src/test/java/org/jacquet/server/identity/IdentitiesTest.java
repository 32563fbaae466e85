package org.jacquet.server.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.nio.file.Path;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;

class IdentitiesTest {
  @TempDir Path dir;
  Database db;
  Pseudonyms names;

  @BeforeEach
  void open() {
    db = Database.sqlite(dir);
    names = new Pseudonyms(db, name -> false);
  }

  @AfterEach
  void close() {
    db.close();
  }

  final Map<String, String> cookies = new HashMap<>();
  final List<String> set = new ArrayList<>();

  Optional<Player> resolve(Identities ids, boolean secure) {
    return ids.resolve(cookies::get, Locale.ENGLISH, secure, set::add, () -> { }, 0);
  }

  @Test
  void aNewcomerIsIssuedAnHttpOnlyGuestCookieAndKnownByItAfter() {
    Identities ids = new Identities(AccountSessions.NONE, names);
    Player first = resolve(ids, false).orElseThrow();
    assertThat(set).singleElement().asString().matches("jacquet_guest=[A-Za-z0-9_-]{22}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax");
    String value = set.get(0).substring("jacquet_guest=".length(), set.get(0).indexOf(';'));
    assertThat(first.id()).startsWith("g:").doesNotContain(value);
    cookies.put(Identities.GUEST_COOKIE, value);
    assertThat(resolve(ids, true)).contains(first);
    assertThat(set).as("no second cookie").hasSize(1);
  }

  @Test
  void overTlsTheCookieIsSecureAndAMalformedOneIsReplaced() {
    cookies.put(Identities.GUEST_COOKIE, "<script>" + "x".repeat(5000));
    resolve(new Identities(AccountSessions.NONE, names), true);
    assertThat(set).singleElement().asString().endsWith("; Secure");
  }

  @Test
  void aSocketCannotBeIssuedACookie() {
    Identities ids = new Identities(AccountSessions.NONE, names);
    assertThat(ids.resolve(cookies::get, Locale.ENGLISH, false, null, () -> { }, 0)).isEmpty();
  }

  @Test
  void aNewcomerRefusedByItsAddressRateIsNotKept() {
    Identities ids = new Identities(AccountSessions.NONE, names);
    cookies.put(Identities.GUEST_COOKIE, "a".repeat(22));
    assertThatThrownBy(() -> ids.resolve(cookies::get, Locale.ENGLISH, false, set::add, () -> {
      throw new Refusal("too-many", "new guests");
    }, 0)).isInstanceOf(Refusal.class);
    assertThat(names.size()).isZero();
    assertThat(set).isEmpty();
  }

  @Test
  void aValidSessionIsTheAccountsPlayerThroughTheSeam() {
    Player account = new Player("a:7", "Rosalie");
    Identities ids = new Identities(AccountSessions.NONE, names);
    ids.useAccounts(value -> value.equals("good") ? Optional.of(account) : Optional.empty());
    cookies.put(Identities.SESSION_COOKIE, "good");
    assertThat(resolve(ids, false)).contains(account);
    assertThat(names.find("rosalie")).as("its name is mirrored for every process").contains(account);
    cookies.put(Identities.SESSION_COOKIE, "stale");
    assertThat(resolve(ids, false).orElseThrow().hasAccount()).as("a stale session falls back to the guest").isFalse();
  }
}
