package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/**
 * Evaluates with a trained {@link NeuralNet} (shared, read-only) and its own scratch space.
 * Positions evaluated one after another are mostly siblings (the plays of one throw) that share
 * most of their inputs, so the hidden layer's sums are updated from the previous position's by
 * the inputs that changed, not recomputed. The sums are kept in fixed point, so an updated sum
 * is exactly the one a fresh evaluation makes (no drift, no dependence on what was evaluated
 * before); they start afresh when the network's weights have changed (training).
 */
public final class NetEvaluator implements Evaluator {
  private final Rules rules;
  private final NeuralNet net;
  private final NetInputs inputs;
  private final float[] hidden;
  private final long[] pre;
  private long[] fixedW;
  private long weightsVersion = -1;
  private final int[] lastIndex = new int[NetInputs.SIZE];
  private final float[] lastValue = new float[NetInputs.SIZE];
  private int lastCount = -1;
  private org.jacquet.engine.Side lastTurn;
  private final int size;

  public NetEvaluator(Rules rules, NeuralNet net) {
    if (net.outputs != Outcomes.size(rules) || net.inputs != NetInputs.SIZE) {
      throw new IllegalArgumentException("the network (" + net.inputs + " inputs, " + net.outputs
          + " outputs) does not fit rules " + rules);
    }
    this.rules = rules;
    this.net = net;
    this.inputs = new NetInputs(rules);
    this.hidden = new float[net.hidden];
    this.pre = new long[net.hidden];
    this.size = net.outputs;
  }

  public NeuralNet net() {
    return net;
  }

  @Override
  public Rules rules() {
    return rules;
  }

  @Override
  public Evaluator copy() {
    return new NetEvaluator(rules, net);
  }

  @Override
  public String name() {
    return "net:" + net.rules();
  }

  @Override
  public void evaluate(Position p, float[] out) {
    if (Terminal.evaluate(rules, p, out, size)) return;
    inputs.encode(p);
    // A position seen from the other side shares nothing with the last one: no merge then.
    if (p.turn() != lastTurn) lastCount = -1;
    lastTurn = p.turn();
    sums();
    net.finish(pre, hidden, out);
    Outcomes.sanitize(out, size);
  }

  /** Brings {@link #pre} to the sums of the inputs just encoded, from the last ones when that is cheaper. */
  private void sums() {
    int[] index = inputs.index;
    float[] value = inputs.value;
    int count = inputs.count;
    if (net.version() != weightsVersion) {
      fixedW = net.fixedWeights();
      weightsVersion = net.version();
      lastCount = -1;
    }
    if (lastCount < 0) {
      net.biases(pre);
      for (int k = 0; k < count; k++) net.accumulate(pre, fixedW, index[k], value[k], 1);
    } else {
      // Both encodings list their inputs in increasing order: merge them, applying the changes.
      int a = 0;
      int b = 0;
      while (a < lastCount || b < count) {
        int ia = a < lastCount ? lastIndex[a] : Integer.MAX_VALUE;
        int ib = b < count ? index[b] : Integer.MAX_VALUE;
        if (ia == ib) {
          if (lastValue[a] != value[b]) {
            net.accumulate(pre, fixedW, ib, lastValue[a], -1);
            net.accumulate(pre, fixedW, ib, value[b], 1);
          }
          a++;
          b++;
        } else if (ia < ib) {
          net.accumulate(pre, fixedW, ia, lastValue[a], -1);
          a++;
        } else {
          net.accumulate(pre, fixedW, ib, value[b], 1);
          b++;
        }
      }
    }
    System.arraycopy(index, 0, lastIndex, 0, count);
    System.arraycopy(value, 0, lastValue, 0, count);
    lastCount = count;
  }
}
