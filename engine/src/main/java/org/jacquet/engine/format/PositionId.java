package org.jacquet.engine.format;

import java.util.Base64;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.FormatException;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;

/**
 * A short position ID, like GNU Backgammon's: the position as a bit string, in base64.
 *
 * <p>Bits, least significant first: the side to move (0 White, 1 Black); then for White's
 * route points 1..24 in order, one 1 per checker followed by a 0; then the same for Black.
 * Checkers not on the board are borne off. At most 1 + 2 × (15 + 24) = 79 bits, written as 10
 * bytes in URL-safe base64 without padding: 14 characters. The start with White to move is
 * {@code _v8AAAD_fwAAAA}.
 */
public final class PositionId {
  private static final int BYTES = 10;

  private PositionId() {}

  public static String of(Position p) {
    byte[] bits = new byte[BYTES];
    int[] at = {0};
    put(bits, at, p.turn() == Side.BLACK);
    for (Side s : Side.values()) {
      for (int r = 1; r <= 24; r++) {
        for (int i = 0; i < p.count(s, r); i++) put(bits, at, true);
        put(bits, at, false);
      }
    }
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bits);
  }

  /**
   * Whether {@code text} is meant as a position ID rather than a position text: one word of the
   * ID's letters (standard base64's '+' and '/' too), none of the text's '=', ':' or spaces.
   * Of any length, so that an ID cut short or too long is told it must have 14 characters,
   * not that it lacks the position text's fields.
   */
  public static boolean looksLikeId(String text) {
    return text != null && text.trim().matches("[A-Za-z0-9_+/-]{8,}");
  }

  /** Reads an ID back, with the same checks as the position text. */
  public static Position parse(String id) {
    String text = id == null ? "" : id.trim();
    String quoted = Excerpt.of(text);
    if (text.length() != 14) throw new FormatException("id-length", quoted);
    byte[] bits;
    try {
      bits = Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new FormatException("id-base64", quoted);
    }
    int[] at = {0};
    Side turn = get(bits, at) ? Side.BLACK : Side.WHITE;
    int[][] counts = new int[2][25];
    for (int s = 0; s < 2; s++) {
      for (int r = 1; r <= 24; r++) {
        while (get(bits, at)) {
          if (++counts[s][r] > Position.CHECKERS) {
            throw new FormatException("id-too-many-on-point", quoted);
          }
        }
      }
    }
    while (at[0] < BYTES * 8) {
      if (get(bits, at)) throw new FormatException("id-trailing-bits", quoted);
    }
    Position p = Position.of(counts[0], counts[1], turn);
    // Base64 leaves 4 spare bits in the last character: only the canonical ID is accepted.
    if (!of(p).equals(text)) {
      throw new FormatException("id-not-canonical", quoted, of(p));
    }
    return p;
  }

  private static void put(byte[] bits, int[] at, boolean one) {
    if (at[0] >= BYTES * 8) throw new IllegalStateException("position too long for an ID");
    if (one) bits[at[0] >> 3] |= (byte) (1 << (at[0] & 7));
    at[0]++;
  }

  private static boolean get(byte[] bits, int[] at) {
    if (at[0] >= BYTES * 8) throw new FormatException("id-ends-early");
    boolean one = (bits[at[0] >> 3] & (1 << (at[0] & 7))) != 0;
    at[0]++;
    return one;
  }
}
