package org.jacquet.ai.benchmark;

import java.util.Comparator;
import java.util.List;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Position;

/**
 * One benchmark decision: a position, its dice, and its top candidate plays (each as the
 * position it leads to) with their rolled-out expected points for the side to move, best first.
 */
public record BenchmarkEntry(int index, Category category, Position position, DiceToPlay dice,
    List<Candidate> candidates) {
  /**
   * A candidate play's result, its expected points for the player who makes it, and the
   * standard error of its loss against the best candidate (0 for the best).
   */
  public record Candidate(Position result, double equity, double standardError) {}

  public BenchmarkEntry {
    if (candidates.isEmpty()) throw new IllegalArgumentException("a benchmark decision needs a candidate");
    candidates = candidates.stream().sorted(Comparator.comparingDouble(Candidate::equity).reversed()).toList();
  }

  public double bestEquity() {
    return candidates.get(0).equity();
  }

  /**
   * The points given up by playing to {@code result}: the best candidate's equity less its own.
   * A play outside the candidates counts as the worst candidate (a lower bound of its loss).
   */
  public double loss(Position result) {
    for (Candidate c : candidates) if (c.result().equals(result)) return bestEquity() - c.equity();
    return bestEquity() - candidates.get(candidates.size() - 1).equity();
  }

  /** Whether {@code result} is one of the rolled-out candidates. */
  public boolean isCandidate(Position result) {
    return candidates.stream().anyMatch(c -> c.result().equals(result));
  }
}
