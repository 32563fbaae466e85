package org.jacquet.engine.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.WorkedExamplesTest;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/** Reading a user's play: the matching legal play, or the rule it breaks and where. */
class PlayNotationTest {
  private static final Position START = Position.parse("white=1:15 black=1:15 turn=white");

  private static Play parse(Rules rules, Position p, String dice, String text) {
    return PlayNotation.parse(text, rules, p, DiceToPlay.of(Dice.parse(dice), rules));
  }

  private static IllegalPlayException refusal(Rules rules, Position p, String dice, String text) {
    try {
      parse(rules, p, dice, text);
    } catch (IllegalPlayException e) {
      return e;
    }
    throw new AssertionError("'" + text + "' was accepted");
  }

  @Test
  void aPlayInStepsOrAsOneMoveOrChainedIsTheSamePlay() {
    Play a = parse(Rules.MODERN, START, "6-5", "1/7 7/12");
    assertThat(parse(Rules.MODERN, START, "6-5", "1/6 6/12")).isEqualTo(a);
    assertThat(parse(Rules.MODERN, START, "6-5", "1/12")).isEqualTo(a);
    assertThat(parse(Rules.MODERN, START, "6-5", "1/7/12")).isEqualTo(a);
    assertThat(parse(Rules.MODERN, START, "3-3", "1/10")).isEqualTo(parse(Rules.MODERN, START, "3-3", "1/4/7/10"));
  }

  @Test
  void playNotationRoundTripsThroughTheParser() {
    Position p = Position.parse("white=18:1,20:1,21:1,23:1,24:11 black=19:15 turn=white");
    for (Play play : PlayGenerator.legalPlays(Rules.ORIGINAL, p,
        DiceToPlay.of(Dice.of(1, 1), Rules.ORIGINAL)).plays()) {
      assertThat(parse(Rules.ORIGINAL, p, "1-1", play.notation())).isEqualTo(play);
    }
    assertThat(parse(Rules.ORIGINAL, p, "1-1", "24/off(3) 18/19").notation())
        .isEqualTo("18/19 24/off 24/off 24/off");
  }

  @Test
  void theRuleBrokenIsNamed() {
    assertThat(refusal(Rules.MODERN, START, "6-5", "1/7 1/6").reason()).isEqualTo(IllegalReason.POSTILION_FIRST);
    assertThat(refusal(Rules.MODERN, START, "6-5", "1/7 1/6").getMessage())
        .isEqualTo("the postilion (on point 7) must reach point 19 before any other checker moves");
    assertThat(refusal(Rules.MODERN, START, "6-6", "1/7 7/13").getMessage())
        .isEqualTo("point 13 is held by the opponent: a checker may not stop there");
    assertThat(refusal(Rules.MODERN, START, "6-5", "2/8").reason()).isEqualTo(IllegalReason.NO_CHECKER);
    assertThat(refusal(Rules.MODERN, START, "6-5", "1/5").getMessage())
        .isEqualTo("1/5 does not match a die left (6-5)");
    assertThat(refusal(Rules.MODERN, START, "6-5", "7/1").reason()).isEqualTo(IllegalReason.BACKWARD);
    assertThat(refusal(Rules.MODERN, START, "6-5", "1/7").getMessage())
        .isEqualTo("this play leaves dice unused: a legal play uses 2 step(s)");
    assertThat(refusal(Rules.MODERN, START, "6-5", "1-7").reason()).isEqualTo(IllegalReason.SYNTAX);
    assertThat(refusal(Rules.MODERN, START, "6-5", "1/7 7/12 12/13").reason())
        .isEqualTo(IllegalReason.TOO_MANY_STEPS);
  }

  @Test
  void bearingOffNeedsEveryCheckerHomeAndTheRearmostForALargerDie() {
    Position p = Position.parse("white=18:1,20:1,21:1,23:1,24:11 black=19:15 turn=white");
    assertThat(refusal(Rules.ORIGINAL, p, "6-5", "20/off 21/off").getMessage())
        .isEqualTo("bearing off needs every checker in the last quadrant (19-24); one is still on point 18");
    assertThat(refusal(Rules.ORIGINAL, p, "6-5", "18/24 21/off").getMessage())
        .isEqualTo("a 5 bears off from point 21 only when no checker stands further back (one is on point 20)");
    Position talon = Position.parse("white=20:1,21:1,22:1,23:1,24:11 black=1:1,19:14 turn=white");
    assertThat(refusal(Rules.ADVANCED, talon, "6-5", "20/off 21/off").reason())
        .isEqualTo(IllegalReason.BEAR_OFF_OPPONENT_TALON);
    // A step order whose stops are illegal is accepted when another order of the same steps is.
    assertThat(parse(Rules.ORIGINAL, p, "6-5", "20/off 18/23").notation()).isEqualTo("18/23 20/off");
  }

