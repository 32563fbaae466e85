package org.jacquet.ai.match;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.jacquet.ai.eval.Outcomes;
import org.junit.jupiter.api.Test;

class ObjectiveTest {
  private static final MatchEquityTable TABLE = MatchEquityTable.compute(new double[] {0, 0.7, 0.2, 0.06, 0.03, 0.01}, 9, "");

  @Test
  void moneyIsTheExpectedPoints() {
    float[] o = {0.6f, 0.2f, 0.05f, 0.1f, 0.01f};
    assertThat(Objective.money(5).value(o)).isCloseTo(Outcomes.equity(o, 5), within(1e-6));
  }

  @Test
  void matchValueIsTheChanceOfEachResultTimesTheTableAtTheScoreItLeads() {
    // Ladder layout: P(win), P(win ≥ 2..5), P(lose ≥ 2..5).
    float[] o = {0.55f, 0.25f, 0.1f, 0.04f, 0.01f, 0.2f, 0.05f, 0.02f, 0.0f};
    int a = 4;
    int b = 3;
    double[] win = {0, o[0] - o[1], o[1] - o[2], o[2] - o[3], o[3] - o[4], o[4]};
    double[] lose = {0, 1 - o[0] - o[5], o[5] - o[6], o[6] - o[7], o[7] - o[8], o[8]};
    double expected = 0;
    for (int k = 1; k <= 5; k++) expected += win[k] * TABLE.winChance(a - k, b) + lose[k] * TABLE.winChance(a, b - k);
    assertThat(Objective.match(TABLE, a, b, 9).value(o)).isCloseTo(expected, within(1e-6));
  }

  @Test
  void theOpponentsViewIsValuedAsItsFlip() {
    float[] e = {0.35f, 0.1f, 0.03f, 0.01f, 0.0f, 0.3f, 0.12f, 0.05f, 0.02f};
    float[] flipped = new float[9];
    Outcomes.flip(e, flipped, 9);
    for (Objective obj : new Objective[] {Objective.money(9), Objective.match(TABLE, 2, 5, 9)}) {
      assertThat(obj.valueOfOpponentView(e)).isCloseTo(obj.value(flipped), within(1e-6));
    }
  }

  @Test
  void atDoubleMatchPointOnlyTheWinCounts() {
    Objective dmp = Objective.match(TABLE, 1, 1, 3);
    assertThat(dmp.value(new float[] {0.6f, 0.5f, 0.0f})).isCloseTo(0.6, within(1e-6));
    assertThat(dmp.value(new float[] {0.6f, 0.0f, 0.3f})).isCloseTo(0.6, within(1e-6));
  }

  @Test
  void whenTheLayoutCannotTellThePointsApartAWinIsWorthTheTablesAveragePoints() {
    MatchEquityTable spanish = MatchEquityTable.compute(new double[] {0, 0.2, 0.3, 0.1, 0.4}, 9, "");
    Objective obj = Objective.match(spanish, 3, 2, 3);
    double won = 0.2 * spanish.winChance(2, 2) + 0.3 * spanish.winChance(1, 2) + 0.5;
    double lost = 0.2 * spanish.winChance(3, 1);
    assertThat(obj.value(new float[] {0.7f, 0.4f, 0.1f})).isCloseTo(0.7 * won + 0.3 * lost, within(1e-6));
  }
}
