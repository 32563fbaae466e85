package org.jacquet.ai.benchmark;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.LongFunction;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.ai.Parallel;
import org.jacquet.ai.SearchBot;
import org.jacquet.ai.duel.GameRunner;
import org.jacquet.ai.eval.BearOffTable;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.rollout.Rollout;
import org.jacquet.ai.search.MoveFilter;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.ai.search.Search;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;

/**
 * Makes benchmark decisions. Decision {@code i} comes from one self-play game of the sampling
 * level (seeded by the run's seed and {@code i}): one of its real decisions (dice and all, never
 * a forced play) is drawn — a bear-off for every fourth decision, contact otherwise. Its
 * candidates are the best few plays at 0-ply of today's network and of the first version's
 * ({@code expert-v1}), and the choice at 2-ply (world class's search) of each: every play either
 * network would make is measured, not guessed. Each is valued exactly when the game is over or
 * both sides are bearing off (the exact table), and otherwise by two independent variance-reduced
 * rollouts, one that picks the best candidate and one that measures every candidate's loss
 * against it (see {@link BenchmarkEntry}); within each rollout every candidate meets the same
 * dice. Each decision depends only on the seed and its index: a run resumes by skipping the
 * indices done.
 */
public final class BenchmarkGenerator {
  /**
   * How decisions are made: who samples and rolls out, how many best plays of each network are
   * candidates, trials per candidate in the measuring and in the picking rollout.
   */
  public record Settings(Level sampler, Level rollout, int candidates, int trials, int selectionTrials,
      int truncateAfter, long seed) {
    public String describe() {
      return "positions from " + sampler.key() + " self-play; candidates: the " + candidates
          + " best at 0-ply of " + sampler.key() + " and of expert-v1, and each one's choice at 2-ply; each candidate "
          + "rolled out by " + rollout.key() + " " + selectionTrials + " times to pick the best, then " + trials
          + " times (other dice) to measure the losses"
          + (truncateAfter > 0 ? ", truncated after " + truncateAfter + " plays (then 0-ply)" : ", to the end")
          + ", races read from the exact bear-off table, with variance reduction (quasi-random first two throws, "
          + "luck control variate), the same dice for every candidate within a rollout; bear-off races and ended "
          + "games exact; standard error: of each candidate's loss against the best, paired trial by trial; seed " + seed;
    }
  }

  /** Sets the completion's rollout seeds apart from the generation's. */
  private static final long COMPLETION = 0x636F6D706C657465L;

  private BenchmarkGenerator() {}

  /**
   * Makes decisions {@code 0 .. count-1} but those {@code done} says are made, on {@code threads}
   * threads, giving each to {@code sink} (from any thread, one at a time) as it is finished.
   */
  public static void generate(Rules rules, Settings s, int count, IntPredicate done, int threads,
      Consumer<BenchmarkEntry> sink) throws InterruptedException {
    List<Integer> todo = new ArrayList<>();
    for (int i = 0; i < count; i++) if (!done.test(i)) todo.add(i);
    Parallel.run(todo.size(), threads, () -> new Worker(rules, s), (w, k) -> {
      BenchmarkEntry e = w.make(todo.get(k));
      synchronized (sink) {
        sink.accept(e);
      }
    }, null);
  }

  /** The decision (position and dice) that benchmark decision {@code index} of a run seeded {@code seed} is drawn from. */
  public static LegalPlays decision(Rules rules, Level sampler, long seed, int index) {
    Worker w = new Worker(rules, new Settings(sampler, sampler, 1, 2, 2, 0, seed));
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
    Category wanted = index % 4 == 3 ? Category.BEAR_OFF : Category.CONTACT;
    LegalPlays decision = null;
    while (decision == null) decision = w.sample(random, wanted);
    return decision;
  }

