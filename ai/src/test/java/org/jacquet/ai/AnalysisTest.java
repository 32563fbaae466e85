package org.jacquet.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.jacquet.ai.analysis.GameAnalysis;
import org.jacquet.ai.analysis.Mark;
import org.jacquet.ai.analysis.Rating;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class AnalysisTest {
  @Test
  void marksAndRatingsFollowTheThresholds() {
    assertThat(Mark.of(0.01)).isEqualTo(Mark.NONE);
    assertThat(Mark.of(0.04)).isEqualTo(Mark.DOUBTFUL);
    assertThat(Mark.of(0.1)).isEqualTo(Mark.BAD);
    assertThat(Mark.of(0.2)).isEqualTo(Mark.VERY_BAD);
    assertThat(Rating.of(3)).isEqualTo(Rating.WORLD_CLASS);
    assertThat(Rating.of(20)).isEqualTo(Rating.CASUAL);
    assertThat(Rating.of(80)).isEqualTo(Rating.AWFUL);
    // No decision made (every play forced): nothing to rate, not "world class" for an error of 0.
    assertThat(Rating.of(0, 0)).isEqualTo(Rating.NONE);
    assertThat(Rating.of(0, 1)).isEqualTo(Rating.WORLD_CLASS);
    assertThat(Rating.of(Double.NaN)).isEqualTo(Rating.AWFUL);
  }

  @Test
  void theWorstPlayEveryTimeIsCaughtAndTheExpertsPlaysAreNot() {
    // White plays the worst play by the expert's own ranking; Black plays the expert's choice.
    Rules rules = Rules.MODERN;
    Position start = Position.parse("white=19:3,20:3,21:3,22:2,23:2,24:2 black=19:3,20:3,21:3,22:2,23:2,24:2 turn=white");
    Match match = new Match(rules, 1, new SeededDice(9), start);
    SearchBot expert = Level.EXPERT.ranker(rules);
    Game g = match.game();
    while (!g.isOver()) {
      switch (g.phase()) {
        case ROLL -> g.roll();
        case PLAY -> {
          LegalPlays legal = g.legalPlays();
          List<org.jacquet.ai.search.RankedPlay> ranked = expert.rank(legal);
          Play p = g.sideToAct() == Side.WHITE ? ranked.get(ranked.size() - 1).play() : ranked.get(0).play();
          g.play(p);
        }
        default -> throw new AssertionError(g.phase());
      }
    }
    GameAnalysis.Result r = new GameAnalysis(rules).analyze(match, null);
    GameAnalysis.Player white = r.players().get(0);
    GameAnalysis.Player black = r.players().get(1);
    assertThat(white.decisions()).isPositive();
    assertThat(white.totalError()).isGreaterThan(black.totalError());
    assertThat(white.doubtful() + white.bad() + white.veryBad()).isPositive();
    assertThat(black.veryBad()).isZero();
    for (GameAnalysis.Turn t : r.turns()) {
      assertThat(t.error()).isGreaterThanOrEqualTo(0);
      assertThat(t.bestEquity()).isGreaterThanOrEqualTo(t.playedEquity() - 1e-9);
      if (!t.decision()) assertThat(t.mark()).isEqualTo(Mark.NONE);
    }
    // Luck-adjusted results still add up to zero, like the results.
    assertThat(white.luckAdjusted() + black.luckAdjusted()).isCloseTo(white.points() + black.points(), within(1e-9));
  }
}
