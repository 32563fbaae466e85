package org.jacquet.ai.puzzle;

import java.util.List;
import java.util.Set;
import org.jacquet.ai.benchmark.BenchmarkEntry;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Position;

/**
 * One puzzle: a position and its dice where one play is clearly best by rollout. Its candidates
 * (each as the position it leads to, best first) carry their rolled-out expected points for the
 * side to move and the standard error of their gap to the best (paired trial by trial, 0 for the
 * best and for values read exactly). {@code expertWrong}: the expert level (the network at 0-ply)
 * plays something other than the best; {@code trials}: per rolled-out candidate.
 */
public record Puzzle(int index, Set<Theme> themes, Position position, DiceToPlay dice, boolean expertWrong,
    int trials, List<BenchmarkEntry.Candidate> candidates) {
  public Puzzle {
    themes = Set.copyOf(themes);
    candidates = List.copyOf(candidates);
    if (candidates.size() < 2) throw new IllegalArgumentException("a puzzle needs two candidates or more");
  }

  public BenchmarkEntry.Candidate best() {
    return candidates.get(0);
  }

  /** The gap in expected points from the best play to the second. */
  public double gap() {
    return gapTo(candidates.get(1));
  }

  /** How far {@code c} is behind the best, in expected points. */
  public double gapTo(BenchmarkEntry.Candidate c) {
    return best().equity() - c.equity();
  }

  /** Whether {@code result} (the position a play leads to) is the best play's. */
  public boolean solvedBy(Position result) {
    return best().result().equals(result);
  }
}
