package org.jacquet.ai.rollout;

import java.util.SplittableRandom;
import java.util.function.IntConsumer;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.ai.eval.BearOffTable;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.DiceSource;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameResult;
import org.jacquet.engine.rules.Rules;

/**
 * Plays a position out many times with a level's bot on both sides and reports the chance of
 * each result for its side to move. Two variance reductions: the first two throws of the
 * trials are spread evenly over the 36 × 36 possibilities (quasi-random), and each trial's
 * result is corrected by the luck of every throw ({@link Luck}: the value, at 0-ply, of the
 * throw's best play against the average of the 36 throws), which averages exactly zero, so the estimate
 * stays unbiased while most of the dice's noise goes. Trials run on every core; each one's
 * dice and bots come from the seed and its number alone.
 */
public final class Rollout {
  /**
   * Estimates for the side to move: the outcome layout, expected points, 95% half-widths; and
   * each trial's expected points after the luck correction (their mean is {@code equity}), so
   * that rollouts run with the same seed — the same dice — can be compared trial by trial.
   */
  public record Result(int trials, double[] outcomes, double[] halfWidths, double equity, double equityHalfWidth,
      double seconds, double[] trialEquities) {}

  private Rollout() {}

  public static Result run(Rules rules, Position root, DiceToPlay first, Level level, int trials, long seed,
      int threads, boolean reduceVariance, IntConsumer progress) throws InterruptedException {
    return run(rules, root, first, level, trials, seed, threads, reduceVariance, 0, progress);
  }

  /**
   * As above; with {@code truncateAfter} &gt; 0 each trial stops after that many plays and its
   * result is the level's own 0-ply evaluation of where it stopped (a truncated rollout: cheaper
   * and less noisy, biased by the evaluation's errors at the horizon).
   */
  public static Result run(Rules rules, Position root, DiceToPlay first, Level level, int trials, long seed,
      int threads, boolean reduceVariance, int truncateAfter, IntConsumer progress) throws InterruptedException {
    return run(rules, root, first, level, trials, seed, threads, reduceVariance, truncateAfter, false, progress);
  }

  /**
   * Whether a trial at {@code level} stops where both sides are bearing off, taking the exact
   * table's chances instead of playing on (GNU Backgammon's "truncate at the exact bear-off
   * database"): when the table applies to the rules and the level plays races by it — the
   * network levels without noise. Unbiased for them (it is the value of the rest of their own
   * play), cheaper, and free of the rest of the dice's noise.
   */
  public static boolean readsRacesFromTable(Rules rules, Level level) {
    return level.needsNetwork() && level.noise() == 0 && BearOffTable.applies(rules);
  }

  /**
   * As above; {@code playOutRaces} plays races to the end even where {@link
   * #readsRacesFromTable} would read them from the table.
   */
  public static Result run(Rules rules, Position root, DiceToPlay first, Level level, int trials, long seed,
      int threads, boolean reduceVariance, int truncateAfter, boolean playOutRaces, IntConsumer progress)
      throws InterruptedException {
    boolean tableRaces = !playOutRaces && readsRacesFromTable(rules, level);
    int size = Outcomes.size(rules);
    double[][] samples = new double[trials][];
    double[][] lucks = new double[trials][];
    long start = System.nanoTime();
    org.jacquet.ai.Parallel.run(trials, threads, () -> new Trial(rules, level, size), (trial, i) -> {
      double[][] r = trial.play(root, first, i, seed, reduceVariance, truncateAfter, tableRaces);
      samples[i] = r[0];
      lucks[i] = r[1];
    }, progress);
    double[] mean = new double[size + 1];
    double[] half = new double[size + 1];
    double[] corrected = new double[trials];
    for (int k = 0; k <= size; k++) {
      // Control variate: result − β·luck, β fitted by least squares (plain average when off).
      double mx = 0;
      double ml = 0;
      for (int i = 0; i < trials; i++) {
        mx += samples[i][k];
        ml += lucks[i][k];
      }
      mx /= trials;
      ml /= trials;
      double sxl = 0;
      double sll = 0;
      for (int i = 0; i < trials; i++) {
        sxl += (samples[i][k] - mx) * (lucks[i][k] - ml);
        sll += (lucks[i][k] - ml) * (lucks[i][k] - ml);
      }
      double beta = reduceVariance && sll > 0 ? sxl / sll : 0;
      double ss = 0;
      double m = 0;
      for (int i = 0; i < trials; i++) m += samples[i][k] - beta * lucks[i][k];
      m /= trials;
      if (k == size) for (int i = 0; i < trials; i++) corrected[i] = samples[i][k] - beta * lucks[i][k];
      for (int i = 0; i < trials; i++) {
        double d = samples[i][k] - beta * lucks[i][k] - m;
        ss += d * d;
      }
      mean[k] = m;
      half[k] = trials < 2 ? Double.NaN : 1.96 * Math.sqrt(ss / (trials - 1) / trials);
    }
    double[] outcomes = java.util.Arrays.copyOf(mean, size);
    double[] halves = java.util.Arrays.copyOf(half, size);
    return new Result(trials, outcomes, halves, mean[size], half[size], (System.nanoTime() - start) / 1e9, corrected);
  }

