package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.GameResult;
import org.jacquet.engine.game.Scorer;
import org.jacquet.engine.rules.Rules;

/** The exact evaluation of a finished game, shared by every evaluator. */
final class Terminal {
  private Terminal() {}

  /** Writes the certain outcome and returns true when {@code p} is over. */
  static boolean evaluate(Rules rules, Position p, float[] out, int size) {
    Side winner = p.winner();
    if (winner == null) return false;
    GameResult r = Scorer.score(rules, p, winner, false);
    Outcomes.certain(winner == p.turn() ? r.points() : -r.points(), out, size);
    return true;
  }
}
