package org.jacquet.engine;

/** One of the two players: White (talon on absolute point m) or Black (talon on a). */
public enum Side {
  WHITE,
  BLACK;

  public Side opponent() {
    return this == WHITE ? BLACK : WHITE;
  }

  /** Lower-case name used in every text format ({@code white}, {@code black}). */
  public String key() {
    return this == WHITE ? "white" : "black";
  }

  /** Parses {@code white} or {@code black}, case-insensitively. */
  public static Side parse(String text) {
    if (text != null) {
      String t = text.trim().toLowerCase(java.util.Locale.ROOT);
      if (t.equals("white")) return WHITE;
      if (t.equals("black")) return BLACK;
    }
    throw new FormatException("side-unknown", Excerpt.of(text));
  }

  /**
   * Absolute letter (a..x) of this side's route point 1..24. Black's route is a..x, White's
   * is m..x then a..l (RULES.md §1), so each talon is the other side's point 13.
   */
  public char letter(int routePoint) {
    return (char) ('a' + absoluteIndex(routePoint));
  }

  /**
   * This side's route point 1..24 of an absolute letter a..x (the inverse of {@link #letter}):
   * what a player typing in the board letters names.
   */
  public int routePoint(char letter) {
    if (letter < 'a' || letter > 'x') throw new IllegalArgumentException("no point lettered '" + letter + "'");
    int index = letter - 'a';
    return this == BLACK ? index + 1 : (index + 12) % 24 + 1;
  }

  /** 0-based absolute index (a = 0 … x = 23) of this side's route point 1..24. */
  public int absoluteIndex(int routePoint) {
    int black = routePoint - 1;
    return this == BLACK ? black : (black + 12) % 24;
  }

  /** This side's route point for another side's route point (the frame change of §1). */
  public static int otherFrame(int routePoint) {
    return routePoint <= 12 ? routePoint + 12 : routePoint - 12;
  }
}
