package org.jacquet.ai.eval;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.SplittableRandom;

/**
 * A one-hidden-layer network with sigmoid units, made for sparse inputs: the hidden layer adds
 * one weight column per active input, so evaluation costs what the position has, not what the
 * input layer could hold. Trained by {@link #train} (cross-entropy gradient step toward a
 * target). The weights are plain float arrays, saved in a small binary format.
 */
public final class NeuralNet {
  private static final int MAGIC = 0x4A514E4E; // "JQNN"
  private static final int VERSION = 1;

  final int inputs;
  final int hidden;
  final int outputs;
  /**
   * Input-to-hidden weights, one array of {@code hidden} per input: separate arrays, because the
   * JIT vectorises {@code h[j] += w1[i][j]} but not the same loop over one flat array at an offset
   * (measured: 2.7 times faster; each sum is the same float additions in the same order).
   */
  final float[][] w1;
  final float[] b1;
  /** Hidden-to-output weights, one row of {@code hidden} per output. */
  final float[] w2;
  final float[] b2;
  private String rules;
  private long gamesTrained;
  private int version;

  public NeuralNet(String rules, int inputs, int hidden, int outputs, long seed) {
    this.rules = rules;
    this.inputs = inputs;
    this.hidden = hidden;
    this.outputs = outputs;
    this.w1 = new float[inputs][hidden];
    this.b1 = new float[hidden];
    this.w2 = new float[outputs * hidden];
    this.b2 = new float[outputs];
    SplittableRandom random = new SplittableRandom(seed);
    for (float[] column : w1) {
      for (int j = 0; j < hidden; j++) column[j] = (float) ((random.nextDouble() - 0.5) * 0.2);
    }
    for (int i = 0; i < w2.length; i++) w2[i] = (float) ((random.nextDouble() - 0.5) * 0.2);
  }

  public String rules() {
    return rules;
  }

  public long gamesTrained() {
    return gamesTrained;
  }

  public void addGamesTrained(long games) {
    gamesTrained += games;
  }

  public int hiddenUnits() {
    return hidden;
  }

  public int inputs() {
    return inputs;
  }

  public int outputs() {
    return outputs;
  }

  /** Forward pass: {@code h} receives the hidden activations, {@code out} the outputs. */
  void forward(int[] index, float[] value, int count, float[] h, float[] out) {
    System.arraycopy(b1, 0, h, 0, hidden);
    accumulate(index, value, 0, count, h);
    finish(h, out);
  }

  /**
   * Adds the weight columns of active inputs {@code from} (inclusive) to {@code to} to the hidden
   * sums {@code h}, in that order: the first part of {@link #forward}, so that sums over a first
   * run of inputs can be kept and continued with exactly the same result.
   */
  void accumulate(int[] index, float[] value, int from, int to, float[] h) {
    for (int k = from; k < to; k++) {
      float[] column = w1[index[k]];
      float v = value[k];
      if (v == 1f) {
        for (int j = 0; j < hidden; j++) h[j] += column[j];
      } else {
        for (int j = 0; j < hidden; j++) h[j] += v * column[j];
      }
    }
  }

  /** The rest of {@link #forward} once the hidden sums are complete: activations and outputs. */
  void finish(float[] h, float[] out) {
    for (int j = 0; j < hidden; j++) h[j] = Sigmoid.of(h[j]);
    // Three outputs at a time: three independent chains of additions instead of one after the
    // other (each output's sum is still added in the same order, so the result is the same).
    int o = 0;
    for (; o + 3 <= outputs; o += 3) {
      int row0 = o * hidden;
      int row1 = row0 + hidden;
      int row2 = row1 + hidden;
      float s0 = b2[o];
      float s1 = b2[o + 1];
      float s2 = b2[o + 2];
      for (int j = 0; j < hidden; j++) {
        float x = h[j];
        s0 += w2[row0 + j] * x;
        s1 += w2[row1 + j] * x;
        s2 += w2[row2 + j] * x;
      }
      out[o] = Sigmoid.of(s0);
      out[o + 1] = Sigmoid.of(s1);
      out[o + 2] = Sigmoid.of(s2);
    }
    for (; o < outputs; o++) {
      float sum = b2[o];
      int base = o * hidden;
      for (int j = 0; j < hidden; j++) sum += w2[base + j] * h[j];
      out[o] = Sigmoid.of(sum);
    }
  }

  /** How many times the weights have changed (by {@link #train}): kept sums are stale once it moves. */
  int version() {
    return version;
  }

  /**
   * One gradient step of the cross-entropy between the outputs and {@code target}, after a
   * {@link #forward} of the same inputs left {@code h} and {@code out}: the output layer at rate
   * {@code alpha}, the hidden layer at {@code hiddenAlpha}. {@code delta} is scratch.
   */
  void train(int[] index, float[] value, int count, float[] h, float[] out, float[] target,
      float alpha, float hiddenAlpha, float[] delta) {
    version++;
    java.util.Arrays.fill(delta, 0, hidden, 0f);
    for (int o = 0; o < outputs; o++) {
      float d = target[o] - out[o];
      if (d == 0f) continue;
      int base = o * hidden;
      for (int j = 0; j < hidden; j++) {
        delta[j] += d * w2[base + j];
        w2[base + j] += alpha * d * h[j];
      }
      b2[o] += alpha * d;
    }
    for (int j = 0; j < hidden; j++) delta[j] *= h[j] * (1 - h[j]);
    if (hiddenAlpha == 0f) return;
    for (int k = 0; k < count; k++) {
      float[] column = w1[index[k]];
      float v = hiddenAlpha * value[k];
      for (int j = 0; j < hidden; j++) column[j] += v * delta[j];
    }
    for (int j = 0; j < hidden; j++) b1[j] += hiddenAlpha * delta[j];
  }

  public void write(OutputStream stream) throws IOException {
    DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(stream));
    out.writeInt(MAGIC);
    out.writeInt(VERSION);
    out.writeUTF(rules);
    out.writeInt(inputs);
    out.writeInt(hidden);
    out.writeInt(outputs);
    out.writeLong(gamesTrained);
    for (float[] column : w1) for (float f : column) out.writeFloat(f);
    for (float[] a : new float[][] {b1, w2, b2}) for (float f : a) out.writeFloat(f);
    out.flush();
  }

  public static NeuralNet read(InputStream stream) throws IOException {
    DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(stream));
    if (in.readInt() != MAGIC) throw new IOException("not a Jacquet network file");
    int version = in.readInt();
    if (version != VERSION) throw new IOException("unsupported network file version " + version);
    String rules = in.readUTF();
    int inputs = in.readInt();
    int hidden = in.readInt();
    int outputs = in.readInt();
    NeuralNet net = new NeuralNet(rules, inputs, hidden, outputs, 0);
    net.gamesTrained = in.readLong();
    for (float[] a : net.w1) {
      for (int i = 0; i < a.length; i++) a[i] = in.readFloat();
    }
    for (float[] a : new float[][] {net.b1, net.w2, net.b2}) {
      for (int i = 0; i < a.length; i++) a[i] = in.readFloat();
    }
    return net;
  }
}
