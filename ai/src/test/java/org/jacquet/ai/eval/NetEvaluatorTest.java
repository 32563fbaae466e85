package org.jacquet.ai.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class NetEvaluatorTest {

  @Test
  void updatingTheHiddenSumsFromTheLastPositionGivesExactlyTheEvaluationOfAFreshStart() {
    Rules rules = Rules.MODERN;
    NeuralNet net = Nets.firstVersion(rules);
    NetEvaluator incremental = new NetEvaluator(rules, net);
    PlayGenerator gen = new PlayGenerator(rules);
    SplittableRandom random = new SplittableRandom(4);
    float[] a = new float[incremental.size()];
    float[] b = new float[incremental.size()];
    int compared = 0;
    for (int game = 0; game < 5; game++) {
      Position p = Position.start(Side.WHITE);
      while (!p.isOver()) {
        int n = gen.generate(p, DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), rules));
        for (int i = 0; i < n; i++) {
          Position sibling = gen.result(i);
          incremental.evaluate(sibling, a);
          new NetEvaluator(rules, net).evaluate(sibling, b);
          assertThat(a).containsExactly(b);
          compared++;
        }
        p = gen.result(random.nextInt(n));
      }
    }
    assertThat(compared).isGreaterThan(1000);
  }
}
