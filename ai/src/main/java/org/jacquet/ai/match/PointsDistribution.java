package org.jacquet.ai.match;

import java.util.function.IntConsumer;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.ai.Parallel;
import org.jacquet.ai.duel.GameRunner;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameResult;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;

/**
 * How many points games are worth when a level plays itself from the start position (opening
 * throw included), counted over seeded games on every core: the p(k) of a {@link MatchEquityTable}.
 */
public final class PointsDistribution {
  private PointsDistribution() {}

  /** counts[k]: games worth k points, out of {@code games}; game i's dice come from the seed and i alone. */
  public static long[] selfPlay(Rules rules, Level level, int games, long seed, int threads, IntConsumer progress)
      throws InterruptedException {
    if (games < 1) throw new IllegalArgumentException("at least one game is needed");
    int max = rules.scoring().maxPoints();
    int[] points = new int[games];
    Parallel.run(games, threads, () -> new Bot[] {level.create(rules, seed), level.create(rules, seed + 1)},
        (bots, i) -> {
          Game g = new Game(rules, new SeededDice(seed * 1_000_003L + i));
          GameResult r = GameRunner.play(g, bots[0], bots[1]);
          points[i] = r.points();
        }, progress);
    long[] counts = new long[max + 1];
    for (int p : points) counts[p]++;
    return counts;
  }

  /** The counts as probabilities, trimmed after the highest value seen. */
  public static double[] probabilities(long[] counts) {
    int last = 1;
    long total = 0;
    for (int k = 1; k < counts.length; k++) {
      total += counts[k];
      if (counts[k] > 0) last = k;
    }
    double[] p = new double[last + 1];
    for (int k = 1; k <= last; k++) p[k] = (double) counts[k] / total;
    return p;
  }
}
