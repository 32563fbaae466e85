package org.jacquet.ai.eval;

/**
 * Strategic measures of one side against the other that both the heuristic and the network
 * use. Counts are given in each side's own frame, index 1..24; the sides' frames are 12 apart.
 */
final class Features {
  private Features() {}

  static int pips(int[] c) {
    int p = 0;
    for (int r = 1; r <= 24; r++) p += c[r] * (25 - r);
    return p;
  }

  static int onBoard(int[] c) {
    int n = 0;
    for (int r = 1; r <= 24; r++) n += c[r];
    return n;
  }

  /** Bit q-1 set when the side holds the point the other side calls q (its route order). */
  static int heldAlongOtherRoute(int[] c) {
    int m = 0;
    for (int r = 1; r <= 24; r++) {
      if (c[r] > 0) m |= 1 << ((r <= 12 ? r + 12 : r - 12) - 1);
    }
    return m;
  }

  /**
   * How hemmed-in the {@code victim}'s checkers are by the {@code blocker}'s points: for each
   * victim checker, the number of the six points ahead of it (on its route, before its home
   * ends) that the blocker holds, squared, summed. 0 when free; 36 per fully primed checker.
   */
  static int containment(int[] victim, int[] blocker) {
    return containment(victim, heldAlongOtherRoute(blocker));
  }

  /** {@link #containment(int[], int[])} with the blocker's {@link #heldAlongOtherRoute} already known. */
  static int containment(int[] victim, int held) {
    int total = 0;
    for (int r = 1; r <= 23; r++) {
      if (victim[r] == 0) continue;
      int ahead = Integer.bitCount((held >>> r) & 0x3F);
      total += victim[r] * ahead * ahead;
    }
    return total;
  }

  /** Route points 1..18 (bits of a {@link #heldMask}): a side with none of them is home. */
  static final int BEFORE_HOME = (1 << 18) - 1;
  /** Route points 1..6 (bits of a {@link #heldMask}). */
  static final int FIRST_QUADRANT = 0x3F;

  /** The side's points in its own frame: bit r-1 set when it holds route point r. */
  static int heldMask(int[] c) {
    int m = 0;
    for (int r = 1; r <= 24; r++) {
      if (c[r] > 0) m |= 1 << (r - 1);
    }
    return m;
  }

  /** {@link #heldAlongOtherRoute} from a {@link #heldMask}: the frames are 12 points apart. */
  static int alongOtherRoute(int heldMask) {
    return (heldMask >>> 12) | ((heldMask & 0xFFF) << 12);
  }

  /**
   * {@link #containment(int[], int)} of a victim whose points are {@code victimHeld} ({@link
   * #heldMask}): the same sum, over its points only.
   */
  static int containmentByMasks(int[] victim, int victimHeld, int blockerAlong) {
    int total = 0;
    for (int m = victimHeld & ((1 << 23) - 1); m != 0; m &= m - 1) {
      int r = Integer.numberOfTrailingZeros(m) + 1;
      int ahead = Integer.bitCount((blockerAlong >>> r) & 0x3F);
      total += victim[r] * ahead * ahead;
    }
    return total;
  }

  /** {@link #longestRun(int[])} of the points {@code along} holds (bit q-1: point q). */
  static int longestRun(int along) {
    int run = 0;
    for (int m = along; m != 0; m &= m >>> 1) run++;
    return run;
  }

  /** Longest run of consecutive points the side holds along the other side's route. */
  static int longestRun(int[] c) {
    int m = heldAlongOtherRoute(c);
    int best = 0;
    int run = 0;
    for (int q = 0; q < 24; q++) {
      run = (m >>> q & 1) != 0 ? run + 1 : 0;
      best = Math.max(best, run);
    }
    return best;
  }

  /** Whether the postilion rule still binds the side (RULES.md §3). */
  static boolean postilionBound(int[] c, int entry) {
    if (c[1] < 14) return false;
    int behind = 0;
    for (int r = 1; r < entry; r++) behind += c[r];
    return behind == 15;
  }

  /** The bound postilion's route point (1 while all 15 are on the talon). */
  static int postilionPoint(int[] c) {
    if (c[1] == 15) return 1;
    for (int r = 2; r <= 24; r++) if (c[r] > 0) return r;
    return 25;
  }

  /** Pips the side needs before it can bear off its first checker: all home, then one off. */
  static int pipsToFirstOff(int[] c) {
    int outside = 0;
    for (int r = 1; r < 19; r++) outside += c[r] * (19 - r);
    // Once all are home the checker nearest the edge leaves first.
    int highest = 0;
    for (int r = 24; r >= 1; r--) if (c[r] > 0) { highest = r; break; }
    return outside + (25 - Math.max(highest, 19));
  }
}
