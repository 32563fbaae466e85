package org.jacquet.server.identity;

import static org.assertj.core.api.Assertions.assertThat;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UCharacterCategory;
import com.ibm.icu.text.SpoofChecker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

  /** The look-alikes of issue 31 (each put into {@code paulwacz643} in place of the letter it imitates). */
  static final List<String> ISSUE_31_LOOK_ALIKES = List.of("pɑulwacz643" /* U+0251 */, "ᴘaulwacz643" /* U+1D18 */,
      "pauʟwacz643", "pauɫwacz643", "pauǀwacz643", "pauɩwacz643", "ȷaulwacz643", "pauɯacz643", "pauꞷacz643",
      "paulwaᴄz643", "paᴜlwacz643", "paulᴡacz643", "paulwacᴢ643", "marcopᴏlo");

  @Test
  void theLookAlikesOfIssue31AreRefused() {
    for (String impostor : ISSUE_31_LOOK_ALIKES) assertThat(Names.problem(impostor)).as(impostor).contains(Problem.CHARACTER);
    assertThat(Names.problem("paulwacz643")).isEmpty();
    assertThat(Names.problem("marcopolo")).isEmpty();
  }

  @Test
  void frenchAndEuropeanLettersStayAllowed() {
    for (String ok : new String[] {"Hélène", "François", "Œdipe", "Lætitia", "Gérard-Müller", "Ñandú", "Łukasz", "Søren", "Straße"})
      assertThat(Names.problem(ok)).as(ok).isEmpty();
  }

  /**
   * The whole of Unicode's confusables (UTS #39, as ICU ships it): every code point whose
   * prototype can be written with the characters names allow is either refused in a name or
   * given the same skeleton as that writing. The prototypes are ICU's own skeletons, read
   * independently of {@link Names#skeleton}.
   */
  @Test
  void everyCodePointConfusableWithTheAllowedCharactersIsRefusedOrFolded() {
    SpoofChecker icu = new SpoofChecker.Builder().build();
    // Each allowed character by its prototype (the first found writes it).
    Map<String, String> byPrototype = new HashMap<>();
    List<Integer> allowed = new ArrayList<>();
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      if (Names.allowed(cp)) {
        allowed.add(cp);
        byPrototype.putIfAbsent(icu.getSkeleton(new String(Character.toChars(cp))), new String(Character.toChars(cp)));
      }
    }
    assertThat(allowed).hasSizeGreaterThan(600); // the Latin letters of European languages, not only ASCII
    int checked = 0;
    List<String> failures = new ArrayList<>();
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      int type = UCharacter.getType(cp);
      if (type == UCharacterCategory.UNASSIGNED || type == UCharacterCategory.SURROGATE || type == UCharacterCategory.PRIVATE_USE) continue;
      String c = new String(Character.toChars(cp));
      Optional<String> writing = writtenWith(icu.getSkeleton(c), byPrototype);
      if (writing.isEmpty() || writing.get().equals(c)) continue;
      checked++;
      String name = "ab" + c + "ab", lookAlike = "ab" + writing.get() + "ab";
      if (Names.problem(name).isEmpty() && !Names.skeleton(name).equals(Names.skeleton(lookAlike))) {
        failures.add("U+" + Integer.toHexString(cp) + " " + c + " ~ " + writing.get());
      }
    }
    assertThat(checked).as("confusable code points found").isGreaterThan(1000);
    assertThat(failures).isEmpty();
  }

  /** The prototype written as allowed characters, longest prototype first (e.g. {@code rn} for {@code m}), if it can be. */
  private static Optional<String> writtenWith(String prototype, Map<String, String> byPrototype) {
    if (prototype.isEmpty()) return Optional.of("");
    for (int end = prototype.length(); end > 0; end--) {
      String piece = byPrototype.get(prototype.substring(0, end));
      if (piece == null) continue;
      Optional<String> rest = writtenWith(prototype.substring(end), byPrototype);
      if (rest.isPresent()) return Optional.of(piece + rest.get());
    }
    return Optional.empty();
  }

  @Test
  void skeletonsAreCaseAndAccentBlindAndFitTheColumn() {
    for (int cp : Names.LETTERS.stream().mapToInt(s -> s.codePointAt(0)).toArray()) {
      String c = new String(Character.toChars(cp));
      assertThat(Names.skeleton(c)).as(c).isEqualTo(Names.skeleton(UCharacter.toUpperCase(c)))
          .isEqualTo(Names.skeleton(UCharacter.toLowerCase(c)));
      // accounts.skeleton is VARCHAR(40): at most two characters for each of a name's twenty
      assertThat(Names.skeleton(c).length()).as(c).isLessThanOrEqualTo(2);
    }
  }

  @Test
  void aPlayerIdSaysGuestOrAccount() {
    assertThat(new Player("a:42", "alice").hasAccount()).isTrue();
    assertThat(new Player("g:xyz", "bob").hasAccount()).isFalse();
  }
}
