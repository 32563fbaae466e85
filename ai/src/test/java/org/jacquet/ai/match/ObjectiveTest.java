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
    assertThat(Objective.money(5, 1).value(o)).isCloseTo(Outcomes.equity(o, 5), within(1e-6));
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
    for (Objective obj : new Objective[] {Objective.money(9, 1), Objective.match(TABLE, 2, 5, 9)}) {
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
  void aLayoutOfManyPointsWeighsEachExactResultByTheScoreItLeads() {
    // Games worth up to 4 points (as spanish scoring's up to 45): the layout holds P(win ≥ k), P(lose ≥ k).
    MatchEquityTable table = MatchEquityTable.compute(new double[] {0, 0.2, 0.3, 0.1, 0.4}, 9, "");
    double[] winExactly = {0, 0.1, 0.2, 0.15, 0.25};
    double[] loseExactly = {0, 0.1, 0.05, 0.1, 0.05};
    float[] o = {0.7f, 0.6f, 0.4f, 0.25f, 0.2f, 0.15f, 0.05f};
    double direct = 0;
    for (int k = 1; k <= 4; k++) {
      direct += winExactly[k] * table.winChance(3 - k, 2) + loseExactly[k] * table.winChance(3, 2 - k);
    }
    assertThat(Objective.match(table, 3, 2, 7).value(o)).isCloseTo(direct, within(1e-6));
    assertThat(Objective.money(7, 1).value(o)).isCloseTo(0.1 + 0.4 + 0.45 + 1 - 0.1 - 0.1 - 0.3 - 0.2, within(1e-6));
    // Counted in units of a game's average points (spanish scoring): the value stays in points.
    Objective games = Objective.money(7, table.meanPoints());
    assertThat(table.meanPoints()).isCloseTo(0.2 + 0.6 + 0.3 + 1.6, within(1e-9));
    assertThat(games.value(o)).isCloseTo(Objective.money(7, 1).value(o), within(1e-9));
    assertThat(games.equivalentPoints(games.value(o))).isCloseTo(games.value(o) / 2.7, within(1e-9));
    assertThat(games.perPoint()).isCloseTo(2.7, within(1e-9));
  }
}
