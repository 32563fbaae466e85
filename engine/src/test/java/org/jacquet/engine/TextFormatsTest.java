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
    assertThat(Rules.parse("Modern + Scoring=Ladder").scoring()).isEqualTo(Scoring.LADDER);
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

  @Test
  void spacesAroundTheEqualsSignAreIgnoredForNumbersAsForWords() {
    assertThat(Rules.parse("modern+return-checkers= 2")).isEqualTo(Rules.parse("modern+return-checkers=2"));
    assertThat(Rules.parse("modern+postilion-entry = 13")).isEqualTo(Rules.parse("modern+postilion-entry=13"));
    assertThat(Rules.parse("modern+scoring= ladder")).isEqualTo(Rules.parse("modern+scoring=ladder"));
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
