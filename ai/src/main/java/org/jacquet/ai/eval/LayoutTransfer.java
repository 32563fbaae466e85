package org.jacquet.ai.eval;

import org.jacquet.engine.rules.Rules;

/**
 * A network for one outcome layout started from a network trained for another: the hidden layer
 * (what the trained network has learnt to see in a position) is kept whole, and each new output
 * starts from the old win output. P(win by k or more) starts as the winning chance shifted, in
 * logits, by how often a game is worth k or more points — so the new network plays like the old
 * one from its first game, and self-play only has to learn the points. (Trained from random
 * weights, spanish scoring's 89 outputs swamped the hidden layer and played far worse.) Between
 * networks of the same layout it is a copy for other rules.
 */
public final class LayoutTransfer {
  private LayoutTransfer() {}

  /**
   * The new network for {@code target}, its games counter at 0. {@code atLeast[k]} is the chance
   * that a game is worth k points or more (k from 1 to the layout's most; {@code atLeast[1]} = 1).
   */
  public static NeuralNet spread(NeuralNet source, Rules target, double[] atLeast) {
    int size = Outcomes.size(target);
    int n = Outcomes.maxPoints(target);
    if (atLeast.length <= n) throw new IllegalArgumentException("a chance is needed for every points from 1 to " + n);
    NeuralNet net = new NeuralNet(target.toString(), source.inputs, source.hidden, size, 0);
    for (int i = 0; i < source.inputs; i++) System.arraycopy(source.w1[i], 0, net.w1[i], 0, source.hidden);
    System.arraycopy(source.b1, 0, net.b1, 0, source.hidden);
    int h = source.hidden;
    if (source.outputs == size) { // the same layout (another preset's network): every output as it is
      System.arraycopy(source.w2, 0, net.w2, 0, size * h);
      System.arraycopy(source.b2, 0, net.b2, 0, size);
      return net;
    }
    copyRow(source, net, 0, 1, 0);
    for (int k = 2; k <= n; k++) {
      float shift = (float) logit(atLeast[k]);
      copyRow(source, net, k - 1, 1, shift);
      copyRow(source, net, k + n - 2, -1, shift);
    }
    return net;
  }

  /** Output {@code row} of {@code net} = sign × the source's win output, its bias then shifted. */
  private static void copyRow(NeuralNet source, NeuralNet net, int row, int sign, float shift) {
    int h = source.hidden;
    for (int j = 0; j < h; j++) net.w2[row * h + j] = sign * source.w2[j];
    net.b2[row] = sign * source.b2[0] + shift;
  }

  private static double logit(double p) {
    double q = Math.min(1 - 1e-6, Math.max(1e-6, p));
    return Math.log(q / (1 - q));
  }
}
