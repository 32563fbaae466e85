package org.jacquet.ai.puzzle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class ThemeTest {
  private static final Rules RULES = Rules.MODERN;

  private static Position of(int[] white, int[] black) {
    return Position.of(white, black, Side.WHITE);
  }

  /** Counts by route point from pairs (point, checkers). */
  private static int[] counts(int... pointsAndCheckers) {
    int[] c = new int[25];
    for (int i = 0; i < pointsAndCheckers.length; i += 2) c[pointsAndCheckers[i]] = pointsAndCheckers[i + 1];
    return c;
  }

  @Test
  void theStartIsAboutThePostilionAndNothingElse() {
    assertThat(Theme.of(Position.start(Side.WHITE), RULES)).containsExactly(Theme.POSTILION);
  }

  @Test
  void aPostilionStillOutsideItsEntryQuadrantKeepsTheThemeUntilItEnters() {
    Position bound = of(counts(1, 14, 10, 1), counts(1, 15));
    assertThat(Theme.of(bound, RULES)).contains(Theme.POSTILION);
    // Entered (route 19 is modern's entry): white is free; black too once a second checker leaves.
    Position entered = of(counts(1, 14, 19, 1), counts(1, 13, 3, 1, 4, 1));
    assertThat(Theme.of(entered, RULES)).doesNotContain(Theme.POSTILION);
  }

  @Test
  void fourPointsInARowWithTheSidesInContactAreABlock() {
    // White holds its route 5..8 (black's 17..20) while black's checkers are still behind them.
    Position block = of(counts(5, 3, 6, 3, 7, 3, 8, 3, 1, 3), counts(1, 10, 2, 5));
    assertThat(Theme.of(block, RULES)).contains(Theme.BLOCKS).doesNotContain(Theme.RACE);
    Position three = of(counts(5, 4, 6, 4, 7, 4, 1, 3), counts(1, 10, 2, 5));
    assertThat(Theme.of(three, RULES)).doesNotContain(Theme.BLOCKS);
  }

  @Test
  void bothSidesHomeIsARaceAndABearOff() {
    Position home = of(counts(19, 5, 20, 5, 21, 5), counts(22, 5, 23, 5, 24, 5));
    assertThat(Theme.of(home, RULES)).containsExactlyInAnyOrder(Theme.RACE, Theme.BEAR_OFF);
  }

  @Test
  void contactIsOverOnlyOnceNoCheckerHasAPointOfTheOtherAheadOfIt() {
    // White's checkers on its 14..18 (black's 2..6) are past black's, all on black's 20..24
    // (white's 8..12): no one can block anyone, though white is not home yet.
    Position passed = of(counts(14, 5, 16, 5, 18, 5), counts(20, 5, 22, 5, 24, 5));
    assertThat(Theme.of(passed, RULES)).containsExactly(Theme.RACE);
    // A white straggler on its 3 has black's points (its 8..12) ahead: still contact.
    Position straggler = of(counts(3, 1, 14, 4, 16, 5, 18, 5), counts(20, 5, 22, 5, 24, 5));
    assertThat(Theme.of(straggler, RULES)).doesNotContain(Theme.RACE);
  }

  @Test
  void anUnknownThemeIsRefusedNamingTheValidOnes() {
    assertThat(Theme.parse("bear-off")).isEqualTo(Theme.BEAR_OFF);
    assertThatThrownBy(() -> Theme.parse("primes")).hasMessageContaining("'primes'")
        .hasMessageContaining("postilion, blocks, bear-off, race");
  }
}
