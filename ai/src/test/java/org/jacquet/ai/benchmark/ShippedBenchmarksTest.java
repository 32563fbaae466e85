package org.jacquet.ai.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks shipped in the jar are data that strength claims rest on: each must read, hold
 * decisions numbered without gaps (a resumed generation appends; a gap means a lost line), and
 * every candidate must be a distinct legal result of its position and dice, with the best first
 * and an error of zero — otherwise a score would compare plays that cannot be made.
 */
class ShippedBenchmarksTest {
  @Test
  void everyShippedDecisionOffersOnlyLegalDistinctPlaysWithTheBestFirst() {
    int presetsWithABenchmark = 0;
    for (Map.Entry<String, Rules> preset : Rules.PRESETS.entrySet()) {
      Rules rules = preset.getValue();
      List<BenchmarkEntry> entries = BenchmarkFile.shipped(rules, preset.getKey());
      if (entries.isEmpty()) continue;
      presetsWithABenchmark++;
      for (int i = 0; i < entries.size(); i++) {
        BenchmarkEntry e = entries.get(i);
        String where = preset.getKey() + " decision " + e.index();
        assertThat(e.index()).as(where + ": numbered without gaps").isEqualTo(i);
        assertThat(e.category()).as(where).isEqualTo(Category.of(e.position()));
        LegalPlays legal = PlayGenerator.legalPlays(rules, e.position(), e.dice());
        Set<Position> reachable = new HashSet<>();
        for (Play p : legal.plays()) reachable.add(p.result());
        assertThat(reachable.size()).as(where + ": a real choice").isGreaterThan(1);
        Set<Position> seen = new HashSet<>();
        for (BenchmarkEntry.Candidate c : e.candidates()) {
          assertThat(reachable).as(where + ": legal").contains(c.result());
          assertThat(seen.add(c.result())).as(where + ": distinct").isTrue();
          assertThat(c.standardError()).as(where).isGreaterThanOrEqualTo(0);
          assertThat(c.selection()).as(where + ": best first").isLessThanOrEqualTo(e.best().selection());
        }
        assertThat(e.best().standardError()).as(where).isZero();
        assertThat(e.loss(e.best().result())).as(where).isZero();
      }
    }
    assertThat(presetsWithABenchmark).as("modern's benchmark at least is shipped").isGreaterThanOrEqualTo(1);
  }
}
