package org.jacquet.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.Map;
import org.jacquet.ai.eval.BearOffTable;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BearOffTableTest {
  private static final Rules RULES = Rules.MODERN;
  private final Map<Position, Double> memo = new HashMap<>();

  /**
   * P(side to move wins) of a race with one or two checkers a side, by an independent recursion
   * over every throw and play (best play = highest chance).
   */
  private double exactWin(Position p) {
    if (p.winner() != null) return p.winner() == p.turn() ? 1 : 0;
    Double known = memo.get(p);
    if (known != null) return known;
    double sum = 0;
    for (int a = 1; a <= 6; a++) {
      for (int b = 1; b <= a; b++) {
        LegalPlays legal = PlayGenerator.legalPlays(RULES, p, DiceToPlay.of(Dice.of(a, b), RULES));
        double best = 0;
        for (Play play : legal.plays()) best = Math.max(best, 1 - exactWin(play.result()));
        sum += (a == b ? 1 : 2) * best;
      }
    }
    memo.put(p, sum / 36);
    return sum / 36;
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "white=19:1 black=19:1 turn=white",
      "white=20:1,22:1 black=19:1,24:1 turn=black",
      "white=19:2 black=21:1,23:1 turn=white",
      "white=19:1,20:1 black=19:2 turn=white"})
  void smallRacesMatchAnIndependentRecursion(String text) {
    Position p = Position.parse(text);
    float[] out = new float[Outcomes.size(RULES)];
    BearOffTable.forRules(RULES).evaluate(p, out, out.length);
    // With two checkers, playing for the fewest expected turns is also playing to win.
    assertThat((double) out[0]).isCloseTo(exactWin(p), within(2e-3));
  }

  @Test
  void aLoneCheckerOn19BearsOffInOneTurnWithThreeThrowsInFour() {
    Position p = Position.parse("white=19:1 black=19:15 turn=white");
    assertThat(BearOffTable.forRules(RULES).expectedTurns(p, Side.WHITE)).isCloseTo(1.25, within(1e-6));
  }

  @Test
  void theExpertPlaysTheBearOffTheExactTableChooses() {
    // Both sides home: the net is not asked, the exact table decides.
    Position p = Position.parse("white=19:3,20:2,21:3,22:2,23:1,24:1 black=19:2,20:3,22:4,24:3 turn=white");
    LegalPlays legal = PlayGenerator.legalPlays(RULES, p, DiceToPlay.of(Dice.of(6, 1), RULES));
    BearOffTable table = BearOffTable.forRules(RULES);
    float[] theirs = new float[Outcomes.size(RULES)];
    double best = -1;
    for (Play play : legal.plays()) {
      table.evaluate(play.result(), theirs, theirs.length);
      best = Math.max(best, 1 - theirs[0]);
    }
    SearchBot expert = Level.EXPERT.ranker(RULES);
    RankedPlay chosen = expert.rank(legal).get(0);
    assertThat(chosen.winProbability()).isCloseTo(best, within(1e-6));
    assertThat(expert.choose(legal)).isEqualTo(chosen.play());
  }

  @Test
  void noDoubleWinOrLossOnceBothSidesHaveBorneACheckerOff() {
    Position p = Position.parse("white=20:5,22:4 black=19:3,24:4 turn=white");
    float[] out = new float[Outcomes.size(RULES)];
    BearOffTable.forRules(RULES).evaluate(p, out, out.length);
    assertThat(out[1]).isZero();
    assertThat(out[2]).isZero();
  }

  @Test
  void aSideWithNothingBorneOffCanStillLoseDouble() {
    // White has borne off nothing and is far behind: Black wins, often before White's first off.
    Position p = Position.parse("white=19:15 black=24:2 turn=black");
    float[] out = new float[Outcomes.size(RULES)];
    BearOffTable.forRules(RULES).evaluate(p, out, out.length);
    assertThat((double) out[0]).isCloseTo(1.0, within(1e-6));
    assertThat((double) out[1]).isCloseTo(1.0, within(1e-6));
  }
}
