package org.jacquet.engine.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class PositionIdTest {
  @Test
  void everyPositionOfRandomGamesRoundTripsThroughItsId() {
    PlayGenerator gen = new PlayGenerator(Rules.MODERN);
    SplittableRandom random = new SplittableRandom(3);
    int checked = 0;
    for (int g = 0; g < 200; g++) {
      Position p = Position.start(random.nextBoolean() ? Side.WHITE : Side.BLACK);
      while (!p.isOver()) {
        String id = p.id();
        assertThat(id).hasSize(14).matches("[A-Za-z0-9_-]{14}");
        assertThat(Position.parse(id)).isEqualTo(p);
        checked++;
        int n = gen.generate(p, DiceToPlay.of(Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1), Rules.MODERN));
        p = gen.result(random.nextInt(n));
      }
      assertThat(Position.parse(p.id())).isEqualTo(p);
    }
    assertThat(checked).isGreaterThan(10_000);
  }

  @Test
  void theStartHasAFixedIdAndDifferentPositionsDifferentIds() {
    Position white = Position.parse("white=1:15 black=1:15 turn=white");
    assertThat(white.id()).isEqualTo("_v8AAAD_fwAAAA");
    assertThat(Position.parse("white=1:14,7:1 black=1:15 turn=black").id()).isEqualTo("_38gAAD_fwAAAA");
    assertThat(white.withTurn(Side.BLACK).id()).isNotEqualTo(white.id());
  }

  @Test
  void anIdOfTheWrongLengthIsToldAnIdHas14Characters() {
    String start = "_v8AAAD_fwAAAA";
    for (String id : new String[] {start.substring(0, 13), start + "A", start.substring(0, 8), "4HPwATDgc/ABMA0"}) {
      assertThatThrownBy(() -> Position.parse(id)).as(id)
          .hasMessage("position ID '" + id + "' must be 14 characters");
    }
    // Gnubg's IDs use standard base64: one of 14 characters is refused for its letters.
    assertThatThrownBy(() -> Position.parse("4HPwATDgc/ABMA")).hasMessageContaining("is not base64");
    // Words too short to be meant as an ID are still read as position text.
    assertThatThrownBy(() -> Position.parse("white")).hasMessageContaining("must be written name=value");
  }

  @Test
  void badIdsAreRefusedWithTheirProblem() {
    assertThatThrownBy(() -> Position.parse("AAAAAAAAAAAAAA")).hasMessageContaining("both sides have borne off every checker");
    assertThatThrownBy(() -> Position.parse("______________")).hasMessageContaining("position ID");
  }
}
