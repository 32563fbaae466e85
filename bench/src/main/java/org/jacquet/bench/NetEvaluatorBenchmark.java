package org.jacquet.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.HeuristicEvaluator;
import org.jacquet.ai.eval.Nets;
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
 * Position evaluation on one thread: the shipped network and the heuristic, over 4,096
 * positions from seeded random games (all stages). One op = one position evaluated.
 * {@code evaluate} takes the positions of a game one after another (each from the other side's
 * view: nothing shared with the last); {@code evaluateSiblings} takes every play of each throw
 * in turn, as a search or a rollout does (most inputs shared with the last).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class NetEvaluatorBenchmark {
  private static final int MIX = 4096;

  @Param({"net", "heuristic"})
  public String evaluator;

  private Evaluator eval;
  private Position[] positions;
  private Position[] siblings;
  private float[] out;
  private int next;

  @Setup
  public void setUp() {
    Rules rules = Rules.MODERN;
    eval = evaluator.equals("net") ? Nets.evaluator(rules) : new HeuristicEvaluator(rules);
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
