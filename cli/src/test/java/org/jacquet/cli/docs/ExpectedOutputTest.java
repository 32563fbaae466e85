package org.jacquet.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExpectedOutputTest {
  @Test
  void theSameLinesMatchTrailingSpacesAndEmptyLinesAtTheEndAside() {
    assertThat(ExpectedOutput.mismatch(List.of("a", "  b"), List.of("a  ", "  b", ""))).isEmpty();
  }

  @Test
  void aDifferentOrMissingOrExtraLineIsAMismatchShowingBoth() {
    assertThat(ExpectedOutput.mismatch(List.of("a", "b"), List.of("a", "c"))).get().asString()
        .contains("the page shows:\n    a\n    b\n").contains("the command printed:\n    a\n    c\n");
    assertThat(ExpectedOutput.mismatch(List.of("a", "b"), List.of("a"))).isPresent();
    assertThat(ExpectedOutput.mismatch(List.of("a"), List.of("a", "b"))).isPresent();
    assertThat(ExpectedOutput.mismatch(List.of("  a"), List.of("a"))).isPresent();
  }

  @Test
  void anEllipsisStandsForAnyNumberOfLinesNoneIncluded() {
    List<String> shown = List.of("head", "  …", "7. last shown");
    assertThat(ExpectedOutput.mismatch(shown, List.of("head", "7. last shown"))).isEmpty();
    assertThat(ExpectedOutput.mismatch(shown, List.of("head", "2.", "3.", "7. last shown"))).isEmpty();
    assertThat(ExpectedOutput.mismatch(shown, List.of("head", "2.", "3."))).isPresent();
    assertThat(ExpectedOutput.mismatch(List.of("head", "…"), List.of("head", "x", "y"))).isEmpty();
  }
}
