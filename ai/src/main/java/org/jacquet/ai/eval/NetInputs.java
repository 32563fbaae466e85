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
    int meHeld = Features.heldMask(me);
    int themHeld = Features.heldMask(them);
    count = 0;
    if (kept && java.util.Arrays.equals(me, keptCounts)) {
      System.arraycopy(keptIndex, 0, index, 0, ownCount);
      System.arraycopy(keptValue, 0, value, 0, ownCount);
      count = ownCount;
      put(96 + 5, hemmedIn(me, meHeld, themHeld));
      System.arraycopy(keptIndex, ownCount, index, count, keptTail);
      System.arraycopy(keptValue, ownCount, value, count, keptTail);
      count += keptTail;
    } else {
      side(me, meHeld, themHeld, 0);
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
    side(them, themHeld, meHeld, PER_SIDE);
  }

  /** How hemmed in {@code c} (points {@code held}) is by the side whose points are {@code otherHeld}. */
  private static float hemmedIn(int[] c, int held, int otherHeld) {
    return Math.min(1f, Features.containmentByMasks(c, held, Features.alongOtherRoute(otherHeld)) / 150f);
  }

  /**
   * The inputs of the side with counts {@code c} (its points {@code held}, the other's
   * {@code otherHeld}: {@link Features#heldMask}) from input {@code base}. One pass over the
   * points gathers what the features need: the same integers as {@link Features}' functions.
   */
  private void side(int[] c, int held, int otherHeld, int base) {
    int onBoard = 0;
    int pips = 0;
    int outside = 0;
    int inFirst = 0;
    for (int m = held; m != 0; m &= m - 1) {
      int r = Integer.numberOfTrailingZeros(m) + 1;
      int n = c[r];
      onBoard += n;
      pips += n * (25 - r);
      if (r < 19) outside += n * (19 - r);
      if (r <= 6) inFirst += n;
      int b = base + (r - 1) * 4;
      put(b, 1f);
      if (n >= 2) put(b + 1, 1f);
      if (n >= 3) put(b + 2, 1f);
      if (n > 3) put(b + 3, (n - 3) / 2f);
    }
    int f = base + 96;
    put(f, (15 - onBoard) / 15f);
    put(f + 1, pips / 360f);
    if (Features.postilionBound(c, entry)) {
      put(f + 2, 1f);
      put(f + 3, (entry - Features.postilionPoint(c)) / (float) entry);
    }
    if ((held & Features.BEFORE_HOME) == 0) put(f + 4, 1f);
    if (base == 0) ownCount = count;
    put(f + 5, hemmedIn(c, held, otherHeld));
    int run = Features.longestRun(Features.alongOtherRoute(held));
    put(f + 6, run / 6f);
    if (run >= 6) put(f + 7, 1f);
    if (c[24] > 0) put(f + 8, 1f);
    if (c[23] > 0) put(f + 9, 1f);
    if ((held & Features.FIRST_QUADRANT) == Features.FIRST_QUADRANT) put(f + 10, 1f);
    // Pips before the first checker can leave: all home, then the one nearest the edge off.
    int highest = 32 - Integer.numberOfLeadingZeros(held);
    put(f + 11, (outside + (25 - Math.max(highest, 19))) / 200f);
    put(f + 12, inFirst / 15f);
  }

  private void put(int i, float v) {
    if (v == 0f) return;
    index[count] = i;
    value[count] = v;
    count++;
  }
}
