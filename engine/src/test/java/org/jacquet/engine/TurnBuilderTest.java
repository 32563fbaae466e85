package org.jacquet.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class TurnBuilderTest {
  private static TurnBuilder builder(Rules rules, String position, String dice) {
    return new TurnBuilder(rules, PlayGenerator.legalPlays(rules, Position.parse(position),
        DiceToPlay.of(Dice.parse(dice), rules)));
  }

  @Test
  void stepsAreCheckedOneByOneAndCanBeTakenBack() {
    TurnBuilder t = builder(Rules.MODERN, "white=1:15 black=1:15 turn=white", "6-5");
    assertThat(t.movableFrom()).containsExactly(1);
    assertThat(t.destinations(1)).containsExactly(6, 7);
    t.add(1, 7);
    assertThat(t.diceLeft()).containsExactly(5);
    assertThat(t.isComplete()).isFalse();
    assertThatThrownBy(() -> t.add(1, 6)).isInstanceOf(IllegalPlayException.class)
        .hasMessage("the postilion (on point 7) must reach point 19 before any other checker moves");
    assertThat(t.steps()).hasSize(1);
    assertThat(t.destinations(7)).containsExactly(12);
    t.add(7, 12);
    assertThat(t.isComplete()).isTrue();
    assertThat(t.play().notation()).isEqualTo("1/7 7/12");
    assertThat(t.undo()).isTrue();
    assertThat(t.isComplete()).isFalse();
    assertThat(t.current().toString()).isEqualTo("white=1:14,7:1 black=1:15 turn=white");
    assertThatThrownBy(() -> t.add(7, 9)).hasMessage("7/9 does not match a die left (5)");
  }

  @Test
  void aStepThatLeavesNoLegalFinishIsRefused() {
    // Bearing off 20 with the 6 first would leave the 5 unplayable: 18/24 must come first,
    // or 18/23 with the 5.
    TurnBuilder t = builder(Rules.ORIGINAL, "white=18:1,20:1,21:1,23:1,24:11 black=19:15 turn=white", "6-5");
    assertThatThrownBy(() -> t.add(20, 25)).hasMessageContaining("bearing off needs every checker");
    assertThat(t.destinations(18)).containsExactly(23, 24);
    t.add(18, 24);
    assertThat(t.destinations(20)).containsExactly(25);
    assertThat(t.destinations(21)).isEmpty();
  }

  @Test
  void theHigherDieMustBePlayedWhenOnlyOneCan() {
    TurnBuilder t = builder(Rules.MODERN, "white=22:1 black=11:1,1:14 turn=white", "6-1");
    assertThat(t.destinations(22)).containsExactly(25);
    assertThatThrownBy(() -> t.add(22, 23)).hasMessageContaining("point 23 is held by the opponent");
  }

  @Test
  void bearingOffAtOnceIsTheSamePlayAsGettingThereInTwoSteps() {
    TurnBuilder t = builder(Rules.MODERN, "white=20:1 black=1:15 turn=white", "6-2");
    t.add(20, 25);
    assertThat(t.isComplete()).isTrue();
    assertThat(t.play().result().winner()).isEqualTo(Side.WHITE);
  }
}
