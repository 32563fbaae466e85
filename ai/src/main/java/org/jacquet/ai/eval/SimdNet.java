package org.jacquet.ai.eval;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * A trained {@link NeuralNet}'s weights laid out for the SIMD width of this processor, with the
 * arithmetic of a forward pass on {@code jdk.incubator.vector} (JDK 17's Vector API): the
 * hidden layer padded to a whole number of vectors (padding weights 0, so a padding unit adds
 * nothing to any output), the input-to-hidden weights one flat array of padded columns, the
 * hidden activations computed a vector at a time. A snapshot for play: training changes the
 * {@link NeuralNet}, not this. Only loaded when the JVM has the module ({@link FastNets}).
 *
 * <p>The sums are those of {@link NeuralNet} up to float rounding (other order of additions, the
 * hidden sigmoid computed with exp instead of read from a table): equal within 1e-4 on every output,
 * which {@code FastNetEvaluatorTest} checks over thousands of positions.
 */
final class SimdNet {
  /**
   * 256 bits (8 floats) where the processor has more: measured here (AVX-512), the 512-bit
   * species was no faster at 128 hidden units and slower at 256.
   */
  private static final VectorSpecies<Float> S =
      FloatVector.SPECIES_PREFERRED.length() > 8 ? FloatVector.SPECIES_256 : FloatVector.SPECIES_PREFERRED;

  final int inputs;
  /** Hidden units padded to a multiple of the vector length. */
  final int width;
  final int outputs;
  private final float[] w1;
  final float[] b1;
  private final float[] w2;
  private final float[] b2;
  /** Scratch for the activations. */
  private final float[] act;

  SimdNet(NeuralNet net) {
    this.inputs = net.inputs;
    this.outputs = net.outputs;
    int lanes = S.length();
    this.width = (net.hidden + lanes - 1) / lanes * lanes;
    this.w1 = new float[inputs * width];
    for (int i = 0; i < inputs; i++) System.arraycopy(net.w1[i], 0, w1, i * width, net.hidden);
    this.b1 = new float[width];
    System.arraycopy(net.b1, 0, b1, 0, net.hidden);
    this.w2 = new float[outputs * width];
    for (int o = 0; o < outputs; o++) System.arraycopy(net.w2, o * net.hidden, w2, o * width, net.hidden);
    this.b2 = net.b2.clone();
    this.act = new float[width];
  }

  /** A copy sharing the weights, with its own scratch (one per thread). */
  private SimdNet(SimdNet shared) {
    this.inputs = shared.inputs;
    this.width = shared.width;
    this.outputs = shared.outputs;
    this.w1 = shared.w1;
    this.b1 = shared.b1;
    this.w2 = shared.w2;
    this.b2 = shared.b2;
    this.act = new float[width];
  }

  SimdNet forAnotherThread() {
    return new SimdNet(this);
  }

  /** {@code h += v × column(input)}. */
  void add(float[] h, int input, float v) {
    int base = input * width;
    if (v == 1f) {
      for (int j = 0; j < width; j += S.length()) {
        FloatVector.fromArray(S, h, j).add(FloatVector.fromArray(S, w1, base + j)).intoArray(h, j);
      }
    } else {
      for (int j = 0; j < width; j += S.length()) {
        FloatVector.fromArray(S, w1, base + j).fma(FloatVector.broadcast(S, v), FloatVector.fromArray(S, h, j)).intoArray(h, j);
      }
    }
  }

  /** {@code h += v × column(input)} for the active inputs {@code from} (inclusive) to {@code to}. */
  void addAll(float[] h, int[] index, float[] value, int from, int to) {
    for (int k = from; k < to; k++) add(h, index[k], value[k]);
  }

  /** The outputs of the complete hidden sums {@code h} (left unchanged). */
  void finish(float[] h, float[] out) {
    // The Vector API's EXP: compiled to the JDK's vector math library (SVML) on x86-64. (A
    // polynomial of the float's exponent bits was tried instead: 1.7 to 2.5 times slower, as JDK 17
    // compiles the float-int conversions it needs lane by lane.)
    FloatVector one = FloatVector.broadcast(S, 1f);
    for (int j = 0; j < width; j += S.length()) {
      FloatVector x = FloatVector.fromArray(S, h, j).max(-40f).neg();
      one.div(x.lanewise(VectorOperators.EXP).add(1f)).intoArray(act, j);
    }
    // Three outputs at a time, as NeuralNet does: three independent chains of additions.
    int o = 0;
    for (; o + 3 <= outputs; o += 3) {
      int row0 = o * width;
      int row1 = row0 + width;
      int row2 = row1 + width;
      FloatVector acc0 = FloatVector.zero(S);
      FloatVector acc1 = acc0;
      FloatVector acc2 = acc0;
      for (int j = 0; j < width; j += S.length()) {
        FloatVector a = FloatVector.fromArray(S, act, j);
        acc0 = FloatVector.fromArray(S, w2, row0 + j).fma(a, acc0);
        acc1 = FloatVector.fromArray(S, w2, row1 + j).fma(a, acc1);
        acc2 = FloatVector.fromArray(S, w2, row2 + j).fma(a, acc2);
      }
      out[o] = Sigmoid.of(b2[o] + acc0.reduceLanes(VectorOperators.ADD));
      out[o + 1] = Sigmoid.of(b2[o + 1] + acc1.reduceLanes(VectorOperators.ADD));
      out[o + 2] = Sigmoid.of(b2[o + 2] + acc2.reduceLanes(VectorOperators.ADD));
    }
    for (; o < outputs; o++) {
      int row = o * width;
      FloatVector acc = FloatVector.zero(S);
      for (int j = 0; j < width; j += S.length()) {
        acc = FloatVector.fromArray(S, w2, row + j).fma(FloatVector.fromArray(S, act, j), acc);
      }
      out[o] = Sigmoid.of(b2[o] + acc.reduceLanes(VectorOperators.ADD));
    }
  }
}
