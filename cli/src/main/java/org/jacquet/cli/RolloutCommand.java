package org.jacquet.cli;

import java.util.concurrent.Callable;
import org.jacquet.ai.Level;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.rollout.Rollout;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jacquet rollout}: a position played out many times, each result's chance with its interval. */
@Command(name = "rollout", mixinStandardHelpOptions = true,
    description = {"Plays a position out many times (every core, quasi-random first throws, luck correction)",
        "and reports, for its side to move, the chance of each result with a 95% interval."})
final class RolloutCommand implements Callable<Integer> {
  @Mixin RulesOption rulesOption;

  @Option(names = "--position", required = true, paramLabel = "TEXT|ID") String positionText;

  @Option(names = "--dice", paramLabel = "D1-D2", description = "A throw the side to move plays first.")
  String diceText;

  @Option(names = "--level", defaultValue = "expert", description = "Level of both sides (default: ${DEFAULT-VALUE}).")
  String levelText;

  @Option(names = "--games", defaultValue = "1296", description = "Trials (default: ${DEFAULT-VALUE} = 36 × 36).")
  int games;

  @Option(names = "--seed", defaultValue = "1") long seed;

  @Option(names = "--threads", description = "Threads (default: every core).") Integer threads;

  @Option(names = "--no-variance-reduction", description = "Plain averages, without the luck correction.")
  boolean plain;

  @Option(names = "--json", description = "Print one JSON object.") boolean json;

  @Override
  public Integer call() throws Exception {
    Rules rules = rulesOption.rules();
    Position position = Position.parse(positionText);
    if (position.isOver()) throw new IllegalArgumentException("the game is over in this position");
    if (games < 2) throw new IllegalArgumentException("--games must be at least 2");
    Level level = Level.parse(levelText);
    DiceToPlay first = diceText == null ? null : DiceToPlay.of(Dice.parse(diceText), rules);
    Progress progress = new Progress("rollout", games);
    Rollout.Result r = Rollout.run(rules, position, first, level, games, seed,
        threads != null ? threads : Runtime.getRuntime().availableProcessors(), !plain, n -> progress.update(n, ""));
    print(r, rules, position, json);
    return 0;
  }

  static void print(Rollout.Result r, Rules rules, Position position, boolean json) {
    int n = (Outcomes.size(rules) + 1) / 2;
    if (json) {
      var o = Json.MAPPER.createObjectNode();
      o.put("position", position.toString()).put("rules", rules.toString()).put("trials", r.trials())
          .put("equity", r.equity()).put("equity_half_width", r.equityHalfWidth()).put("seconds", r.seconds());
      var outcomes = o.putArray("outcomes");
      for (int k = 0; k < r.outcomes().length; k++) {
        outcomes.addObject().put("name", name(k, n)).put("probability", r.outcomes()[k]).put("half_width", r.halfWidths()[k]);
      }
      System.out.println(Json.line(o));
      return;
    }
    System.out.printf("Rollout of %s (%s), %,d trials, %.1f s, for %s to move:%n", position, rules, r.trials(),
        r.seconds(), position.turn().key());
    for (int k = 0; k < r.outcomes().length; k++) {
      System.out.printf("  %-14s %6.2f%% ± %.2f%%%n", name(k, n), 100 * r.outcomes()[k], 100 * r.halfWidths()[k]);
    }
    System.out.printf("  %-14s %+7.3f ± %.3f points per game%n", "expected", r.equity(), r.equityHalfWidth());
  }

  private static String name(int k, int n) {
    if (k == 0) return "win";
    return k < n ? "win " + (k + 1) + "+" : "lose " + (k - n + 2) + "+";
  }
}
