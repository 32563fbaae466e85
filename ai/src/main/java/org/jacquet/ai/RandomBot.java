package org.jacquet.ai;

import java.util.SplittableRandom;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;

/** Plays a legal play at random: the baseline every other bot must crush. */
public final class RandomBot implements Bot {
  private final SplittableRandom random;

  public RandomBot(long seed) {
    this.random = new SplittableRandom(seed);
  }

  @Override
  public Play choose(LegalPlays legal) {
    return legal.plays().get(random.nextInt(legal.plays().size()));
  }

  @Override
  public String name() {
    return "random";
  }
}
