package org.jacquet.engine.format;

import java.util.ArrayDeque;
import java.util.Deque;
import org.jacquet.engine.GameStateException;
import org.jacquet.engine.game.DiceSource;

/**
 * Dice read back from a game record, queued by the reader just before each throw it replays;
 * once the record is replayed, a game can go on with dice from {@link #continueWith}.
 */
public final class RecordedDice implements DiceSource {
  private final Deque<Integer> queue = new ArrayDeque<>();
  private DiceSource next;
  private int thrown;
  private final java.util.List<Throw> throwsQueued = new java.util.ArrayList<>();

  /**
   * Two dice thrown together, as the record gives them: an opening throw in order (White's die,
   * Black's), a turn's throw higher first (its order from the dice source is not recorded).
   */
  public record Throw(int first, int second, boolean ordered) {
    /** Whether dice drawn from a source as {@code a} then {@code b} make this throw. */
    public boolean matches(int a, int b) {
      return ordered ? a == first && b == second
          : (a == first && b == second) || (a == second && b == first);
    }
  }

  /** Queues an opening throw: White's die, then Black's. */
  public void addOpening(int white, int black) {
    queue.add(white);
    queue.add(black);
    throwsQueued.add(new Throw(white, black, true));
  }

  /** Queues a turn's throw. */
  public void addThrow(int high, int low) {
    queue.add(high);
    queue.add(low);
    throwsQueued.add(new Throw(high, low, false));
  }

  /** How many dice have been thrown so far. */
  public int thrown() {
    return thrown;
  }

  /** Every throw the record gave, in order (to check them against a seed). */
  public java.util.List<Throw> throwsRecorded() {
    return java.util.List.copyOf(throwsQueued);
  }

  /** Where dice come from once the queue is empty (a resumed game). */
  public void continueWith(DiceSource source) {
    this.next = source;
  }

  @Override
  public int roll() {
    Integer d = queue.poll();
    if (d == null) {
      if (next == null) throw new GameStateException("record-no-more-dice");
      d = next.roll();
    }
    thrown++;
    return d;
  }
}
