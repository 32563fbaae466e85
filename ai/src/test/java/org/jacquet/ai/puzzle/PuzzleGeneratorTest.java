package org.jacquet.ai.puzzle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.jacquet.ai.Level;
import org.jacquet.ai.benchmark.BenchmarkEntry;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class PuzzleGeneratorTest {
  private static final Rules RULES = Rules.MODERN;
  /** Few trials and a low bar, so that a small test finds puzzles; the shipped sets ask far more. */
  private static final PuzzleGenerator.Settings SMALL = new PuzzleGenerator.Settings(0.02, 0.02, 0.0, 12, 24, 0, 4, 3);

  @Test
  void anAttemptDependsOnlyOnTheSeedAndItsIndexSoARunResumes() {
    PuzzleGenerator.Attempt once = PuzzleGenerator.attempt(RULES, SMALL, 0);
    PuzzleGenerator.Attempt again = PuzzleGenerator.attempt(RULES, SMALL, 0);
    assertThat(PuzzleFile.format(again)).isEqualTo(PuzzleFile.format(once));
  }

  @Test
  void aPuzzleIsConfirmedByItsIntervalsAndNeverABenchmarkPosition() throws InterruptedException {
    List<PuzzleGenerator.Attempt> attempts = new ArrayList<>();
    PuzzleGenerator.generate(RULES, SMALL, i -> i == 1, 1, () -> attempts.stream().filter(a -> a.puzzle() != null).count() >= 2,
        attempts::add);
    assertThat(attempts).extracting(PuzzleGenerator.Attempt::index).doesNotContain(1).startsWith(0, 2);
    var heldOut = PuzzleGenerator.heldOut(RULES);
    assertThat(heldOut).hasSizeGreaterThan(300); // the shipped modern benchmark is read
    for (PuzzleGenerator.Attempt a : attempts) {
      if (a.puzzle() == null) {
        assertThat(a.rejected()).isIn("screen", "rollout");
        continue;
      }
      Puzzle p = a.puzzle();
      assertThat(heldOut).doesNotContain(p.position());
      assertThat(p.themes()).isEqualTo(Theme.of(p.position(), RULES));
      LegalPlays legal = PlayGenerator.legalPlays(RULES, p.position(), p.dice());
      for (BenchmarkEntry.Candidate c : p.candidates()) assertThat(legal.leadingTo(c.result())).isPresent();
      // Every other candidate is behind the best by at least the minimum at the low end of its interval.
      for (BenchmarkEntry.Candidate c : p.candidates().subList(1, p.candidates().size())) {
        assertThat(p.gapTo(c) - 1.96 * c.standardError()).isGreaterThanOrEqualTo(SMALL.minGap());
      }
      assertThat(p.trials()).isIn(0, 12, 24);
      // The expert's verdict is its own 0-ply choice against the best.
      boolean expertRight = Level.EXPERT.create(RULES, 0).choose(legal).result().equals(p.best().result());
      assertThat(p.expertWrong()).isEqualTo(!expertRight);
    }
  }
}
