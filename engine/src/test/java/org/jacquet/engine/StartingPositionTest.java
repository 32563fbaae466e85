package org.jacquet.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.Locale;
import java.util.Set;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameResult;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/** Set-up positions no game may start from, and the edge cases of the postilion rule. */
class StartingPositionTest {
  private static final String FIRST_QUADRANT_WITHOUT_RETURN =
      "white=1:5,2:2,3:2,4:2,5:2,6:2 black=12:15 turn=white";
  private static final String BLOCK_SHUTTING_OUT_THE_POSTILION =
      "white=1:15 black=14:2,15:2,16:2,17:2,18:2,19:3,20:2 turn=white";

  @Test
  void aPositionWhoseFirstQuadrantBreaksTheReturnRuleIsRefusedWithTheRuleAndTheSide() {
    Position p = Position.parse(FIRST_QUADRANT_WITHOUT_RETURN);
    IllegalPositionException e = catchThrowableOfType(
        () -> StartingPosition.check(Rules.MODERN, p), IllegalPositionException.class);
    assertThat(e.reason()).isEqualTo(IllegalReason.BLOCK_FIRST_QUADRANT_NEEDS_RETURN);
    assertThat(e.reason().code()).isEqualTo("block-first-quadrant-needs-return");
    assertThat(e.side()).isEqualTo(Side.WHITE);
    assertThat(e.args()).containsExactly("24");
    assertThat(e.message(Locale.ENGLISH)).isEqualTo(
        "White's checkers already break a rule: holding all six points 1-6 needs a return checker on point 24");
    assertThat(e.message(Locale.FRENCH)).isEqualTo(
        "les dames blanches enfreignent déjà une règle : tenir les six flèches 1 à 6 exige une dame de retour en 24");
    // Free blocking allows it, and then both sides can still move.
    StartingPosition.check(Rules.ORIGINAL, p);
  }

  @Test
  void aBlockThatAlreadyShutsOutThePostilionIsRefused() {
    Position p = Position.parse(BLOCK_SHUTTING_OUT_THE_POSTILION);
    IllegalPositionException e = catchThrowableOfType(
        () -> StartingPosition.check(Rules.MODERN, p), IllegalPositionException.class);
    assertThat(e.reason()).isEqualTo(IllegalReason.BLOCK_SHUTS_OUT_POSTILION);
    assertThat(e.side()).isEqualTo(Side.BLACK);
    assertThat(e.args()).containsExactly(14, 19);
    assertThat(e.message(Locale.ENGLISH)).isEqualTo("Black's checkers already break a rule: "
        + "the block 14-19 would shut the opponent's postilion out of its last quadrant");
  }

  @Test
  void bothIssuePositionsWouldLockTheGameForEver() {
    assertThat(StartingPosition.stuck(Rules.MODERN, Position.parse(FIRST_QUADRANT_WITHOUT_RETURN))).isTrue();
    assertThat(StartingPosition.stuck(Rules.MODERN, Position.parse(BLOCK_SHUTTING_OUT_THE_POSTILION))).isTrue();
    assertThat(StartingPosition.stuck(Rules.MODERN, Position.start(Side.WHITE))).isFalse();
  }

  @Test
  void gamesMatchesAndRecordsAllRefuseThem() {
    Position p = Position.parse(FIRST_QUADRANT_WITHOUT_RETURN);
    assertThatThrownBy(() -> new Game(Rules.MODERN, new SeededDice(1), p, true))
        .isInstanceOf(IllegalPositionException.class);
    assertThatThrownBy(() -> new Match(Rules.MODERN, 3, new SeededDice(1), p))
        .isInstanceOf(IllegalPositionException.class);
    String record = "[Rules \"modern\"]\n[Position \"" + BLOCK_SHUTTING_OUT_THE_POSTILION + "\"]\n\nGame 1\n";
    assertThatThrownBy(() -> GameRecord.read(record)).hasMessage(
        "line 4: Black's checkers already break a rule: the block 14-19 would shut the opponent's postilion out of its last quadrant");
  }

  @Test
  void aFinishedPositionIsRefused() {
    IllegalPositionException e = catchThrowableOfType(() -> StartingPosition.check(Rules.MODERN,
        Position.parse("white=24:1 black= turn=white")), IllegalPositionException.class);
    assertThat(e.reason()).isEqualTo(IllegalReason.GAME_ALREADY_OVER);
    assertThat(e.side()).isNull();
    assertThat(e.message(Locale.FRENCH)).isEqualTo("un camp a déjà sorti toutes ses dames : la partie est finie");
  }

  @Test
  void aLockedGameEndsWithNobodyWinningAndTheResultReadsBack() {
    GameResult locked = GameResult.locked();
    assertThat(locked.toString()).isEqualTo("nobody wins 0 points (locked)");
    assertThat(GameResult.parse(locked.toString())).isEqualTo(locked);
    assertThatThrownBy(() -> GameResult.parse("nobody wins 2 points (double)"))
        .hasMessageContaining("only a locked game");
  }

  /**
   * RULES.md §3: a side is bound while its talon holds 14 or 15 checkers and none is at or
   * beyond the entry point. A checker borne off is at route point 25 (§1), beyond it: with 14 on
   * the talon and one borne off, the postilion has been through the last quadrant and the side
   * is free. (The position cannot arise in play, but it can be typed in.)
   */
  @Test
  void aSideWithItsFifteenthCheckerBorneOffIsNoLongerBoundByThePostilionRule() {
    Position p = Position.parse("white=1:14 black=1:15 turn=white");
    assertThat(p.postilionBound(Side.WHITE, 19)).isFalse();
    assertThat(ReferenceRules.bound(p.countsOf(Side.WHITE), 19)).isFalse();
    DiceToPlay dice = DiceToPlay.of(Dice.of(6, 5), Rules.MODERN);
    LegalPlays legal = PlayGenerator.legalPlays(Rules.MODERN, p, dice);
    assertThat(legal.plays().stream().map(Play::notation)).containsExactlyInAnyOrder("1/7 1/6", "1/7 7/12");
    Set<Position> reference = ReferenceRules.plays(Rules.MODERN, p, dice);
    assertThat(legal.plays().stream().map(Play::result)).containsExactlyInAnyOrderElementsOf(reference);
    // With 14 on the talon and the fifteenth still short of the entry point, the side is bound.
    Position bound = Position.parse("white=1:14,18:1 black=1:15 turn=white");
    assertThat(bound.postilionBound(Side.WHITE, 19)).isTrue();
    assertThat(PlayGenerator.legalPlays(Rules.MODERN, bound, dice).plays().stream().map(Play::notation))
        .containsExactlyInAnyOrder("18/24 1/6", "18/23 1/7");
  }
}
