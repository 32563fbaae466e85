package org.jacquet.engine.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.jacquet.engine.FormatException;
import org.jacquet.engine.Position;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A point or a count that is a number, but out of range, is refused as out of range with the
 * number as written, never as "not a number"; what is no number at all still is.
 */
class PositionNumbersTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "white=1:-1 black=1:15 turn=white|position-count-range|white: count -1 on point 1 must be at least 1",
      "white=1:2147483647 black=1:15 turn=white|position-too-many-checkers|white has more than 15 checkers",
      "white=1:99999999999999999999999 black=1:15 turn=white|position-too-many-checkers|white has more than 15 checkers",
      "white=1:1000 black=1:15 turn=white|position-too-many-checkers|white has more than 15 checkers",
      "white=1:15 black=1:-99999999999999999999 turn=white|position-count-range|black: count -99999999999999999999 on point 1 must be at least 1",
      "white=-3:1 black=1:15 turn=white|position-point-range|white: route point -3 is outside 1..24",
      "white=99999:1 black=1:15 turn=white|position-point-range|white: route point 99999 is outside 1..24",
      "white=99999999999999999999999:1 black=1:15 turn=white|position-point-range|white: route point 99999999999999999999999 is outside 1..24",
      "white=1:+1 black=1:15 turn=white|position-count-not-number|white: count '+1' in '1:+1' is not a number",
      "white=1:- black=1:15 turn=white|position-count-not-number|white: count '-' in '1:-' is not a number",
      "white=1:x black=1:15 turn=white|position-count-not-number|white: count 'x' in '1:x' is not a number"})
  void aNumberOutOfRangeIsSaidToBeOutOfRange(String text, String code, String message) {
    FormatException e = catchThrowableOfType(() -> Position.parse(text), FormatException.class);
    assertThat(e).as(text).isNotNull();
    assertThat(e.code()).isEqualTo(code);
    assertThat(e.getMessage()).isEqualTo(message);
  }
}
