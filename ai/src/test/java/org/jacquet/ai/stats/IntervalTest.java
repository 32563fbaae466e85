package org.jacquet.ai.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class IntervalTest {
  @Test
  void wilsonStaysWithinZeroAndOneEvenAtTheExtremes() {
    for (int n = 1; n <= 60; n++) {
      for (int k = 0; k <= n; k++) {
        Interval i = Interval.wilson(k, n);
        assertThat(i.low()).isBetween(0.0, i.estimate());
        assertThat(i.high()).isBetween(i.estimate(), 1.0);
        assertThat(i.high() - i.low()).isPositive(); // never "± 0.00%"
      }
    }
  }

  @Test
  void wilsonMatchesThePublishedValues() {
    // 7 of 12 (Newcombe 1998, table I): 0.3195 – 0.8067.
    Interval i = Interval.wilson(7, 12);
    assertThat(i.low()).isCloseTo(0.3195, within(0.0005));
    assertThat(i.high()).isCloseTo(0.8067, within(0.0005));
    // 0 of 10: 0 – 0.2775.
    assertThat(Interval.wilson(0, 10).high()).isCloseTo(0.2775, within(0.0005));
  }

  @Test
  void theMeansIntervalUsesStudentsTAndRefusesTinySamples() {
    assertThat(Interval.t975(9)).isCloseTo(2.262, within(0.002));
    assertThat(Interval.t975(29)).isCloseTo(2.045, within(0.001));
    assertThat(Interval.t975(1_000_000)).isCloseTo(1.960, within(0.001));
    double[] ten = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    Interval i = Interval.mean(ten);
    assertThat(i.estimate()).isEqualTo(5.5);
    assertThat(i.halfWidth()).isCloseTo(2.262 * Math.sqrt(9.1667 / 10), within(0.01));
    assertThatThrownBy(() -> Interval.mean(new double[] {1, 2, 3, 4})).hasMessageContaining("too few");
    assertThatThrownBy(() -> Interval.ofMean(0.5, 0.1, 2)).hasMessageContaining("too few");
    assertThatThrownBy(() -> Interval.wilson(0, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void noIntervalIsEverNaN() {
    assertThatThrownBy(() -> Interval.around(0.5, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Interval(Double.NaN, 0, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThat(Interval.around(0.98, 0.05).within(0, 1).high()).isEqualTo(1.0);
  }
}
