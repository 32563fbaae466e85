package org.jacquet.engine.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/**
 * A play typed in the naming a player reads, read back into the mover's numbers the notation
 * parses: the board letters name one point for both sides, so each side's numbers differ.
 */
class PointNamingReadTest {
  /** What is typed in letters, by which side, and the mover's numbers it reads as. */
  private static final String[][] WORKED = {
    // The same letters are White's 1/7 7/12 and Black's 13/19 19/24 (White's talon is m, Black's a).
    {"m/s s/x", "white", "1/7 7/12"}, {"m/s s/x", "black", "13/19 19/24"},
    {"a/f g/k", "black", "1/6 7/11"}, {"a/f g/k", "white", "13/18 19/23"},
    // White crosses from x to a along its route, and bears off from its last quadrant g..l.
    {"w/b h/off", "white", "11/14 20/off"},
    // Chains, repeats, commas and capitals read as in numbers.
    {"m/s/x", "white", "1/7/12"}, {"a/d(3) b/e", "black", "1/4(3) 2/5"}, {"  A/F,G/K ", "black", "1/6 7/11"},
    // o is a point (White's 3), so "off" is spelled out: m/o is a step, not a bear-off.
    {"m/o", "white", "1/3"}};

  @Test
  void lettersBecomeEachMoversOwnNumbers() {
    for (String[] w : WORKED) assertThat(PointNaming.LETTERS.read(w[0], Side.parse(w[1]))).as(w[0] + " by " + w[1]).isEqualTo(w[2]);
  }

  @Test
  void aPassReadsAsInNumbers() {
    for (String pass : new String[] {"", "pass", "Passe", "-"}) {
      assertThat(PlayNotation.segments(PointNaming.LETTERS.read(pass, Side.WHITE))).isEmpty();
    }
  }

  @Test
  void underTheMoversNumbersTheTextIsTheNotation() {
    assertThat(PointNaming.MOVER.read("1/7 7/12", Side.BLACK)).isEqualTo("1/7 7/12");
  }

  @Test
  void underLettersANumberOrAnythingElseIsNoStepAndTheTokenIsNamed() {
    for (String bad : new String[] {"1/7", "m/7", "y/z", "m/", "/s", "m//s", "m/s(x)", "m-s", "mo/s", "é/s", "m/o/", "m/sx"}) {
      assertThatThrownBy(() -> PointNaming.LETTERS.read("a/b " + bad, Side.WHITE)).as(bad)
          .isInstanceOfSatisfying(IllegalPlayException.class, e -> {
            assertThat(e.reason()).isEqualTo(IllegalReason.SYNTAX);
            assertThat(e.args()).containsExactly(bad.toLowerCase(Locale.ROOT));
          });
    }
    assertThatThrownBy(() -> PointNaming.LETTERS.read("m/s ".repeat(60), Side.WHITE))
        .isInstanceOfSatisfying(IllegalPlayException.class, e -> assertThat(e.reason()).isEqualTo(IllegalReason.SYNTAX));
  }

