package org.jacquet.engine.game;

import java.util.ArrayDeque;
import java.util.Deque;

/** Dice read back from a game record, queued by the reader just before each throw it replays. */
public final class RecordedDice implements DiceSource {
  private final Deque<Integer> queue = new ArrayDeque<>();

  public void add(int... dice) {
    for (int d : dice) queue.add(d);
  }

  @Override
  public int roll() {
    Integer d = queue.poll();
    if (d == null) throw new IllegalStateException("the record has no more dice to throw");
    return d;
  }
}
