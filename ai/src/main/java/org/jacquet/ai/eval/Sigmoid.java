package org.jacquet.ai.eval;

/** The logistic function from a table with linear interpolation: ~1e-5 accurate, no exp(). */
final class Sigmoid {
  private static final float RANGE = 16f;
  private static final int STEPS_PER_UNIT = 256;
  private static final float[] TABLE = new float[(int) (2 * RANGE * STEPS_PER_UNIT) + 2];

  static {
    for (int i = 0; i < TABLE.length; i++) {
      double x = i / (double) STEPS_PER_UNIT - RANGE;
      TABLE[i] = (float) (1 / (1 + Math.exp(-x)));
    }
  }

  private Sigmoid() {}

  static float of(float x) {
    if (x <= -RANGE) return TABLE[0];
    if (x >= RANGE) return TABLE[TABLE.length - 2];
    float t = (x + RANGE) * STEPS_PER_UNIT;
    int i = (int) t;
    float frac = t - i;
    return TABLE[i] + frac * (TABLE[i + 1] - TABLE[i]);
  }
}
