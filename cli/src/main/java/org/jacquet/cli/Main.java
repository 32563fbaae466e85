package org.jacquet.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code jacquet} command: one entry point for every tool of the project. */
@Command(
    name = "jacquet",
    mixinStandardHelpOptions = true,
    version = "jacquet 0.1.0",
    description = "Jacquet: rules engine, analysis and play for Jacquet and its family.",
    subcommands = {ServeCommand.class, PlayCommand.class, AnalyzeCommand.class, RolloutCommand.class, ConvertCommand.class, VerifyCommand.class, MovesCommand.class, HintCommand.class, ChooseCommand.class, DuelCommand.class, BenchmarkCommand.class, SamplesCommand.class,
        TrainCommand.class, BenchCommand.class, LoadCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command line and returns the exit status (for tests and the launcher). */
  public static int run(String... args) {
    CommandLine cli = new CommandLine(new Main());
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    // Bad values (a malformed position, unknown rules…) answer one clear line, not a stack trace.
    cli.setExecutionExceptionHandler((e, line, parse) -> {
      if (e instanceof IllegalArgumentException || e instanceof IllegalStateException) {
        line.getErr().println(line.getCommandName() + ": " + e.getMessage());
        return 2;
      }
      throw e;
    });
    return cli.execute(args);
  }
}
