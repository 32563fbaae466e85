package org.jacquet.engine;

/**
 * A set of (long, long) keys by open addressing, cleared in O(1) by bumping a stamp, so that the
 * play generator can reuse it for every position without allocating.
 */
final class LongPairSet {
  private long[] a;
  private long[] b;
  private int[] stamps;
  private int stamp = 1;
  private int size;
  private int mask;

  LongPairSet(int capacity) {
    int n = Integer.highestOneBit(Math.max(16, capacity) - 1) << 1;
    a = new long[n];
    b = new long[n];
    stamps = new int[n];
    mask = n - 1;
  }

  void clear() {
    size = 0;
    if (++stamp == Integer.MAX_VALUE) {
      java.util.Arrays.fill(stamps, 0);
      stamp = 1;
    }
  }

  /** Adds the key; returns false when it was already there. */
  boolean add(long x, long y) {
    if (2 * (size + 1) > a.length) grow();
    int i = slot(x, y);
    while (stamps[i] == stamp) {
      if (a[i] == x && b[i] == y) return false;
      i = (i + 1) & mask;
    }
    stamps[i] = stamp;
    a[i] = x;
    b[i] = y;
    size++;
    return true;
  }

  private int slot(long x, long y) {
    long h = x * 0x9E3779B97F4A7C15L + y * 0xC2B2AE3D27D4EB4FL;
    h ^= h >>> 29;
    return (int) h & mask;
  }

  private void grow() {
    long[] oldA = a;
    long[] oldB = b;
    int[] oldStamps = stamps;
    int oldStamp = stamp;
    int n = a.length * 2;
    a = new long[n];
    b = new long[n];
    stamps = new int[n];
    mask = n - 1;
    stamp = 1;
    size = 0;
    for (int i = 0; i < oldA.length; i++) {
      if (oldStamps[i] == oldStamp) add(oldA[i], oldB[i]);
    }
  }
}