  /** One thread's trials: its own bots, evaluator and generator. */
  private static final class Trial {
    private final Rules rules;
    private final Level level;
    private final int size;
    private final Luck luckOf;
    private final Evaluator horizonEval;
    private final PlayGenerator gen;

    Trial(Rules rules, Level level, int size) {
      this.rules = rules;
      this.level = level;
      this.size = size;
      this.luckOf = new Luck(rules);
      this.horizonEval = level.needsNetwork() ? level.evaluator(rules) : null;
      this.gen = new PlayGenerator(rules);
    }

    /**
     * The trial's result for the root's side to move, and the luck of its throws: each as the
     * outcome values then expected points.
     */
    double[][] play(Position root, DiceToPlay first, int i, long seed, boolean reduceVariance, int truncateAfter,
        boolean tableRaces) {
      SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
      Bot white = level.create(rules, random.nextLong());
      Bot black = level.create(rules, random.nextLong());
      Side me = root.turn();
      double[] luck = new double[size];
      Position start = root;
      if (first != null) {
        // The given throw is fixed, not luck: it is not corrected for.
        LegalPlays legal = gen.legalPlays(root, first);
        Play p = (me == Side.WHITE ? white : black).choose(legal);
        start = p.result();
        if (start.isOver()) {
          return finish(org.jacquet.engine.game.Scorer.score(rules, start, me, false).points(), luck, reduceVariance);
        }
      }
      // The first two throws spread evenly over the 36 × 36 possibilities, then random dice.
      int[] stratified = {(i % 36), (i / 36) % 36};
      DiceSource dice = new DiceSource() {
        int thrown;

        @Override
        public int roll() {
          int k = thrown / 2;
          int die = k < 2 ? (thrown % 2 == 0 ? stratified[k] / 6 + 1 : stratified[k] % 6 + 1) : random.nextInt(6) + 1;
          thrown++;
          return die;
        }
      };
      // Each throw's luck is taken as its bot chooses (never for dice passed on by the opponent).
      Bot[] bots = {white, black};
      for (int b = 0; b < 2; b++) {
        if (reduceVariance) {
          bots[b] = Bot.watched(bots[b], (legal, spent) -> {
            if (!legal.dice().transferred()) luckOf.add(legal.position(), legal.dice(), me, luck);
          });
        }
      }
      if (tableRaces && BearOffTable.isRace(start)) return horizon(start, me, luck, reduceVariance);
      Game game = new Game(rules, dice, start, true);
      int plays = truncateAfter > 0 && horizonEval != null ? truncateAfter : Integer.MAX_VALUE;
      org.jacquet.ai.duel.GameRunner.play(game, bots[0], bots[1], plays, p -> tableRaces && BearOffTable.isRace(p));
      if (!game.isOver()) return horizon(game.position(), me, luck, reduceVariance);
      GameResult r = game.result();
      return finish(r.winner() == me ? r.points() : -r.points(), luck, reduceVariance);
    }

    /**
     * A truncated trial's result: the level's 0-ply evaluation where it stopped (exact in a race
     * the table reads), seen by {@code me}.
     */
    private double[][] horizon(Position p, Side me, double[] luck, boolean reduceVariance) {
      float[] theirs = new float[size];
      float[] mine = new float[size];
      horizonEval.evaluate(p, theirs);
      if (p.turn() == me) System.arraycopy(theirs, 0, mine, 0, size);
      else Outcomes.flip(theirs, mine, size);
      double[] result = new double[size + 1];
      double[] luckOut = new double[size + 1];
      for (int k = 0; k < size; k++) {
        result[k] = mine[k];
        luckOut[k] = luck[k];
      }
      result[size] = Outcomes.equity(mine, size);
      luckOut[size] = equityOf(luck);
      return new double[][] {result, luckOut};
    }

    private double[][] finish(int points, double[] luck, boolean reduceVariance) {
      float[] certain = new float[size];
      Outcomes.certain(points, certain, size);
      double[] result = new double[size + 1];
      double[] luckOut = new double[size + 1];
      for (int k = 0; k < size; k++) {
        result[k] = certain[k];
        luckOut[k] = luck[k];
      }
      result[size] = points;
      luckOut[size] = equityOf(luck);
      return new double[][] {result, luckOut};
    }

    /** Expected points of a luck vector (linear in the outcome values). */
    private double equityOf(double[] v) {
      int n = (size + 1) / 2;
      double e = 2 * v[0];
      for (int k = 1; k < n; k++) e += v[k] - v[k + n - 1];
      return e;
    }
  }
}
