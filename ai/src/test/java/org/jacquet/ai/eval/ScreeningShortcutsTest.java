package org.jacquet.ai.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shortcuts taken when many plays of one position are evaluated (kept hidden sums, the
 * heuristic's summary of the side that did not move) give exactly, bit for bit, what a fresh
 * evaluation gives, whatever was evaluated before: rollouts must not depend on the order in
 * which threads meet positions.
 */
class ScreeningShortcutsTest {

  /** Positions of random games with the plays of a throw from each: the order a screen meets them. */
  private static List<Position[]> screens(Rules rules, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    PlayGenerator gen = new PlayGenerator(rules);
    List<Position[]> out = new ArrayList<>();
    for (int game = 0; game < 6; game++) {
      Position p = Position.start(Side.WHITE);
      while (!p.isOver()) {
        DiceToPlay dice = DiceToPlay.of(org.jacquet.engine.Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), rules);
        int n = gen.generate(p, dice);
        Position[] plays = new Position[n];
        for (int i = 0; i < n; i++) plays[i] = gen.result(i);
        out.add(plays);
        p = plays[random.nextInt(n)];
      }
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"modern", "advanced", "original"})
  void keptHiddenSumsGiveExactlyAFreshEvaluation(String preset) {
    Rules rules = Rules.parse(preset);
    NeuralNet net = Nets.forRules(rules);
    NetEvaluator reused = new NetEvaluator(rules, net);
    float[] a = new float[net.outputs];
    float[] b = new float[net.outputs];
    int compared = 0;
    for (Position[] plays : screens(rules, 11)) {
      for (Position r : plays) {
        reused.evaluate(r, a);
        new NetEvaluator(rules, net).evaluate(r, b);
        assertThat(a).as("%s", r).isEqualTo(b);
        compared++;
      }
    }
    assertThat(compared).isGreaterThan(1000);
  }

  @ParameterizedTest
  @ValueSource(strings = {"modern", "advanced"})
  void keptHiddenSumsFollowTraining(String preset) {
    Rules rules = Rules.parse(preset);
    NeuralNet net = new NeuralNet(preset, NetInputs.SIZE, 16, Outcomes.size(rules), 3);
    NetEvaluator reused = new NetEvaluator(rules, net);
    NetTraining training = new NetTraining(rules, net);
    float[] a = new float[net.outputs];
    float[] b = new float[net.outputs];
    float[] target = new float[net.outputs];
    target[0] = 1f;
    for (Position[] plays : screens(rules, 5)) {
      reused.evaluate(plays[0], a);
      training.step(plays[plays.length - 1], target, 0.1f); // same side to move as plays[0]
      reused.evaluate(plays[plays.length - 1], a);
      new NetEvaluator(rules, net).evaluate(plays[plays.length - 1], b);
      assertThat(a).isEqualTo(b);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"modern", "advanced", "original", "moultezim"})
  void theHeuristicsScreenOfAThrowGivesExactlyItsEvaluation(String preset) {
    Rules rules = Rules.parse(preset);
    HeuristicEvaluator screen = new HeuristicEvaluator(rules);
    HeuristicEvaluator plain = new HeuristicEvaluator(rules);
    int size = Outcomes.size(rules);
    float[] a = new float[size];
    float[] b = new float[size];
    int[] mover = new int[25];
    for (Position[] plays : screens(rules, 2)) {
      Position first = plays[0];
      screen.prepareSideToMove(first, first.turn());
      for (Position r : plays) {
        r.copyCounts(r.turn().opponent(), mover);
        if (r.isOver()) continue;
        screen.evaluateAgainst(mover, a);
        plain.evaluate(r, b);
        assertThat(a).as("%s", r).isEqualTo(b);
        double score = screen.winScoreAgainst(mover);
        assertThat((float) (1 / (1 + Math.exp(-score)))).as("win score of %s", r).isEqualTo(b[0]);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"modern", "advanced", "original", "versailles", "moultezim"})
  void aPlaysScoreFromItsStepsIsExactlyTheScoreOfItsResult(String preset) {
    Rules rules = Rules.parse(preset);
    HeuristicEvaluator screen = new HeuristicEvaluator(rules);
    HeuristicEvaluator plain = new HeuristicEvaluator(rules);
    PlayGenerator gen = new PlayGenerator(rules);
    SplittableRandom random = new SplittableRandom(23);
    int[] mover = new int[25];
    int compared = 0;
    int finished = 0;
    for (int game = 0; game < 12; game++) {
      Position p = Position.start(Side.WHITE);
      while (!p.isOver()) {
        DiceToPlay dice = DiceToPlay.of(org.jacquet.engine.Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), rules);
        int n = gen.generate(p, dice);
        screen.prepareScreen(p);
        plain.prepareSideToMove(p, p.turn().opponent());
        for (int i = 0; i < n; i++) {
          Position r = gen.result(i);
          double score = screen.winScoreOfPlay(gen, i);
          if (r.isOver()) {
            assertThat(score).isEqualTo(Double.NEGATIVE_INFINITY);
            finished++;
          } else {
            r.copyCounts(p.turn(), mover);
            assertThat(score).as("%s after %s", r, p).isEqualTo(plain.winScoreAgainst(mover));
          }
          compared++;
        }
        p = gen.result(random.nextInt(n));
      }
    }
    assertThat(compared).isGreaterThan(3000);
    assertThat(finished).isGreaterThan(0);
  }
}
