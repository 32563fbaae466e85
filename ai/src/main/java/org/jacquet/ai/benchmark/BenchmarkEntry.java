package org.jacquet.ai.benchmark;

import java.util.Comparator;
import java.util.List;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Position;

/**
 * One benchmark decision: a position, its dice, and its candidate plays (each as the position it
 * leads to) with their rolled-out expected points for the side to move.
 *
 * <p>Two independent rollouts value each candidate: one picks the best play (its {@code
 * selection} equity), the other measures every candidate's {@code equity}. A loss is the
 * difference of the second between the play picked by the first and the play made. Picking and
 * measuring with the same trials would favour whichever candidate had lucky dice and add their
 * noise to every loss, a bias that does not average out over decisions; kept apart, each loss is
 * unbiased for the picked play, so the average over many decisions is too (if anything it is low,
 * by the rare decision where the first rollout picked a play not truly the best).
 */
public record BenchmarkEntry(int index, Category category, Position position, DiceToPlay dice,
    List<Candidate> candidates) {
  /**
   * A candidate play's result, its expected points for the player who makes it, the standard
   * error of its loss against the best candidate (0 for the best), and its expected points in
   * the rollout that picks the best (equal to {@code equity} where the value is exact or where
   * one rollout did both, as in benchmarks made before the split).
   */
  public record Candidate(Position result, double equity, double standardError, double selection) {
    /** A candidate valued once, for picking and measuring alike. */
    public Candidate(Position result, double equity, double standardError) {
      this(result, equity, standardError, equity);
    }
  }

  public BenchmarkEntry {
    if (candidates.isEmpty()) throw new IllegalArgumentException("a benchmark decision needs a candidate");
    // Best first. Values picked apart by the generator can tie once written with four decimals
    // (sure double wins all read 2.0000): the pick is then the one whose error is 0, the error
    // being measured against it.
    candidates = candidates.stream().sorted(Comparator.comparingDouble(Candidate::selection).reversed()
        .thenComparingDouble(Candidate::standardError)
        .thenComparing(Comparator.comparingDouble(Candidate::equity).reversed())).toList();
  }

  /** The best candidate: the one the picking rollout valued most. */
  public Candidate best() {
    return candidates.get(0);
  }

  public double bestEquity() {
    return best().equity();
  }

  /**
   * The points given up by playing to {@code result}: the best candidate's equity less its own
   * (negative when the measuring rollout, by chance, valued it above the best). A play outside
   * the candidates counts as the candidate that gives up the most (a lower bound of its loss).
   */
  public double loss(Position result) {
    for (Candidate c : candidates) if (c.result().equals(result)) return bestEquity() - c.equity();
    return candidates.stream().mapToDouble(c -> bestEquity() - c.equity()).max().orElseThrow();
  }

  /** Whether {@code result} is one of the rolled-out candidates. */
  public boolean isCandidate(Position result) {
    return candidates.stream().anyMatch(c -> c.result().equals(result));
  }
}