  @Test
  void aRefusalNamesItsPointsAsTheReaderReadsThem() {
    IllegalPlayException noChecker = new IllegalPlayException(IllegalReason.NO_CHECKER, 7);
    assertThat(noChecker.message(Locale.ENGLISH, PointNaming.LETTERS, Side.WHITE)).isEqualTo("no checker of yours on point s");
    assertThat(noChecker.message(Locale.ENGLISH, PointNaming.LETTERS, Side.BLACK)).isEqualTo("no checker of yours on point g");
    assertThat(noChecker.message(Locale.FRENCH, PointNaming.MOVER, Side.BLACK)).isEqualTo(noChecker.message(Locale.FRENCH));
    // A die is no point: NO_SUCH_DIE names its two points, not the dice left.
    IllegalPlayException noDie = new IllegalPlayException(IllegalReason.NO_SUCH_DIE, 1, "off", "3-2");
    assertThat(noDie.message(Locale.ENGLISH, PointNaming.LETTERS, Side.WHITE)).isEqualTo("m/off does not match a die left (3-2)");
    IllegalPlayException block = new IllegalPlayException(IllegalReason.BLOCK_NEEDS_RETURN, "23 & 24", 13, 18);
    assertThat(block.message(Locale.ENGLISH, PointNaming.LETTERS, Side.BLACK)).isEqualTo("the block m-r needs a return checker on point w & x");
    // The wording's own points too: White's last quadrant 19-24 is g-l, its first 1-6 is m-r.
    IllegalPlayException notHome = new IllegalPlayException(IllegalReason.BEAR_OFF_NOT_ALL_HOME, 18);
    assertThat(notHome.message(Locale.ENGLISH, PointNaming.LETTERS, Side.WHITE))
        .isEqualTo("bearing off needs every checker in the last quadrant (g-l); one is still on point f");
    assertThat(new IllegalPlayException(IllegalReason.BLOCK_FIRST_QUADRANT_FORBIDDEN).message(Locale.FRENCH, PointNaming.LETTERS, Side.WHITE))
        .isEqualTo("tenir les six flèches m à r est interdit par ces règles");
    // What was typed is quoted as typed; the examples are the mover's.
    IllegalPlayException syntax = new IllegalPlayException(IllegalReason.SYNTAX, "j/z");
    assertThat(syntax.message(Locale.ENGLISH, PointNaming.LETTERS, Side.BLACK)).isEqualTo("cannot read 'j/z'; write steps like a/g g/l or t/off");
    for (IllegalPlayException e : List.of(notHome, syntax, block)) {
      assertThat(e.message(Locale.FRENCH, PointNaming.MOVER, Side.WHITE)).isEqualTo(e.message(Locale.FRENCH));
    }
  }

  /** Every legal play of random positions, written in either naming, reads back as the same play, under every preset. */
  @Test
  void everyLegalPlayWrittenInEitherNamingReadsBackAsItself() {
    int[] plays = {0};
    qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
      SplittableRandom r = new SplittableRandom(seed);
      Position p = FormatParsersPropertyTest.randomPosition(r);
      if (p.isOver()) return;
      Dice thrown = Dice.of(1 + r.nextInt(6), 1 + r.nextInt(6));
      for (Rules rules : Rules.PRESETS.values()) {
        DiceToPlay dice = DiceToPlay.of(thrown, rules);
        LegalPlays legal = PlayGenerator.legalPlays(rules, p, dice);
        for (Play play : legal.plays()) {
          for (PointNaming naming : PointNaming.values()) {
            String typed = naming.write(play, p.turn());
            if (naming == PointNaming.LETTERS) assertThat(typed).doesNotContainPattern("\\d");
            Play back = PlayNotation.parse(naming.read(typed, p.turn()), rules, p, dice);
            assertThat(back.result()).as(typed).isEqualTo(play.result());
            plays[0]++;
          }
        }
      }
    });
    assertThat(plays[0]).isGreaterThan(1_000);
  }

  /**
   * Only the chosen naming is read (the terminal's prompt and the web app's boxes): a play in the
   * other is refused with the play meant in the mover's numbers, step by step; text that is no
   * play either way keeps the engine's own syntax refusal.
   */
  @Test
  void onlyTheChosenNamingIsReadAndTheOtherIsRefusedWithThePlayMeant() {
    assertThat(PointNaming.LETTERS.readOnly("m/s s/x", Side.WHITE)).isEqualTo("1/7 7/12");
    assertThat(PointNaming.MOVER.readOnly("1/7 7/12", Side.WHITE)).isEqualTo("1/7 7/12");
    assertThatThrownBy(() -> PointNaming.LETTERS.readOnly("13/19 19/24", Side.BLACK))
        .isInstanceOfSatisfying(PointNaming.WrongNaming.class, e -> {
          assertThat(e.naming()).isEqualTo(PointNaming.LETTERS);
          assertThat(e.play()).isEqualTo("13/19 19/24");
        });
    // A chain and a repeat are given back step by step, in the mover's numbers.
    assertThatThrownBy(() -> PointNaming.MOVER.readOnly("m/s/x a/d(2)", Side.WHITE))
        .isInstanceOfSatisfying(PointNaming.WrongNaming.class, e -> assertThat(e.play()).isEqualTo("1/7 7/12 13/16 13/16"));
    for (PointNaming naming : PointNaming.values()) {
      assertThatThrownBy(() -> naming.readOnly("zz", Side.WHITE)).isInstanceOfSatisfying(IllegalPlayException.class,
          e -> assertThat(e.reason()).isEqualTo(IllegalReason.SYNTAX));
    }
  }
}
