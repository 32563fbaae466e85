package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;

/**
 * A hand-made evaluator: the race, how much each side's checkers are hemmed in by the other's
 * points (blocks and their restrictions decide Jacquet), the postilion's progress, and the
 * bear-off. It turns a score into probabilities with a logistic curve; the double-win
 * estimates compare the winner's race with the loser's way to its first checker off.
 */
public final class HeuristicEvaluator implements Evaluator {
  private final Rules rules;
  private final int size;
  private final boolean needsReturn;
  private final int[] me = new int[25];
  private final int[] them = new int[25];

  public HeuristicEvaluator(Rules rules) {
    this.rules = rules;
    this.size = Outcomes.size(rules);
    this.needsReturn = rules.blocking() == org.jacquet.engine.rules.Blocking.FIRST_QUADRANT_NEEDS_RETURN
        || rules.blocking() == org.jacquet.engine.rules.Blocking.ANY_NEEDS_RETURN;
  }

  @Override
  public Rules rules() {
    return rules;
  }

  @Override
  public Evaluator copy() {
    return new HeuristicEvaluator(rules);
  }

  @Override
  public String name() {
    return "heuristic";
  }

  @Override
  public void evaluate(Position p, float[] out) {
    Side mover = p.turn();
    p.copyCounts(mover, me);
    p.copyCounts(mover.opponent(), them);
    if (Terminal.evaluate(rules, p, out, size)) return;
    double score = score(me, them) - score(them, me) + 4.0 / 40; // the throw is worth ~4 pips
    double win = 1 / (1 + Math.exp(-score));
    out[0] = (float) win;
    int n = (size + 1) / 2;
    double meLead = (Features.pipsToFirstOff(them) - Features.pips(me) / 2.0) / 20.0;
    double themLead = (Features.pipsToFirstOff(me) - Features.pips(them) / 2.0) / 20.0;
    for (int k = 2; k <= n; k++) {
      out[k - 1] = (float) (win / (1 + Math.exp(-(meLead - 1.5 * (k - 2)))));
      out[k + n - 2] = (float) ((1 - win) / (1 + Math.exp(-(themLead - 1.5 * (k - 2)))));
    }
    Outcomes.sanitize(out, size);
  }

  /** How well placed {@code side} is against {@code other}, in logits. */
  private double score(int[] side, int[] other) {
    double s = -Features.pips(side) / 40.0;
    // Blocks: how hemmed in the other side's checkers are by this side's points.
    s += Features.containment(other, side) / 60.0;
    if (Features.postilionBound(side, rules.postilionEntry())) {
      s -= 0.5 + (rules.postilionEntry() - Features.postilionPoint(side)) / 20.0;
    }
    // Return checkers: where the rules make a block of 1..6 need point 24 (and 23), holding
    // them while nearly holding 1..6 keeps the strongest block available.
    if (needsReturn) {
      int heldFirst = 0;
      for (int r = 1; r <= 6; r++) if (side[r] > 0) heldFirst++;
      boolean returns = side[24] > 0 && (rules.returnCheckers() == 1 || side[23] > 0);
      if (heldFirst >= 5 && returns) s += 0.3;
    }
    // Bear-off: checkers already off are tempo the pip count undervalues.
    s += 0.02 * (15 - Features.onBoard(side));
    return s;
  }
}
