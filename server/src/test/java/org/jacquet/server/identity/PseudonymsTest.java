package org.jacquet.server.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import org.jacquet.server.refusal.Refusal;
import org.junit.jupiter.api.Test;

class PseudonymsTest {
  final Pseudonyms names = new Pseudonyms();

  @Test
  void aNewcomerGetsAPseudonymInItsLanguageAndKeepsIt() {
    Player fr = names.guest("g:1", Locale.FRENCH, 0);
    assertThat(fr.name()).matches("Joueur-\\d{4}");
    assertThat(names.guest("g:1", Locale.ENGLISH, 5).name()).isEqualTo(fr.name());
    assertThat(names.guest("g:2", Locale.ENGLISH, 0).name()).matches("Player-\\d{4}");
    assertThat(Names.problem(fr.name())).isEmpty();
  }

  @Test
  void aRenameFollowsTheNameRuleAndChangesNothingWhenRefused() {
    names.guest("g:1", Locale.ENGLISH, 0);
    String before = names.guest("g:1", Locale.ENGLISH, 0).name();
    for (String bad : new String[] {"ab", "x".repeat(10_000), "Ann\u202Ee", "An\u200Bn", "Аnn", "expert", "a b c"}) {
      assertThatThrownBy(() -> names.rename("g:1", bad, 0)).isInstanceOf(Refusal.class)
          .extracting(e -> ((Refusal) e).code()).isEqualTo("bad-name");
    }
    assertThat(names.guest("g:1", Locale.ENGLISH, 0).name()).isEqualTo(before);
    assertThat(names.rename("g:1", "Marguerite", 0).name()).isEqualTo("Marguerite");
    assertThat(names.find("marguerite")).map(Player::id).contains("g:1");
  }

  @Test
  void noTwoPlayersReadAlike() {
    names.guest("g:1", Locale.ENGLISH, 0);
    names.guest("g:2", Locale.ENGLISH, 0);
    names.rename("g:1", "Lola", 0);
    for (String alike : new String[] {"lola", "L0la", "1ola", "LOLA", "Lóla"}) {
      assertThatThrownBy(() -> names.rename("g:2", alike, 0)).extracting(e -> ((Refusal) e).code()).isEqualTo("name-taken");
    }
    names.account(new Player("a:9", "Rene"), 0);
    assertThatThrownBy(() -> names.rename("g:2", "René", 0)).extracting(e -> ((Refusal) e).code()).isEqualTo("name-taken");
    assertThat(names.rename("g:1", "Lola2", 0).name()).isEqualTo("Lola2");
    assertThat(names.rename("g:2", "Lola", 0).name()).as("freed by the rename").isEqualTo("Lola");
  }

  @Test
  void namesAreKeptWhileConnectedAndForgottenAfterTheGrace() {
    names.guest("g:1", Locale.ENGLISH, 0);
    names.rename("g:1", "Stays", 0);
    names.guest("g:2", Locale.ENGLISH, 0);
    names.connected("g:1");
    assertThat(names.online()).isEqualTo(1);
    names.sweep(Pseudonyms.GRACE_MILLIS * 3);
    assertThat(names.size()).as("g:2 never connected: forgotten; g:1 is connected").isEqualTo(1);
    names.disconnected("g:1", Pseudonyms.GRACE_MILLIS * 3);
    assertThat(names.online()).isZero();
    names.sweep(Pseudonyms.GRACE_MILLIS * 4);
    assertThat(names.find("Stays")).as("within the grace").isPresent();
    names.sweep(Pseudonyms.GRACE_MILLIS * 4 + 1);
    assertThat(names.size()).isZero();
    assertThat(names.find("Stays")).isEmpty();
  }
}
