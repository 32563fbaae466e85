package org.jacquet.ai.duel;

import java.util.function.IntConsumer;
import org.jacquet.ai.Bot;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameResult;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;

/**
 * Bot against bot with duplicate dice: each dice sequence is played twice, the bots swapping
 * sides, so luck cancels out in pairs. Pairs run on every core; each pair's bots and dice come
 * from the seed and the pair's number alone, so a duel gives the same result on any machine.
 */
public final class Duel {
  /** Makes a fresh bot for a game; {@code seed} fixes its random choices. */
  public interface BotFactory {
    Bot create(long seed);
  }

  /**
   * The outcome for bot A. Intervals are 95% (±1.96 standard errors over the pairs' means).
   *
   * @param games games played (twice the pairs)
   * @param winsA games A won
   * @param pointsPerGame A's net points per game
   */
  public record Result(int games, int winsA, double winRate, double winRateHalfWidth,
      double pointsPerGame, double pointsHalfWidth, double seconds) {}

  private Duel() {}

  public static Result run(Rules rules, BotFactory a, BotFactory b, int games, long seed,
      int threads, IntConsumer progress) throws InterruptedException {
    int pairs = (games + 1) / 2;
    double[] pairPoints = new double[pairs];
    int[] pairWins = new int[pairs];
    long start = System.nanoTime();
    org.jacquet.ai.Parallel.run(pairs, threads, () -> null, (none, i) -> {
      long pairSeed = mix(seed, i);
      int wins = 0;
      double points = 0;
      for (int leg = 0; leg < 2; leg++) {
        Bot botA = a.create(pairSeed * 4 + leg);
        Bot botB = b.create(pairSeed * 4 + 2 + leg);
        Side sideA = leg == 0 ? Side.WHITE : Side.BLACK;
        Game game = new Game(rules, new SeededDice(pairSeed));
        GameResult r = sideA == Side.WHITE
            ? GameRunner.play(game, botA, botB) : GameRunner.play(game, botB, botA);
        if (r.winner() == sideA) {
          wins++;
          points += r.points();
        } else {
          points -= r.points();
        }
      }
      pairWins[i] = wins;
      pairPoints[i] = points / 2;
    }, progress == null ? null : done -> progress.accept(2 * done));
    double seconds = (System.nanoTime() - start) / 1e9;
    int winsA = 0;
    double[] winShare = new double[pairs];
    for (int i = 0; i < pairs; i++) {
      winsA += pairWins[i];
      winShare[i] = pairWins[i] / 2.0;
    }
    return new Result(2 * pairs, winsA, mean(winShare), halfWidth(winShare),
        mean(pairPoints), halfWidth(pairPoints), seconds);
  }

  static long mix(long seed, long i) {
    long z = seed * 0x9E3779B97F4A7C15L + i * 0xBF58476D1CE4E5B9L + 0x94D049BB133111EBL;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return (z ^ (z >>> 31)) & Long.MAX_VALUE;
  }

  private static double mean(double[] x) {
    double s = 0;
    for (double v : x) s += v;
    return s / x.length;
  }

  private static double halfWidth(double[] x) {
    if (x.length < 2) return Double.NaN;
    double m = mean(x);
    double ss = 0;
    for (double v : x) ss += (v - m) * (v - m);
    return 1.96 * Math.sqrt(ss / (x.length - 1) / x.length);
  }
}
