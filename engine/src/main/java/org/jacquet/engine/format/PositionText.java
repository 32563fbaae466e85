package org.jacquet.engine.format;

import java.util.HashMap;
import java.util.Map;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.FormatException;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;

/**
 * The canonical position text of RULES.md §1: {@code white=1:14,7:1 black=1:15 turn=white}.
 * Malformed text is refused with a {@link FormatException} ({@code position-…} codes). Users of
 * the engine go through {@link Position#parse} (which also reads a {@link PositionId}) and
 * {@link Position#toString}.
 */
public final class PositionText {
  /** Far more than the longest canonical text (about 200 characters). */
  static final int MAX_TEXT = 400;

  private PositionText() {}

  /** The canonical text of {@code p} (what {@link Position#toString} returns). */
  public static String format(Position p) {
    StringBuilder s = new StringBuilder(64);
    side(s, "white", p, Side.WHITE);
    s.append(' ');
    side(s, "black", p, Side.BLACK);
    s.append(" turn=").append(p.turn().key());
    return s.toString();
  }

  private static void side(StringBuilder s, String name, Position p, Side side) {
    s.append(name).append('=');
    boolean first = true;
    for (int r = 1; r <= 24; r++) {
      int count = p.count(side, r);
      if (count == 0) continue;
      if (!first) s.append(',');
      s.append(r).append(':').append(count);
      first = false;
    }
  }

  /** Reads a canonical text (fields in any order, any blanks between them), with its checks. */
  public static Position parse(String text) {
    if (text == null || text.isBlank()) throw new FormatException("position-empty");
    if (text.length() > MAX_TEXT) throw new FormatException("position-too-long", text.length(), MAX_TEXT);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if ((c < ' ' && c != '\t' && c != '\n' && c != '\r') || c > '~') {
        throw new FormatException("position-character", String.format("U+%04X", (int) c), i + 1);
      }
    }
    Map<String, String> fields = new HashMap<>();
    for (String token : text.trim().split("\\s+")) {
      int eq = token.indexOf('=');
      if (eq < 0) throw new FormatException("position-field-syntax", Excerpt.of(token));
      String name = token.substring(0, eq);
      if (!name.equals("white") && !name.equals("black") && !name.equals("turn")) {
        throw new FormatException("position-field-unknown", Excerpt.of(name));
      }
      if (fields.put(name, token.substring(eq + 1)) != null) {
        throw new FormatException("position-field-twice", name);
      }
    }
    for (String required : new String[] {"white", "black", "turn"}) {
      if (!fields.containsKey(required)) throw new FormatException("position-field-missing", required);
    }
    int[] white = parseSide(Side.WHITE, fields.get("white"));
    int[] black = parseSide(Side.BLACK, fields.get("black"));
    String turnText = fields.get("turn");
    Side turn;
    if (turnText.equals("white")) turn = Side.WHITE;
    else if (turnText.equals("black")) turn = Side.BLACK;
    else throw new FormatException("position-turn", Excerpt.of(turnText));
    return Position.of(white, black, turn);
  }

  private static int[] parseSide(Side side, String list) {
    int[] counts = new int[25];
    if (list.isEmpty()) return counts;
    int total = 0;
    for (String pair : list.split(",", -1)) {
      int colon = pair.indexOf(':');
      if (colon < 0) throw new FormatException("position-pair-syntax", side, Excerpt.of(pair));
      String pointText = pair.substring(0, colon);
      String countText = pair.substring(colon + 1);
      long point = number(side, "position-point-not-number", pointText, pair);
      long count = number(side, "position-count-not-number", countText, pair);
      // A number out of range is said as such, as written (-1, 2147483647), never as "not a number".
      if (point < 1 || point > 24) throw new FormatException("position-point-range", side, shown(point, pointText));
      if (count <= 0) throw new FormatException("position-count-range", side, shown(count, countText), (int) point);
      if (counts[(int) point] != 0) throw new FormatException("position-point-twice", side, (int) point);
      total += count;
      if (count > Position.CHECKERS || total > Position.CHECKERS) throw new FormatException("position-too-many-checkers", side);
      counts[(int) point] = (int) count;
    }
    return counts;
  }

  /**
   * A point or count as written: decimal ASCII digits, with a minus sign for a negative number
   * (refused by the range checks, not as "not a number"); a number beyond a long reads as the
   * long's bound, as far out of range.
   */
  private static long number(Side side, String code, String digits, String pair) {
    int start = digits.startsWith("-") ? 1 : 0;
    if (digits.length() == start || !digits.chars().skip(start).allMatch(c -> c >= '0' && c <= '9')) {
      throw new FormatException(code, side, Excerpt.of(digits), Excerpt.of(pair));
    }
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException beyondALong) {
      return start == 1 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }

  /** A number out of range for its message: an int as before, a larger one as written. */
  private static Object shown(long value, String text) {
    return value == (int) value ? (Object) (int) value : Excerpt.of(text);
  }
}
