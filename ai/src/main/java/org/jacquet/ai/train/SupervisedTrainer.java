package org.jacquet.ai.train;

import java.util.List;
import java.util.SplittableRandom;
import org.jacquet.ai.eval.NetEvaluator;
import org.jacquet.ai.eval.NetTraining;
import org.jacquet.ai.eval.NeuralNet;
import org.jacquet.engine.rules.Rules;

/**
 * Supervised training toward given outcome probabilities (rolled-out or searched positions):
 * epochs of stochastic gradient steps in a seeded random order, and the loss — mean
 * cross-entropy per outcome — on held-out samples to tell whether it helps. In the TD-Gammon
 * line of work this follows TD self-play: TD gives a good start, rollouts give better targets.
 */
public final class SupervisedTrainer {
  private final Rules rules;
  private final NeuralNet net;
  private final NetTraining training;

  public SupervisedTrainer(Rules rules, NeuralNet net) {
    this.rules = rules;
    this.net = net;
    this.training = new NetTraining(rules, net);
  }

  /** One pass over {@code samples} in an order drawn from {@code seed}, at learning rate {@code alpha}. */
  public void epoch(List<Sample> samples, double alpha, long seed) {
    int[] order = new int[samples.size()];
    for (int i = 0; i < order.length; i++) order[i] = i;
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = order.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (int i : order) training.step(samples.get(i).position(), samples.get(i).target(), (float) alpha);
  }

  /** Mean cross-entropy per outcome between the network's evaluations and the targets. */
  public double loss(List<Sample> samples) {
    NetEvaluator eval = new NetEvaluator(rules, net);
    float[] out = new float[eval.size()];
    double sum = 0;
    int n = 0;
    for (Sample s : samples) {
      eval.evaluate(s.position(), out);
      for (int k = 0; k < out.length; k++) {
        double y = s.target()[k];
        double p = Math.min(1 - 1e-6, Math.max(1e-6, out[k]));
        sum -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }
}
