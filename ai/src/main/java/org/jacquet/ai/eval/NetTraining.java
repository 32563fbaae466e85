package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/** Gradient steps on a {@link NeuralNet} toward target outcomes, for training. Not thread-safe. */
public final class NetTraining {
  private final NeuralNet net;
  private final NetInputs inputs;
  private final float[] hidden;
  private final float[] out;
  private final float[] delta;

  public NetTraining(Rules rules, NeuralNet net) {
    this.net = net;
    this.inputs = new NetInputs(rules);
    this.hidden = new float[net.hidden];
    this.out = new float[net.outputs];
    this.delta = new float[net.hidden];
  }

  /** One step moving the evaluation of {@code p} (for its side to move) toward {@code target}. */
  public void step(Position p, float[] target, float alpha) {
    step(p, target, alpha, alpha);
  }

  /** The same with the hidden layer at its own rate (0: only the outputs learn). */
  public void step(Position p, float[] target, float alpha, float hiddenAlpha) {
    inputs.encode(p);
    net.forward(inputs.index, inputs.value, inputs.count, hidden, out);
    net.train(inputs.index, inputs.value, inputs.count, hidden, out, target, alpha, hiddenAlpha, delta);
  }
}
