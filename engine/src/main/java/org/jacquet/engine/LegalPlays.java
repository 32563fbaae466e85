package org.jacquet.engine;

import java.util.List;

/**
 * Every legal play for a position and dice, one per distinct resulting position, with the
 * dice that no play can use (lost, or passed on under Versailles). A position where nothing
 * can be played has exactly one play: the pass.
 */
public record LegalPlays(Position position, DiceToPlay dice, List<Play> plays, List<Integer> unused) {
  public LegalPlays {
    plays = List.copyOf(plays);
    unused = List.copyOf(unused);
  }

  public boolean isPass() {
    return plays.size() == 1 && plays.get(0).isPass();
  }

  /** Whether there is only one thing to do (a forced play or a pass). */
  public boolean isForced() {
    return plays.size() == 1;
  }

  /** The legal play leading to {@code result} (turn passed), if any. */
  public java.util.Optional<Play> leadingTo(Position result) {
    return plays.stream().filter(p -> p.result().equals(result)).findFirst();
  }
}
