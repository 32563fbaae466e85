package org.jacquet.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.engine.rules.Rules;
import org.jacquet.engine.rules.Scoring;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rules text and dice text: exact round trips, and bad input named precisely (position text:
 * {@code format.PositionTextTest}).
 */
class TextFormatsTest {

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim", "versailles",
      "advanced+return-checkers=2", "original+opening=winner-chooses",
      "modern+scoring=spanish+doubles=squared", "moultezim+postilion-protection=off"})
  void rulesTextRoundTrips(String text) {
    Rules rules = Rules.parse(text);
    assertThat(rules.toString()).isEqualTo(text);
    assertThat(Rules.parse(rules.toString())).isEqualTo(rules);
  }

  @Test
  void rulesTextIsPrintedFromTheNearestPreset() {
    assertThat(Rules.parse("modern+bear-off=opponent-talon+scoring=ladder").toString())
        .isEqualTo("advanced");
    assertThat(Rules.parse("Modern+Scoring=Ladder").scoring()).isEqualTo(Scoring.LADDER);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "classic|unknown rules preset 'classic'; valid presets: original, modern, advanced, moultezim, versailles",
      "modern+cube=on|unknown rule option 'cube'; valid options: postilion-entry, blocking,",
      "modern+scoring=huge|invalid value 'huge' for rule option 'scoring'; valid values: simple, ladder, spanish",
      "modern+return-checkers=3|invalid value '3' for rule option 'return-checkers'; valid values: 1, 2",
      "modern+postilion-entry=7|invalid value '7' for rule option 'postilion-entry'",
      "modern+blocking|rule option 'blocking' must be written name=value",
      "''|empty rules"})
  void badRulesTextNamesTheValidChoices(String text, String message) {
    assertThatThrownBy(() -> Rules.parse(text)).hasMessageContaining(message);
  }

  /**
   * One rule for numbers in rules text: the plain digits of a valid value. A leading zero, a
   * sign, or three digits are refused alike, naming the value and the valid ones; spaces around
   * '=' are ignored for numbers as for every option.
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "modern+return-checkers=02|invalid value '02' for rule option 'return-checkers'; valid values: 1, 2",
      "modern+postilion-entry=013|invalid value '013' for rule option 'postilion-entry'; valid values: 19, 13",
      "modern+postilion-entry=019|invalid value '019' for rule option 'postilion-entry'; valid values: 19, 13",
      "modern+return-checkers=+2|invalid value '+2' for rule option 'return-checkers'; valid values: 1, 2",
      "modern+postilion-entry=+13+doubles=four|invalid value '+13' for rule option 'postilion-entry'; valid values: 19, 13",
      "modern+return-checkers=-2|invalid value '-2' for rule option 'return-checkers'; valid values: 1, 2"})
  void numbersInRulesTextAreTheirPlainDigits(String text, String message) {
    assertThatThrownBy(() -> Rules.parse(text)).hasMessage(message);
  }

  /**
   * Rules text has no spaces: "return-checkers=+2" typed in a URL's query arrives as
   * "return-checkers= 2" (a '+' there is a space), and was read as 2. A space is refused, naming
   * the option it is in, in both languages; spaces before and after the whole text are let go.
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "modern+return-checkers= 2|a space in rules text, in 'return-checkers= 2': rules text has none (options are joined by '+', written %2B in a URL)",
      "modern+postilion-entry = 13|a space in rules text, in 'postilion-entry = 13'",
      "modern+scoring= ladder|a space in rules text, in 'scoring= ladder'",
      "Modern + Scoring=Ladder|a space in rules text, in 'Modern '",
      "modern return-checkers=2|a space in rules text, in 'modern return-checkers=2'"})
  void aSpaceInRulesTextIsRefusedNamingWhereItIs(String text, String message) {
    assertThatThrownBy(() -> Rules.parse(text)).hasMessageStartingWith(message);
    org.jacquet.engine.FormatException e = org.assertj.core.api.Assertions.catchThrowableOfType(
        () -> Rules.parse(text), org.jacquet.engine.FormatException.class);
    assertThat(e.code()).isEqualTo("rules-space");
    assertThat(e.message(java.util.Locale.FRENCH)).startsWith("une espace dans le texte des règles");
    assertThat(Rules.parse("  modern+return-checkers=2 ")).isEqualTo(Rules.parse("modern+return-checkers=2"));
  }

  @Test
  void diceTextIsAnnouncedHigherFirst() {
    assertThat(Dice.parse("4-6").toString()).isEqualTo("6-4");
    assertThat(Dice.parse("65")).isEqualTo(Dice.of(6, 5));
    assertThatThrownBy(() -> Dice.parse("7-1")).hasMessageContaining("between 1 and 6");
    assertThatThrownBy(() -> Dice.parse("six")).hasMessageContaining("invalid dice 'six'");
    assertThat(DiceToPlay.of(Dice.of(5, 5), Rules.VERSAILLES).count()).isEqualTo(5);
    assertThat(DiceToPlay.of(Dice.of(1, 1), Rules.VERSAILLES).count()).isEqualTo(1);
    assertThat(DiceToPlay.of(Dice.of(1, 1), Rules.MODERN).count()).isEqualTo(4);
    assertThat(DiceToPlay.parse("+5-5-5", Rules.VERSAILLES))
        .isEqualTo(new DiceToPlay(5, 5, 3, true));
    assertThat(DiceToPlay.parse("+5-5-5", Rules.VERSAILLES).toString()).isEqualTo("+5-5-5");
  }

  @Test
  void absoluteLettersFollowTheSeedDiagrams() {
    assertThat(Side.WHITE.letter(1)).isEqualTo('m');
    assertThat(Side.BLACK.letter(1)).isEqualTo('a');
    assertThat(Side.WHITE.letter(24)).isEqualTo('l');
    assertThat(Side.BLACK.letter(24)).isEqualTo('x');
  }
}
