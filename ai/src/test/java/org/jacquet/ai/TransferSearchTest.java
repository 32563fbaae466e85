package org.jacquet.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.search.MoveFilter;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.ai.search.Search;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/** Versailles: dice a throw leaves unused pass to the opponent, who plays them before throwing. */
class TransferSearchTest {
  private static final Rules RULES = Rules.VERSAILLES;

  @Test
  void aSidePlayingDicePassedToItKnowsItThrowsNext() {
    // Black plays a 6 passed on by White, then throws: 10/16 brings a straggler on, where 18/24
    // only looks best if White were to move next. Found by comparing both searches on expert
    // self-play.
    Position p = Position.parse("white=18:2,19:7,20:3,23:3 black=9:1,10:1,12:1,17:1,18:1,19:1,20:1,21:5,24:3 turn=black");
    LegalPlays legal = PlayGenerator.legalPlays(RULES, p, DiceToPlay.transferred(List.of(6)));
    SearchBot expert = Level.EXPERT_V1.ranker(RULES); // the network the position was found with
    assertThat(expert.choose(legal).notation()).isEqualTo("10/16");
    assertThat(expert.withoutTransferSearch().choose(legal).notation()).isEqualTo("18/24");
    // Its value is that of the position with Black still to throw, that throw searched (1 ply).
    Search search = expert.search();
    float[] out = new float[search.evaluator().size()];
    Play chosen = expert.choose(legal);
    search.evaluate(chosen.result().withTurn(p.turn()), 1, out);
    RankedPlay top = expert.rank(legal).get(0);
    assertThat(top.plies()).isEqualTo(1);
    assertThat(top.equity()).isCloseTo(Outcomes.equity(out, out.length), within(1e-6));
  }

  @Test
  void aThrowThatLeavesADieUnusedIsValuedWithTheOpponentPlayingItFirst() {
    // Black's 5-3 can use only the 3; the 5 passes to White, who plays it before throwing.
    Position p = Position.parse("white=1:1,2:1,3:1,4:1,5:1,6:1,14:1,15:4,18:1,22:2,24:1 "
        + "black=7:2,8:1,9:2,11:7,20:1,21:2 turn=black");
    LegalPlays legal = PlayGenerator.legalPlays(RULES, p, DiceToPlay.of(org.jacquet.engine.Dice.of(5, 3), RULES));
    assertThat(legal.unused()).containsExactly(5);
    SearchBot expert = Level.EXPERT.ranker(RULES);
    assertThat(expert.choose(legal).notation()).isEqualTo("20/23");
    assertThat(expert.withoutTransferSearch().choose(legal).notation()).isEqualTo("21/24");
    // 20/23 is worth, for Black, the flip of White's best 0-ply play of the 5, White then to throw.
    Evaluator e = expert.search().evaluator();
    Play chosen = legal.plays().stream().filter(x -> x.notation().equals("20/23")).findFirst().orElseThrow();
    LegalPlays white = PlayGenerator.legalPlays(RULES, chosen.result(), DiceToPlay.transferred(List.of(5)));
    double whiteBest = Double.NEGATIVE_INFINITY;
    float[] out = new float[e.size()];
    for (Play w : white.plays()) {
      e.evaluate(w.result().withTurn(chosen.result().turn()), out);
      whiteBest = Math.max(whiteBest, Outcomes.equity(out, e.size()));
    }
    RankedPlay top = expert.rank(legal).get(0);
    assertThat(top.equity()).isCloseTo(-whiteBest, within(1e-5));
  }

  @Test
  void oneAndTwoPlySearchesHandleTransfersWithLegalPlays() {
    Position p = Position.parse("white=1:1,2:1,3:1,4:1,5:1,6:1,14:1,15:4,18:1,22:2,24:1 "
        + "black=7:2,8:1,9:2,11:7,20:1,21:2 turn=black");
    LegalPlays legal = PlayGenerator.legalPlays(RULES, p, DiceToPlay.of(org.jacquet.engine.Dice.of(5, 3), RULES));
    Search search = new Search(Level.EXPERT.evaluator(RULES), MoveFilter.WORLD_CLASS);
    for (int plies = 1; plies <= 2; plies++) {
      List<RankedPlay> ranked = search.rank(legal, plies);
      assertThat(legal.plays()).contains(ranked.get(0).play());
      assertThat(ranked.get(0).equity()).isBetween(-2.0, 2.0);
    }
  }
}
