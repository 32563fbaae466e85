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

  @Option(names = "--out", required = true, paramLabel = "FILE",
      description = "Samples file to make, or to go on with: one this command made, with the same rules, --level, --trials, --plies and --seed.")
  Path out;

  @Option(names = "--samples", defaultValue = "10000", description = "Samples to reach in total, 1 to 100,000,000 (default: ${DEFAULT-VALUE}).")
  int samples;

  @Option(names = "--level", defaultValue = "expert", description = "Level that plays the games and makes the targets (default: ${DEFAULT-VALUE}).")
  String levelText;

  @Option(names = "--trials", defaultValue = "0", description = "Targets from rollouts of this many trials, 0 to 1,000,000; 0 for none (default: ${DEFAULT-VALUE}).")
  int trials;

  @Option(names = "--plies", defaultValue = "1", description = "Targets from a search this deep, 0 to 3, when --trials is 0 (default: ${DEFAULT-VALUE}).")
  int plies;

  @Option(names = "--seed", defaultValue = "1") long seed;

  @Option(names = "--threads", description = "Threads, 1 to 256 (default: every core).") Integer threads;

  /** The first line of every samples file, before its rules. */
  private static final String HEADER = "# jacquet training samples, rules ";

  @Override
  public Integer call() throws Exception {
    Rules rules = rulesOption.rules();
    Level level = Checks.level(levelText);
    if (!level.needsNetwork()) throw new IllegalArgumentException("--level must be a level with a network");
    Checks.between("--trials", trials, 0, 1_000_000);
    Checks.between("--plies", plies, 0, 3);
    Checks.between("--samples", samples, 1, 100_000_000);
    int threadCount = BenchmarkCommand.threads(threads);
    Inputs.writable(out, "--out", true);
    if (Files.exists(out) && !Files.isRegularFile(out)) {
      throw new IllegalArgumentException("--out " + out + " is not a regular file (samples are added to a file, and it is read first to resume)");
    }
    SupervisedData.Targets targets = new SupervisedData.Targets(level, trials, plies);
    Set<Position> heldOut = new HashSet<>();
    for (BenchmarkEntry e : BenchmarkFile.shipped(rules, Nets.presetFor(rules))) heldOut.add(e.position());
    String made = "jacquet samples --rules " + rules + " --samples " + samples + " --level " + level.key() + " --trials " + trials
        + " --plies " + plies + " --seed " + seed + " --out FILE (resumable)";
    Set<Integer> done = Files.exists(out) && Files.size(out) > 0 ? resumed(rules, made) : new HashSet<>();
    if (!Files.exists(out) || Files.size(out) == 0) {
      if (out.getParent() != null) Files.createDirectories(out.getParent());
      write(() -> Files.writeString(out, HEADER + rules + "\n" + Inputs.MADE_BY + made + "\n# targets: " + targets.describe()
          + "\n# line: index positionId outcome...\n", StandardCharsets.UTF_8));
    }
    int todo = 0;
    for (int i = 0; i < samples; i++) if (!done.contains(i)) todo++;
    Progress progress = new Progress("samples " + rules, todo);
    long[] count = {0};
    java.io.IOException[] failed = {null};
    try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
      SupervisedData.generate(rules, level, targets, samples, seed, heldOut, done::contains, threadCount,
          (i, s) -> {
            try {
              w.write(SupervisedData.format(i, s));
              w.newLine();
              if (++count[0] % 100 == 0) w.flush();
            } catch (java.io.IOException x) {
              if (failed[0] == null) failed[0] = x;
              throw new java.io.UncheckedIOException(x); // stops every thread
            }
            progress.update(count[0], "");
          });
    } catch (IllegalStateException | java.io.UncheckedIOException e) {
      if (failed[0] != null) throw cannotWrite(failed[0]);
      throw e;
    } catch (java.io.IOException e) { // the last lines flushed as the file closes
      throw cannotWrite(e);
    }
    return 0;
  }

  /**
   * The indices already in {@code out}, which must be a samples file made with these settings
   * (bar --samples, the total to reach): lines of other rules or targets would be mixed with
   * these, and lines added to another kind of file would spoil it.
   */
  private Set<Integer> resumed(Rules rules, String made) {
    Set<Integer> done = new HashSet<>();
    int outcomes = org.jacquet.ai.eval.Outcomes.size(rules);
    Inputs.lines(out, Inputs.MAX_SAMPLES_BYTES, (number, line) -> {
      if (number == 1) {
        Rules theirs = null;
        try {
          if (line.startsWith(HEADER)) theirs = Rules.parse(line.substring(HEADER.length()));
        } catch (IllegalArgumentException e) { // not rules: not a samples file
        }
        if (theirs == null) {
          throw new CommandFailure("--out " + out + " is not a samples file (its first line is not '" + HEADER.strip()
              + " …'): samples are added only to a file jacquet samples made; give another --out");
        }
        if (!theirs.equals(rules)) {
          throw new CommandFailure("--out " + out + " holds samples for rules " + theirs + ", not " + rules
              + ": go on with --rules " + theirs + ", or give another --out");
        }
        return;
      }
      if (line.startsWith(Inputs.MADE_BY)) {
        String differs = Inputs.settingDiffers(line.substring(Inputs.MADE_BY.length()), made, Set.of("--samples", "--out"));
        if (differs != null) throw new CommandFailure("--out " + out + " was made with " + differs + ": go on with the same, or give another --out");
        return;
      }
      if (SupervisedData.isComment(line)) return;
      try {
        done.add(SupervisedData.parse(line, outcomes).index());
      } catch (IllegalArgumentException e) {
        throw new CommandFailure(out + " line " + number + ": " + e.getMessage());
      }
    });
    return done;
  }

  private interface Write {
    void run() throws java.io.IOException;
  }

  private void write(Write w) {
    try {
      w.run();
    } catch (java.io.IOException e) {
      throw cannotWrite(e);
    }
  }

  private CommandFailure cannotWrite(java.io.IOException e) {
    return new CommandFailure(out + ": cannot write (" + Inputs.reason(e) + ")");
  }
}
