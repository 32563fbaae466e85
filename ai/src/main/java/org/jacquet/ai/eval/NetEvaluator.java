package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/** Evaluates with a trained {@link NeuralNet} (shared, read-only) and its own scratch space. */
public final class NetEvaluator implements Evaluator {
  private final Rules rules;
  private final NeuralNet net;
  private final NetInputs inputs;
  private final float[] hidden;
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
    net.forward(inputs.index, inputs.value, inputs.count, hidden, out);
    Outcomes.sanitize(out, size);
  }
}
