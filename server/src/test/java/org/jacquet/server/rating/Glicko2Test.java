package org.jacquet.server.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.jacquet.server.rating.Glicko2.Rating;
import org.jacquet.server.rating.Glicko2.Result;
import org.junit.jupiter.api.Test;

class Glicko2Test {
  /** Glickman, "Example of the Glicko-2 system" (2012), with its τ = 0.5: the paper's figures to its precision. */
  @Test
  void reproducesGlickmansWorkedExample() {
    Rating player = new Rating(1500, 200, 0.06);
    List<Result> period = List.of(
        new Result(new Rating(1400, 30, 0.06), 1),
        new Result(new Rating(1550, 100, 0.06), 0),
        new Result(new Rating(1700, 300, 0.06), 0));
    Rating next = Glicko2.next(player, period);
    // On the Glicko-2 scale, as the paper prints them (4 places): μ' = −0.2069, φ' = 0.8722, σ' = 0.05999.
    assertThat((next.rating() - 1500) / 173.7178).isCloseTo(-0.2069, within(0.00005));
    assertThat(next.deviation() / 173.7178).isCloseTo(0.8722, within(0.00005));
    assertThat(next.volatility()).isCloseTo(0.05999, within(0.00001)); // 0.059996: the paper cuts it to 5 places
    // Back on the Glicko scale the paper writes 1464.06 and 151.52, from μ' and φ' rounded to 4 places.
    assertThat(next.rating()).isCloseTo(1464.06, within(0.01));
    assertThat(next.deviation()).isCloseTo(151.52, within(0.01));
  }

  @Test
  void aWinRaisesALossLowersAndBothNarrowTheDeviation() {
    Rating start = Glicko2.START;
    Rating won = Glicko2.next(start, List.of(new Result(start, 1)));
    Rating lost = Glicko2.next(start, List.of(new Result(start, 0)));
    assertThat(won.rating()).isGreaterThan(1500);
    assertThat(lost.rating()).isLessThan(1500);
    assertThat(won.rating() - 1500).isCloseTo(1500 - lost.rating(), within(1e-9));
    assertThat(won.deviation()).isLessThan(350);
    assertThat(start.provisional()).isTrue();
  }

  @Test
  void aPeriodWithoutGamesOnlyWidensTheDeviationNeverPastTheStart() {
    Rating settled = new Rating(1620, 60, 0.06);
    Rating idle = Glicko2.next(settled, List.of());
    assertThat(idle.rating()).isEqualTo(1620);
    assertThat(idle.deviation()).isGreaterThan(60);
    assertThat(Glicko2.next(Glicko2.START, List.of()).deviation()).isEqualTo(350);
  }

  /**
   * Step 6 for idle periods, worked by hand on the Glicko scale: RD'² = RD² + n·(σ·173.7178)²,
   * (0.06·173.7178)² = 108.6403. RD 50: one period √2608.64 = 51.075, ten √3586.40 = 59.887;
   * RD 340 after a hundred: √126464 = 355.6, held at 350.
   */
  @Test
  void idlePeriodsWidenTheDeviationAsStepSixSaysAndLeaveRatingAndVolatility() {
    Rating settled = new Rating(1620, 50, 0.06);
    assertThat(Glicko2.idle(settled, 0)).isEqualTo(settled);
    assertThat(Glicko2.idle(settled, 1).deviation()).isCloseTo(51.075, within(0.001));
    assertThat(Glicko2.idle(settled, 10).deviation()).isCloseTo(59.887, within(0.001));
    assertThat(Glicko2.idle(settled, 10).rating()).isEqualTo(1620);
    assertThat(Glicko2.idle(settled, 10).volatility()).isEqualTo(0.06);
    assertThat(Glicko2.idle(settled, 1).deviation()).as("one idle period is the paper's empty period")
        .isCloseTo(Glicko2.next(settled, List.of()).deviation(), within(1e-9));
    assertThat(Glicko2.idle(new Rating(1500, 340, 0.06), 10).deviation()).isCloseTo(341.59, within(0.01));
    assertThat(Glicko2.idle(new Rating(1500, 340, 0.06), 100).deviation()).isEqualTo(350);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Glicko2.idle(settled, -1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aRatingIsReadWithOneIdlePeriodPerWholeWeekSinceItsLastMatch() {
    Rating settled = new Rating(1620, 50, 0.06);
    long week = Ratings.PERIOD.toMillis();
    assertThat(Ratings.asOf(settled, 1000, 1000 + week - 1)).isEqualTo(settled);
    assertThat(Ratings.asOf(settled, 1000, 1000 + 10 * week).deviation()).isCloseTo(59.887, within(0.001));
    assertThat(Ratings.asOf(settled, 1000, 0)).as("a clock behind the stored time").isEqualTo(settled);
  }

  @Test
  void expectedScoreIsSymmetricForEqualDeviations() {
    Rating a = new Rating(1700, 80, 0.06);
    Rating b = new Rating(1500, 80, 0.06);
    assertThat(Glicko2.expectedScore(a, b) + Glicko2.expectedScore(b, a)).isCloseTo(1, within(1e-12));
    assertThat(Glicko2.expectedScore(a, b)).isGreaterThan(0.7);
  }
}
