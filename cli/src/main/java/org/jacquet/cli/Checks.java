package org.jacquet.cli;

/**
 * The limits of the numbers the commands take, checked before any work starts so a bad value
 * is one clear line (exit status 2), never an exception deep inside, a hang or a silent
 * acceptance.
 */
final class Checks {
  /** More threads than this only costs memory: the work never splits usefully that far. */
  static final int MAX_THREADS = 256;

  private Checks() {}

  static long between(String option, long value, long min, long max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(option + " must be " + (max == Long.MAX_VALUE || max == Integer.MAX_VALUE
          ? "at least " + String.format("%,d", min) : "between " + String.format("%,d", min) + " and " + String.format("%,d", max))
          + ", not " + value);
    }
    return value;
  }

  static int between(String option, int value, int min, int max) {
    return (int) between(option, (long) value, min, max);
  }

  static double between(String option, double value, double min, double max) {
    if (!(value >= min && value <= max)) { // also refuses NaN
      throw new IllegalArgumentException(option + " must be a number from " + plain(min) + " to " + plain(max) + ", not " + plain(value));
    }
    return value;
  }

  /** A strictly positive finite number (a rate, seconds). */
  static double positive(String option, double value, double max) {
    if (!(value > 0 && value <= max)) {
      throw new IllegalArgumentException(option + " must be a number above 0 and at most " + plain(max) + ", not " + plain(value));
    }
    return value;
  }

  /** The threads to use: the option's value, checked, or every core. */
  static int threads(Integer option) {
    if (option == null) return Runtime.getRuntime().availableProcessors();
    return between("--threads", option, 1, MAX_THREADS);
  }

  /** 1 rather than 1.0; NaN and infinities as Java writes them. */
  static String plain(double x) {
    return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
  }

  /** "1 game", "2 games": counts said in words read right. */
  static String count(long n, String singular) {
    return String.format("%,d %s", n, n == 1 ? singular : singular + "s");
  }
}
