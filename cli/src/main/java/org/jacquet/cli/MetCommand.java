package org.jacquet.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jacquet.ai.Level;
import org.jacquet.ai.match.MatchEquityTable;
import org.jacquet.ai.match.PointsDistribution;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jacquet met}: computes a match equity table from the expert's self-play. */
@Command(name = "met", mixinStandardHelpOptions = true,
    description = {"Computes a match equity table from the expert's games against itself.",
        "The points games are worth when the expert plays itself from the start position (seeded games "
            + "on every core), then the chance of winning a match from each score by the standard recursion "
            + "(no doubling cube in Jacquet).",
        "Prints the table, or writes it with --out (the shipped tables: "
            + "ai/src/main/resources/org/jacquet/ai/match/SCORING.met)."})
final class MetCommand implements Callable<Integer> {
  @picocli.CommandLine.Mixin RulesOption rulesOption;

  @Option(names = "--games", defaultValue = "10000", description = "Self-play games, 10 to 10,000,000 (default: ${DEFAULT-VALUE}).")
  int games;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the dice (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--length", defaultValue = "25", description = "Largest points away in the table, 1 to 99 (default: ${DEFAULT-VALUE}).")
  int length;

  @Option(names = "--threads", description = "Threads, 1 to 256 (default: every core).")
  Integer threads;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the table to FILE instead of printing it.")
  Path out;

  @Override
  public Integer call() throws Exception {
    Rules rules = rulesOption.rules();
    Checks.between("--games", games, 10, 10_000_000);
    Checks.between("--length", length, 1, 99);
    int t = Checks.threads(threads);
    if (out != null) Inputs.writable(out, "--out", false);
    Level.EXPERT.create(rules, 0); // fails early, with its reason, when a network is missing
    Progress progress = new Progress("met " + rules, games);
    long start = System.nanoTime();
    long[] counts = PointsDistribution.selfPlay(rules, Level.EXPERT, games, seed, t, done -> progress.update(done, ""));
    double seconds = (System.nanoTime() - start) / 1e9;
    String header = String.format(java.util.Locale.ROOT,
        "# Jacquet match equity table, %s scoring%n# made by: jacquet met --rules %s --games %d --seed %d --length %d%n"
            + "# from %,d expert self-play games in %.0f s%n",
        rules.scoring().text(), rules, games, seed, length, games, seconds);
    MatchEquityTable table = MatchEquityTable.compute(PointsDistribution.probabilities(counts), length, header);
    if (out != null) {
      try {
        Files.writeString(out, table.write(), StandardCharsets.UTF_8);
      } catch (java.io.IOException e) { // a full disk, a device that refuses: the file named, as every output
        throw new CommandFailure(out + ": cannot write (" + Inputs.reason(e) + ")");
      }
      System.err.println("wrote " + out);
    } else {
      System.out.print(table.write());
    }
    return 0;
  }
}
