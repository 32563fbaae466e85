package org.jacquet.ai.match;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import org.jacquet.engine.rules.Rules;
import org.jacquet.engine.rules.Scoring;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class MatchEquityTableTest {
  private static final double[] SIMPLE = {0, 0.82, 0.18};
  private static final double[] LADDER = {0, 0.7, 0.2, 0.06, 0.03, 0.01};

  /**
   * The chance that the side {@code a} away wins, by walking every sequence of games forward
   * from the score (each game: who wins, ½ each, and its points) and adding up the paths that
   * end with that side winning.
   */
  private static double byEveryGameSequence(double[] p, int a, int b) {
    record State(int a, int b, double probability) {}
    Deque<State> open = new ArrayDeque<>();
    open.push(new State(a, b, 1));
    double won = 0;
    while (!open.isEmpty()) {
      State s = open.pop();
      for (int k = 1; k < p.length; k++) {
        if (p[k] == 0) continue;
        double q = s.probability() * p[k] / 2;
        if (s.a() - k <= 0) won += q;
        else open.push(new State(s.a() - k, s.b(), q));
        if (s.b() - k > 0) open.push(new State(s.a(), s.b() - k, q));
      }
    }
    return won;
  }

  @Test
  void shortMatchesEqualTheSumOverEveryGameSequence() {
    for (double[] p : new double[][] {SIMPLE, LADDER}) {
      MatchEquityTable t = MatchEquityTable.compute(p, 5, "");
      for (int a = 1; a <= 3; a++) {
        for (int b = 1; b <= 3; b++) {
          assertThat(t.winChance(a, b)).as("%d-away, %d-away", a, b).isCloseTo(byEveryGameSequence(p, a, b), within(1e-12));
        }
      }
    }
  }

  @Test
  void aMatchToOneIsACoinTossAndTwoAwayAgainstOneIsWonOnlyByADoubleOrTwoGames() {
    MatchEquityTable t = MatchEquityTable.compute(SIMPLE, 3, "");
    assertThat(t.winChance(1, 1)).isEqualTo(0.5);
    // 2-away vs 1-away: win the next game double (½·0.18), or win a single then the decider.
    assertThat(t.winChance(2, 1)).isCloseTo(0.5 * 0.18 + 0.5 * 0.82 * 0.5, within(1e-12));
  }

  @Test
  void symmetricAndMonotone() {
    for (double[] p : new double[][] {SIMPLE, LADDER}) {
      MatchEquityTable t = MatchEquityTable.compute(p, 15, "");
      for (int a = 1; a <= 15; a++) {
        for (int b = 1; b <= 15; b++) {
          assertThat(t.winChance(a, b) + t.winChance(b, a)).isCloseTo(1, within(1e-12));
          if (a < 15) assertThat(t.winChance(a + 1, b)).isLessThan(t.winChance(a, b));
          if (b < 15) assertThat(t.winChance(a, b + 1)).isGreaterThan(t.winChance(a, b));
        }
      }
    }
  }

  @Test
  void writtenAndReadBackGivesTheSameTable() throws Exception {
    MatchEquityTable t = MatchEquityTable.compute(LADDER, 9, "# made by a test\n");
    MatchEquityTable back = MatchEquityTable.read(new ByteArrayInputStream(t.write().getBytes(StandardCharsets.UTF_8)), 9);
    assertThat(back.header()).isEqualTo("# made by a test\n");
    for (int a = 1; a <= 9; a++) {
      for (int b = 1; b <= 9; b++) assertThat(back.winChance(a, b)).isCloseTo(t.winChance(a, b), within(1e-9));
    }
  }

  @Test
  void longerMatchesThanTheTableAreComputedOnDemand() {
    MatchEquityTable t = MatchEquityTable.compute(SIMPLE, 3, "");
    MatchEquityTable longer = MatchEquityTable.compute(SIMPLE, 40, "");
    assertThat(t.winChance(40, 37)).isCloseTo(longer.winChance(40, 37), within(1e-12));
  }

  @Test
  void aDistributionThatDoesNotSumToOneIsRefused() {
    assertThatThrownBy(() -> MatchEquityTable.compute(new double[] {0, 0.5, 0.2}, 3, ""))
        .hasMessageContaining("sum to 1");
  }

  @ParameterizedTest
  @EnumSource(Scoring.class)
  void theShippedTablesAreSymmetricMonotoneAndSayHowTheyWereMade(Scoring scoring) {
    MatchEquityTable t = MatchEquityTable.forRules(Rules.parse("modern+scoring=" + scoring.text()));
    assertThat(t.header()).contains("jacquet met --rules").contains(scoring.text() + " scoring");
    assertThat(t.maxPoints()).isBetween(2, scoring.maxPoints());
    for (int a = 1; a <= 25; a++) {
      for (int b = 1; b <= 25; b++) {
        assertThat(t.winChance(a, b) + t.winChance(b, a)).isCloseTo(1, within(1e-9));
        if (a < 25) assertThat(t.winChance(a + 1, b)).isLessThanOrEqualTo(t.winChance(a, b));
      }
    }
  }
}
