package org.jacquet.engine.game;

import java.util.List;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Play;
import org.jacquet.engine.Side;

/** One thing that happened in a game, in order: what a record stores and a UI replays. */
public sealed interface GameEvent {
  /** Each side threw one die to see who starts. */
  record OpeningThrow(int white, int black) implements GameEvent {
    public boolean isTie() {
      return white == black;
    }

    public Side winner() {
      return white > black ? Side.WHITE : Side.BLACK;
    }
  }

  /** Under {@code opening=winner-chooses}: the winner plays the opening dice or throws again. */
  record OpeningChoice(Side side, boolean throwsAgain) implements GameEvent {}

  /**
   * A side played (or could not play) its dice. {@code unused} are the dice no legal play could
   * use: lost, or passed to the opponent under Versailles.
   */
  record Turn(Side side, DiceToPlay dice, Play play, List<Integer> unused) implements GameEvent {
    public Turn {
      unused = List.copyOf(unused);
    }
  }

  /**
   * A side gave up. {@code unplayed} are the dice thrown for the turn in progress that nobody
   * played (null when the resignation came before a throw): they stay in the record, so that
   * the dice replay and check against the seed.
   */
  record Resignation(Side side, DiceToPlay unplayed) implements GameEvent {
    public Resignation(Side side) {
      this(side, null);
    }
  }
}
