package org.jacquet.ai.match;

import org.jacquet.engine.Side;
import org.jacquet.engine.game.Match;

/**
 * What a game is played for: points per game ({@link #MONEY}), or a match to {@code length}
 * points at a given score, where a play is worth the chance it gives of winning the match.
 *
 * @param length points needed to win the match; 0 for a game played for its points alone
 * @param whiteScore points White has won in the games before this one
 * @param blackScore points Black has won in the games before this one
 */
public record MatchContext(int length, int whiteScore, int blackScore) {
  /** A game played for its points: the bots maximise the expected points per game. */
  public static final MatchContext MONEY = new MatchContext(0, 0, 0);

  public MatchContext {
    if (length < 0) throw new IllegalArgumentException("a match length cannot be negative: " + length);
    if (length == 0 && (whiteScore != 0 || blackScore != 0)) {
      throw new IllegalArgumentException("a score needs a match length");
    }
    if (length > 0 && (whiteScore < 0 || blackScore < 0 || whiteScore >= length || blackScore >= length)) {
      throw new IllegalArgumentException("score " + whiteScore + "-" + blackScore + " is not a score of a match to "
          + length + " still being played (each score must be from 0 to " + (length - 1) + ")");
    }
  }

  /** The score of {@code match} in the game being played. */
  public static MatchContext of(Match match) {
    return new MatchContext(match.length(), match.score(Side.WHITE), match.score(Side.BLACK));
  }

  /** The context of game {@code index} (0-based) of {@code match}: the score before it started. */
  public static MatchContext before(Match match, int index) {
    return new MatchContext(match.length(), match.scoreBefore(index, Side.WHITE), match.scoreBefore(index, Side.BLACK));
  }

  /** A match to {@code length} at {@code own}–{@code other} for {@code side}. */
  public static MatchContext forSide(Side side, int length, int own, int other) {
    return side == Side.WHITE ? new MatchContext(length, own, other) : new MatchContext(length, other, own);
  }

  public boolean isMatch() {
    return length > 0;
  }

  public int score(Side side) {
    return side == Side.WHITE ? whiteScore : blackScore;
  }

  /** Points {@code side} still needs to win the match. */
  public int away(Side side) {
    return length - score(side);
  }

  /** {@code match to 3, 2-0} or {@code money} (White's score first). */
  @Override
  public String toString() {
    return isMatch() ? "match to " + length + ", " + whiteScore + "-" + blackScore : "money";
  }
}
