package org.jacquet.engine;

import java.util.Arrays;
import org.jacquet.engine.format.PositionId;
import org.jacquet.engine.format.PositionText;

/**
 * A board position and the side to move, immutable. Each side's checkers are kept in its own
 * route frame (point 1 = its talon … 24 = its last point); checkers not on the board are borne
 * off. The text form is RULES.md §1's {@code white=1:14,7:1 black=1:15 turn=white}.
 */
public final class Position {
  public static final int CHECKERS = 15;
  /** Route point 25 stands for "borne off" in steps. */
  public static final int OFF = 25;

  /** counts[side][r] for route points r = 1..24 of that side; index 0 unused. */
  private final byte[] white;
  private final byte[] black;
  private final Side turn;

  Position(byte[] white, byte[] black, Side turn) {
    this.white = white;
    this.black = black;
    this.turn = turn;
  }

  /** The starting position: both sides with 15 checkers on their talon. */
  public static Position start(Side turn) {
    byte[] w = new byte[25];
    byte[] b = new byte[25];
    w[1] = CHECKERS;
    b[1] = CHECKERS;
    return new Position(w, b, turn);
  }

  /**
   * Builds a position from per-side counts indexed by route point (index 0 ignored, length 25),
   * with the same checks as the text parser.
   */
  public static Position of(int[] whiteCounts, int[] blackCounts, Side turn) {
    byte[] w = new byte[25];
    byte[] b = new byte[25];
    for (int r = 1; r <= 24; r++) {
      w[r] = (byte) whiteCounts[r];
      b[r] = (byte) blackCounts[r];
    }
    for (int r = 1; r <= 24; r++) {
      if (whiteCounts[r] < 0 || blackCounts[r] < 0) {
        throw new IllegalArgumentException("count on point " + r + " must not be negative");
      }
    }
    checkInvariants(w, b, turn);
    return new Position(w, b, turn);
  }

  /** What every position must be: at most 15 checkers a side, some on the board, no point shared. */
  private static void checkInvariants(byte[] white, byte[] black, Side turn) {
    if (turn == null) throw new FormatException("position-field-missing", "turn");
    int w = 0;
    int b = 0;
    for (int r = 1; r <= 24; r++) {
      w += white[r];
      b += black[r];
    }
    if (w > CHECKERS) throw new FormatException("position-too-many-checkers", Side.WHITE);
    if (b > CHECKERS) throw new FormatException("position-too-many-checkers", Side.BLACK);
    if (w == 0 && b == 0) throw new FormatException("position-all-borne-off");
    for (int r = 1; r <= 24; r++) {
      int blackPoint = Side.otherFrame(r);
      if (white[r] > 0 && black[blackPoint] > 0) {
        throw new FormatException("position-shared-point", r, blackPoint, Side.WHITE.letter(r));
      }
    }
  }

  /**
   * Parses the canonical position text, or a 14-character {@link PositionId}, rejecting
   * malformed input with a precise message.
   */
  public static Position parse(String text) {
    if (PositionId.looksLikeId(text)) return PositionId.parse(text);
    return PositionText.parse(text);
  }

  /** The short position ID ({@link PositionId}). */
  public String id() {
    return PositionId.of(this);
  }

  public Side turn() {
    return turn;
  }

  public Position withTurn(Side side) {
    return side == turn ? this : new Position(white, black, side);
  }

  /** Checkers of {@code side} on its route point {@code routePoint} (1..24). */
  public int count(Side side, int routePoint) {
    return counts(side)[routePoint];
  }

  /** Checkers of {@code side} still on the board. */
  public int onBoard(Side side) {
    byte[] c = counts(side);
    int n = 0;
    for (int r = 1; r <= 24; r++) n += c[r];
    return n;
  }

  public int borneOff(Side side) {
    return CHECKERS - onBoard(side);
  }

  /** Pips {@code side} needs to bear off every checker (the talon counts 24, point 24 counts 1). */
  public int pipCount(Side side) {
    byte[] c = counts(side);
    int pips = 0;
    for (int r = 1; r <= 24; r++) pips += c[r] * (OFF - r);
    return pips;
  }

  /** Rearmost route point holding a checker of {@code side}, or 25 if none is on the board. */
  public int rearmost(Side side) {
    byte[] c = counts(side);
    for (int r = 1; r <= 24; r++) if (c[r] > 0) return r;
    return OFF;
  }

  /**
   * Whether {@code side} is still bound by the postilion rule (RULES.md §3): 14 or 15 checkers on
   * its talon and none at or beyond the entry point.
   */
  public boolean postilionBound(Side side, int entryPoint) {
    byte[] c = counts(side);
    if (c[1] < CHECKERS - 1) return false;
    int behindEntry = 0;
    for (int r = 1; r < entryPoint; r++) behindEntry += c[r];
    return behindEntry == CHECKERS;
  }

  /**
   * Route point of {@code side}'s postilion while it is bound: the one checker off the talon, or
   * 1 when all 15 are still there. Meaningless once the postilion has entered.
   */
  public int postilionPoint(Side side) {
    byte[] c = counts(side);
    if (c[1] == CHECKERS) return 1;
    for (int r = 2; r <= 24; r++) if (c[r] > 0) return r;
    return OFF;
  }

  /** Side owning the absolute point (0 = a … 23 = x), or null when it is empty. */
  public Side ownerOfAbsolute(int absoluteIndex) {
    int blackRoute = absoluteIndex + 1;
    if (black[blackRoute] > 0) return Side.BLACK;
    if (white[Side.otherFrame(blackRoute)] > 0) return Side.WHITE;
    return null;
  }

  /** Checkers on the absolute point (0 = a … 23 = x), whoever owns them. */
  public int countAtAbsolute(int absoluteIndex) {
    int blackRoute = absoluteIndex + 1;
    return black[blackRoute] + white[Side.otherFrame(blackRoute)];
  }

  /** Whether the game is over: a side has borne off all its checkers. */
  public boolean isOver() {
    return onBoard(Side.WHITE) == 0 || onBoard(Side.BLACK) == 0;
  }

  /** The side that has borne off every checker, or null. */
  public Side winner() {
    if (onBoard(Side.WHITE) == 0) return Side.WHITE;
    if (onBoard(Side.BLACK) == 0) return Side.BLACK;
    return null;
  }

  byte[] counts(Side side) {
    return side == Side.WHITE ? white : black;
  }

  /** Copies the counts of {@code side} into {@code into[1..24]} (no allocation, for evaluators). */
  public void copyCounts(Side side, int[] into) {
    byte[] c = counts(side);
    for (int r = 1; r <= 24; r++) into[r] = c[r];
  }

  /** A copy of the counts of {@code side} by route point, index 0 unused, length 25. */
  public int[] countsOf(Side side) {
    byte[] c = counts(side);
    int[] copy = new int[25];
    for (int r = 1; r <= 24; r++) copy[r] = c[r];
    return copy;
  }

  /** The canonical text of RULES.md §1. */
  @Override
  public String toString() {
    return PositionText.format(this);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Position p && p.turn == turn && Arrays.equals(p.white, white)
        && Arrays.equals(p.black, black);
  }

  @Override
  public int hashCode() {
    return (Arrays.hashCode(white) * 31 + Arrays.hashCode(black)) * 2 + turn.ordinal();
  }
}
