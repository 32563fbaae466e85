package org.jacquet.engine;

/**
 * Why a step or play is refused, one constant per rule of RULES.md. Messages live in the
 * {@code org.jacquet.engine.messages} bundles (English and French) under the constant's name.
 */
public enum IllegalReason {
  /** {0} = from point. */
  NO_CHECKER(0),
  /** {0} = to point. */
  POINT_HELD_BY_OPPONENT(0),
  /** {0} = entry point, {1} = postilion point. */
  POSTILION_FIRST(0, 1),
  /** {0} = rearmost point outside the last quadrant. */
  BEAR_OFF_NOT_ALL_HOME(0),
  /** {0} = from point, {1} = die, {2} = rearmost point. */
  BEAR_OFF_NOT_REARMOST(0, 2),
  /** No argument. */
  BEAR_OFF_OPPONENT_TALON,
  /** {0} = points needed ("24" or "23 and 24"). */
  BLOCK_FIRST_QUADRANT_NEEDS_RETURN(0),
  /** {0} = points needed, {1} = first point of the block, {2} = last point. */
  BLOCK_NEEDS_RETURN(0, 1, 2),
  /** No argument. */
  BLOCK_FIRST_QUADRANT_FORBIDDEN,
  /** {0} = first point of the block, {1} = last point. */
  BLOCK_SHUTS_OUT_POSTILION(0, 1),
  /** {0} = from, {1} = to, {2} = dice left. */
  NO_SUCH_DIE(0, 1),
  /** {0} = from, {1} = to. */
  BACKWARD(0, 1),
  /** {0} = the text that could not be read. */
  SYNTAX,
  /** {0} = dice. */
  TOO_MANY_STEPS,
  /** {0} = number of steps a legal play uses. */
  MUST_USE_MORE_DICE,
  /** {0} = the higher die. */
  MUST_USE_HIGHER_DIE,
  /** Nothing can be played, yet steps were given. */
  NOTHING_TO_PLAY,
  /** A game cannot start from a position where a side has borne off every checker. No argument. */
  GAME_ALREADY_OVER,
  /** A game cannot start from a position where no step of any die is legal for either side. No argument. */
  NO_SIDE_CAN_EVER_MOVE;

  /** Which message arguments name points (in the mover's route numbers), as the javadoc of each reason says. */
  private final int[] pointArguments;

  IllegalReason(int... pointArguments) {
    this.pointArguments = pointArguments;
  }

  /** Whether message argument {@code index} names points, so a reader's naming may write them otherwise. */
  public boolean namesPoints(int index) {
    for (int i : pointArguments) if (i == index) return true;
    return false;
  }

  /** The stable kebab-case code clients receive ({@code postilion-first}). */
  public String code() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
