package org.jacquet.ai.eval;

import org.jacquet.engine.rules.Rules;

/**
 * Which evaluator a network is played with. The Vector API ({@code jdk.incubator.vector}) is
 * an incubator module of JDK 17: present only when the JVM is started with
 * {@code --add-modules jdk.incubator.vector} (the {@code jacquet} command does). Without it,
 * and for the networks of today's size ({@link #SCALAR_UP_TO} hidden units), the scalar
 * {@link NetEvaluator}: the shipped 64-unit networks play, bit for bit, as they always have, and
 * a larger network plays with {@link FastNetEvaluator} when the module is there.
 */
public final class FastNets {
  /** Networks up to this many hidden units keep the scalar evaluator, whose results are pinned bit for bit. */
  public static final int SCALAR_UP_TO = 64;
  private static final boolean VECTOR_API =
      ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

  private FastNets() {}

  /** Whether this JVM has the Vector API (started with {@code --add-modules jdk.incubator.vector}). */
  public static boolean available() {
    return VECTOR_API;
  }

  /** The evaluator {@code net} is played with (see the class comment). */
  public static Evaluator evaluator(Rules rules, NeuralNet net) {
    if (VECTOR_API && net.hiddenUnits() > SCALAR_UP_TO) return new FastNetEvaluator(rules, net);
    return new NetEvaluator(rules, net);
  }
}
