package org.jacquet.engine.game;

import java.util.SplittableRandom;

/** Fair dice from a seed: the same seed throws the same dice, on every machine. */
public final class SeededDice implements DiceSource {
  private final SplittableRandom random;

  public SeededDice(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** The dice of {@code seed} after the first {@code thrown} (to resume a saved game). */
  public static SeededDice resumed(long seed, int thrown) {
    SeededDice d = new SeededDice(seed);
    for (int i = 0; i < thrown; i++) d.roll();
    return d;
  }

  @Override
  public int roll() {
    return random.nextInt(6) + 1;
  }
}
