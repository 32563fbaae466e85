package org.jacquet.ai.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.jacquet.ai.match.MatchEquityTable;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.Dice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/**
 * A network started from another layout's keeps what the trained one sees (its hidden layer) and
 * its winning chances, and only the points are new; training the outputs alone leaves the hidden
 * layer as it was.
 */
class LayoutTransferTest {
  private static final Rules MODERN = Rules.parse("modern");
  private static final Rules SPANISH = Rules.parse("modern+scoring=spanish");

  @Test
  void theSpreadNetworkHasTheSourcesWinningChancesAndPointsThatFallAsTheyRise() {
    NeuralNet source = Nets.forRules(MODERN);
    double[] atLeast = MatchEquityTable.forRules(SPANISH).atLeast(45);
    NeuralNet spread = LayoutTransfer.spread(source, SPANISH, atLeast);
    assertThat(spread.outputs()).isEqualTo(89);
    assertThat(spread.rules()).isEqualTo(SPANISH.toString());
    NetEvaluator before = new NetEvaluator(MODERN, source);
    NetEvaluator after = new NetEvaluator(SPANISH, spread);
    float[] simple = new float[3];
    float[] points = new float[89];
    int checked = 0;
    for (Position p : positions(MODERN, 3)) {
      before.evaluate(p, simple);
      after.evaluate(p, points);
      assertThat(points[0]).isCloseTo(simple[0], within(1e-6f));
      for (int k = 2; k <= 45; k++) {
        assertThat(points[k - 1]).isLessThanOrEqualTo(k == 2 ? points[0] : points[k - 2]);
        assertThat(points[k + 43]).isLessThanOrEqualTo(k == 2 ? 1 - points[0] : points[k + 42]);
      }
      checked++;
    }
    assertThat(checked).isGreaterThan(100);
    // Points at the start: of the order of the self-play average (9.7 a game), not 0 or 45.
    after.evaluate(Position.start(Side.WHITE), points);
    double wonIfWon = 0;
    for (int k = 2; k <= 45; k++) wonIfWon += points[k - 1];
    assertThat(1 + wonIfWon / points[0]).isBetween(5.0, 20.0);
  }

  @Test
  void betweenNetworksOfOneLayoutItIsACopyForOtherRules() {
    NeuralNet source = Nets.forRules(MODERN);
    NeuralNet copy = LayoutTransfer.spread(source, Rules.parse("original"), new double[] {0, 1, 0.2});
    assertThat(copy.rules()).isEqualTo("original");
    float[] a = new float[3];
    float[] b = new float[3];
    for (Position p : positions(MODERN, 1)) {
      new NetEvaluator(MODERN, source).evaluate(p, a);
      new NetEvaluator(MODERN, copy).evaluate(p, b);
      assertThat(b).isEqualTo(a);
    }
  }

  @Test
  void aFrozenHiddenLayerStaysAsItWasWhileTheOutputsLearn() {
    NeuralNet net = LayoutTransfer.spread(Nets.forRules(MODERN), SPANISH, MatchEquityTable.forRules(SPANISH).atLeast(45));
    float[][] w1 = new float[net.inputs][];
    for (int i = 0; i < net.inputs; i++) w1[i] = net.w1[i].clone();
    float[] b1 = net.b1.clone();
    float[] w2 = net.w2.clone();
    NetTraining training = new NetTraining(SPANISH, net);
    float[] target = new float[89];
    target[0] = 1;
    for (Position p : positions(MODERN, 1)) training.step(p, target, 0.05f, 0f);
    for (int i = 0; i < net.inputs; i++) assertThat(net.w1[i]).isEqualTo(w1[i]);
    assertThat(net.b1).isEqualTo(b1);
    assertThat(net.w2).isNotEqualTo(w2);
  }

  /** The positions of seeded random games. */
  private static java.util.List<Position> positions(Rules rules, int games) {
    java.util.List<Position> out = new java.util.ArrayList<>();
    SplittableRandom random = new SplittableRandom(3);
    PlayGenerator gen = new PlayGenerator(rules);
    for (int g = 0; g < games; g++) {
      Position p = Position.start(Side.WHITE);
      while (!p.isOver()) {
        out.add(p);
        DiceToPlay dice = DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), rules);
        p = gen.result(random.nextInt(gen.generate(p, dice)));
      }
    }
    return out;
  }
}
