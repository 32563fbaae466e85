package org.jacquet.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.engine.rules.Rules;
import org.jacquet.engine.rules.Scoring;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Position text, rules text and dice text: exact round trips, and bad input named precisely. */
class TextFormatsTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "white=1:15 black=1:15 turn=white",
      "white=1:14,7:1 black=1:15 turn=black",
      "white=18:1,20:1,21:1,23:1,24:11 black=19:15 turn=white",
      "white= black=24:3 turn=black",
      "white=2:1,3:2,4:3,5:4,6:5 black=19:15 turn=white"})
  void positionTextRoundTripsExactly(String text) {
    assertThat(Position.parse(text).toString()).isEqualTo(text);
  }

  @Test
  void positionParserAcceptsAnyFieldOrderAndSpacingButPrintsCanonically() {
    assertThat(Position.parse("  turn=black   black=1:15 white=7:1,1:14 ").toString())
        .isEqualTo("white=1:14,7:1 black=1:15 turn=black");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "white=1:16 black=1:15 turn=white|white has more than 15 checkers",
      "white=1:10,2:6 black=1:15 turn=white|white has more than 15 checkers",
      "white=25:1 black=1:15 turn=white|white: route point 25 is outside 1..24",
      "white=0:1 black=1:15 turn=white|white: route point 0 is outside 1..24",
      "white=1:0 black=1:15 turn=white|white: count 0 on point 1 must be at least 1",
      "white=1:5,1:5 black=1:15 turn=white|white: point 1 is listed twice",
      "white=1:15 turn=white|missing position field 'black'",
      "white=1:15 black=1:15|missing position field 'turn'",
      "white=1:15 black=1:15 turn=white red=1:1|unknown position field 'red'",
      "white=1:15 black=1:15 turn=red|invalid turn 'red'",
      "white=13:1 black=1:15 turn=white|white point 13 and black point 1 are the same point (a)",
      "white=1:15 white=1:15 black=1:15 turn=white|position field 'white' is given twice",
      "white=x:1 black=1:15 turn=white|white: route point 'x' in 'x:1' is not a number",
      "white=1 black=1:15 turn=white|white: '1' must be routepoint:count",
      "white= black= turn=white|both sides have borne off every checker",
      "hello|position field 'hello' must be written name=value"})
  void malformedPositionTextIsRejectedWithItsProblem(String text, String message) {
    assertThatThrownBy(() -> Position.parse(text))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
  }

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
