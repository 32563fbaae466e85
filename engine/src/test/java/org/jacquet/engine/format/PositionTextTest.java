package org.jacquet.engine.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.engine.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Position text: exact round trips, and bad input named precisely. */
class PositionTextTest {

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
}
