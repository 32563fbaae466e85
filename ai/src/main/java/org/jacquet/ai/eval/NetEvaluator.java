package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/**
 * Evaluates with a trained {@link NeuralNet} (shared) and its own scratch space. The hidden sums
 * of the side to move's own inputs ({@link NetInputs#ownCount}) are kept from one evaluation to
 * the next: every play of one throw (and of every throw from one position) leaves the same side
 * to move with the same checkers, so only the other side's inputs are added again. The kept sums
 * are continued in the same order as a full pass, so every result is exactly the full pass's,
 * whatever was evaluated before (rollouts give the same result on any number of threads).
 */
public final class NetEvaluator implements Evaluator {
  private final Rules rules;
  private final NeuralNet net;
  private final NetInputs inputs;
  private final float[] hidden;
  private final int size;
  private final float[] ownHidden;
  private final int[] ownIndex = new int[NetInputs.SIZE];
  private final float[] ownValue = new float[NetInputs.SIZE];
  private int ownCount = -1;
  private int ownVersion;

  public NetEvaluator(Rules rules, NeuralNet net) {
    if (net.outputs != Outcomes.size(rules) || net.inputs != NetInputs.SIZE) {
      throw new IllegalArgumentException("the network (" + net.inputs + " inputs, " + net.outputs
          + " outputs) does not fit rules " + rules);
    }
    this.rules = rules;
    this.net = net;
    this.inputs = new NetInputs(rules);
    this.hidden = new float[net.hidden];
    this.size = net.outputs;
    this.ownHidden = new float[net.hidden];
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
    int own = inputs.ownCount;
    if (!ownSumsKept(own)) {
      System.arraycopy(net.b1, 0, ownHidden, 0, ownHidden.length);
      net.accumulate(inputs.index, inputs.value, 0, own, ownHidden);
      System.arraycopy(inputs.index, 0, ownIndex, 0, own);
      System.arraycopy(inputs.value, 0, ownValue, 0, own);
      ownCount = own;
      ownVersion = net.version();
    }
    System.arraycopy(ownHidden, 0, hidden, 0, hidden.length);
    net.accumulate(inputs.index, inputs.value, own, inputs.count, hidden);
    net.finish(hidden, out);
    Outcomes.sanitize(out, size);
  }

  /** Whether the kept sums are those of the current encoding's first {@code own} inputs. */
  private boolean ownSumsKept(int own) {
    if (own != ownCount || ownVersion != net.version()) return false;
    for (int k = 0; k < own; k++) {
      if (ownIndex[k] != inputs.index[k] || ownValue[k] != inputs.value[k]) return false;
    }
    return true;
  }
}
