package org.jacquet.ai.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.ai.duel.GameRunner;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Whatever the score, every level's play is one of the legal plays (the game refuses any other). */
class MatchLegalityTest {
  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim", "versailles", "modern+scoring=spanish"})
  void everyLevelPlaysLegallyThroughAMatchUnderEveryPreset(String text) {
    Rules rules = Rules.parse(text);
    Level[] fast = {Level.RANDOM, Level.HEURISTIC, Level.BEGINNER, Level.INTERMEDIATE, Level.EXPERT, Level.EXPERT_V1};
    List<LegalPlays> decisions = new ArrayList<>();
    for (int i = 0; i < fast.length; i++) {
      Bot white = Bot.watched(fast[i].create(rules, i), (legal, nanos) -> {
        if (!legal.isForced() && decisions.size() < 400) decisions.add(legal);
      });
      Bot black = fast[(i + 1) % fast.length].create(rules, i + 7);
      Match match = new Match(rules, 3, new SeededDice(i));
      Side winner = GameRunner.playMatch(match, white, black);
      assertThat(match.isOver()).isTrue();
      assertThat(match.score(winner)).isGreaterThanOrEqualTo(3);
    }
    // World class is slower: a sample of the decisions met, each at a score of its own.
    Bot worldClass = Level.WORLD_CLASS.create(rules, 1);
    for (int k = 0; k < decisions.size(); k += decisions.size() / 3 + 1) {
      LegalPlays legal = decisions.get(k);
      MatchContext context = new MatchContext(5, k % 5, (k / 5) % 5);
      assertThat(legal.plays()).contains(worldClass.choose(legal, context));
    }
  }
}
