package org.jacquet.ai.search;

/**
 * How many candidate plays a search keeps at each depth after screening them all at 0-ply,
 * as GNU Backgammon's move filters do: at most {@code keep}, and only those within
 * {@code within} expected points of the best.
 */
public record MoveFilter(int rootKeep, double rootWithin, int innerKeep) {
  /** The filter of the world-class level (2-ply). */
  public static final MoveFilter WORLD_CLASS = new MoveFilter(4, 0.12, 1);
  public static final MoveFilter NONE = new MoveFilter(Integer.MAX_VALUE, Double.MAX_VALUE, Integer.MAX_VALUE);
}
