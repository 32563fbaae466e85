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
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.GameResult;
import org.jacquet.engine.rules.Rules;

/**
 * Plays a position out many times with a level's bot on both sides and reports the chance of
 * each result for its side to move. Two variance reductions: the first two throws of the
 * trials are spread evenly over the 36 × 36 possibilities (quasi-random), and each trial's
 * result is corrected by the luck of its throws, which averages exactly zero, so the estimate
 * stays unbiased while most of the dice's noise goes. The luck of the first {@link #LUCK_THROWS}
 * throws of a trial is measured by {@link Luck} (the value, at 0-ply, of the throw's best play
 * against the average of the 36 throws); later throws, whose luck moves the result far less
 * and would cost as much to measure, count by their pips against the average throw's. The
 * result is corrected by both sums, with coefficients fitted by least squares. Trials run on
 * every core; each one's dice and bots come from the seed and its number alone.
 */
public final class Rollout {
  /**
   * Estimates for the side to move: the outcome layout, expected points, 95% half-widths; and
   * each trial's expected points after the luck correction (their mean is {@code equity}), so
   * that rollouts run with the same seed — the same dice — can be compared trial by trial.
   */
  public record Result(int trials, double[] outcomes, double[] halfWidths, double equity, double equityHalfWidth,
      double seconds, double[] trialEquities) {}

