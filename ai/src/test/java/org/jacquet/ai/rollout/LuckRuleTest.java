package org.jacquet.ai.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.jacquet.ai.Level;
import org.jacquet.ai.eval.BearOffTable;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/**
 * The rollout's luck correction keeps the estimate unbiased and reproducible: the luck of a
 * position's 36 throws averages zero (throws with no legal play included, which the trial must
 * therefore count too), the later throws' pips too, and a rollout is the same on any number of
 * threads.
 */
class LuckRuleTest {

  @Test
  void theLuckOfAPositionsThrowsAveragesZeroPassesIncluded() {
    Rules rules = Rules.MODERN;
    Luck luck = new Luck(rules);
    PlayGenerator gen = new PlayGenerator(rules);
    SplittableRandom random = new SplittableRandom(8);
    int size = Outcomes.size(rules);
    int positions = 0;
    int passes = 0;
    for (int game = 0; game < 4; game++) {
      Position p = Position.start(Side.WHITE);
      while (!p.isOver()) {
        double[] sum = new double[size];
        for (DiceToPlay d : DiceToPlay.distinctThrows(rules)) {
          double[] one = new double[size];
          luck.add(p, d, Side.WHITE, one);
          for (int k = 0; k < size; k++) sum[k] += d.weight() * one[k] / 36;
          if (gen.generate(p, d) == 1 && gen.stepsUsed() == 0) passes++;
        }
        for (int k = 0; k < size; k++) assertThat(sum[k]).as("%s", p).isCloseTo(0, org.assertj.core.data.Offset.offset(1e-6));
        positions++;
        DiceToPlay d = DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), rules);
        p = gen.result(random.nextInt(gen.generate(p, d)));
      }
    }
    assertThat(positions).isGreaterThan(100);
    assertThat(passes).as("throws with no legal play met").isGreaterThan(0);
  }

  /**
   * A race played out (not read from the table), its luck measured for the first two throws and
   * counted by pips after: the estimate holds the exact table's chance, and is narrower than
   * the plain average of the same trials.
   */
  @Test
  void aRaceWhoseLaterThrowsCountByPipsAgreesWithTheExactTable() throws Exception {
    Rules rules = Rules.MODERN;
    Position race = Position.parse("white=19:3,20:3,21:3,22:2,23:2 black=19:4,20:3,21:2,22:2,24:2 turn=white");
    float[] exact = new float[Outcomes.size(rules)];
    BearOffTable.forRules(rules).evaluate(race, exact, exact.length);
    Rollout.Result plain = Rollout.run(rules, race, null, Level.EXPERT, 1296, 3, 2, false, 0, true, 2, null);
    Rollout.Result reduced = Rollout.run(rules, race, null, Level.EXPERT, 1296, 3, 2, true, 0, true, 2, null);
    double exactEquity = Outcomes.equity(exact, exact.length);
    assertThat(Math.abs(reduced.equity() - exactEquity)).as("%s vs %s", reduced.equity(), exactEquity)
        .isLessThan(1.5 * reduced.equityHalfWidth());
    assertThat(reduced.equityHalfWidth()).isLessThan(plain.equityHalfWidth());
  }

  @Test
  void theSameSeedGivesTheSameRolloutOnOneAndTwoThreads() throws Exception {
    Rules rules = Rules.MODERN;
    Position p = Position.parse("white=1:5,7:2,9:2,11:2,20:4 black=1:6,6:3,10:2,22:4 turn=white");
    // Few luck throws, so that both the luck and the pips' part are in every trial.
    Rollout.Result one = Rollout.run(rules, p, null, Level.EXPERT, 72, 9, 1, true, 0, false, 6, null);
    Rollout.Result two = Rollout.run(rules, p, null, Level.EXPERT, 72, 9, 2, true, 0, false, 6, null);
    assertThat(two.trialEquities()).isEqualTo(one.trialEquities());
    assertThat(two.outcomes()).isEqualTo(one.outcomes());
    assertThat(two.halfWidths()).isEqualTo(one.halfWidths());
    assertThat(two.equityHalfWidth()).isEqualTo(one.equityHalfWidth());
  }

  @Test
  void theTwoControlVariatesAreFittedByLeastSquares() {
    SplittableRandom random = new SplittableRandom(2);
    int n = 500;
    double[] x = new double[n];
    double[] a = new double[n];
    double[] b = new double[n];
    double[] none = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = random.nextGaussian();
      b[i] = random.nextGaussian() + 0.5 * a[i];
      x[i] = 1.0 + 2.0 * a[i] - 3.0 * b[i];
    }
    double[] c = Rollout.fit(x, a, b);
    assertThat(c[0]).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(c[1]).isCloseTo(-3.0, org.assertj.core.data.Offset.offset(1e-9));
    // A variate that never moves (no trial long enough for the pips' part) gets no weight.
    for (int i = 0; i < n; i++) x[i] = 1.0 + 2.0 * a[i];
    assertThat(Rollout.fit(x, a, none)).containsExactly(Rollout.fit(x, a, none)[0], 0.0);
    assertThat(Rollout.fit(x, a, none)[0]).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(Rollout.fit(x, none, none)).containsExactly(0.0, 0.0);
  }
}
