package org.jacquet.ai.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import org.jacquet.ai.Level;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class BenchmarkGeneratorTest {
  private static final Rules RULES = Rules.MODERN;
  private static final BenchmarkGenerator.Settings TINY =
      new BenchmarkGenerator.Settings(Level.EXPERT, Level.EXPERT, 2, 4, 4, 0, 11);

  @Test
  void aDecisionDependsOnlyOnTheSeedAndItsIndexSoARunResumes() {
    BenchmarkEntry once = BenchmarkGenerator.make(RULES, TINY, 0);
    BenchmarkEntry again = BenchmarkGenerator.make(RULES, TINY, 0);
    assertThat(BenchmarkFile.format(again)).isEqualTo(BenchmarkFile.format(once));
    assertThat(once.category()).isEqualTo(Category.CONTACT);
    // Every candidate is a legal play of the decision, the best first with no error of its own.
    var legal = PlayGenerator.legalPlays(RULES, once.position(), once.dice());
    for (BenchmarkEntry.Candidate c : once.candidates()) assertThat(legal.leadingTo(c.result())).isPresent();
    assertThat(once.candidates().get(0).standardError()).isZero();
    // Both networks' two best at 0-ply and their 2-ply choices: from 2 (they agree) to 6.
    assertThat(once.candidates().size()).isBetween(2, 6);
  }
}
