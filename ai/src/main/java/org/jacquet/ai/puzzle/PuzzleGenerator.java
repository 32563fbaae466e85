package org.jacquet.ai.puzzle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import org.jacquet.ai.Level;
import org.jacquet.ai.Parallel;
import org.jacquet.ai.SearchBot;
import org.jacquet.ai.benchmark.BenchmarkEntry;
import org.jacquet.ai.benchmark.BenchmarkGenerator;
import org.jacquet.ai.benchmark.Category;
import org.jacquet.ai.eval.BearOffTable;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.rollout.Rollout;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/**
 * Makes puzzles. Attempt {@code i} plays one expert self-play game (seeded by the run's seed and
 * {@code i}, the benchmark's way: {@link BenchmarkGenerator#selfPlayDecisions}) and screens its
 * decisions in a random order with world class's search (2-ply), skipping every position held out
 * for the benchmark: the first whose best play leads the second by at least the screen's gap is
 * rolled out — or, when one the expert level gets wrong passes too (its bar may be lower), that
 * one, so that the set is not all easy; no such decision, and the attempt makes no puzzle. A bear-off for every fourth
 * attempt, contact otherwise, as the benchmark draws.
 *
 * <p>The rollout values the two best plays at 2-ply and the expert's own choice (0-ply), each
 * with the same dice, with the benchmark's variance reduction (quasi-random first two throws,
 * luck control variate) and races read from the exact table; a candidate already over or in a
 * race the table reads is exact. Trials come in stages, each stage new dice: after each, every
 * other candidate's gap to the 2-ply best is checked, paired trial by trial. The puzzle stands
 * when each gap's 95% interval lies wholly at or above the stated minimum; it is dropped as soon
 * as one gap's interval lies wholly below it, or after the last stage. The best play is the one
 * world class chose before any rollout, so the rollout confirms it rather than picks it, and its
 * dice bias nothing. Each attempt depends only on the seed and its index: a run resumes by
 * skipping the indices done.
 */
public final class PuzzleGenerator {
  /**
   * How puzzles are made: the screen's minimum 2-ply gap, and where the expert level plays
   * something else than world class's best, the same at most (a looser bar: such decisions are
   * rare, and make the puzzles that teach), the rollout's minimum gap (the lower end
   * of each gap's 95% interval), trials per stage and in all, plays before a trial is cut (0: to
   * the end), decisions screened per game at most, and the seed.
   */
  public record Settings(double screenGap, double expertWrongGap, double minGap, int stageTrials, int maxTrials, int truncateAfter,
      int screenLimit, long seed) {
    public String describe() {
      return "positions from expert self-play, not the benchmark's; screened by world class (2-ply): best ahead of the "
          + "second by " + screenGap + " or more (" + expertWrongGap + " where the expert level, 0-ply, plays another), at most "
          + screenLimit + " decisions a game, the first passing unless a later one the expert gets wrong passes too; "
          + "candidates: the two "
          + "best at 2-ply and the expert's choice (0-ply), rolled out by expert " + stageTrials + " trials at a time "
          + "(new dice each stage) up to " + maxTrials + ", the same dice for every candidate within a stage"
          + (truncateAfter > 0 ? ", truncated after " + truncateAfter + " plays (then 0-ply)" : ", to the end")
          + ", races read from the exact bear-off table, with variance reduction (quasi-random first two throws, "
          + "luck control variate); kept when every other candidate's gap to world class's best has a 95% interval "
          + "wholly at or above " + minGap + " point; seed " + seed;
    }
  }

  /** An attempt's outcome: its puzzle, or why it made none ({@code screen} or {@code rollout}). */
  public record Attempt(int index, Puzzle puzzle, String rejected) {}

  private static final double Z95 = 1.96;

  private PuzzleGenerator() {}

