package org.jacquet.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.ai.duel.GameRunner;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;

/**
 * Decision times of a level over whole games against itself, on one thread. Only real
 * decisions count: forced plays and passes, answered at once, would flatter the median.
 */
final class DecisionTimes {
  private DecisionTimes() {}

  static int measure(Rules rules, Level level, int games, long seed, boolean json) {
    Bot warm = level.create(rules, seed);
    playGame(rules, warm, seed - 1, new ArrayList<>()); // load the network, tables and JIT first
    List<Long> nanos = new ArrayList<>();
    Progress progress = new Progress("decisions " + level.key(), games);
    for (int g = 0; g < games; g++) {
      playGame(rules, level.create(rules, seed + g), seed + g, nanos);
      progress.update(g + 1, "");
    }
    Collections.sort(nanos);
    double median = Quantiles.nearestRank(nanos, 0.5) / 1e6;
    double p99 = Quantiles.nearestRank(nanos, 0.99) / 1e6;
    double max = nanos.isEmpty() ? 0 : nanos.get(nanos.size() - 1) / 1e6;
    if (json) {
      System.out.println(Json.line(Json.MAPPER.createObjectNode().put("level", level.key())
          .put("rules", rules.toString()).put("decisions", nanos.size())
          .put("median_ms", median).put("p99_ms", p99).put("max_ms", max)));
    } else {
      System.out.printf("%s, rules %s, %s, %s (forced plays not counted)%n",
          level.key(), rules, Checks.count(games, "game"), Checks.count(nanos.size(), "decision"));
      System.out.printf("median %.2f ms, 99th percentile %.2f ms, max %.2f ms%n", median, p99, max);
    }
    return 0;
  }

  private static void playGame(Rules rules, Bot bot, long seed, List<Long> nanos) {
    Bot timed = Bot.watched(bot, (legal, spent) -> {
      if (!legal.isForced()) nanos.add(spent);
    });
    GameRunner.play(new Game(rules, new SeededDice(seed)), timed, timed);
  }

}
