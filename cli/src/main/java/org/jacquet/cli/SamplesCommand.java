package org.jacquet.cli;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Callable;
import org.jacquet.ai.Level;
import org.jacquet.ai.benchmark.BenchmarkEntry;
import org.jacquet.ai.benchmark.BenchmarkFile;
import org.jacquet.ai.eval.Nets;
import org.jacquet.ai.train.SupervisedData;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jacquet samples}: positions from self-play with target outcomes, for supervised training. */
@Command(name = "samples", mixinStandardHelpOptions = true,
    description = {"Makes (or goes on making) supervised training samples from self-play.",
        "Each position comes with the outcome probabilities of a rollout (--trials) or of a search "
            + "(--plies); benchmark positions are left out."})
final class SamplesCommand implements Callable<Integer> {
  @Mixin RulesOption rulesOption;

  @Option(names = "--out", required = true, paramLabel = "FILE") Path out;

  @Option(names = "--samples", defaultValue = "10000", description = "Samples to reach in total (default: ${DEFAULT-VALUE}).")
  int samples;

  @Option(names = "--level", defaultValue = "expert", description = "Level that plays the games and makes the targets (default: ${DEFAULT-VALUE}).")
  String levelText;

  @Option(names = "--trials", defaultValue = "0", description = "Targets from rollouts of this many trials.")
  int trials;

  @Option(names = "--plies", defaultValue = "1", description = "Targets from a search this deep, when --trials is 0 (default: ${DEFAULT-VALUE}).")
  int plies;

  @Option(names = "--seed", defaultValue = "1") long seed;

  @Option(names = "--threads", description = "Threads (default: every core).") Integer threads;

  @Override
  public Integer call() throws Exception {
    Rules rules = rulesOption.rules();
    Level level = Level.parse(levelText);
    if (!level.needsNetwork()) throw new IllegalArgumentException("--level must be a level with a network");
    Checks.between("--trials", trials, 0, 1_000_000);
    Checks.between("--plies", plies, 0, 3);
    Checks.between("--samples", samples, 1, 100_000_000);
    int threadCount = BenchmarkCommand.threads(threads);
    Inputs.writable(out, "--out", true);
    SupervisedData.Targets targets = new SupervisedData.Targets(level, trials, plies);
    Set<Position> heldOut = new HashSet<>();
    for (BenchmarkEntry e : BenchmarkFile.shipped(rules, Nets.presetFor(rules))) heldOut.add(e.position());
    Set<Integer> done = SupervisedData.indices(out);
    if (!Files.exists(out)) {
      if (out.getParent() != null) Files.createDirectories(out.getParent());
      Files.writeString(out, "# jacquet training samples, rules " + rules + "\n# made by: jacquet samples --rules " + rules
          + " --samples " + samples + " --level " + level.key() + " --trials " + trials + " --plies " + plies + " --seed " + seed
          + " --out FILE (resumable)\n# targets: " + targets.describe() + "\n# line: index positionId outcome...\n",
          StandardCharsets.UTF_8);
    }
    int todo = 0;
    for (int i = 0; i < samples; i++) if (!done.contains(i)) todo++;
    Progress progress = new Progress("samples " + rules, todo);
    long[] made = {0};
    try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
      SupervisedData.generate(rules, level, targets, samples, seed, heldOut, done::contains, threadCount,
          (i, s) -> {
            try {
              w.write(SupervisedData.format(i, s));
              w.newLine();
              if (++made[0] % 100 == 0) w.flush();
            } catch (java.io.IOException x) {
              throw new java.io.UncheckedIOException(x);
            }
            progress.update(made[0], "");
          });
    }
    return 0;
  }
}
