package org.jacquet.ai;

import java.util.List;
import java.util.SplittableRandom;
import org.jacquet.ai.match.MatchContext;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.ai.search.Search;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;

/**
 * Plays the best play found by a {@link Search} at a given depth. With {@code noise} &gt; 0 every
 * candidate's expected points get Gaussian noise of that deviation before the choice, so close
 * plays are confused often and clear ones rarely: the mistakes of a human of that level. In a
 * match the bot maximises its chance of winning the match, and the noise is scaled to what a
 * point is worth at the score ({@link org.jacquet.ai.match.Objective#perPoint()}).
 */
public final class SearchBot implements Bot {
  private final String name;
  private final Search search;
  private final int plies;
  private final double noise;
  private final SplittableRandom random;
  private final long seed;

  public SearchBot(String name, Search search, int plies, double noise, long seed) {
    this.seed = seed;
    this.name = name;
    this.search = search;
    this.plies = plies;
    this.noise = noise;
    this.random = new SplittableRandom(seed);
  }

  @Override
  public Play choose(LegalPlays legal) {
    return choose(legal, MatchContext.MONEY);
  }

  @Override
  public Play choose(LegalPlays legal, MatchContext context) {
    if (legal.isForced()) return legal.plays().get(0);
    List<RankedPlay> ranked = search.rank(legal, plies, context);
    if (noise == 0) return ranked.get(0).play();
    double scaled = noise * search.objective(context, legal.position().turn()).perPoint();
    Play best = null;
    double bestScore = Double.NEGATIVE_INFINITY;
    for (RankedPlay r : ranked) {
      double score = r.equity() + scaled * random.nextGaussian();
      if (score > bestScore) {
        bestScore = score;
        best = r.play();
      }
    }
    return best;
  }

  /** The search behind this bot. */
  public Search search() {
    return search;
  }

  /** Ranked plays, for hints: expected points. */
  public List<RankedPlay> rank(LegalPlays legal) {
    return search.rank(legal, plies);
  }

  /** Ranked plays for {@code context}: expected points, or in a match the chance of winning it. */
  public List<RankedPlay> rank(LegalPlays legal, MatchContext context) {
    return search.rank(legal, plies, context);
  }

  /**
   * The same bot searching as before Versailles' dice transfers were searched (dice left unused
   * treated as lost), to measure the gain: {@code jacquet duel … --b-without-transfers}.
   */
  public SearchBot withoutTransferSearch() {
    return new SearchBot(name + "-no-transfers", new Search(search.evaluator(), search.filter(), false), plies, noise, seed);
  }

  /** The depth this bot searches at. */
  public int plies() {
    return plies;
  }

  @Override
  public String name() {
    return name;
  }
}
