package org.jacquet.server.identity;

import static org.assertj.core.api.Assertions.assertThat;

import org.jacquet.server.identity.Names.Problem;
import org.junit.jupiter.api.Test;

class NamesTest {
  @Test
  void acceptsLettersDigitsAndSeparatorsAccentsIncluded() {
    for (String ok : new String[] {"abc", "Hélène", "joueur_75", "Jean-Luc", "x2y", "AbCdEfGhIjKlMnOpQrSt"})
      assertThat(Names.problem(ok)).as(ok).isEmpty();
  }

  @Test
  void refusesLengthsOutsideThreeToTwentyCountingCharactersNotBytes() {
    assertThat(Names.problem("ab")).contains(Problem.LENGTH);
    assertThat(Names.problem("a".repeat(21))).contains(Problem.LENGTH);
    assertThat(Names.problem("a".repeat(10_000))).contains(Problem.LENGTH);
    assertThat(Names.problem("ééé")).isEmpty();
    assertThat(Names.problem(null)).contains(Problem.LENGTH);
  }

  @Test
  void refusesControlBidiZeroWidthSpacesAndOtherScripts() {
    for (String bad : new String[] {"ab\u0000c", "abc\n", "ab\u202Ecd", "ab\u200Bcd", "ab\uFEFFcd", "ab cd", " abc",
        "раша" /* Cyrillic */, "pаypal" /* Cyrillic a */, "ab<cd", "ab&cd", "a\"bc", "ab'c", "ab😀c", "ａｂｃ" /* fullwidth */})
      assertThat(Names.problem(bad)).as(bad).contains(Problem.CHARACTER);
  }

  @Test
  void refusesDecomposedAccentsSoOneNameHasOneSpelling() {
    assertThat(Names.problem("He\u0301le\u0300ne")).contains(Problem.CHARACTER);
  }

  @Test
  void refusesSeparatorsAtTheEdgesOrDoubled() {
    for (String bad : new String[] {"-abc", "abc_", "ab--cd", "ab_-cd"})
      assertThat(Names.problem(bad)).as(bad).contains(Problem.SEPARATOR);
  }

  @Test
  void refusesTheComputersLevelsAndTheSitesRolesWhateverTheirLook() {
    for (String bad : new String[] {"expert", "EXPERT", "Expert-v1", "world-class", "World_Class", "Débutant",
        "debutant", "admin", "Adm1n", "ADMlN", "rnoderator", "0rdinateur", "guest", "Invité"})
      assertThat(Names.problem(bad)).as(bad).contains(Problem.RESERVED);
  }

  @Test
  void lookAlikesShareOneSkeleton() {
    assertThat(Names.skeleton("Olivier")).isEqualTo(Names.skeleton("0LIVIER"));
    assertThat(Names.skeleton("Hélène")).isEqualTo(Names.skeleton("helene"));
    assertThat(Names.skeleton("modern")).isEqualTo(Names.skeleton("rnodern"));
    assertThat(Names.skeleton("joueur_1")).isEqualTo(Names.skeleton("joueur-l"));
    assertThat(Names.skeleton("wave")).isEqualTo(Names.skeleton("vvave"));
    assertThat(Names.skeleton("alice")).isNotEqualTo(Names.skeleton("alicia"));
  }

  @Test
  void aPlayerIdSaysGuestOrAccount() {
    assertThat(new Player("a:42", "alice").hasAccount()).isTrue();
    assertThat(new Player("g:xyz", "bob").hasAccount()).isFalse();
  }
}