  @Test
  void onlyTheHigherDieMayBePlayedWhenOnlyOneCan() {
    // White's lone checker on 22 must bear off with the 6; a 1 alone (22/23) is refused.
    Position p = Position.parse("white=22:1 black=1:15 turn=white");
    assertThat(PlayGenerator.legalPlays(Rules.MODERN, p, DiceToPlay.of(Dice.of(6, 1), Rules.MODERN))
        .plays()).extracting(Play::notation).containsExactly("22/23 23/off");
    // With black blocking 23 (its 11) the 1 cannot be played at all, so only the 6 is.
    Position q = Position.parse("white=22:1 black=11:1,1:14 turn=white");
    assertThat(PlayGenerator.legalPlays(Rules.MODERN, q, DiceToPlay.of(Dice.of(6, 1), Rules.MODERN))
        .plays()).extracting(Play::notation).containsExactly("22/off");
  }

  @Test
  void higherDieRuleWhenNeitherCombinationWorks() {
    // Black's postilion-bound side: 15 on talon; White holds black's 5 and 7 (white 17, 19).
    // Black rolls 6-4: 1/7 blocked, 1/5 blocked: nothing. With 4-2: 1/5 blocked, 1/3 then 3/7 blocked.
    Position p = Position.parse("white=17:1,19:14 black=1:15 turn=black");
    LegalPlays legal = PlayGenerator.legalPlays(Rules.ORIGINAL, p, DiceToPlay.of(Dice.of(4, 2), Rules.ORIGINAL));
    assertThat(legal.plays()).extracting(Play::notation).containsExactly("1/3");
    assertThat(legal.unused()).containsExactly(4);
  }

  @Test
  void blocksAreRefusedWithTheRuleTheyBreak() {
    // White holds 1..5 and its postilion has entered; 5/6 would complete 1..6 without point 24.
    Position p = Position.parse("white=1:6,2:2,3:2,4:2,5:2,20:1 black=1:15 turn=white");
    IllegalPlayException e = refusal(Rules.MODERN, p, "2-1", "5/6 20/22");
    assertThat(e.getMessage()).isEqualTo("holding all six points 1-6 needs a return checker on point 24");
    assertThat(e.message(Locale.FRENCH))
        .isEqualTo("tenir les six flèches 1 à 6 exige une dame de retour en 24");
    assertThat(refusal(Rules.MOULTEZIM, p.withTurn(Side.WHITE), "2-1", "5/6 20/22").reason())
        .isIn(IllegalReason.BLOCK_FIRST_QUADRANT_FORBIDDEN, IllegalReason.BLOCK_SHUTS_OUT_POSTILION);
    // Under the original rules any block is allowed.
    assertThat(parse(Rules.ORIGINAL, p, "2-1", "5/6 20/22").result())
        .isEqualTo(WorkedExamplesTest.result(p.toString(), "5/6 20/22"));
  }

  @Test
  void aBlockShuttingOutTheOpponentsPostilionIsRefused() {
    // Black's postilion is on its 2 (white's 14); white holds its 15..19 and moves to 20:
    // black's 3..8 would be shut, with black's postilion behind it.
    Position p = Position.parse("white=1:4,15:2,16:2,17:2,18:2,19:2,24:1 black=1:14,2:1 turn=white");
    IllegalPlayException e = refusal(Rules.MODERN, p, "1-1", "19/20");
    assertThat(e.reason()).isEqualTo(IllegalReason.BLOCK_SHUTS_OUT_POSTILION);
    assertThat(e.getMessage()).isEqualTo(
        "the block 15-20 would shut the opponent's postilion out of its last quadrant");
    assertThat(parse(Rules.ORIGINAL, p, "1-1", "19/20 20/21 21/22 22/23").result())
        .isEqualTo(WorkedExamplesTest.result(p.toString(), "19/20 20/21 21/22 22/23"));
  }

  @Test
  void aPassIsTypedAsNothingOrPass() {
    Position p = Position.parse("white=17:1,19:14 black=1:15 turn=black");
    assertThat(parse(Rules.ORIGINAL, p, "6-4", "").isPass()).isTrue();
    assertThat(parse(Rules.ORIGINAL, p, "6-4", "pass").isPass()).isTrue();
    // A step typed when nothing can be played is refused with its own reason.
    assertThat(refusal(Rules.ORIGINAL, p, "6-4", "1/7").reason()).isEqualTo(IllegalReason.POINT_HELD_BY_OPPONENT);
    assertThat(refusal(Rules.MODERN, START, "6-5", "pass").reason()).isEqualTo(IllegalReason.MUST_USE_MORE_DICE);
  }
}
