package org.jacquet.cli;

import java.util.concurrent.Callable;
import org.jacquet.ai.Level;
import org.jacquet.ai.duel.Duel;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jacquet duel A B}: two levels play each other with duplicate dice, on every core. */
@Command(name = "duel", mixinStandardHelpOptions = true,
    description = {"Plays level A against level B with duplicate dice (each dice sequence twice, sides swapped)",
        "on every core, and reports A's win rate and points per game with 95% confidence intervals.",
        "Levels: random, heuristic, beginner, casual, intermediate, advanced, expert, world-class, expert-v1."})
final class DuelCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "A") String a;
  @Parameters(index = "1", paramLabel = "B") String b;

  @picocli.CommandLine.Mixin RulesOption rulesOption;

  @Option(names = "--games", defaultValue = "1000", description = "Games, rounded up to an even number (default: ${DEFAULT-VALUE}).")
  int games;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the dice and the bots (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--threads", description = "Threads (default: every core).")
  Integer threads;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Option(names = "--net", paramLabel = "FILE", description = "A plays its level with this network file instead of the shipped one.")
  java.nio.file.Path net;

  @Override
  public Integer call() throws Exception {
    Rules rules = rulesOption.rules();
    Level la = Level.parse(a);
    Level lb = Level.parse(b);
    if (games < 2) throw new IllegalArgumentException("--games must be at least 2");
    la.create(rules, 0); // fails early, with its reason, when a network is missing
    lb.create(rules, 0);
    int t = threads != null ? threads : Runtime.getRuntime().availableProcessors();
    Progress progress = new Progress("duel " + la.key() + " vs " + lb.key(), (games + 1) / 2 * 2L);
    var netA = net == null ? null : org.jacquet.ai.eval.Nets.read(net, rules);
    Duel.Result r = Duel.run(rules, s -> netA == null ? la.create(rules, s) : la.create(rules, s, netA),
        s -> lb.create(rules, s), games, seed, t,
        done -> progress.update(done, ""));
    if (json) {
      var o = Json.MAPPER.createObjectNode();
      o.put("a", la.key()).put("b", lb.key()).put("rules", rules.toString()).put("seed", seed)
          .put("games", r.games()).put("wins_a", r.winsA())
          .put("win_rate", r.winRate()).put("win_rate_half_width", r.winRateHalfWidth())
          .put("points_per_game", r.pointsPerGame()).put("points_per_game_half_width", r.pointsHalfWidth())
          .put("seconds", r.seconds());
      System.out.println(Json.line(o));
    } else {
      System.out.printf("%s vs %s, rules %s, %,d games with duplicate dice, seed %d, %s%n",
          la.key(), lb.key(), rules, r.games(), seed, Progress.duration(r.seconds()));
      System.out.printf("%s wins %,d games: %.1f%% ± %.1f%% (95%% interval %.1f%% – %.1f%%)%n", la.key(),
          r.winsA(), 100 * r.winRate(), 100 * r.winRateHalfWidth(),
          100 * (r.winRate() - r.winRateHalfWidth()), 100 * (r.winRate() + r.winRateHalfWidth()));
      System.out.printf("%s points per game: %+.3f ± %.3f%n", la.key(), r.pointsPerGame(), r.pointsHalfWidth());
    }
    return 0;
  }
}