  /**
   * Completes {@code entries} for {@code players}: every decision where one of them (its bot made
   * from the same seed as {@link BenchmarkScore#score} makes it) plays outside the candidates is
   * rolled out again with that play added, every candidate anew with the same dice (rollouts
   * seeded by the run's seed and the index, apart from the generation's), as {@link #generate}
   * values them; so that a player the candidates were not drawn from is scored on measured plays,
   * not on the worst candidate standing in for its own. Each such decision goes to {@code sink}
   * (from any thread, one at a time) as it is finished; the others are left as they are.
   */
  public static void complete(Rules rules, Settings s, List<BenchmarkEntry> entries, List<LongFunction<Bot>> players,
      long playerSeed, int threads, Consumer<BenchmarkEntry> sink) throws InterruptedException {
    List<List<Position>> outside = new ArrayList<>(java.util.Collections.nCopies(entries.size(), List.<Position>of()));
    Parallel.run(entries.size(), threads, () -> new PlayGenerator(rules), (gen, i) -> {
      BenchmarkEntry e = entries.get(i);
      List<Position> plays = new ArrayList<>();
      LegalPlays legal = gen.legalPlays(e.position(), e.dice());
      for (LongFunction<Bot> player : players) {
        Position result = player.apply(playerSeed * 1_000_003L + e.index()).choose(legal).result();
        if (!e.isCandidate(result) && !plays.contains(result)) plays.add(result);
      }
      synchronized (outside) {
        outside.set(i, plays);
      }
    }, null);
    List<BenchmarkEntry> todo = new ArrayList<>();
    List<List<Position>> added = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      if (outside.get(i).isEmpty()) continue;
      todo.add(entries.get(i));
      added.add(outside.get(i));
    }
    Parallel.run(todo.size(), threads, () -> new Worker(rules, s), (w, k) -> {
      BenchmarkEntry e = w.withPlays(todo.get(k), added.get(k));
      synchronized (sink) {
        sink.accept(e);
      }
    }, null);
  }

  /**
   * The real decisions of one self-play game of {@code sampler} (its bots and dice drawn from
   * {@code random}), in the order played: each position with its thrown dice, never a forced
   * play nor dice passed on by the opponent (Versailles).
   */
  public static List<LegalPlays> selfPlayDecisions(Rules rules, Level sampler, SplittableRandom random) {
    List<LegalPlays> all = new ArrayList<>();
    Bot[] bots = new Bot[2];
    for (int b = 0; b < 2; b++) {
      bots[b] = Bot.watched(sampler.create(rules, random.nextLong()), (legal, nanos) -> {
        if (!legal.isForced() && !legal.dice().transferred()) all.add(legal);
      });
    }
    GameRunner.play(new Game(rules, new SeededDice(random.nextLong())), bots[0], bots[1]);
    return all;
  }

  /** Decision {@code index} alone, on the calling thread. */
  public static BenchmarkEntry make(Rules rules, Settings s, int index) {
    return new Worker(rules, s).make(index);
  }

  private static final class Worker {
    private final Rules rules;
    private final Settings s;
    private final Evaluator exact;
    private final boolean table;
    private final int size;

    Worker(Rules rules, Settings s) {
      this.rules = rules;
      this.s = s;
      this.exact = s.rollout().evaluator(rules);
      this.table = BearOffTable.applies(rules);
      this.size = Outcomes.size(rules);
    }

    BenchmarkEntry make(int index) {
      SplittableRandom random = new SplittableRandom(s.seed() * 0x9E3779B97F4A7C15L + index);
      Category wanted = index % 4 == 3 ? Category.BEAR_OFF : Category.CONTACT;
      LegalPlays decision = null;
      while (decision == null) decision = sample(random, wanted);
      List<Position> candidates = new ArrayList<>();
      for (Level network : List.of(s.sampler(), Level.EXPERT_V1)) {
        Evaluator evaluator = network.evaluator(rules);
        List<RankedPlay> ranked = new SearchBot("screen", new Search(evaluator, MoveFilter.NONE), 0, 0, 0).rank(decision);
        for (int k = 0; k < Math.min(s.candidates(), ranked.size()); k++) add(candidates, ranked.get(k).play().result());
        add(candidates, new SearchBot("deep", new Search(evaluator, MoveFilter.WORLD_CLASS), 2, 0, 0)
            .choose(decision).result());
      }
      long selectionSeed = random.nextLong();
      long rolloutSeed = random.nextLong();
      List<BenchmarkEntry.Candidate> valued = paired(candidates, selectionSeed, rolloutSeed);
      return new BenchmarkEntry(index, Category.of(decision.position()), decision.position(), decision.dice(), valued);
    }

    /** {@code e} valued again, every candidate anew, with {@code plays} among its candidates. */
    BenchmarkEntry withPlays(BenchmarkEntry e, List<Position> plays) {
      List<Position> candidates = new ArrayList<>();
      for (BenchmarkEntry.Candidate c : e.candidates()) candidates.add(c.result());
      for (Position p : plays) add(candidates, p);
      // Seeds of their own: the generation's came from the sampling game, which this run may
      // not replay (the networks change), and the same dice again would add nothing new.
      SplittableRandom random = new SplittableRandom((s.seed() * 0x9E3779B97F4A7C15L + e.index()) ^ COMPLETION);
      long selectionSeed = random.nextLong();
      long rolloutSeed = random.nextLong();
      return new BenchmarkEntry(e.index(), e.category(), e.position(), e.dice(),
          paired(candidates, selectionSeed, rolloutSeed));
    }

    private static void add(List<Position> candidates, Position p) {
      if (!candidates.contains(p)) candidates.add(p);
    }

    /** One self-play game; a random non-forced decision of the wanted category (any, if none). */
    private LegalPlays sample(SplittableRandom random, Category wanted) {
      List<LegalPlays> all = selfPlayDecisions(rules, s.sampler(), random);
      List<LegalPlays> matching = all.stream().filter(legal -> Category.of(legal.position()) == wanted).toList();
      List<LegalPlays> pool = matching.isEmpty() ? all : matching;
      return pool.isEmpty() ? null : pool.get(random.nextInt(pool.size()));
    }

    /**
     * Each candidate's equity in the measuring rollout and in the picking one, and the standard
     * error of its loss against the best (the picking rollout's best): paired trial by trial when
     * both were rolled out (the same dice), so the error is that of the difference.
     */
    private List<BenchmarkEntry.Candidate> paired(List<Position> candidates, long selectionSeed, long seed) {
      int n = candidates.size();
      double[] equity = new double[n];
      double[] selection = new double[n];
      double[] alone = new double[n];
      double[][] trials = new double[n][];
      for (int c = 0; c < n; c++) {
        Position result = candidates.get(c);
        if (result.isOver() || (table && BearOffTable.isRace(result))) {
          float[] theirs = new float[size];
          exact.evaluate(result, theirs);
          equity[c] = -Outcomes.equity(theirs, size);
          selection[c] = equity[c];
          continue;
        }
        selection[c] = -rollout(result, s.selectionTrials(), selectionSeed).equity();
        Rollout.Result r = rollout(result, s.trials(), seed);
        equity[c] = -r.equity();
        alone[c] = r.equityHalfWidth() / 1.96;
        trials[c] = r.trialEquities();
      }
      int best = 0;
      for (int c = 1; c < n; c++) if (selection[c] > selection[best]) best = c;
      List<BenchmarkEntry.Candidate> valued = new ArrayList<>();
      for (int c = 0; c < n; c++) {
        double se;
        if (c == best) se = 0;
        else if (trials[c] != null && trials[best] != null) se = pairedError(trials[best], trials[c]);
        else se = Math.sqrt(alone[c] * alone[c] + alone[best] * alone[best]);
        valued.add(new BenchmarkEntry.Candidate(candidates.get(c), equity[c], se, selection[c]));
      }
      return valued;
    }

    private Rollout.Result rollout(Position result, int trials, long seed) {
      try {
        return Rollout.run(rules, result, null, s.rollout(), trials, seed, 1, true, s.truncateAfter(), null);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
  }

  /** Standard error of the mean of {@code a[i] - b[i]}. */
  public static double pairedError(double[] a, double[] b) {
    int n = a.length;
    double mean = 0;
    for (int i = 0; i < n; i++) mean += a[i] - b[i];
    mean /= n;
    double ss = 0;
    for (int i = 0; i < n; i++) {
      double d = a[i] - b[i] - mean;
      ss += d * d;
    }
    return Math.sqrt(ss / (n - 1) / n);
  }
}
