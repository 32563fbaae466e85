package org.jacquet.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.FastNetEvaluator;
import org.jacquet.ai.eval.FastNets;
import org.jacquet.ai.eval.HeuristicEvaluator;
import org.jacquet.ai.eval.NetEvaluator;
import org.jacquet.ai.eval.NetInputs;
import org.jacquet.ai.eval.Nets;
import org.jacquet.ai.eval.NeuralNet;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Position evaluation on one thread, over 4,096 positions from seeded random games (all stages).
 * One op = one position evaluated. The evaluators ({@link #evaluator}): {@code net}, the shipped
 * 64-unit network on today's scalar evaluator (what the levels play with); {@code heuristic};
 * {@code vector-64}, the same network on the Vector API evaluator ({@code FastNetEvaluator});
 * {@code vector-128}, {@code vector-256} and {@code scalar-128}, {@code scalar-256}, networks of
 * 128 and 256 hidden units (seeded random weights: the cost does not depend on their values) on
 * each. The JVM needs {@code --add-modules jdk.incubator.vector} (the fork is given it).
 * {@code evaluate} takes the positions of a game one after another (each from the other side's
 * view: nothing shared with the last); {@code evaluateSiblings} takes every play of each throw
 * in turn, as a search or a rollout does (most inputs shared with the last).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class NetEvaluatorBenchmark {
  private static final int MIX = 4096;

  @Param({"net", "heuristic", "vector-64", "vector-128", "vector-256", "scalar-128", "scalar-256"})
  public String evaluator;

  private Evaluator eval;
  private Position[] positions;
  private Position[] siblings;
  private float[] out;
  private int next;

  @Setup
  public void setUp() {
    Rules rules = Rules.MODERN;
    eval = evaluator(evaluator, rules);
    out = new float[eval.size()];
    PlayGenerator generator = new PlayGenerator(rules);
    SplittableRandom random = new SplittableRandom(7);
    List<Position> ps = new ArrayList<>();
    while (ps.size() < MIX) {
      Position p = Position.start(Side.WHITE);
      while (!p.isOver() && ps.size() < MIX) {
        ps.add(p);
        DiceToPlay d = DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), rules);
        p = generator.result(random.nextInt(generator.generate(p, d)));
      }
    }
    positions = ps.toArray(new Position[0]);
    List<Position> sib = new ArrayList<>();
    for (int i = 0; sib.size() < MIX; i++) {
      Position p = positions[i];
      if (p.isOver()) continue;
      DiceToPlay d = DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), rules);
      int n = generator.generate(p, d);
      for (int k = 0; k < n && sib.size() < MIX; k++) sib.add(generator.result(k));
    }
    siblings = sib.toArray(new Position[0]);
  }

  /** The evaluator a {@link #evaluator} setting names. */
  static Evaluator evaluator(String name, Rules rules) {
    if (name.equals("net")) return Nets.evaluator(rules);
    if (name.equals("heuristic")) return new HeuristicEvaluator(rules);
    String[] kindAndSize = name.split("-");
    int hidden = Integer.parseInt(kindAndSize[1]);
    NeuralNet net = hidden == 64 ? Nets.forRules(rules)
        : new NeuralNet(rules.toString(), NetInputs.SIZE, hidden, Outcomes.size(rules), hidden);
    if (kindAndSize[0].equals("vector")) {
      if (!FastNets.available()) throw new IllegalStateException("start the JVM with --add-modules jdk.incubator.vector");
      return new FastNetEvaluator(rules, net);
    }
    return new NetEvaluator(rules, net);
  }

  @Benchmark
  public float evaluateSiblings() {
    eval.evaluate(siblings[next++ & (MIX - 1)], out);
    return out[0];
  }

  @Benchmark
  public float evaluate() {
    eval.evaluate(positions[next++ & (MIX - 1)], out);
    return out[0];
  }
}
