package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/**
 * An evaluator that answers from the exact {@link BearOffTable} once both sides are bearing
 * off with no contact left, and asks the wrapped evaluator otherwise.
 */
public final class RaceAwareEvaluator implements Evaluator {
  private final Evaluator inner;
  private final BearOffTable table;

  public RaceAwareEvaluator(Evaluator inner) {
    this.inner = inner;
    this.table = BearOffTable.applies(inner.rules()) ? BearOffTable.forRules(inner.rules()) : null;
  }

  @Override
  public void evaluate(Position p, float[] out) {
    if (table != null && !p.isOver() && BearOffTable.isRace(p)) table.evaluate(p, out, size());
    else inner.evaluate(p, out);
  }

  @Override
  public Rules rules() {
    return inner.rules();
  }

  @Override
  public Evaluator copy() {
    return new RaceAwareEvaluator(inner.copy());
  }

  @Override
  public String name() {
    return inner.name() + (table != null ? "+bear-off table" : "");
  }
}
