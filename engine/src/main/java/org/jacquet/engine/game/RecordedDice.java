package org.jacquet.engine.game;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Dice read back from a game record, queued by the reader just before each throw it replays;
 * once the record is replayed, a game can go on with dice from {@link #continueWith}.
 */
public final class RecordedDice implements DiceSource {
  private final Deque<Integer> queue = new ArrayDeque<>();
  private DiceSource next;
  private int thrown;

  public void add(int... dice) {
    for (int d : dice) queue.add(d);
  }

  /** How many dice have been thrown so far. */
  public int thrown() {
    return thrown;
  }

  /** Where dice come from once the queue is empty (a resumed game). */
  public void continueWith(DiceSource source) {
    this.next = source;
  }

  @Override
  public int roll() {
    Integer d = queue.poll();
    if (d == null) {
      if (next == null) throw new IllegalStateException("the record has no more dice to throw");
      d = next.roll();
    }
    thrown++;
    return d;
  }
}
