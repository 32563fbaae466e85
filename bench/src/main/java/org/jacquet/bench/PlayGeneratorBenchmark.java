package org.jacquet.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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
 * Legal-play generation on a random midgame mix: 4,096 positions with dice taken from seeded
 * random games (turns 6 to 60, where contact and blocks are), cycled through. One op = every
 * legal play of one position with its dice. Run with {@code -prof gc}: the generator allocates
 * nothing per op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PlayGeneratorBenchmark {
  private static final int MIX = 4096;

  @Param({"modern", "versailles", "moultezim"})
  public String rules;

  private PlayGenerator generator;
  private Position[] positions;
  private DiceToPlay[] dice;
  private int next;

  @Setup
  public void setUp() {
    Rules r = Rules.parse(rules);
    generator = new PlayGenerator(r);
    List<Position> ps = new ArrayList<>();
    List<DiceToPlay> ds = new ArrayList<>();
    SplittableRandom random = new SplittableRandom(2026);
    while (ps.size() < MIX) {
      Position p = Position.start(Side.WHITE);
      for (int turn = 0; !p.isOver() && ps.size() < MIX; turn++) {
        DiceToPlay d = DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), r);
        if (turn >= 6 && turn < 60) {
          ps.add(p);
          ds.add(d);
        }
        p = generator.result(random.nextInt(generator.generate(p, d)));
      }
    }
    positions = ps.toArray(new Position[0]);
    dice = ds.toArray(new DiceToPlay[0]);
  }

  @Benchmark
  public int generateAllPlays() {
    int i = next++ & (MIX - 1);
    return generator.generate(positions[i], dice[i]);
  }
}
