package org.jacquet.engine;

import java.util.HashMap;
import java.util.Map;

/** The canonical position text of RULES.md §1: {@code white=1:14,7:1 black=1:15 turn=white}. */
final class PositionText {
  /** Far more than the longest canonical text (about 200 characters). */
  static final int MAX_TEXT = 400;

  private PositionText() {}

  static String format(Position p) {
    StringBuilder s = new StringBuilder(64);
    side(s, "white", p.counts(Side.WHITE));
    s.append(' ');
    side(s, "black", p.counts(Side.BLACK));
    s.append(" turn=").append(p.turn().key());
    return s.toString();
  }

  private static void side(StringBuilder s, String name, byte[] counts) {
    s.append(name).append('=');
    boolean first = true;
    for (int r = 1; r <= 24; r++) {
      if (counts[r] == 0) continue;
      if (!first) s.append(',');
      s.append(r).append(':').append(counts[r]);
      first = false;
    }
  }

  static Position parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(
          "empty position; expected e.g. 'white=1:15 black=1:15 turn=white'");
    }
    if (text.length() > MAX_TEXT) {
      throw new IllegalArgumentException("position text too long (" + text.length()
          + " characters; at most " + MAX_TEXT + ")");
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if ((c < ' ' && c != '\t' && c != '\n' && c != '\r') || c > '~') {
        throw new IllegalArgumentException(String.format(
            "unexpected character U+%04X in the position text (at %d)", (int) c, i + 1));
      }
    }
    Map<String, String> fields = new HashMap<>();
    for (String token : text.trim().split("\\s+")) {
      int eq = token.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException("position field '" + Excerpt.of(token)
            + "' must be written name=value (white=…, black=…, turn=…)");
      }
      String name = token.substring(0, eq);
      if (!name.equals("white") && !name.equals("black") && !name.equals("turn")) {
        throw new IllegalArgumentException(
            "unknown position field '" + Excerpt.of(name) + "'; expected white, black and turn");
      }
      if (fields.put(name, token.substring(eq + 1)) != null) {
        throw new IllegalArgumentException("position field '" + name + "' is given twice");
      }
    }
    for (String required : new String[] {"white", "black", "turn"}) {
      if (!fields.containsKey(required)) {
        throw new IllegalArgumentException("missing position field '" + required + "'");
      }
    }
    byte[] white = parseSide("white", fields.get("white"));
    byte[] black = parseSide("black", fields.get("black"));
    String turnText = fields.get("turn");
    Side turn;
    if (turnText.equals("white")) turn = Side.WHITE;
    else if (turnText.equals("black")) turn = Side.BLACK;
    else {
      throw new IllegalArgumentException(
          "invalid turn '" + Excerpt.of(turnText) + "'; expected turn=white or turn=black");
    }
    checkInvariants(white, black, turn);
    return new Position(white, black, turn);
  }

  private static byte[] parseSide(String side, String list) {
    byte[] counts = new byte[25];
    if (list.isEmpty()) return counts;
    int total = 0;
    for (String pair : list.split(",", -1)) {
      int colon = pair.indexOf(':');
      if (colon < 0) {
        throw new IllegalArgumentException(
            side + ": '" + Excerpt.of(pair) + "' must be routepoint:count, e.g. 1:15");
      }
      int point = number(side, "route point", pair.substring(0, colon), pair);
      int count = number(side, "count", pair.substring(colon + 1), pair);
      if (point < 1 || point > 24) {
        throw new IllegalArgumentException(
            side + ": route point " + point + " is outside 1..24");
      }
      if (count <= 0) {
        throw new IllegalArgumentException(
            side + ": count " + count + " on point " + point + " must be at least 1");
      }
      if (counts[point] != 0) {
        throw new IllegalArgumentException(side + ": point " + point + " is listed twice");
      }
      total += count;
      if (total > Position.CHECKERS) {
        throw new IllegalArgumentException(
            side + " has more than " + Position.CHECKERS + " checkers");
      }
      counts[point] = (byte) count;
    }
    return counts;
  }

  private static int number(String side, String what, String digits, String pair) {
    if (digits.isEmpty() || digits.length() > 3 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new IllegalArgumentException(
          side + ": " + what + " '" + Excerpt.of(digits) + "' in '" + Excerpt.of(pair) + "' is not a number");
    }
    return Integer.parseInt(digits);
  }

  /** The checks shared by the parser and {@link Position#of}. */
  static void checkInvariants(byte[] white, byte[] black, Side turn) {
    if (turn == null) throw new IllegalArgumentException("missing position field 'turn'");
    int w = 0;
    int b = 0;
    for (int r = 1; r <= 24; r++) {
      w += white[r];
      b += black[r];
    }
    if (w > Position.CHECKERS) throw new IllegalArgumentException("white has more than 15 checkers");
    if (b > Position.CHECKERS) throw new IllegalArgumentException("black has more than 15 checkers");
    if (w == 0 && b == 0) {
      throw new IllegalArgumentException("both sides have borne off every checker");
    }
    for (int r = 1; r <= 24; r++) {
      int blackPoint = Side.otherFrame(r);
      if (white[r] > 0 && black[blackPoint] > 0) {
        throw new IllegalArgumentException("white point " + r + " and black point " + blackPoint
            + " are the same point (" + Side.WHITE.letter(r) + "): both sides cannot share it");
      }
    }
  }
}