  /**
   * Makes attempts from 0 upward but those {@code done} says are made, on {@code threads}
   * threads, giving each to {@code sink} (from any thread, one at a time), until {@code enough}
   * (called after each batch) says so.
   */
  public static void generate(Rules rules, Settings s, IntPredicate done, int threads,
      java.util.function.BooleanSupplier enough, Consumer<Attempt> sink) throws InterruptedException {
    Set<Position> heldOut = heldOut(rules);
    int next = 0;
    while (!enough.getAsBoolean()) {
      List<Integer> batch = new ArrayList<>();
      while (batch.size() < threads) {
        if (!done.test(next)) batch.add(next);
        next++;
      }
      Parallel.run(batch.size(), threads, () -> new Worker(rules, s, heldOut), (w, k) -> {
        Attempt a = w.attempt(batch.get(k));
        synchronized (sink) {
          sink.accept(a);
        }
      }, null);
    }
  }

  /** Attempt {@code index} alone, on the calling thread. */
  public static Attempt attempt(Rules rules, Settings s, int index) {
    return new Worker(rules, s, heldOut(rules)).attempt(index);
  }

  /** The positions of the shipped benchmark of {@code rules}' preset: never made puzzles. */
  public static Set<Position> heldOut(Rules rules) {
    Set<Position> positions = new HashSet<>();
    for (BenchmarkEntry e : org.jacquet.ai.benchmark.BenchmarkFile.shipped(rules, rules.toString())) {
      positions.add(e.position());
    }
    return positions;
  }

  private static final class Worker {
    private final Rules rules;
    private final Settings s;
    private final Set<Position> heldOut;
    private final SearchBot worldClass;
    private final SearchBot expert;
    private final Evaluator exact;
    private final boolean table;
    private final int size;

    Worker(Rules rules, Settings s, Set<Position> heldOut) {
      this.rules = rules;
      this.s = s;
      this.heldOut = heldOut;
      this.worldClass = Level.WORLD_CLASS.withNoise(rules, 0, 0);
      this.expert = Level.EXPERT.withNoise(rules, 0, 0);
      this.exact = Level.EXPERT.evaluator(rules);
      this.table = BearOffTable.applies(rules);
      this.size = Outcomes.size(rules);
    }

    Attempt attempt(int index) {
      SplittableRandom random = new SplittableRandom(s.seed() * 0x9E3779B97F4A7C15L + index);
      Category wanted = index % 4 == 3 ? Category.BEAR_OFF : Category.CONTACT;
      List<LegalPlays> pool = new ArrayList<>();
      for (LegalPlays legal : BenchmarkGenerator.selfPlayDecisions(rules, Level.EXPERT, random)) {
        if (Category.of(legal.position()) == wanted && !heldOut.contains(legal.position())) pool.add(legal);
      }
      long rolloutSeed = random.nextLong();
      // The first decision that passes the screen, unless a later one the expert gets wrong
      // passes too: a set the expert always solves would teach little.
      LegalPlays chosen = null;
      List<Position> candidates = null;
      boolean expertWrong = false;
      for (int screened = 0; screened < s.screenLimit() && !pool.isEmpty() && !expertWrong; screened++) {
        LegalPlays legal = pool.remove(random.nextInt(pool.size()));
        List<RankedPlay> ranked = worldClass.rank(legal);
        if (ranked.size() < 2) continue;
        double gap = ranked.get(0).equity() - ranked.get(1).equity();
        if (gap < Math.min(s.screenGap(), s.expertWrongGap())) continue;
        Position expertChoice = expert.choose(legal).result();
        boolean wrong = !expertChoice.equals(ranked.get(0).play().result());
        if (gap < (wrong ? s.expertWrongGap() : s.screenGap())) continue;
        if (chosen != null && !wrong) continue;
        chosen = legal;
        expertWrong = wrong;
        candidates = new ArrayList<>(List.of(ranked.get(0).play().result(), ranked.get(1).play().result()));
        if (!candidates.contains(expertChoice)) candidates.add(expertChoice);
      }
      if (chosen == null) return new Attempt(index, null, "screen");
      Puzzle p = confirm(index, chosen, candidates, expertWrong, rolloutSeed);
      return p == null ? new Attempt(index, null, "rollout") : new Attempt(index, p, null);
    }

