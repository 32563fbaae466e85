package org.jacquet.ai.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.jacquet.ai.Bot;
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

  @Test
  void completingAddsAPlayersOwnPlayAndRollsOnlyThatDecisionOutAgain() throws InterruptedException {
    BenchmarkEntry made = BenchmarkGenerator.make(RULES, TINY, 0);
    var legal = PlayGenerator.legalPlays(RULES, made.position(), made.dice());
    // A player whose play the generator did not roll out.
    var outsider = legal.plays().stream().map(p -> p.result()).filter(r -> !made.isCandidate(r)).findFirst().orElseThrow();
    LongFunction<Bot> plays = seed -> new OutsiderBot(outsider, Level.EXPERT.create(RULES, seed));
    LongFunction<Bot> expert = seed -> Level.EXPERT.create(RULES, seed);
    BenchmarkEntry kept = BenchmarkGenerator.make(RULES, TINY, 1);
    List<BenchmarkEntry> out = new ArrayList<>();
    BenchmarkGenerator.complete(RULES, TINY, List.of(made, kept), List.of(plays, expert), 1, 2, out::add);

    // Only the decision where a play was outside comes back, its old candidates and the new one
    // all valued anew; the expert's plays were candidates already and add nothing.
    assertThat(out).hasSize(1);
    BenchmarkEntry completed = out.get(0);
    assertThat(completed.index()).isEqualTo(made.index());
    assertThat(completed.isCandidate(outsider)).isTrue();
    assertThat(completed.candidates()).hasSize(made.candidates().size() + 1);
    for (BenchmarkEntry.Candidate c : made.candidates()) assertThat(completed.isCandidate(c.result())).isTrue();
    assertThat(completed.candidates().get(0).standardError()).isZero();
    assertThat(BenchmarkFile.format(completed)).isNotEqualTo(BenchmarkFile.format(made));
    // Its loss is now measured, not the worst candidate's standing in for it.
    double worst = made.candidates().stream().mapToDouble(c -> made.bestEquity() - c.equity()).max().orElseThrow();
    assertThat(made.loss(outsider)).isEqualTo(worst);
    double measured = completed.bestEquity() - completed.candidates().stream()
        .filter(c -> c.result().equals(outsider)).findFirst().orElseThrow().equity();
    assertThat(completed.loss(outsider)).isEqualTo(measured);

    // Deterministic, so a stopped run that goes on gives the same file.
    List<BenchmarkEntry> again = new ArrayList<>();
    BenchmarkGenerator.complete(RULES, TINY, List.of(made), List.of(plays), 1, 1, again::add);
    assertThat(BenchmarkFile.format(again.get(0))).isEqualTo(BenchmarkFile.format(completed));
    // Once completed, nothing is left to do for that player.
    List<BenchmarkEntry> none = new ArrayList<>();
    BenchmarkGenerator.complete(RULES, TINY, List.of(completed), List.of(plays), 1, 1, none::add);
    assertThat(none).isEmpty();
  }

  /** Plays to {@code outsider} where it can, as {@code otherwise} plays elsewhere. */
  private record OutsiderBot(org.jacquet.engine.Position outsider, Bot otherwise) implements Bot {
    @Override
    public org.jacquet.engine.Play choose(org.jacquet.engine.LegalPlays legal) {
      return legal.leadingTo(outsider).orElseGet(() -> otherwise.choose(legal));
    }

    @Override
    public String name() {
      return "outsider";
    }
  }
}
