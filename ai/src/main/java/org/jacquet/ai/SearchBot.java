package org.jacquet.ai;

import java.util.List;
import java.util.SplittableRandom;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.ai.search.Search;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;

/**
 * Plays the best play found by a {@link Search} at a given depth. With {@code noise} &gt; 0 every
 * candidate's expected points get Gaussian noise of that deviation before the choice, so close
 * plays are confused often and clear ones rarely: the mistakes of a human of that level.
 */
public final class SearchBot implements Bot {
  private final String name;
  private final Search search;
  private final int plies;
  private final double noise;
  private final SplittableRandom random;

  public SearchBot(String name, Search search, int plies, double noise, long seed) {
    this.name = name;
    this.search = search;
    this.plies = plies;
    this.noise = noise;
    this.random = new SplittableRandom(seed);
  }

  @Override
  public Play choose(LegalPlays legal) {
    if (legal.isForced()) return legal.plays().get(0);
    List<RankedPlay> ranked = search.rank(legal, plies);
    if (noise == 0) return ranked.get(0).play();
    Play best = null;
    double bestScore = Double.NEGATIVE_INFINITY;
    for (RankedPlay r : ranked) {
      double score = r.equity() + noise * random.nextGaussian();
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

  /** Ranked plays, for hints. */
  public List<RankedPlay> rank(LegalPlays legal) {
    return search.rank(legal, plies);
  }

  @Override
  public String name() {
    return name;
  }
}
