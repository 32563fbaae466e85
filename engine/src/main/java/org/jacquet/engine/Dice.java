package org.jacquet.engine;

/** A throw of two dice, kept higher first as players announce it ("6 and 4"). */
public record Dice(int high, int low) {
  public Dice {
    if (high < 1 || high > 6 || low < 1 || low > 6) {
      throw new IllegalArgumentException("dice must be between 1 and 6, got " + high + "-" + low);
    }
    if (low > high) {
      int t = high;
      high = low;
      low = t;
    }
  }

  public static Dice of(int a, int b) {
    return new Dice(a, b);
  }

  public boolean isDouble() {
    return high == low;
  }

  /** Parses {@code 6-5}, {@code 5-6} or {@code 65}. */
  public static Dice parse(String text) {
    String t = text == null ? "" : text.strip();
    String a;
    String b;
    if (t.length() == 3 && (t.charAt(1) == '-' || t.charAt(1) == ',')) {
      a = t.substring(0, 1);
      b = t.substring(2);
    } else if (t.length() == 2) {
      a = t.substring(0, 1);
      b = t.substring(1);
    } else {
      throw new FormatException("dice-syntax", Excerpt.of(text));
    }
    if (a.charAt(0) < '1' || a.charAt(0) > '6' || b.charAt(0) < '1' || b.charAt(0) > '6') {
      throw new FormatException("dice-range", Excerpt.of(text));
    }
    return new Dice(a.charAt(0) - '0', b.charAt(0) - '0');
  }

  /** {@code 6-5}, higher die first. */
  @Override
  public String toString() {
    return high + "-" + low;
  }
}
