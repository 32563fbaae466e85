package org.jacquet.ai.match;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.jacquet.ai.Level;
import org.jacquet.ai.SearchBot;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

class MatchPlayTest {
  private static final Rules RULES = Rules.MODERN;
  // White races home, Black has a straggler on its 5 and nothing borne off: White's 4-3 either
  // stays safe for the single win (15/19 18/21) or hurries for the double (15/19 19/22).
  // Found by comparing the expert's choices at each score on its own self-play; pinned with the
  // first version's network (expert-v1) so that retraining the shipped networks leaves it standing
  // (the mechanism under test, choosing by match winning chances, does not depend on the network).
  private static final Position RACE = Position.parse(
      "white=15:1,18:1,19:1,20:2,21:2,22:4,23:2,24:2 black=5:1,19:2,20:1,22:1,24:10 turn=white");
  private static final LegalPlays LEGAL = PlayGenerator.legalPlays(RULES, RACE, DiceToPlay.of(Dice.of(4, 3), RULES));

  @Test
  void atDoubleMatchPointTheBotPlaysToWinAndTrailingByTwoItPlaysForTheDouble() {
    SearchBot expert = (SearchBot) Level.EXPERT_V1.create(RULES, 1);
    MatchContext doubleMatchPoint = new MatchContext(3, 2, 2);
    MatchContext trailing = new MatchContext(3, 0, 2);
    assertThat(expert.choose(LEGAL, doubleMatchPoint).notation()).isEqualTo("15/19 18/21");
    assertThat(expert.choose(LEGAL, trailing).notation()).isEqualTo("15/19 19/22");
    assertThat(expert.choose(LEGAL, MatchContext.MONEY).notation()).isEqualTo("15/19 19/22");
    RankedPlay safe = find(expert.rank(LEGAL, trailing), "15/19 18/21");
    RankedPlay bold = find(expert.rank(LEGAL, trailing), "15/19 19/22");
    assertThat(safe.winProbability()).isGreaterThan(bold.winProbability());
    assertThat(bold.doubleWinProbability()).isGreaterThan(safe.doubleWinProbability());
  }

  @Test
  void atDoubleMatchPointTheMatchWinningChanceIsTheWinProbability() {
    SearchBot expert = (SearchBot) Level.EXPERT_V1.create(RULES, 1);
    for (RankedPlay r : expert.rank(LEGAL, new MatchContext(1, 0, 0))) {
      assertThat(r.equity()).isCloseTo(r.winProbability(), within(1e-6));
    }
  }

  @Test
  void theScoreIsReadFromTheSideToMove() {
    // Black trailing 0-2 is the mirror of White trailing 0-2.
    Position mirror = Position.parse(RACE.toString().replace("white=", "X=").replace("black=", "white=")
        .replace("X=", "black=").replace("turn=white", "turn=black"));
    LegalPlays legal = PlayGenerator.legalPlays(RULES, mirror, DiceToPlay.of(Dice.of(4, 3), RULES));
    SearchBot expert = (SearchBot) Level.EXPERT_V1.create(RULES, 1);
    assertThat(expert.choose(legal, MatchContext.forSide(Side.BLACK, 3, 0, 2)).notation()).isEqualTo("15/19 19/22");
    assertThat(expert.choose(legal, MatchContext.forSide(Side.BLACK, 3, 2, 2)).notation()).isEqualTo("15/19 18/21");
  }

  @Test
  void aScoreThatCannotBeIsRefused() {
    assertThatThrownBy(() -> new MatchContext(3, 3, 0)).hasMessageContaining("score 3-0");
    assertThatThrownBy(() -> new MatchContext(0, 1, 0)).hasMessageContaining("needs a match length");
  }

  private static RankedPlay find(List<RankedPlay> ranked, String notation) {
    return ranked.stream().filter(r -> r.play().notation().equals(notation)).findFirst().orElseThrow();
  }
}
