package org.jacquet.server.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.refusal.Refusal;
import org.junit.jupiter.api.Test;

/** The one reading of laid steps: the play notation, bounded, each step checked by the rules. */
class LaidStepsTest {
  private static final Position HOME = Position.parse("white=19:3,20:3,21:3,22:3,23:3 black=1:15 turn=white");
  private static final LegalPlays SIX_FIVE = PlayGenerator.legalPlays(Rules.MODERN, HOME, DiceToPlay.parse("6-5", Rules.MODERN));

  private static String pairs(List<int[]> steps) {
    return String.join(" ", steps.stream().map(s -> s[0] + ">" + s[1]).toList());
  }

  @Test
  void spacesCommasOffAnd25ReadAlike() {
    assertThat(pairs(LaidSteps.read("19/off 20/off"))).isEqualTo("19>25 20>25");
    assertThat(pairs(LaidSteps.read("19/25,20/25"))).isEqualTo("19>25 20>25");
    assertThat(pairs(LaidSteps.read("  "))).isEmpty();
    assertThat(pairs(LaidSteps.read(null))).isEmpty();
    assertThat(LaidSteps.lay(Rules.MODERN, SIX_FIVE, "19/off 20/off").isComplete()).isTrue();
  }

  @Test
  void anythingElseIsRefusedNamingTheTextAndTheBound() {
    for (String bad : List.of("1-4", "19/", "x/y", "0/4", "1/4(9)", "1/2 ".repeat(9), "9".repeat(300))) {
      Refusal r = catchThrowableOfType(Refusal.class, () -> LaidSteps.read(bad));
      assertThat(r).as(bad).isNotNull();
      assertThat(r.code()).isEqualTo("bad-steps");
      assertThat(r.params()).containsEntry("max", LaidSteps.MAX_STEPS).containsKey("text");
    }
  }

  @Test
  void aStepTheRulesRefuseAnswersTheRulesCode() {
    Refusal r = catchThrowableOfType(Refusal.class, () -> LaidSteps.lay(Rules.MODERN, SIX_FIVE, "23/20"));
    assertThat(r).isNotNull();
    assertThat(r.code()).isNotEqualTo("bad-steps").isNotBlank();
  }
}
