package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/**
 * An evaluator that answers from the exact {@link BearOffTable} once both sides are bearing
 * off with no contact left, and asks the wrapped evaluator otherwise. The table is built (or
 * taken from the cache) on the first race position only, so that a command which never meets a
 * race does not pay for it.
 */
public final class RaceAwareEvaluator implements Evaluator {
  private final Evaluator inner;
  private final boolean tableApplies;
  private BearOffTable table;

  public RaceAwareEvaluator(Evaluator inner) {
    this.inner = inner;
    this.tableApplies = BearOffTable.applies(inner.rules());
  }

  @Override
  public void evaluate(Position p, float[] out) {
    if (tableApplies && !p.isOver() && BearOffTable.isRace(p)) {
      if (table == null) table = BearOffTable.forRules(inner.rules());
      table.evaluate(p, out, size());
    } else {
      inner.evaluate(p, out);
    }
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
    return inner.name() + (tableApplies ? "+bear-off table" : "");
  }
}
