package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;

/**
 * The network's view of a position, from its side to move: each side's 24 points in its own
 * frame (four units a point: 1, 2, 3 checkers, then half of the rest, as in TD-Gammon), then
 * what decides Jacquet — checkers off, pips, the postilion and how far it has to go, whether
 * the side can bear off, how hemmed in it is by the other's points, its longest run along the
 * other's route, its return checkers and its hold on 1..6. Written sparse: most units are 0.
 */
public final class NetInputs {
  static final int PER_SIDE = 24 * 4 + 13;
  public static final int SIZE = 2 * PER_SIDE;

  private final int entry;
  private final int[] me = new int[25];
  private final int[] them = new int[25];
  /** The active inputs of the last encoding: {@code index[i]} has value {@code value[i]}. */
  final int[] index = new int[SIZE];
  final float[] value = new float[SIZE];
  int count;
  /**
   * How many of the first active inputs depend on the side to move's checkers alone (its points,
   * then its checkers off, pips, postilion and bear-off units): the same for every play of the
   * other side, since a play's result has the side that did not move to move.
   */
  int ownCount;

  public NetInputs(Rules rules) {
    this.entry = rules.postilionEntry();
  }

  /** The side to move's counts of the last encoding, and its inputs other than how hemmed in it is. */
  private final int[] keptCounts = new int[25];
  private boolean kept;
  private final int[] keptIndex = new int[PER_SIDE];
  private final float[] keptValue = new float[PER_SIDE];
  private int keptTail;

  /**
   * Encodes {@code p} for its side to move. The side to move's own inputs are copied from the
   * last encoding when its checkers are the same (every play of a throw): only how hemmed in it
   * is depends on the other side. The inputs and their order are exactly those of a fresh pass.
   */
  void encode(Position p) {
    Side mover = p.turn();
    p.copyCounts(mover, me);
    p.copyCounts(mover.opponent(), them);
    count = 0;
    if (kept && java.util.Arrays.equals(me, keptCounts)) {
      System.arraycopy(keptIndex, 0, index, 0, ownCount);
      System.arraycopy(keptValue, 0, value, 0, ownCount);
      count = ownCount;
      put(96 + 5, hemmedIn(me, them));
      System.arraycopy(keptIndex, ownCount, index, count, keptTail);
      System.arraycopy(keptValue, ownCount, value, count, keptTail);
      count += keptTail;
    } else {
      side(me, them, 0);
      // Keep it: the entries before and after the one unit that depends on the other side.
      System.arraycopy(me, 0, keptCounts, 0, me.length);
      System.arraycopy(index, 0, keptIndex, 0, ownCount);
      System.arraycopy(value, 0, keptValue, 0, ownCount);
      int hemmed = count > ownCount && index[ownCount] == 96 + 5 ? 1 : 0;
      keptTail = count - ownCount - hemmed;
      System.arraycopy(index, ownCount + hemmed, keptIndex, ownCount, keptTail);
      System.arraycopy(value, ownCount + hemmed, keptValue, ownCount, keptTail);
      kept = true;
    }
    side(them, me, PER_SIDE);
  }

  private static float hemmedIn(int[] c, int[] other) {
    return Math.min(1f, Features.containment(c, other) / 150f);
  }

  private void side(int[] c, int[] other, int base) {
    for (int r = 1; r <= 24; r++) {
      int n = c[r];
      if (n == 0) continue;
      int b = base + (r - 1) * 4;
      put(b, 1f);
      if (n >= 2) put(b + 1, 1f);
      if (n >= 3) put(b + 2, 1f);
      if (n > 3) put(b + 3, (n - 3) / 2f);
    }
    int f = base + 96;
    int onBoard = Features.onBoard(c);
    put(f, (15 - onBoard) / 15f);
    put(f + 1, Features.pips(c) / 360f);
    if (Features.postilionBound(c, entry)) {
      put(f + 2, 1f);
      put(f + 3, (entry - Features.postilionPoint(c)) / (float) entry);
    }
    boolean home = true;
    for (int r = 1; r < 19 && home; r++) home = c[r] == 0;
    if (home) put(f + 4, 1f);
    if (base == 0) ownCount = count;
    put(f + 5, hemmedIn(c, other));
    int run = Features.longestRun(c);
    put(f + 6, run / 6f);
    if (run >= 6) put(f + 7, 1f);
    if (c[24] > 0) put(f + 8, 1f);
    if (c[23] > 0) put(f + 9, 1f);
    boolean firstQuadrant = true;
    int inFirst = 0;
    for (int r = 1; r <= 6; r++) {
      firstQuadrant &= c[r] > 0;
      inFirst += c[r];
    }
    if (firstQuadrant) put(f + 10, 1f);
    put(f + 11, Features.pipsToFirstOff(c) / 200f);
    put(f + 12, inFirst / 15f);
  }

  private void put(int i, float v) {
    if (v == 0f) return;
    index[count] = i;
    value[count] = v;
    count++;
  }
}
