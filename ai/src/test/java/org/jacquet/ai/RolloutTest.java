package org.jacquet.ai;

import static org.assertj.core.api.Assertions.assertThat;

import org.jacquet.ai.eval.BearOffTable;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.rollout.Rollout;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class RolloutTest {
  /** A race the exact table knows: the rollout's interval must hold the exact chance. */
  @Test
  void aRaceRolloutAgreesWithTheExactTable() throws Exception {
    Rules rules = Rules.MODERN;
    Position race = Position.parse("white=19:3,20:2,21:2,23:1 black=19:2,20:3,22:2,24:1 turn=white");
    float[] exact = new float[Outcomes.size(rules)];
    BearOffTable.forRules(rules).evaluate(race, exact, exact.length);
    for (boolean reduce : new boolean[] {false, true}) {
      Rollout.Result r = Rollout.run(rules, race, null, Level.EXPERT, 600, 5, 2, reduce, 0, true, null);
      assertThat(Math.abs(r.outcomes()[0] - exact[0])).as("reduce=%s: %s vs %s", reduce, r.outcomes()[0], exact[0])
          .isLessThan(Math.max(r.halfWidths()[0], 0.005) * 1.5);
      assertThat(r.trials()).isEqualTo(600);
    }
  }

  /** Read from the table, the same race is its exact value at once, with no noise left. */
  @Test
  void aRaceIsReadFromTheTableByTheLevelsThatPlayItByTheTable() throws Exception {
    Rules rules = Rules.MODERN;
    Position race = Position.parse("white=19:3,20:2,21:2,23:1 black=19:2,20:3,22:2,24:1 turn=white");
    float[] exact = new float[Outcomes.size(rules)];
    BearOffTable.forRules(rules).evaluate(race, exact, exact.length);
    Rollout.Result r = Rollout.run(rules, race, null, Level.EXPERT, 36, 5, 1, true, null);
    assertThat(r.outcomes()[0]).isCloseTo(exact[0], org.assertj.core.data.Offset.offset(1e-6));
    assertThat(r.equityHalfWidth()).isZero();
    assertThat(Rollout.readsRacesFromTable(rules, Level.EXPERT)).isTrue();
    assertThat(Rollout.readsRacesFromTable(rules, Level.ADVANCED)).as("noise: plays races its own way").isFalse();
    assertThat(Rollout.readsRacesFromTable(Rules.PRESETS.get("versailles"), Level.EXPERT)).as("no table").isFalse();
  }

  /**
   * Stopping where the race begins changes the estimate only by noise: a position a few throws
   * from the race, rolled out both ways with the same dice, agrees within the intervals.
   */
  @Test
  void readingRacesFromTheTableAgreesWithPlayingThemOut() throws Exception {
    Rules rules = Rules.MODERN;
    Position p = Position.parse("white=13:2,15:2,17:2,19:3,20:3,22:3 black=12:3,16:3,19:3,21:3,23:3 turn=white");
    Rollout.Result read = Rollout.run(rules, p, null, Level.EXPERT, 324, 7, 2, true, 0, false, null);
    Rollout.Result played = Rollout.run(rules, p, null, Level.EXPERT, 324, 7, 2, true, 0, true, null);
    assertThat(Math.abs(read.equity() - played.equity()))
        .isLessThan(1.5 * Math.hypot(read.equityHalfWidth(), played.equityHalfWidth()));
    assertThat(read.equityHalfWidth()).isLessThanOrEqualTo(played.equityHalfWidth() * 1.05);
  }

  @Test
  void theLuckCorrectionNarrowsTheIntervalAndTheSameSeedGivesTheSameRollout() throws Exception {
    Rules rules = Rules.MODERN;
    Position p = Position.parse("white=1:5,7:2,9:2,11:2,20:4 black=1:6,6:3,10:2,22:4 turn=white");
    Rollout.Result plain = Rollout.run(rules, p, null, Level.EXPERT, 200, 3, 2, false, null);
    Rollout.Result reduced = Rollout.run(rules, p, null, Level.EXPERT, 200, 3, 2, true, null);
    Rollout.Result again = Rollout.run(rules, p, null, Level.EXPERT, 200, 3, 1, true, null);
    assertThat(reduced.equityHalfWidth()).isLessThan(plain.equityHalfWidth());
    assertThat(again.equity()).isEqualTo(reduced.equity());
  }
}
