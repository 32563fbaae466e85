package org.jacquet.ai.benchmark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.ai.Parallel;
import org.jacquet.ai.SearchBot;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/**
 * Scores against a search instead of rollouts, as the project's own game review does: each
 * decision's plays are valued by a level's ranking (world class: 2-ply), a play the search
 * filtered out being valued as deep as the best one; losses are in points (in games of the average
 * points under spanish scoring, as the review counts them). Cheap enough for many decisions, so it
 * calibrates the noisy levels; it cannot measure the reference level itself (its loss is 0).
 */
public final class SearchReference {
  private final Rules rules;
  private final Level reference;
  private final List<LegalPlays> decisions;
  private final List<Map<Position, Double>> values = new ArrayList<>();
  private final double[] best;

  /** Decisions {@code 0 .. count-1} as drawn for a benchmark seeded {@code seed} (positions only, no rollouts). */
  public SearchReference(Rules rules, Level reference, Level sampler, int count, long seed, int threads)
      throws InterruptedException {
    this.rules = rules;
    this.reference = reference;
    LegalPlays[] made = new LegalPlays[count];
    this.best = new double[count];
    for (int i = 0; i < count; i++) values.add(new ConcurrentHashMap<>());
    Parallel.run(count, threads, () -> (SearchBot) reference.create(rules, 0), (ranker, i) -> {
      made[i] = BenchmarkGenerator.decision(rules, sampler, seed, i);
      List<RankedPlay> ranked = ranker.rank(made[i]);
      int plies = ranked.get(0).plies();
      for (RankedPlay r : ranked) if (r.plies() == plies) values.get(i).put(r.play().result(), r.equity());
      best[i] = ranked.get(0).equity();
    }, null);
    this.decisions = List.of(made);
  }

  public int size() {
    return decisions.size();
  }

  /** The average loss of {@code bots}' choices against the reference, as a benchmark score. */
  public BenchmarkScore.Report score(LongFunction<Bot> bots, long seed, int threads) throws InterruptedException {
    double[] losses = new double[decisions.size()];
    boolean[] outside = new boolean[decisions.size()];
    List<BenchmarkEntry> entries = new ArrayList<>();
    for (int i = 0; i < decisions.size(); i++) {
      LegalPlays d = decisions.get(i);
      entries.add(new BenchmarkEntry(i, Category.of(d.position()), d.position(), d.dice(),
          List.of(new BenchmarkEntry.Candidate(d.plays().get(0).result(), 0, 0))));
    }
    Parallel.run(decisions.size(), threads, () -> (SearchBot) reference.create(rules, 0), (ranker, i) -> {
      Position chosen = bots.apply(seed * 1_000_003L + i).choose(decisions.get(i)).result();
      Double v = values.get(i).get(chosen);
      if (v == null) {
        int size = Outcomes.size(rules);
        float[] theirs = new float[size];
        float[] mine = new float[size];
        ranker.search().evaluate(chosen, reference.plies(), theirs);
        Outcomes.flip(theirs, mine, size);
        v = Outcomes.equity(mine, size);
        values.get(i).put(chosen, v);
      }
      // In points of a one- or two-point game: under spanish scoring a loss counts in games of the
      // table's average points, as the review and the levels' noise count it.
      double perPoint = ranker.search().objective(org.jacquet.ai.match.MatchContext.MONEY, decisions.get(i).position().turn()).perPoint();
      losses[i] = Math.max(0, best[i] - v) / perPoint;
    }, null);
    return BenchmarkScore.report(entries, losses, outside);
  }
}
