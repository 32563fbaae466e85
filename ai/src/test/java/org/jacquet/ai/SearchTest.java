package org.jacquet.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.HeuristicEvaluator;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.search.MoveFilter;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.ai.search.Search;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The search, checked against a plain brute-force expectimax written here. */
class SearchTest {
  private static final Rules RULES = Rules.MODERN;

  /** Expected points of {@code p} for its side to move, {@code plies} throws deep, by brute force. */
  static double bruteForce(Evaluator eval, Position p, int plies) {
    float[] o = new float[eval.size()];
    if (plies == 0 || p.isOver()) {
      eval.evaluate(p, o);
      return Outcomes.equity(o, eval.size());
    }
    double sum = 0;
    for (int a = 1; a <= 6; a++) {
      for (int b = 1; b <= a; b++) {
        LegalPlays legal = PlayGenerator.legalPlays(RULES, p, DiceToPlay.of(Dice.of(a, b), RULES));
        double best = Double.NEGATIVE_INFINITY;
        for (Play play : legal.plays()) best = Math.max(best, -bruteForce(eval, play.result(), plies - 1));
        sum += (a == b ? 1 : 2) * best;
      }
    }
    return sum / 36;
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "white=1:14,9:1 black=1:15 turn=white",
      "white=1:5,7:2,9:2,11:2,20:4 black=1:6,6:3,10:2,22:4 turn=black",
      "white=19:3,22:4,24:5 black=3:2,11:3,19:5 turn=white"})
  void onePlyIsTheAverageOfTheOpponentsBestReplies(String text) {
    Evaluator eval = new HeuristicEvaluator(RULES);
    Position p = Position.parse(text);
    float[] out = new float[eval.size()];
    new Search(eval, MoveFilter.NONE).evaluate(p, 1, out);
    assertThat(Outcomes.equity(out, eval.size())).isCloseTo(bruteForce(eval, p, 1), within(1e-4));
  }

  @Test
  void twoPlyWithoutFilteringIsTheFullExpectimax() {
    Evaluator eval = new HeuristicEvaluator(RULES);
    Position p = Position.parse("white=20:2,23:3 black=19:2,24:2 turn=white");
    float[] out = new float[eval.size()];
    new Search(eval, MoveFilter.NONE).evaluate(p, 2, out);
    assertThat(Outcomes.equity(out, eval.size())).isCloseTo(bruteForce(eval, p, 2), within(1e-4));
  }

  @Test
  void rankingAtOnePlyPutsTheBruteForceBestFirst() {
    Evaluator eval = new HeuristicEvaluator(RULES);
    Position p = Position.parse("white=1:5,7:2,9:2,11:2,20:4 black=1:6,6:3,10:2,22:4 turn=white");
    LegalPlays legal = PlayGenerator.legalPlays(RULES, p, DiceToPlay.of(Dice.of(4, 2), RULES));
    List<RankedPlay> ranked = new Search(eval, MoveFilter.NONE).rank(legal, 1);
    double best = Double.NEGATIVE_INFINITY;
    for (Play play : legal.plays()) best = Math.max(best, -bruteForce(eval, play.result(), 1));
    assertThat(ranked.get(0).equity()).isCloseTo(best, within(1e-4));
    assertThat(ranked).isSortedAccordingTo((x, y) -> Double.compare(y.equity(), x.equity()));
    assertThat(ranked).allMatch(r -> r.plies() == 1);
  }

  @Test
  void filteredPlaysAreRankedBelowSearchedOnes() {
    Evaluator eval = new HeuristicEvaluator(RULES);
    Position p = Position.parse("white=1:5,7:2,9:2,11:2,20:4 black=1:6,6:3,10:2,22:4 turn=white");
    LegalPlays legal = PlayGenerator.legalPlays(RULES, p, DiceToPlay.of(Dice.of(4, 2), RULES));
    List<RankedPlay> ranked = new Search(eval, new MoveFilter(2, 10, 1)).rank(legal, 1);
    assertThat(ranked.subList(0, 2)).allMatch(r -> r.plies() == 1);
    assertThat(ranked.subList(2, ranked.size())).allMatch(r -> r.plies() == 0);
  }

  @Test
  void underSpanishScoringErrorsAndNoiseCountInGamesOfAboutTenPoints() {
    Rules spanish = Rules.parse("modern+scoring=spanish");
    double mean = org.jacquet.ai.match.MatchEquityTable.forRules(spanish).meanPoints();
    assertThat(mean).isBetween(5.0, 20.0);
    Search search = new Search(new HeuristicEvaluator(spanish), MoveFilter.NONE);
    assertThat(search.objective(org.jacquet.ai.match.MatchContext.MONEY, org.jacquet.engine.Side.WHITE).perPoint())
        .isCloseTo(mean, within(1e-12));
    Search simple = new Search(new HeuristicEvaluator(RULES), MoveFilter.NONE);
    assertThat(simple.objective(org.jacquet.ai.match.MatchContext.MONEY, org.jacquet.engine.Side.WHITE).perPoint()).isEqualTo(1.0);
  }
}
