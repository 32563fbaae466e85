package org.jacquet.ai.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The network's evaluation as first written — every input computed point by point with {@link
 * Features}' plain functions, one input after another into the hidden sums, one output after
 * another — against {@link NetEvaluator} with all its speed-ups (kept sums, fused passes over
 * the points, weights stored per input, outputs summed side by side): the same bits, for every
 * position of seeded games and every play of their throws. The bots' play, the benchmark and the
 * training must not move when the evaluator gets faster.
 */
class PlainNetworkTest {

  @ParameterizedTest
  @ValueSource(strings = {"modern", "advanced", "original", "versailles", "moultezim", "modern+scoring=spanish"})
  void theFastEvaluationIsBitForBitThePlainOne(String preset) {
    Rules rules = Rules.parse(preset);
    NeuralNet net = Nets.forRules(rules);
    NetEvaluator fast = new NetEvaluator(rules, net);
    float[] a = new float[net.outputs];
    float[] b = new float[net.outputs];
    SplittableRandom random = new SplittableRandom(17);
    PlayGenerator gen = new PlayGenerator(rules);
    int compared = 0;
    for (int game = 0; game < 8; game++) {
      Position p = Position.start(Side.WHITE);
      while (!p.isOver()) {
        DiceToPlay dice = DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), rules);
        int n = gen.generate(p, dice);
        for (int i = 0; i < n; i++) {
          Position r = gen.result(i);
          fast.evaluate(r, a);
          plain(rules, net, r, b);
          assertThat(a).as("%s", r).isEqualTo(b);
          compared++;
        }
        // Also the game's positions one after the other (nothing kept from the last).
        fast.evaluate(p, a);
        plain(rules, net, p, b);
        assertThat(a).as("%s", p).isEqualTo(b);
        p = gen.result(random.nextInt(n));
      }
    }
    assertThat(compared).isGreaterThan(2000);
  }

  @ParameterizedTest
  @ValueSource(strings = {"modern", "advanced"})
  void trainingStepsMoveTheWeightsAsThePlainGradientDoes(String preset) {
    Rules rules = Rules.parse(preset);
    NeuralNet net = new NeuralNet(preset, NetInputs.SIZE, 24, Outcomes.size(rules), 9);
    NetTraining training = new NetTraining(rules, net);
    NetEvaluator fast = new NetEvaluator(rules, net);
    SplittableRandom random = new SplittableRandom(4);
    PlayGenerator gen = new PlayGenerator(rules);
    float[] target = new float[net.outputs];
    float[] a = new float[net.outputs];
    float[] b = new float[net.outputs];
    Position p = Position.start(Side.WHITE);
    for (int step = 0; step < 300 && !p.isOver(); step++) {
      target[0] = random.nextInt(2);
      training.step(p, target, 0.05f);
      fast.evaluate(p, a);
      plain(rules, net, p, b);
      assertThat(a).isEqualTo(b);
      DiceToPlay dice = DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), rules);
      p = gen.result(random.nextInt(gen.generate(p, dice)));
    }
  }

  // ------------------------------------------------------------ the first version, kept plain

  private static void plain(Rules rules, NeuralNet net, Position p, float[] out) {
    int size = net.outputs;
    if (Terminal.evaluate(rules, p, out, size)) return;
    int[] index = new int[NetInputs.SIZE];
    float[] value = new float[NetInputs.SIZE];
    int count = encode(rules, p, index, value);
    float[] h = new float[net.hidden];
    System.arraycopy(net.b1, 0, h, 0, net.hidden);
    for (int k = 0; k < count; k++) {
      for (int j = 0; j < net.hidden; j++) {
        h[j] += value[k] == 1f ? net.w1[index[k]][j] : value[k] * net.w1[index[k]][j];
      }
    }
    for (int j = 0; j < net.hidden; j++) h[j] = Sigmoid.of(h[j]);
    for (int o = 0; o < size; o++) {
      float sum = net.b2[o];
      for (int j = 0; j < net.hidden; j++) sum += net.w2[o * net.hidden + j] * h[j];
      out[o] = Sigmoid.of(sum);
    }
    Outcomes.sanitize(out, size);
  }

  private static int encode(Rules rules, Position p, int[] index, float[] value) {
    int[] me = new int[25];
    int[] them = new int[25];
    p.copyCounts(p.turn(), me);
    p.copyCounts(p.turn().opponent(), them);
    int[] count = {0};
    side(rules.postilionEntry(), me, them, 0, index, value, count);
    side(rules.postilionEntry(), them, me, NetInputs.PER_SIDE, index, value, count);
    return count[0];
  }

  private static void side(int entry, int[] c, int[] other, int base, int[] index, float[] value, int[] count) {
    for (int r = 1; r <= 24; r++) {
      int n = c[r];
      if (n == 0) continue;
      int b = base + (r - 1) * 4;
      put(b, 1f, index, value, count);
      if (n >= 2) put(b + 1, 1f, index, value, count);
      if (n >= 3) put(b + 2, 1f, index, value, count);
      if (n > 3) put(b + 3, (n - 3) / 2f, index, value, count);
    }
    int f = base + 96;
    put(f, (15 - Features.onBoard(c)) / 15f, index, value, count);
    put(f + 1, Features.pips(c) / 360f, index, value, count);
    if (Features.postilionBound(c, entry)) {
      put(f + 2, 1f, index, value, count);
      put(f + 3, (entry - Features.postilionPoint(c)) / (float) entry, index, value, count);
    }
    boolean home = true;
    for (int r = 1; r < 19 && home; r++) home = c[r] == 0;
    if (home) put(f + 4, 1f, index, value, count);
    put(f + 5, Math.min(1f, Features.containment(c, other) / 150f), index, value, count);
    int run = Features.longestRun(c);
    put(f + 6, run / 6f, index, value, count);
    if (run >= 6) put(f + 7, 1f, index, value, count);
    if (c[24] > 0) put(f + 8, 1f, index, value, count);
    if (c[23] > 0) put(f + 9, 1f, index, value, count);
    boolean firstQuadrant = true;
    int inFirst = 0;
    for (int r = 1; r <= 6; r++) {
      firstQuadrant &= c[r] > 0;
      inFirst += c[r];
    }
    if (firstQuadrant) put(f + 10, 1f, index, value, count);
    put(f + 11, Features.pipsToFirstOff(c) / 200f, index, value, count);
    put(f + 12, inFirst / 15f, index, value, count);
  }

  private static void put(int i, float v, int[] index, float[] value, int[] count) {
    if (v == 0f) return;
    index[count[0]] = i;
    value[count[0]] = v;
    count[0]++;
  }
}
