package org.jacquet.ai.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Vector API evaluator against the scalar one it must agree with: every output within
 * {@link #TOLERANCE} on the shipped networks of every preset and on random networks of 128, 256
 * and an odd 50 hidden units (padding), over every play of seeded throws (the anchor's
 * differences) and the games' positions one after another (a new anchor each time); and the same
 * play chosen at every turn of seeded games played by the network against itself.
 */
class FastNetEvaluatorTest {
  /**
   * Float rounding in another order and the hidden sigmoid from exp instead of a table: measured
   * at most 1.1e-6 on these positions (the outputs' sigmoid is the same table in both).
   */
  private static final float TOLERANCE = 1e-5f;

  @Test
  void theTestsJvmHasTheVectorApi() {
    // Surefire's argLine adds the module: without it every comparison below would be skipped.
    assertThat(FastNets.available()).isTrue();
    Rules rules = Rules.MODERN;
    assertThat(FastNets.evaluator(rules, Nets.forRules(rules))).isInstanceOf(NetEvaluator.class);
    assertThat(FastNets.evaluator(rules, randomNet(rules, 128))).isInstanceOf(FastNetEvaluator.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"modern", "advanced", "original", "versailles", "moultezim", "modern+scoring=spanish"})
  void theShippedNetworksEvaluateAsTheScalarEvaluatorDoes(String preset) {
    Rules rules = Rules.parse(preset);
    assertWithinTolerance(rules, Nets.forRules(rules), 2);
  }

  @ParameterizedTest
  @ValueSource(ints = {50, 128, 256})
  void largerAndOddNetworksEvaluateAsTheScalarEvaluatorDoes(int hidden) {
    assertWithinTolerance(Rules.MODERN, randomNet(Rules.MODERN, hidden), 1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"modern", "advanced", "versailles"})
  void selfPlayChoosesTheSamePlaysAtEveryTurn(String preset) {
    Rules rules = Rules.parse(preset);
    NeuralNet net = Nets.forRules(rules);
    List<String> scalar = selfPlay(rules, new NetEvaluator(rules, net), 30);
    List<String> fast = selfPlay(rules, new FastNetEvaluator(rules, net), 30);
    assertThat(scalar.size()).isGreaterThan(1500);
    assertThat(fast).isEqualTo(scalar);
  }

  @Test
  void aCopyEvaluatesAsTheOriginal() {
    Rules rules = Rules.MODERN;
    FastNetEvaluator original = new FastNetEvaluator(rules, randomNet(rules, 128));
    Evaluator copy = original.copy();
    float[] a = new float[original.size()];
    float[] b = new float[original.size()];
    Position p = Position.start(Side.WHITE);
    original.evaluate(p, a);
    copy.evaluate(p, b);
    assertThat(b).isEqualTo(a);
    assertThat(copy.name()).isEqualTo(original.name());
  }

  private static NeuralNet randomNet(Rules rules, int hidden) {
    return new NeuralNet(rules.toString(), NetInputs.SIZE, hidden, Outcomes.size(rules), hidden);
  }

  private static void assertWithinTolerance(Rules rules, NeuralNet net, int games) {
    NetEvaluator scalar = new NetEvaluator(rules, net);
    FastNetEvaluator fast = new FastNetEvaluator(rules, net);
    float[] a = new float[net.outputs];
    float[] b = new float[net.outputs];
    SplittableRandom random = new SplittableRandom(23);
    PlayGenerator gen = new PlayGenerator(rules);
    int compared = 0;
    float worst = 0;
    for (int game = 0; game < games; game++) {
      Position p = Position.start(Side.WHITE);
      while (!p.isOver()) {
        // Every play of two throws from the position: the second throw's plays differ more from the anchor.
        int n = 0;
        for (int t = 0; t < 2; t++) {
          DiceToPlay dice = DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), rules);
          n = gen.generate(p, dice);
          for (int i = 0; i < n; i++) {
            Position r = gen.result(i);
            scalar.evaluate(r, a);
            fast.evaluate(r, b);
            worst = Math.max(worst, worstDifference(a, b));
            compared++;
          }
        }
        scalar.evaluate(p, a);
        fast.evaluate(p, b);
        worst = Math.max(worst, worstDifference(a, b));
        p = gen.result(random.nextInt(n));
      }
    }
    assertThat(compared).isGreaterThan(1500);
    assertThat(worst).as("largest difference over %d evaluations", compared).isLessThanOrEqualTo(TOLERANCE);
  }

  private static float worstDifference(float[] a, float[] b) {
    float worst = 0;
    for (int k = 0; k < a.length; k++) worst = Math.max(worst, Math.abs(a[k] - b[k]));
    return worst;
  }

  /** The plays of {@code games} seeded games, each side taking the play of best equity at 0-ply. */
  private static List<String> selfPlay(Rules rules, Evaluator evaluator, int games) {
    List<String> plays = new ArrayList<>();
    PlayGenerator gen = new PlayGenerator(rules);
    float[] e = new float[evaluator.size()];
    for (int game = 0; game < games; game++) {
      SplittableRandom random = new SplittableRandom(1000 + game);
      Position p = Position.start(game % 2 == 0 ? Side.WHITE : Side.BLACK);
      while (!p.isOver()) {
        int n = gen.generate(p, DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), rules));
        int best = 0;
        double bestEquity = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
          evaluator.evaluate(gen.result(i), e);
          double equity = -Outcomes.equity(e, evaluator.size());
          if (equity > bestEquity) {
            bestEquity = equity;
            best = i;
          }
        }
        p = gen.result(best);
        plays.add(p.toString());
      }
    }
    return plays;
  }
}
