package org.jacquet.ai.puzzle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class PuzzleFileTest {
  private static final Rules RULES = Rules.MODERN;
  private static final String PUZZLE =
      "2 postilion _38AAgD_HwIACA 3-2 right 288 _n8AAgD_pwIACA:1.1329:0.0000 _n8AAgD_jwIAIA:0.9684:0.0471";

  @Test
  void aLineReadsBackAsItWasWrittenAndAFailedAttemptCountsAsDone() {
    PuzzleFile.Contents c = PuzzleFile.read("# header\n1 none rollout\n" + PUZZLE + "\n0 none screen\n", RULES);
    assertThat(c.attempts()).containsExactlyInAnyOrder(0, 1, 2);
    assertThat(c.puzzles()).hasSize(1);
    Puzzle p = c.puzzles().get(0);
    assertThat(p.themes()).containsExactly(Theme.POSTILION);
    assertThat(p.expertWrong()).isFalse();
    assertThat(p.trials()).isEqualTo(288);
    assertThat(p.gap()).isCloseTo(1.1329 - 0.9684, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(p.solvedBy(p.best().result())).isTrue();
    assertThat(p.solvedBy(p.candidates().get(1).result())).isFalse();
    assertThat(PuzzleFile.format(new PuzzleGenerator.Attempt(2, p, null))).isEqualTo(PUZZLE);
    assertThat(PuzzleFile.format(new PuzzleGenerator.Attempt(1, null, "rollout"))).isEqualTo("1 none rollout");
  }

  @Test
  void aDamagedLineIsRefusedWithItsNumberAndWhatIsWrong() {
    assertThatThrownBy(() -> PuzzleFile.read("#\n" + PUZZLE.replace("right", "maybe"), RULES))
        .hasMessageContaining("puzzle line 2").hasMessageContaining("'maybe' is not the expert's answer");
    assertThatThrownBy(() -> PuzzleFile.read(PUZZLE.replace("postilion", "primes"), RULES))
        .hasMessageContaining("puzzle line 1").hasMessageContaining("unknown puzzle theme 'primes'");
    assertThatThrownBy(() -> PuzzleFile.read("3 none bored", RULES)).hasMessageContaining("'bored' is not why");
    assertThatThrownBy(() -> PuzzleFile.read("1 none screen\n1 none rollout", RULES))
        .hasMessageContaining("puzzle line 2: attempt 1 is written twice");
    assertThatThrownBy(() -> PuzzleFile.read(PUZZLE.replace(":1.1329:", ":NaN:"), RULES))
        .hasMessageContaining("equity 'NaN' is not a number");
    assertThatThrownBy(() -> PuzzleFile.read(PUZZLE.substring(0, PUZZLE.lastIndexOf(' ')), RULES))
        .hasMessageContaining("two candidates or more");
  }
}