    /** The puzzle if the rollout confirms {@code candidates.get(0)} clearly best, else null. */
    private Puzzle confirm(int index, LegalPlays legal, List<Position> candidates, boolean expertWrong, long seed) {
      int n = candidates.size();
      double[] exactValue = new double[n];
      boolean[] isExact = new boolean[n];
      double[][] trials = new double[n][0];
      for (int c = 0; c < n; c++) {
        Position result = candidates.get(c);
        if (result.isOver() || (table && BearOffTable.isRace(result))) {
          float[] theirs = new float[size];
          exact.evaluate(result, theirs);
          exactValue[c] = -Outcomes.equity(theirs, size);
          isExact[c] = true;
        }
      }
      SplittableRandom stages = new SplittableRandom(seed);
      int done = 0;
      while (true) {
        boolean rolled = false;
        long stageSeed = stages.nextLong();
        for (int c = 0; c < n; c++) {
          if (isExact[c]) continue;
          double[] more = rollout(candidates.get(c), s.stageTrials(), stageSeed).trialEquities();
          double[] all = Arrays.copyOf(trials[c], trials[c].length + more.length);
          for (int i = 0; i < more.length; i++) all[trials[c].length + i] = -more[i];
          trials[c] = all;
          rolled = true;
        }
        if (rolled) done += s.stageTrials();
        double[] equity = new double[n];
        double[] error = new double[n];
        for (int c = 0; c < n; c++) equity[c] = isExact[c] ? exactValue[c] : mean(trials[c]);
        boolean allClear = true;
        for (int c = 1; c < n; c++) {
          error[c] = gapError(trials, isExact, 0, c);
          double gap = equity[0] - equity[c];
          if (gap + Z95 * error[c] < s.minGap()) return null;
          if (gap - Z95 * error[c] < s.minGap()) allClear = false;
        }
        if (allClear) return puzzle(index, legal, candidates, equity, error, expertWrong, done);
        if (!rolled || done + s.stageTrials() > s.maxTrials()) return null;
      }
    }

    private Puzzle puzzle(int index, LegalPlays legal, List<Position> candidates, double[] equity, double[] error,
        boolean expertWrong, int trials) {
      List<BenchmarkEntry.Candidate> valued = new ArrayList<>();
      for (int c = 0; c < candidates.size(); c++) {
        valued.add(new BenchmarkEntry.Candidate(candidates.get(c), equity[c], error[c]));
      }
      valued.subList(1, valued.size()).sort(java.util.Comparator.comparingDouble(BenchmarkEntry.Candidate::equity).reversed());
      return new Puzzle(index, Theme.of(legal.position(), rules), legal.position(), legal.dice(), expertWrong, trials,
          valued);
    }

    /** Standard error of the gap from candidate {@code a} to {@code b}: paired when both were rolled out. */
    private static double gapError(double[][] trials, boolean[] isExact, int a, int b) {
      if (!isExact[a] && !isExact[b]) return BenchmarkGenerator.pairedError(trials[a], trials[b]);
      if (isExact[a] && isExact[b]) return 0;
      double[] rolled = isExact[a] ? trials[b] : trials[a];
      return BenchmarkGenerator.pairedError(rolled, new double[rolled.length]);
    }

    private static double mean(double[] x) {
      double m = 0;
      for (double v : x) m += v;
      return m / x.length;
    }

    private Rollout.Result rollout(Position result, int trials, long seed) {
      try {
        return Rollout.run(rules, result, null, Level.EXPERT, trials, seed, 1, true, s.truncateAfter(), null);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
  }
}
