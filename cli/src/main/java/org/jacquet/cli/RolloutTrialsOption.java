package org.jacquet.cli;

import picocli.CommandLine.Option;

/**
 * The {@code --trials} and {@code --selection-trials} options of the commands that roll out
 * benchmark decisions (generate and complete): one rollout picks the best candidate, the other
 * measures every candidate's loss (a picocli mixin).
 */
final class RolloutTrialsOption {
  @Option(names = "--trials", defaultValue = "648",
      description = "Trials per candidate of the rollout that measures the losses, 2 to 1,000,000 (default: ${DEFAULT-VALUE}).")
  int trials;

  @Option(names = "--selection-trials", defaultValue = "324",
      description = "Trials per candidate of the separate rollout that picks the best play, 2 to 1,000,000 (default: ${DEFAULT-VALUE}).")
  int selectionTrials;

  /** Refuses trial counts out of range, before any work. */
  void check() {
    Checks.between("--trials", trials, 2, 1_000_000);
    Checks.between("--selection-trials", selectionTrials, 2, 1_000_000);
  }
}