  /**
   * Throws of a trial whose luck {@link Luck} measures; later throws count by their pips. Most of
   * the dice's noise is early (measured on the opening with 6-5: the luck of the first 40 throws
   * holds about 70% of the luck's variance, at about half the cost of measuring every throw's).
   */
  public static final int LUCK_THROWS = 40;

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
    return level.needsNetwork() && !level.isNoisy() && BearOffTable.applies(rules);
  }

  /**
   * As above; {@code playOutRaces} plays races to the end even where {@link
   * #readsRacesFromTable} would read them from the table.
   */
  public static Result run(Rules rules, Position root, DiceToPlay first, Level level, int trials, long seed,
      int threads, boolean reduceVariance, int truncateAfter, boolean playOutRaces, IntConsumer progress)
      throws InterruptedException {
    return run(rules, root, first, level, trials, seed, threads, reduceVariance, truncateAfter, playOutRaces,
        LUCK_THROWS, progress);
  }

  /** As above, with the luck of the first {@code luckThrows} throws measured by {@link Luck} (for tests). */
  static Result run(Rules rules, Position root, DiceToPlay first, Level level, int trials, long seed,
      int threads, boolean reduceVariance, int truncateAfter, boolean playOutRaces, int luckThrows,
      IntConsumer progress) throws InterruptedException {
    boolean tableRaces = !playOutRaces && readsRacesFromTable(rules, level);
    int size = Outcomes.size(rules);
    double[][] samples = new double[trials][];
    double[][] lucks = new double[trials][];
    long start = System.nanoTime();
    org.jacquet.ai.Parallel.run(trials, threads, () -> new Trial(rules, level, size, luckThrows), (trial, i) -> {
      double[][] r = trial.play(root, first, i, seed, reduceVariance, truncateAfter, tableRaces);
      samples[i] = r[0];
      lucks[i] = r[1];
    }, progress);
    double[] mean = new double[size + 1];
    double[] half = new double[size + 1];
    double[] corrected = new double[trials];
    double[] x = new double[trials];
    double[] luck = new double[trials];
    double[] pips = new double[trials];
    for (int i = 0; i < trials; i++) pips[i] = lucks[i][size + 1];
    for (int k = 0; k <= size; k++) {
      for (int i = 0; i < trials; i++) {
        x[i] = samples[i][k];
        luck[i] = lucks[i][k];
      }
      // Control variates: result − β·luck − γ·pips, fitted by least squares (plain average when off).
      double[] c = reduceVariance ? fit(x, luck, pips) : new double[2];
      double m = 0;
      for (int i = 0; i < trials; i++) m += x[i] - c[0] * luck[i] - c[1] * pips[i];
      m /= trials;
      double ss = 0;
      for (int i = 0; i < trials; i++) {
        double v = x[i] - c[0] * luck[i] - c[1] * pips[i];
        if (k == size) corrected[i] = v;
        ss += (v - m) * (v - m);
      }
      mean[k] = m;
      half[k] = trials < 2 ? Double.NaN : 1.96 * Math.sqrt(ss / (trials - 1) / trials);
    }
    double[] outcomes = java.util.Arrays.copyOf(mean, size);
    double[] halves = java.util.Arrays.copyOf(half, size);
    return new Result(trials, outcomes, halves, mean[size], half[size], (System.nanoTime() - start) / 1e9, corrected);
  }

  /**
   * The coefficients (β, γ) of the least-squares fit of {@code x} on {@code a} and {@code b}
   * (centred); a variate with no spread gets 0, and two that move together are fitted as one.
   */
  static double[] fit(double[] x, double[] a, double[] b) {
    int n = x.length;
    double mx = 0;
    double ma = 0;
    double mb = 0;
    for (int i = 0; i < n; i++) {
      mx += x[i];
      ma += a[i];
      mb += b[i];
    }
    mx /= n;
    ma /= n;
    mb /= n;
    double saa = 0;
    double sbb = 0;
    double sab = 0;
    double sxa = 0;
    double sxb = 0;
    for (int i = 0; i < n; i++) {
      double da = a[i] - ma;
      double db = b[i] - mb;
      double dx = x[i] - mx;
      saa += da * da;
      sbb += db * db;
      sab += da * db;
      sxa += dx * da;
      sxb += dx * db;
    }
    double det = saa * sbb - sab * sab;
    if (saa > 0 && sbb > 0 && det > 1e-9 * saa * sbb) {
      return new double[] {(sxa * sbb - sxb * sab) / det, (sxb * saa - sxa * sab) / det};
    }
    if (saa > 0) return new double[] {sxa / saa, 0};
    if (sbb > 0) return new double[] {0, sxb / sbb};
    return new double[2];
  }

  /** One thread's trials: its own bots, evaluator and generator. */
  private static final class Trial {
    private final Rules rules;
    private final Level level;
    private final int size;
    private final Luck luckOf;
    private final Evaluator horizonEval;
    private final PlayGenerator gen;
    /** Pips of the average throw (the 36 equally likely). */
    private final double averagePips;
    private final int luckThrows;

    Trial(Rules rules, Level level, int size, int luckThrows) {
      this.luckThrows = luckThrows;
      this.rules = rules;
      this.level = level;
      this.size = size;
      this.luckOf = new Luck(rules);
      this.horizonEval = level.needsNetwork() ? level.evaluator(rules) : null;
      this.gen = new PlayGenerator(rules);
      double sum = 0;
      for (DiceToPlay d : DiceToPlay.distinctThrows(rules)) sum += d.weight() * pips(d);
      this.averagePips = sum / 36;
    }

    /**
     * The trial's result for the root's side to move, and the luck of its throws: each as the
     * outcome values then expected points; the luck then the pips' luck of its later throws.
     */
    double[][] play(Position root, DiceToPlay first, int i, long seed, boolean reduceVariance, int truncateAfter,
        boolean tableRaces) {
      SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
      Bot white = level.create(rules, random.nextLong());
      Bot black = level.create(rules, random.nextLong());
      Side me = root.turn();
      double[] luck = new double[size + 1];
      Position start = root;
      if (first != null) {
        // The given throw is fixed, not luck: it is not corrected for.
        LegalPlays legal = gen.legalPlays(root, first);
        Play p = (me == Side.WHITE ? white : black).choose(legal);
        start = p.result();
        if (start.isOver()) {
          return finish(org.jacquet.engine.game.Scorer.score(rules, start, me, false).points(), luck);
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
      if (tableRaces && BearOffTable.isRace(start)) return horizon(start, me, luck);
      Game game = new Game(rules, dice, start, true);
      int plays = truncateAfter > 0 && horizonEval != null ? truncateAfter : Integer.MAX_VALUE;
      org.jacquet.ai.duel.GameRunner.play(game, white, black, plays, p -> tableRaces && BearOffTable.isRace(p));
      if (reduceVariance) addLuck(start, game.events(), me, luck);
      if (!game.isOver()) return horizon(game.position(), me, luck);
      GameResult r = game.result();
      return finish(r.winner() == me ? r.points() : -r.points(), luck);
    }

    /**
     * Adds to {@code luck} (seen by {@code me}) the luck of every throw of the trial from {@code
     * start}, found in its events: that of the first {@code luckThrows} by {@link Luck}, in
     * {@code luck[0..size)}; the pips of the later ones against the average throw's, in {@code
     * luck[size]}. Every throw counts, a throw with no legal play too (the game passes it without
     * asking the bot); dice passed on by the opponent (Versailles) are not a throw.
     */
    private void addLuck(Position start, java.util.List<GameEvent> events, Side me, double[] luck) {
      Position p = start;
      int throwsSeen = 0;
      for (GameEvent e : events) {
        if (!(e instanceof GameEvent.Turn t)) continue;
        if (!t.dice().transferred()) {
          if (throwsSeen < luckThrows) {
            luckOf.add(p.withTurn(t.side()), t.dice(), me, luck);
          } else {
            luck[size] += (t.side() == me ? 1 : -1) * (pips(t.dice()) - averagePips);
          }
          throwsSeen++;
        }
        p = t.play().result();
      }
    }

    private static int pips(DiceToPlay d) {
      return d.isPair() ? d.high() + d.low() : d.high() * d.count();
    }

    /**
     * A truncated trial's result: the level's 0-ply evaluation where it stopped (exact in a race
     * the table reads), seen by {@code me}.
     */
    private double[][] horizon(Position p, Side me, double[] luck) {
      float[] theirs = new float[size];
      float[] mine = new float[size];
      horizonEval.evaluate(p, theirs);
      if (p.turn() == me) System.arraycopy(theirs, 0, mine, 0, size);
      else Outcomes.flip(theirs, mine, size);
      double[] result = new double[size + 1];
      double[] luckOut = new double[size + 2];
      for (int k = 0; k < size; k++) {
        result[k] = mine[k];
        luckOut[k] = luck[k];
      }
      result[size] = Outcomes.equity(mine, size);
      luckOut[size] = equityOf(luck);
      luckOut[size + 1] = luck[size];
      return new double[][] {result, luckOut};
    }

    private double[][] finish(int points, double[] luck) {
      float[] certain = new float[size];
      Outcomes.certain(points, certain, size);
      double[] result = new double[size + 1];
      double[] luckOut = new double[size + 2];
      for (int k = 0; k < size; k++) {
        result[k] = certain[k];
        luckOut[k] = luck[k];
      }
      result[size] = points;
      luckOut[size] = equityOf(luck);
      luckOut[size + 1] = luck[size];
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
