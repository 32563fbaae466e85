package org.jacquet.engine;

import java.util.List;
import org.jacquet.engine.format.PlayNotation;

/**
 * A legal play: the steps in the order played and the position they lead to, with the turn
 * passed to the opponent. Two plays are the same play when they lead to the same position.
 */
public record Play(List<Step> steps, Position result) {
  public Play {
    steps = List.copyOf(steps);
  }

  /** No step at all: the side could not move. */
  public boolean isPass() {
    return steps.isEmpty();
  }

  /** The play in RULES.md §1 notation, e.g. {@code 1/7 7/12}; empty for a pass. */
  public String notation() {
    return PlayNotation.format(steps);
  }

  @Override
  public String toString() {
    return notation();
  }
}
