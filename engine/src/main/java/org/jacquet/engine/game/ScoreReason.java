package org.jacquet.engine.game;

/** Why a won game is worth its points (RULES.md §6), for display in any language. */
public enum ScoreReason {
  /** simple: the loser had borne off a checker. */
  SINGLE,
  /** simple: the loser had borne off none. */
  DOUBLE,
  /** ladder 1: the loser had borne off a checker. */
  LADDER_BORNE_OFF,
  /** ladder 2: all the loser's checkers in its last quadrant. */
  LADDER_LAST_QUADRANT,
  /** ladder 3: some in its third quadrant, none further back. */
  LADDER_THIRD_QUADRANT,
  /** ladder 4: some in its second quadrant, none in its first. */
  LADDER_SECOND_QUADRANT,
  /** ladder 5: some still in its first quadrant. */
  LADDER_FIRST_QUADRANT,
  /** spanish: 3, 2, 1 points per checker left by quadrant. */
  SPANISH,
  /** Neither side could ever move again: the game ended with no winner and no points. */
  LOCKED;

  public String key() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  public static ScoreReason parse(String key) {
    for (ScoreReason r : values()) if (r.key().equals(key)) return r;
    throw new org.jacquet.engine.FormatException("result-reason", org.jacquet.engine.Excerpt.of(key));
  }
}
