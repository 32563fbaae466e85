package org.jacquet.ai.puzzle;

import java.util.EnumSet;
import java.util.Set;
import org.jacquet.ai.benchmark.Category;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;

/**
 * What a puzzle is about, read from its position by {@link #of} (a puzzle can have several, or
 * none): the learner filters puzzles by it.
 *
 * <ul>
 *   <li>{@code postilion}: a side's postilion (courrier) is still bound — it has not reached its
 *       entry quadrant and that side's other checkers are all on the talon (RULES.md §3).
 *   <li>{@code blocks}: the sides are still in contact and one holds four or more consecutive
 *       points along the other's route, the start of a six-point block (bouchon).
 *   <li>{@code bear-off}: the side to move has every checker in its last quadrant or off.
 *   <li>{@code race}: contact is over — no checker of either side has a point of the other ahead
 *       of it on its route, so only the dice and the bear-off remain.
 * </ul>
 */
public enum Theme {
  POSTILION("postilion"),
  BLOCKS("blocks"),
  BEAR_OFF("bear-off"),
  RACE("race");

  /** Consecutive points that make a block worth its name (six shut a checker in). */
  static final int BLOCK_RUN = 4;

  private final String key;

  Theme(String key) {
    this.key = key;
  }

  public String key() {
    return key;
  }

  /** The theme named {@code text}, or an error naming the valid ones. */
  public static Theme parse(String text) {
    for (Theme t : values()) if (t.key.equals(text)) return t;
    throw new IllegalArgumentException("unknown puzzle theme '" + org.jacquet.engine.Excerpt.of(text)
        + "'; valid themes: postilion, blocks, bear-off, race");
  }

  /** The themes of the decision at {@code p} under {@code rules}. */
  public static Set<Theme> of(Position p, Rules rules) {
    Set<Theme> themes = EnumSet.noneOf(Theme.class);
    for (Side s : Side.values()) {
      if (p.postilionBound(s, rules.postilionEntry())) themes.add(POSTILION);
    }
    boolean race = !inContact(p, p.turn()) && !inContact(p, p.turn().opponent());
    if (race) themes.add(RACE);
    else if (longestRun(p, Side.WHITE) >= BLOCK_RUN || longestRun(p, Side.BLACK) >= BLOCK_RUN) themes.add(BLOCKS);
    if (Category.of(p) == Category.BEAR_OFF) themes.add(BEAR_OFF);
    return themes;
  }

  /** Whether some point of the other side lies ahead of {@code side}'s rearmost checker on its route. */
  static boolean inContact(Position p, Side side) {
    int rearmost = p.rearmost(side);
    Side other = side.opponent();
    for (int q = 1; q <= 24; q++) {
      if (p.count(other, q) > 0 && Side.otherFrame(q) > rearmost) return true;
    }
    return false;
  }

  /** The longest run of consecutive route points {@code side} holds. */
  static int longestRun(Position p, Side side) {
    int best = 0;
    int run = 0;
    for (int r = 1; r <= 24; r++) {
      run = p.count(side, r) > 0 ? run + 1 : 0;
      best = Math.max(best, run);
    }
    return best;
  }
}
