package org.jacquet.cli;

import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.jacquet.ai.Level;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jacquet bench}: seeded random games on one thread, as fast as the generator goes. Every
 * turn generates every legal play of a position and dice ("a position with dice") and plays one
 * at random, so the figures are the engine's own speed, with nothing else in the loop.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = {"Measures the rules engine: random games per second and positions-with-dice per second, on one thread.",
        "With --level, measures that level's decision times (median, 99th percentile, maximum) over whole games."})
final class BenchCommand implements Callable<Integer> {
  @picocli.CommandLine.Mixin RulesOption rulesOption;

  @Option(names = "--seconds", defaultValue = "10", description = "Measured seconds, above 0 and at most 86,400, after a warm-up of a third of that (default: ${DEFAULT-VALUE}); not with --level.")
  double seconds;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the dice and choices (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", description = "Print {\"games_per_second\":…,\"positions_per_second\":…}.")
  boolean json;

  @Option(names = "--level", description = "Measure this level's decision times instead, over --games whole games against itself.")
  String levelText;

  @Option(names = "--games", description = "Games for --level, 1 to 100,000 (default: 5).")
  Integer games;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    if (levelText != null) {
      if (spec.commandLine().getParseResult().hasMatchedOption("--seconds")) {
        throw new IllegalArgumentException("--seconds cannot apply with --level (a level's decision times are measured over --games whole games)");
      }
      int n = games == null ? 5 : Checks.between("--games", games, 1, 100_000);
      return DecisionTimes.measure(rulesOption.rules(), Checks.level(levelText), n, seed, json);
    }
    if (games != null) throw new IllegalArgumentException("--games goes with --level (the engine's speed is measured over --seconds)");
    Checks.positive("--seconds", seconds, 86_400);
    Rules rules = rulesOption.rules();
    PlayGenerator generator = new PlayGenerator(rules);
    SplittableRandom random = new SplittableRandom(seed);
    run(generator, rules, random, (long) (seconds / 3 * 1e9)); // warm-up: let the JIT compile
    long[] counts = run(generator, rules, random, (long) (seconds * 1e9));
    double elapsed = counts[2] / 1e9;
    double gamesPerSecond = counts[0] / elapsed;
    double positions = counts[1] / elapsed;
    if (json) {
      System.out.println(Json.line(Json.MAPPER.createObjectNode()
          .put("games_per_second", Math.round(gamesPerSecond))
          .put("positions_per_second", Math.round(positions))));
    } else {
      System.out.printf("rules %s, one thread, %.1f s: %s, %,d positions with dice%n",
          rules, elapsed, Checks.count(counts[0], "game"), counts[1]);
      System.out.printf("%,.0f games/s, %,.0f positions-with-dice/s%n", gamesPerSecond, positions);
    }
    return 0;
  }

  /** Plays whole games until {@code nanos} have passed: {games, positions, elapsed nanos}. */
  static long[] run(PlayGenerator generator, Rules rules, SplittableRandom random, long nanos) {
    long start = System.nanoTime();
    long games = 0;
    long positions = 0;
    long now;
    do {
      Position p = Position.start(random.nextBoolean() ? Side.WHITE : Side.BLACK);
      while (!p.isOver()) {
        Dice dice = Dice.of(random.nextInt(6) + 1, random.nextInt(6) + 1);
        int n = generator.generate(p, DiceToPlay.of(dice, rules));
        positions++;
        p = generator.result(random.nextInt(n));
      }
      games++;
      now = System.nanoTime();
    } while (now - start < nanos);
    return new long[] {games, positions, now - start};
  }
}
