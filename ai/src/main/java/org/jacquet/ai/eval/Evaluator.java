package org.jacquet.ai.eval;

import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/**
 * Estimates how a position will end for its side to move, before that side throws. Not
 * thread-safe (evaluators keep scratch buffers): give each thread its own {@link #copy()}.
 */
public interface Evaluator {
  /** Writes the {@link Outcomes} of {@code p} for {@code p.turn()} into {@code out}. */
  void evaluate(Position p, float[] out);

  Rules rules();

  /** An independent evaluator with the same knowledge, for another thread. */
  Evaluator copy();

  /** Short name for reports: {@code heuristic}, {@code net:modern}. */
  String name();

  /** Number of values {@link #evaluate} writes. */
  default int size() {
    return Outcomes.size(rules());
  }
}
