package org.jacquet.ai.eval;

import org.jacquet.engine.DiceToPlay;

/**
 * The plays of a side bearing off with no contact left, for building the {@link BearOffTable}:
 * the positions they lead to, as table indices, in the order the engine's {@link
 * org.jacquet.engine.PlayGenerator} finds them. In a race every rule of a step reduces to one:
 * a checker moves or bears off, and a die larger than needed bears off only the rearmost checker
 * (no block, postilion or talon rule can apply with every checker home). The rest — every die
 * used when possible, the higher die when only one can be, doubles expanded once per position
 * reached — is the generator's, on six counts instead of a board, and gives the same results in
 * the same order ({@code BearOffBuildTest} compares the whole table with one built by the
 * generator). One per thread.
 */
final class BearOffMoves {
  private static final int MAX_STEPS = 6;

  /** Checkers on the home points 19..24 (index 0..5), changed and restored by the search. */
  private final int[] c = new int[BearOffTable.POINTS];
  private final int[] visited = new int[BearOffTable.SIZE * (MAX_STEPS + 1)];
  private int stamp;
  private int[] results = new int[64];
  private int[] firstDie = new int[64];
  private int count;
  private int maxDepth;

  /**
   * Finds the plays of {@code dice} for a side with {@code home[i]} checkers on point 19 + i (at
   * least one); returns how many results {@link #result} then holds (a position may repeat).
   */
  int plays(int[] home, DiceToPlay dice) {
    System.arraycopy(home, 0, c, 0, BearOffTable.POINTS);
    count = 0;
    maxDepth = 0;
    if (++stamp == Integer.MAX_VALUE) {
      java.util.Arrays.fill(visited, 0);
      stamp = 1;
    }
    if (dice.isPair()) {
      pair(dice.high(), dice.low());
    } else {
      equal(dice.high(), dice.count(), 0);
    }
    return count;
  }

  /** The table index of result {@code i}. */
  int result(int i) {
    return results[i];
  }

  private void pair(int high, int low) {
    for (int d = 0; d < 2; d++) {
      int die = d == 0 ? high : low;
      int other = d == 0 ? low : high;
      for (int i = 0; i < BearOffTable.POINTS; i++) {
        if (c[i] == 0 || !legal(i, die)) continue;
        int to = step(i, die);
        boolean anySecond = false;
        for (int j = 0; j < BearOffTable.POINTS; j++) {
          if (c[j] == 0 || !legal(j, other)) continue;
          anySecond = true;
          int to2 = step(j, other);
          leaf(2, die);
          undo(j, to2);
        }
        if (!anySecond) leaf(1, die);
        undo(i, to);
      }
    }
    if (maxDepth == 1) keepHigherDie(high);
  }

  private void equal(int die, int steps, int level) {
    if (level == steps) {
      leaf(level, die);
      return;
    }
    if (level > 0) {
      int key = BearOffTable.indexOfHome(c) * (MAX_STEPS + 1) + level;
      if (visited[key] == stamp) return;
      visited[key] = stamp;
    }
    boolean any = false;
    for (int i = 0; i < BearOffTable.POINTS; i++) {
      if (c[i] == 0 || !legal(i, die)) continue;
      any = true;
      int to = step(i, die);
      equal(die, steps, level + 1);
      undo(i, to);
    }
    if (!any) leaf(level, die);
  }

  /** Whether a checker on home point {@code i} may move {@code die}: beyond the edge only from the rearmost point. */
  private boolean legal(int i, int die) {
    if (i + die <= BearOffTable.POINTS) return true;
    for (int k = 0; k < i; k++) if (c[k] > 0) return false;
    return true;
  }

  /** Moves a checker from {@code i} by {@code die}; returns where it went (POINTS: off). */
  private int step(int i, int die) {
    int to = Math.min(i + die, BearOffTable.POINTS);
    c[i]--;
    if (to < BearOffTable.POINTS) c[to]++;
    return to;
  }

  private void undo(int i, int to) {
    if (to < BearOffTable.POINTS) c[to]--;
    c[i]++;
  }

  private void leaf(int depth, int die) {
    if (depth < maxDepth) return;
    if (depth > maxDepth) {
      maxDepth = depth;
      count = 0;
    }
    if (count == results.length) {
      results = java.util.Arrays.copyOf(results, 2 * count);
      firstDie = java.util.Arrays.copyOf(firstDie, 2 * count);
    }
    results[count] = BearOffTable.indexOfHome(c);
    firstDie[count] = die;
    count++;
  }

  /** When only one die of two can be played it must be the higher, if the higher can be. */
  private void keepHigherDie(int high) {
    boolean anyHigh = false;
    for (int i = 0; i < count; i++) anyHigh |= firstDie[i] == high;
    if (!anyHigh) return;
    int kept = 0;
    for (int i = 0; i < count; i++) {
      if (firstDie[i] == high) results[kept++] = results[i];
    }
    count = kept;
  }
}
