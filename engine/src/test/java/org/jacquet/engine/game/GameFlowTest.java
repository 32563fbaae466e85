package org.jacquet.engine.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class GameFlowTest {
  /** Dice served in exactly this order. */
  private static DiceSource dice(int... values) {
    java.util.Iterator<Integer> it = java.util.Arrays.stream(values).iterator();
    return () -> {
      if (!it.hasNext()) throw new IllegalStateException("no more dice");
      return it.next();
    };
  }

  @Test
  void rerollOpeningWinnerThrowsBothDiceAgain() {
    Game g = new Game(Rules.MODERN, dice(3, 3, 2, 5, 6, 4));
    g.roll(); // 3-3 tie: thrown again
    assertThat(g.phase()).isEqualTo(Phase.OPENING_THROW);
    g.roll(); // white 2, black 5
    assertThat(g.phase()).isEqualTo(Phase.ROLL);
    assertThat(g.sideToAct()).isEqualTo(Side.BLACK);
    g.roll();
    assertThat(g.diceToPlay().toString()).isEqualTo("6-4");
    g.play("1/7 7/11");
    assertThat(g.position().toString()).isEqualTo("white=1:15 black=1:14,11:1 turn=white");
  }

  @Test
  void playOpeningDiceMeansTheWinnerPlaysThem() {
    Game g = new Game(Rules.MODERN.withOpening(org.jacquet.engine.rules.Opening.PLAY_OPENING_DICE), dice(6, 2));
    g.roll();
    assertThat(g.phase()).isEqualTo(Phase.PLAY);
    assertThat(g.sideToAct()).isEqualTo(Side.WHITE);
    assertThat(g.diceToPlay().toString()).isEqualTo("6-2");
  }

  @Test
  void winnerChoosesToPlayTheOpeningDiceOrThrowAgain() {
    Rules rules = Rules.parse("modern+opening=winner-chooses");
    Game keep = new Game(rules, dice(1, 4));
    keep.roll();
    assertThat(keep.phase()).isEqualTo(Phase.OPENING_CHOICE);
    assertThat(keep.sideToAct()).isEqualTo(Side.BLACK);
    keep.chooseOpening(false);
    assertThat(keep.diceToPlay().toString()).isEqualTo("4-1");

    Game again = new Game(rules, dice(1, 4, 5, 5));
    again.roll();
    again.chooseOpening(true);
    again.roll();
    assertThat(again.legalPlays().plays()).extracting(p -> p.notation())
        .containsExactly("1/6 6/11 11/16 16/21");
  }

  @Test
  void versaillesTieMakesEachSidePlayTheSquaredDoubleThenThrowAgain() {
    Game g = new Game(Rules.VERSAILLES, dice(2, 2, 5, 3));
    g.roll();
    assertThat(g.sideToAct()).isEqualTo(Side.WHITE);
    assertThat(g.diceToPlay().count()).isEqualTo(2);
    g.play("1/3 3/5");
    assertThat(g.sideToAct()).isEqualTo(Side.BLACK);
    g.play("1/3 3/5");
    assertThat(g.phase()).isEqualTo(Phase.OPENING_THROW);
    g.roll();
    assertThat(g.sideToAct()).isEqualTo(Side.WHITE);
    assertThat(g.diceToPlay().toString()).isEqualTo("5-3");
  }

  @Test
  void versaillesUnusedDicePassToTheOpponentWhoPlaysThemBeforeThrowing() {
    // White's postilion on 12 can play the 6 (to 18) but then not the 5 (23 is black's 11).
    Position start = Position.parse("white=1:14,12:1 black=1:14,11:1 turn=white");
    Game g = new Game(Rules.VERSAILLES, dice(6, 5, 4, 2), start, true);
    g.roll();
    assertThat(g.legalPlays().unused()).containsExactly(5);
    g.play("12/18");
    assertThat(g.phase()).isEqualTo(Phase.PLAY);
    assertThat(g.sideToAct()).isEqualTo(Side.BLACK);
    assertThat(g.playingTransferredDice()).isTrue();
    assertThat(g.diceToPlay().toString()).isEqualTo("+5");
    g.play("11/16");
    assertThat(g.phase()).isEqualTo(Phase.ROLL);
    assertThat(g.sideToAct()).isEqualTo(Side.BLACK);
    g.roll();
    assertThat(g.diceToPlay().toString()).isEqualTo("4-2");
  }

  @Test
  void underModernRulesUnusedDiceAreLost() {
    Position start = Position.parse("white=1:14,12:1 black=1:14,11:1 turn=white");
    Game g = new Game(Rules.MODERN, dice(6, 5), start, true);
    g.roll();
    g.play("12/18");
    assertThat(g.phase()).isEqualTo(Phase.ROLL);
    assertThat(g.sideToAct()).isEqualTo(Side.BLACK);
  }

  @Test
  void aRefusedPlayLeavesTheGameAsItWas() {
    Game g = new Game(Rules.MODERN, dice(6, 5), Position.start(Side.WHITE), true);
    g.roll();
    Position before = g.position();
    int events = g.events().size();
    assertThatThrownBy(() -> g.play("1/7 1/6")).isInstanceOf(IllegalPlayException.class)
        .hasMessageContaining("postilion");
    assertThat(g.position()).isEqualTo(before);
    assertThat(g.events()).hasSize(events);
    assertThat(g.phase()).isEqualTo(Phase.PLAY);
    assertThatThrownBy(g::roll).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cannot throw now");
  }

  @Test
  void aSideThatCannotPlayPassesAutomatically() {
    Position start = Position.parse("white=17:1,19:14 black=1:15 turn=black");
    Game g = new Game(Rules.ORIGINAL, dice(6, 4), start, true);
    g.roll();
    assertThat(g.phase()).isEqualTo(Phase.ROLL);
    assertThat(g.sideToAct()).isEqualTo(Side.WHITE);
    GameEvent.Turn pass = (GameEvent.Turn) g.events().get(0);
    assertThat(pass.play().isPass()).isTrue();
    assertThat(pass.unused()).containsExactly(6, 4);
  }

  @Test
  void bearingOffTheLastCheckerEndsTheGameWithItsScore() {
    Position p = Position.parse("white=24:1 black=1:15 turn=white");
    Game g = new Game(Rules.MODERN, dice(3, 1), p, true);
    g.roll();
    g.play("24/off");
    assertThat(g.isOver()).isTrue();
    assertThat(g.result()).isEqualTo(new GameResult(Side.WHITE, 2, ScoreReason.DOUBLE, false));
    assertThat(g.result().toString()).isEqualTo("white wins 2 points (double)");
  }

  @Test
  void scoringSchemesCountTheLosersCheckers() {
    Position singleLoss = Position.parse("white= black=19:14 turn=black");
    assertThat(Scorer.score(Rules.MODERN, singleLoss, Side.WHITE, false).points()).isEqualTo(1);
    assertThat(Scorer.score(Rules.ADVANCED, singleLoss, Side.WHITE, false).points()).isEqualTo(1);
    assertThat(Scorer.score(Rules.ADVANCED, Position.parse("white= black=19:15 turn=black"), Side.WHITE, false).reason())
        .isEqualTo(ScoreReason.LADDER_LAST_QUADRANT);
    assertThat(Scorer.score(Rules.ADVANCED, Position.parse("white= black=13:1,19:14 turn=black"), Side.WHITE, false).points()).isEqualTo(3);
    assertThat(Scorer.score(Rules.ADVANCED, Position.parse("white= black=7:1,13:1,19:13 turn=black"), Side.WHITE, false).points()).isEqualTo(4);
    assertThat(Scorer.score(Rules.ADVANCED, Position.parse("white= black=1:1,19:14 turn=black"), Side.WHITE, false).points()).isEqualTo(5);
    Rules spanish = Rules.parse("modern+scoring=spanish");
    // 2 in the first quadrant (3 each), 1 in the second (2), 1 in the third and 3 in the last (1 each).
    assertThat(Scorer.score(spanish, Position.parse("white= black=1:2,8:1,14:1,20:3 turn=black"), Side.WHITE, false).points())
        .isEqualTo(3 * 2 + 2 + 1 + 3);
  }

  @Test
  void resigningConcedesWhatTheCheckersWouldCost() {
    Game g = new Game(Rules.MODERN, dice());
    g.resign(Side.BLACK);
    assertThat(g.result()).isEqualTo(new GameResult(Side.WHITE, 2, ScoreReason.DOUBLE, true));
    assertThatThrownBy(() -> g.resign(Side.WHITE)).hasMessageContaining("already over");
  }

  @Test
  void aMatchEndsWhenASideReachesItsLength() {
    Match m = new Match(Rules.MODERN, 3, new SeededDice(7));
    while (!m.isOver()) {
      if (m.game().isOver()) m.nextGame();
      m.game().resign(Side.BLACK);
    }
    assertThat(m.winner()).isEqualTo(Side.WHITE);
    assertThat(m.score(Side.WHITE)).isEqualTo(4);
    assertThat(m.games()).hasSize(2);
    assertThatThrownBy(m::nextGame).hasMessageContaining("the match is over");
  }
}
