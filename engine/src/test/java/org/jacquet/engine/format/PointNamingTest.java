package org.jacquet.engine.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.jacquet.engine.Play;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.Step;
import org.junit.jupiter.api.Test;

/** What a player reads of a play: one letter per point for both sides, or the mover's numbers. */
class PointNamingTest {
  private static final Position ANY = Position.parse("white=1:15 black=1:15 turn=white");

  private static Play play(int... fromTo) {
    Step[] steps = new Step[fromTo.length / 2];
    for (int i = 0; i < steps.length; i++) steps[i] = new Step(fromTo[2 * i], fromTo[2 * i + 1]);
    return new Play(List.of(steps), ANY);
  }

  @Test
  void aPhysicalPointHasOneLetterWhoeverMovesThere() {
    // White's route 1..12 is m..x, Black's 13..24 is the same m..x: both plays land on the same points.
    assertThat(PointNaming.LETTERS.write(play(1, 7), Side.WHITE)).isEqualTo("m/s");
    assertThat(PointNaming.LETTERS.write(play(13, 19), Side.BLACK)).isEqualTo("m/s");
  }

  @Test
  void blacksPlayAcrossWhitesTalonReadsForwardNotWrapped() {
    // The reader's numbering wrote this 4-3 as "22/2 21/24", a checker seemingly going backward.
    String letters = PointNaming.LETTERS.write(play(10, 14, 9, 12), Side.BLACK);
    assertThat(letters).isEqualTo("j/n i/l");
    for (String step : letters.split(" ")) assertThat(step.charAt(0)).isLessThan(step.charAt(2));
  }

  @Test
  void whiteCrossesFromXToAAlongItsRouteAndBearsOffFromL() {
    assertThat(PointNaming.LETTERS.write(play(11, 14, 20, Position.OFF), Side.WHITE)).isEqualTo("w/b h/off");
  }

  @Test
  void moverNumbersAreTheRecordsPlayField() {
    Play p = play(10, 14, 9, 12);
    assertThat(PointNaming.MOVER.write(p, Side.BLACK)).isEqualTo(p.notation()).isEqualTo("10/14 9/12");
  }

  @Test
  void aPassIsWrittenAsTheNotationWritesIt() {
    assertThat(PointNaming.LETTERS.write(play(), Side.WHITE)).isEqualTo(play().notation());
  }

  @Test
  void theSettingsWordsReadBackAndAnUnknownOneIsNamed() {
    for (PointNaming n : PointNaming.values()) assertThat(PointNaming.of(n.word())).isEqualTo(n);
    assertThatThrownBy(() -> PointNaming.of("numbers")).hasMessageContaining("'numbers'").hasMessageContaining("letters or mover");
  }

  @Test
  void anAnalysisNotationIsNamedStepByStepAndWordsStay() {
    assertThat(PointNaming.LETTERS.write("10/14 9/12", Side.BLACK)).isEqualTo("j/n i/l");
    assertThat(PointNaming.LETTERS.write("20/off 19/off", Side.WHITE)).isEqualTo("h/off g/off");
    assertThat(PointNaming.LETTERS.write("pass", Side.WHITE)).isEqualTo("pass");
    assertThat(PointNaming.LETTERS.write("", Side.WHITE)).isEmpty();
    assertThat(PointNaming.MOVER.write("10/14 9/12", Side.BLACK)).isEqualTo("10/14 9/12");
  }
}
