package org.jacquet.engine.game;

import java.util.SplittableRandom;

/** Fair dice from a seed: the same seed throws the same dice, on every machine. */
public final class SeededDice implements DiceSource {
  private final SplittableRandom random;

  public SeededDice(long seed) {
    this.random = new SplittableRandom(seed);
  }

  @Override
  public int roll() {
    return random.nextInt(6) + 1;
  }
}
