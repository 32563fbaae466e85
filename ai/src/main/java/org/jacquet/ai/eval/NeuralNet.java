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
    this(rules, inputs, hidden, outputs);
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

  /** No network comes near this: a bigger file is not one (and is not read into memory to find out). */
  public static final int MAX_BYTES = 64 << 20;
  /** Bounds of a network's sizes, checked before anything is allocated. */
  static final int MAX_INPUTS = 65_536;
  static final int MAX_HIDDEN = 4_096;
  static final int MAX_OUTPUTS = 4_096;

  /**
   * The network in {@code stream}, read to its end (at most {@link #MAX_BYTES}) and checked as
   * {@link #read(byte[])} checks it.
   */
  public static NeuralNet read(InputStream stream) throws IOException {
    byte[] bytes = stream.readNBytes(MAX_BYTES + 1);
    if (bytes.length > MAX_BYTES) throw new DamagedNetworkException("it is larger than any network (over " + (MAX_BYTES >> 20) + " MB)");
    return read(bytes);
  }

  /**
   * The network these bytes hold, or a {@link DamagedNetworkException} saying what is wrong: the
   * mark and version, rules that parse and whose outcomes match the outputs, sizes within
   * bounds, exactly the bytes those sizes announce (checked before allocating), and finite weights.
   */
  public static NeuralNet read(byte[] bytes) throws DamagedNetworkException {
    if (bytes.length == 0) throw new DamagedNetworkException("it is empty");
    DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(bytes));
    String rules;
    int inputs;
    int hidden;
    int outputs;
    long games;
    try {
      if (bytes.length < 4 || in.readInt() != MAGIC) throw new DamagedNetworkException("it does not start with the mark JQNN");
      int version = in.readInt();
      if (version != VERSION) throw new DamagedNetworkException("its format version is " + version + ", and only " + VERSION + " is read");
      rules = in.readUTF();
      inputs = in.readInt();
      hidden = in.readInt();
      outputs = in.readInt();
      games = in.readLong();
    } catch (java.io.EOFException | java.io.UTFDataFormatException e) {
      throw new DamagedNetworkException(e instanceof java.io.EOFException ? "it ends within its header" : "its rules are not readable text");
    } catch (DamagedNetworkException e) {
      throw e;
    } catch (IOException e) { // a byte array does not fail to read
      throw new java.io.UncheckedIOException(e);
    }
    org.jacquet.engine.rules.Rules parsed;
    try {
      parsed = org.jacquet.engine.rules.Rules.parse(rules);
    } catch (IllegalArgumentException e) {
      throw new DamagedNetworkException("its rules '" + org.jacquet.engine.Excerpt.of(rules) + "' are not rules (" + e.getMessage() + ")");
    }
    within("inputs", inputs, MAX_INPUTS);
    within("hidden units", hidden, MAX_HIDDEN);
    within("outputs", outputs, MAX_OUTPUTS);
    if (outputs != Outcomes.size(parsed)) {
      throw new DamagedNetworkException("it has " + outputs + " outputs, and its rules " + rules + " have " + Outcomes.size(parsed) + " outcomes");
    }
    if (games < 0) throw new DamagedNetworkException("its count of games trained is negative (" + games + ")");
    long weights = (long) inputs * hidden + hidden + (long) outputs * hidden + outputs;
    long expected = 4 * weights;
    long remaining = bytes.length - headerLength(rules); // what follows the header
    if (remaining < expected) {
      throw new DamagedNetworkException(String.format("it ends too soon: its header announces %,d weights (%,d bytes) and %,d bytes follow",
          weights, expected, remaining));
    }
    if (remaining > expected) {
      long extra = remaining - expected;
      throw new DamagedNetworkException(String.format(extra == 1 ? "%,d byte follows its last weight" : "%,d bytes follow its last weight", extra));
    }
    NeuralNet net = new NeuralNet(rules, inputs, hidden, outputs);
    net.gamesTrained = games;
    java.nio.ByteBuffer weightBytes = java.nio.ByteBuffer.wrap(bytes, bytes.length - (int) expected, (int) expected); // big-endian, as written
    long k = 0;
    for (float[] a : net.w1) k = fill(a, weightBytes, k);
    for (float[] a : new float[][] {net.b1, net.w2, net.b2}) k = fill(a, weightBytes, k);
    return net;
  }

  /** The bytes of the header before the weights: mark, version, rules (as writeUTF writes them), three sizes and the games. */
  private static int headerLength(String rules) {
    int utf = 0;
    for (char c : rules.toCharArray()) utf += c >= 1 && c <= 0x7F ? 1 : c <= 0x7FF ? 2 : 3;
    return 4 + 4 + 2 + utf + 4 + 4 + 4 + 8;
  }

  private static void within(String what, int value, int max) throws DamagedNetworkException {
    if (value < 1 || value > max) {
      throw new DamagedNetworkException(String.format("its header gives %,d %s, and a network has 1 to %,d", value, what, max));
    }
  }

  private static long fill(float[] a, java.nio.ByteBuffer from, long k) throws DamagedNetworkException {
    for (int i = 0; i < a.length; i++, k++) {
      a[i] = from.getFloat();
      if (!Float.isFinite(a[i])) throw new DamagedNetworkException(String.format("its weight number %,d is %s, not a finite number", k + 1, a[i]));
    }
    return k;
  }

  /** A network of these sizes with every weight 0, to be filled by {@link #read(byte[])}. */
  private NeuralNet(String rules, int inputs, int hidden, int outputs) {
    this.rules = rules;
    this.inputs = inputs;
    this.hidden = hidden;
    this.outputs = outputs;
    this.w1 = new float[inputs][hidden];
    this.b1 = new float[hidden];
    this.w2 = new float[outputs * hidden];
    this.b2 = new float[outputs];
  }
}
