package org.jacquet.cli;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import org.jacquet.ai.puzzle.PuzzleFile;
import org.jacquet.ai.puzzle.PuzzleGenerator;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jacquet puzzles}: makes the puzzle sets the web app's Puzzles page serves. */
@Command(name = "puzzles", mixinStandardHelpOptions = true,
    description = "Puzzle sets: positions where one play is clearly best by rollout.",
    subcommands = {PuzzlesCommand.Generate.class, PuzzlesCommand.Stats.class})
final class PuzzlesCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  /** First line of a puzzle file; the rules follow. */
  static final String HEADER = "# jacquet puzzles, rules ";

  @Command(name = "generate", mixinStandardHelpOptions = true,
      description = "Makes (or goes on making) puzzles, appending each attempt to FILE as it is done, until FILE holds --puzzles puzzles.")
  static final class Generate implements Callable<Integer> {
    @Mixin RulesOption rulesOption;

    @Option(names = "--out", required = true, paramLabel = "FILE") Path out;

    @Option(names = "--puzzles", defaultValue = "100", description = "Puzzles to reach in total, 1 to 1,000,000 (default: ${DEFAULT-VALUE}).")
    int puzzles;

    @Option(names = "--screen-gap", defaultValue = "0.08",
        description = "World class's (2-ply) lead of the best play over the second for a position to be rolled out, 0 to 4 points (default: ${DEFAULT-VALUE}).")
    double screenGap;

    @Option(names = "--screen-gap-expert-wrong", defaultValue = "0.05",
        description = "The same where the expert level (0-ply) plays another play than world class's best: such decisions are rare and teach most, 0 to 4 points (default: ${DEFAULT-VALUE}).")
    double expertWrongGap;

    @Option(names = "--min-gap", defaultValue = "0.04",
        description = "Least gap to every other candidate, at the lower end of its 95%% interval, 0 to 4 points (default: ${DEFAULT-VALUE}).")
    double minGap;

    @Option(names = "--stage-trials", defaultValue = "144", description = "Trials per candidate per stage, 2 to 100,000 (default: ${DEFAULT-VALUE}).")
    int stageTrials;

    @Option(names = "--max-trials", defaultValue = "576", description = "Trials per candidate at most, 2 to 1,000,000 (default: ${DEFAULT-VALUE}).")
    int maxTrials;

    @Option(names = "--truncate", defaultValue = "0",
        description = "Stop each trial after this many plays, 0 to 10,000, and take the 0-ply evaluation; 0 plays to the end (default).")
    int truncate;

    @Option(names = "--screen-limit", defaultValue = "12", description = "Decisions of a game screened at most, 1 to 1,000 (default: ${DEFAULT-VALUE}).")
    int screenLimit;

    @Option(names = "--seed", defaultValue = "1") long seed;

    @Option(names = "--threads", description = "Threads, 1 to 256 (default: every core).") Integer threads;

    @Override
    public Integer call() throws Exception {
      Rules rules = rulesOption.rules();
      Checks.between("--puzzles", puzzles, 1, 1_000_000);
      Checks.between("--screen-gap", screenGap, 0, 4);
      Checks.between("--screen-gap-expert-wrong", expertWrongGap, 0, 4);
      Checks.between("--min-gap", minGap, 0, 4);
      Checks.between("--stage-trials", stageTrials, 2, 100_000);
      Checks.between("--max-trials", maxTrials, 2, 1_000_000);
      if (maxTrials < stageTrials) throw new IllegalArgumentException("--max-trials " + maxTrials + " is below --stage-trials " + stageTrials);
      Checks.between("--truncate", truncate, 0, 10_000);
      Checks.between("--screen-limit", screenLimit, 1, 1_000);
      int threadCount = Checks.threads(threads);
      Inputs.writable(out, "--out", true);
      PuzzleGenerator.Settings s = new PuzzleGenerator.Settings(screenGap, expertWrongGap, minGap, stageTrials, maxTrials, truncate,
          screenLimit, seed);
      String madeBy = "jacquet puzzles generate --rules " + rules + " --puzzles " + puzzles + " --screen-gap " + Checks.plain(screenGap)
          + " --screen-gap-expert-wrong " + Checks.plain(expertWrongGap) + " --min-gap " + Checks.plain(minGap) + " --stage-trials " + stageTrials + " --max-trials " + maxTrials
          + " --truncate " + truncate + " --screen-limit " + screenLimit + " --seed " + seed
          + " --out FILE (resumable: the same command goes on)";
      Set<Integer> done = new HashSet<>();
      int[] made = {0};
      ResumedFile.open(out, HEADER, rules.toString(), madeBy, Set.of("--puzzles", "--out"), "# " + s.describe() + "\n"
          + "# never a position of the shipped benchmark of these rules (held out to measure the levels)\n"
          + "# line: index themes positionId dice expert trials candidate...; candidate: resultId:equity:standardError\n"
          + "# (themes: postilion, blocks, bear-off, race or -; expert: whether the expert level (0-ply) plays the best;\n"
          + "# equity: expected points for the player to move; error: of its gap to the best, paired; best first);\n"
          + "# or: index none screen|rollout (an attempt that made no puzzle)\n", "a puzzle file", "puzzles generate", text -> {
            if (!text.lines().findFirst().orElse("").equals(HEADER + rules)) {
              throw new CommandFailure("--out " + out + " holds puzzles for other rules (its first line says so), not " + rules
                  + ": give those --rules or another --out");
            }
            PuzzleFile.Contents contents;
            try {
              contents = PuzzleFile.read(text, rules);
            } catch (IllegalArgumentException e) {
              throw new CommandFailure(out + ": " + e.getMessage());
            }
            done.addAll(contents.attempts());
            made[0] = contents.puzzles().size();
          });
      System.err.printf(Locale.ROOT, "puzzles %s: %d made in %d attempts, %d to reach -> %s%n", rules, made[0], done.size(),
          puzzles, out);
      long start = System.nanoTime();
      int[] attempts = {0};
      try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
        PuzzleGenerator.generate(rules, s, done::contains, threadCount, () -> made[0] >= puzzles, a -> {
          try {
            w.write(PuzzleFile.format(a));
            w.newLine();
            w.flush();
          } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException(x);
          }
          attempts[0]++;
          if (a.puzzle() != null) made[0]++;
          System.err.printf(Locale.ROOT, "attempt %d: %s; %d puzzles, %.1f s per attempt%n", a.index(),
              a.puzzle() == null ? "none (" + a.rejected() + ")" : "puzzle, gap " + String.format(Locale.ROOT, "%.3f", a.puzzle().gap())
                  + ", " + a.puzzle().trials() + " trials",
              made[0], (System.nanoTime() - start) / 1e9 / attempts[0]);
        });
      }
      return 0;
    }
  }

  @Command(name = "stats", mixinStandardHelpOptions = true,
      description = "What a puzzle file holds: puzzles and attempts, the smallest gap to the second play (and the lowest end of a "
          + "gap's 95%% interval), the share the expert level gets wrong, and the puzzles of each theme.")
  static final class Stats implements Callable<Integer> {
    @Mixin RulesOption rulesOption;

    @Option(names = "--file", required = true, paramLabel = "FILE") Path file;

    @Override
    public Integer call() {
      Rules rules = rulesOption.rules();
      PuzzleFile.Contents c;
      try {
        c = PuzzleFile.read(Inputs.text(file), rules);
      } catch (IllegalArgumentException e) {
        throw new CommandFailure(file + ": " + e.getMessage());
      }
      List<org.jacquet.ai.puzzle.Puzzle> puzzles = c.puzzles();
      System.out.printf(Locale.ROOT, "%s: %d puzzles from %d attempts%n", rules, puzzles.size(), c.attempts().size());
      if (puzzles.isEmpty()) return 0;
      double minGap = Double.MAX_VALUE;
      double minLow = Double.MAX_VALUE;
      int wrong = 0;
      for (var p : puzzles) {
        minGap = Math.min(minGap, p.gap());
        for (var cand : p.candidates().subList(1, p.candidates().size())) {
          minLow = Math.min(minLow, p.gapTo(cand) - 1.96 * cand.standardError());
        }
        if (p.expertWrong()) wrong++;
      }
      System.out.printf(Locale.ROOT, "smallest gap to the second play: %.3f; lowest end of a gap's 95%% interval: %.3f%n", minGap, minLow);
      System.out.printf(Locale.ROOT, "the expert level (0-ply) gets %d wrong (%.1f%%)%n", wrong, 100.0 * wrong / puzzles.size());
      for (org.jacquet.ai.puzzle.Theme t : org.jacquet.ai.puzzle.Theme.values()) {
        System.out.printf(Locale.ROOT, "theme %s: %d%n", t.key(), puzzles.stream().filter(p -> p.themes().contains(t)).count());
      }
      return 0;
    }
  }
}
