package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/**
 * Evaluates with a {@link NeuralNet} on the Vector API ({@link SimdNet}), doing as little of the
 * hidden layer as the position asks:
 * <ul>
 *   <li>the side to move's own inputs' sums are kept, as {@link NetEvaluator} keeps them;
 *   <li>the complete sums of the last position evaluated with those own inputs (another play of
 *       the same throw, or of another throw from the same position) are kept too, and the next
 *       one is those sums plus the columns of the inputs that differ: a play moves a few
 *       checkers, so a few columns instead of every active input's. After {@code MAX_STEPS}
 *       such steps, or when more differs than a complete pass would add, a complete pass: the
 *       rounding of the steps cannot build up (measured: at most 1.1e-6 on any output).
 * </ul>
 * Equal to {@link NetEvaluator} up to float rounding (see {@link SimdNet}); results do not
 * depend on what was evaluated before beyond that rounding. Not thread-safe: {@link #copy()}.
 */
public final class FastNetEvaluator implements Evaluator {
  private final Rules rules;
  private final NeuralNet source;
  private final SimdNet net;
  private final NetInputs inputs;
  private final int size;
  private final float[] hidden;
  private final float[] ownHidden;
  private final int[] ownIndex = new int[NetInputs.SIZE];
  private final float[] ownValue = new float[NetInputs.SIZE];
  private int ownCount = -1;
  /** The last position's active inputs after the own ones, and its complete hidden sums (the anchor). */
  private final int[] anchorIndex = new int[NetInputs.SIZE];
  private final float[] anchorValue = new float[NetInputs.SIZE];
  private int anchorCount = -1;
  private final float[] anchorHidden;
  /** Positions taken from the last one since a complete pass, at most {@link #MAX_STEPS}: the rounding cannot build up. */
  private int steps;
  private static final int MAX_STEPS = 32;
  /** The columns to add to the anchor's sums: input and factor (the difference of values). */
  private final int[] diffIndex = new int[2 * NetInputs.SIZE];
  private final float[] diffValue = new float[2 * NetInputs.SIZE];

  /** A fast evaluator of {@code net}'s weights as they are now (a snapshot). */
  public FastNetEvaluator(Rules rules, NeuralNet net) {
    this(rules, net, new SimdNet(net));
  }

  private FastNetEvaluator(Rules rules, NeuralNet source, SimdNet net) {
    if (net.outputs != Outcomes.size(rules) || net.inputs != NetInputs.SIZE) {
      throw new IllegalArgumentException("the network (" + net.inputs + " inputs, " + net.outputs
          + " outputs) does not fit rules " + rules);
    }
    this.rules = rules;
    this.source = source;
    this.net = net;
    this.inputs = new NetInputs(rules);
    this.size = net.outputs;
    this.hidden = new float[net.width];
    this.ownHidden = new float[net.width];
    this.anchorHidden = new float[net.width];
  }

  public NeuralNet net() {
    return source;
  }

  @Override
  public Rules rules() {
    return rules;
  }

  @Override
  public Evaluator copy() {
    return new FastNetEvaluator(rules, source, net.forAnotherThread());
  }

  @Override
  public String name() {
    return "net:" + source.rules();
  }

  @Override
  public void evaluate(Position p, float[] out) {
    if (Terminal.evaluate(rules, p, out, size)) return;
    inputs.encode(p);
    int own = inputs.ownCount;
    if (!ownSumsKept(own)) {
      System.arraycopy(net.b1, 0, ownHidden, 0, ownHidden.length);
      net.addAll(ownHidden, inputs.index, inputs.value, 0, own);
      System.arraycopy(inputs.index, 0, ownIndex, 0, own);
      System.arraycopy(inputs.value, 0, ownValue, 0, own);
      ownCount = own;
      anchor(own);
    } else {
      int changes = differences(own);
      if (changes < inputs.count - own && steps < MAX_STEPS) {
        System.arraycopy(anchorHidden, 0, hidden, 0, hidden.length);
        for (int k = 0; k < changes; k++) net.add(hidden, diffIndex[k], diffValue[k]);
        // The next position is taken from this one: the plays of a throw come from the generator
        // in order, each close to the last.
        System.arraycopy(hidden, 0, anchorHidden, 0, hidden.length);
        anchorCount = inputs.count - own;
        System.arraycopy(inputs.index, own, anchorIndex, 0, anchorCount);
        System.arraycopy(inputs.value, own, anchorValue, 0, anchorCount);
        steps++;
      } else {
        anchor(own);
      }
    }
    net.finish(hidden, out);
    Outcomes.sanitize(out, size);
  }

  /** The current encoding becomes the anchor: its sums from the own ones, in {@link #hidden} too. */
  private void anchor(int own) {
    steps = 0;
    System.arraycopy(ownHidden, 0, hidden, 0, hidden.length);
    net.addAll(hidden, inputs.index, inputs.value, own, inputs.count);
    System.arraycopy(hidden, 0, anchorHidden, 0, hidden.length);
    anchorCount = inputs.count - own;
    System.arraycopy(inputs.index, own, anchorIndex, 0, anchorCount);
    System.arraycopy(inputs.value, own, anchorValue, 0, anchorCount);
  }

  /**
   * Writes into {@code diff*} what turns the anchor's inputs after the own ones into the current
   * encoding's (both lists ascending by input), and returns how many columns that is.
   */
  private int differences(int own) {
    int[] index = inputs.index;
    float[] value = inputs.value;
    int a = 0;
    int c = own;
    int n = 0;
    while (a < anchorCount || c < inputs.count) {
      int ai = a < anchorCount ? anchorIndex[a] : Integer.MAX_VALUE;
      int ci = c < inputs.count ? index[c] : Integer.MAX_VALUE;
      if (ai == ci) {
        if (anchorValue[a] != value[c]) {
          diffIndex[n] = ci;
          diffValue[n++] = value[c] - anchorValue[a];
        }
        a++;
        c++;
      } else if (ai < ci) {
        diffIndex[n] = ai;
        diffValue[n++] = -anchorValue[a++];
      } else {
        diffIndex[n] = ci;
        diffValue[n++] = value[c++];
      }
    }
    return n;
  }

  /** Whether the kept sums are those of the current encoding's first {@code own} inputs. */
  private boolean ownSumsKept(int own) {
    if (own != ownCount) return false;
    for (int k = 0; k < own; k++) {
      if (ownIndex[k] != inputs.index[k] || ownValue[k] != inputs.value[k]) return false;
    }
    return true;
  }
}
