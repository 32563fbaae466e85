package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/**
 * An evaluator of the simple layout read in a layout of more points: a win or a loss is worth
 * k points or more as often as in self-play. The first version had no network for spanish
 * scoring and played it with its simple one; this is how {@code expert-v1} still does.
 */
public final class SpreadEvaluator implements Evaluator {
  private final Evaluator inner;
  private final Rules rules;
  private final double[] atLeast;
  private final float[] simple;

  /** {@code atLeast[k]}: the chance that a game is worth k points or more, k from 1 to the layout's most. */
  public SpreadEvaluator(Evaluator inner, Rules rules, double[] atLeast) {
    if (atLeast.length <= Outcomes.maxPoints(rules)) {
      throw new IllegalArgumentException("a chance is needed for every points from 1 to " + Outcomes.maxPoints(rules));
    }
    this.inner = inner;
    this.rules = rules;
    this.atLeast = atLeast;
    this.simple = new float[inner.size()];
  }

  @Override
  public void evaluate(Position p, float[] out) {
    int size = size();
    if (Terminal.evaluate(rules, p, out, size)) return;
    inner.evaluate(p, simple);
    int n = Outcomes.maxPoints(rules);
    float win = simple[0];
    out[0] = win;
    for (int k = 2; k <= n; k++) {
      out[k - 1] = (float) (win * atLeast[k]);
      out[k + n - 2] = (float) ((1 - win) * atLeast[k]);
    }
  }

  @Override
  public Rules rules() {
    return rules;
  }

  @Override
  public Evaluator copy() {
    return new SpreadEvaluator(inner.copy(), rules, atLeast);
  }

  @Override
  public String name() {
    return inner.name() + " spread to " + rules.scoring().text() + " scoring";
  }
}
