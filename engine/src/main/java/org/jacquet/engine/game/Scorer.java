package org.jacquet.engine.game;

import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;

/** The three scoring schemes of RULES.md §6, computed from the loser's checkers. */
public final class Scorer {
  private Scorer() {}

  /**
   * What {@code winner} scores against the loser's position (a game borne off, or a resignation:
   * the resigning side concedes what its checkers would cost it now).
   */
  public static GameResult score(Rules rules, Position position, Side winner, boolean resigned) {
    Side loser = winner.opponent();
    int borneOff = position.borneOff(loser);
    int[] byQuadrant = new int[4];
    for (int r = 1; r <= 24; r++) byQuadrant[(r - 1) / 6] += position.count(loser, r);
    return switch (rules.scoring()) {
      case SIMPLE -> borneOff > 0
          ? new GameResult(winner, 1, ScoreReason.SINGLE, resigned)
          : new GameResult(winner, 2, ScoreReason.DOUBLE, resigned);
      case LADDER -> {
        if (borneOff > 0) yield new GameResult(winner, 1, ScoreReason.LADDER_BORNE_OFF, resigned);
        if (byQuadrant[0] > 0) yield new GameResult(winner, 5, ScoreReason.LADDER_FIRST_QUADRANT, resigned);
        if (byQuadrant[1] > 0) yield new GameResult(winner, 4, ScoreReason.LADDER_SECOND_QUADRANT, resigned);
        if (byQuadrant[2] > 0) yield new GameResult(winner, 3, ScoreReason.LADDER_THIRD_QUADRANT, resigned);
        yield new GameResult(winner, 2, ScoreReason.LADDER_LAST_QUADRANT, resigned);
      }
      case SPANISH -> new GameResult(winner,
          3 * byQuadrant[0] + 2 * byQuadrant[1] + byQuadrant[2] + byQuadrant[3],
          ScoreReason.SPANISH, resigned);
    };
  }
}
