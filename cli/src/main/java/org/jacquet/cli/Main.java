package org.jacquet.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code jacquet} command: one entry point for every tool of the project. */
@Command(
    name = "jacquet",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Jacquet: rules engine, analysis and play for Jacquet and its family.",
    subcommands = {ServeCommand.class, BackupCommand.class, RestoreCommand.class, PlayCommand.class, AnalyzeCommand.class, RolloutCommand.class, ConvertCommand.class, VerifyCommand.class, MovesCommand.class, HintCommand.class, ChooseCommand.class, DuelCommand.class, BenchmarkCommand.class, PuzzlesCommand.class, SamplesCommand.class,
        TrainCommand.class, BenchCommand.class, AccountsBenchCommand.class, CorrespondenceBenchCommand.class, MetCommand.class, LoadCommand.class, ArenaCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
  /** Exit statuses, the same for every command (and listed in each one's --help). */
  static final int OK = 0;
  static final int FAILURE = 1;
  static final int USAGE = 2;

  /** {@code --version}: the build's version and commit (BuildInfo), not a number written here. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"jacquet " + org.jacquet.server.telemetry.BuildInfo.describe()};
    }
  }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /**
   * {@code jacquet} without a command is a usage error, as a missing value is: the usage goes to
   * standard error (a script that forgot the command reads nothing on standard output) and the
   * exit status is 2. {@code jacquet --help} prints it on standard output, with status 0.
   */
  @Override
  public void run() {
    throw new MissingCommand();
  }

  /** No command given; reported as the usage on standard error, exit status 2. */
  static final class MissingCommand extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MissingCommand() {
      super("no command given", null, false, false);
    }
  }

  public static void main(String[] args) {
    if (stdinIsTheJvmsOwnFile()) System.setIn(CLOSED_STDIN);
    utf8Console();
    int status = run(args);
    System.out.flush();
    System.err.flush();
    System.exit(status);
  }

  /**
   * Standard output and error in UTF-8 whatever the locale: under LANG=C (cron, docker, ssh)
   * Java would print '?' for every accented letter and sign (règles, ±), as the game records,
   * batch answers and the terminal game already write UTF-8.
   */
  private static void utf8Console() {
    System.setOut(new java.io.PrintStream(new java.io.BufferedOutputStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), 8192),
        true, java.nio.charset.StandardCharsets.UTF_8));
    System.setErr(new java.io.PrintStream(new java.io.BufferedOutputStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), 8192),
        true, java.nio.charset.StandardCharsets.UTF_8));
  }

  /** What standard input reads when it was closed: nothing, said as an error on the first read. */
  static final java.io.InputStream CLOSED_STDIN = new java.io.InputStream() {
    @Override
    public int read() throws IOException {
      throw new StdinClosed();
    }
  };

  /** Standard input was closed: said in the run's words (an I/O error's own message is the system's). */
  static final class StdinClosed extends IOException {
    private static final long serialVersionUID = 1L;

    StdinClosed() {
      super(Words.get("stdin.closed"));
    }
  }

  /**
   * Whether standard input was closed when the program started ({@code jacquet moves --batch <&-}):
   * the first file the JVM opens then takes its place (under -jar the jar itself, else a file of
   * the JDK), and would be read as the user's input. Seen through /proc where there is one.
   */
  static boolean stdinIsTheJvmsOwnFile() {
    Path fd0 = Path.of("/proc/self/fd/0");
    if (!Files.isDirectory(fd0.getParent())) return false; // no /proc: nothing to tell
    try {
      return ownFile(Files.readSymbolicLink(fd0));
    } catch (java.nio.file.NoSuchFileException closed) {
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Whether {@code file} is one the JVM opens itself: under its home, or on its class path. */
  static boolean ownFile(Path file) {
    try {
      Path real = file.toRealPath();
      if (real.startsWith(Path.of(System.getProperty("java.home")).toRealPath())) return true;
      for (String entry : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
        if (!entry.isEmpty() && Files.isRegularFile(Path.of(entry)) && Files.isSameFile(real, Path.of(entry))) return true;
      }
      return false;
    } catch (IOException | RuntimeException e) { // a pipe, a socket, a deleted file: not the JVM's
      return false;
    }
  }

  /**
   * Runs the command line and returns the exit status (for tests and the launcher). Whatever
   * goes wrong ends as one line on standard error naming the problem: never a stack trace
   * (set JACQUET_DEBUG=1 to see one).
   */
  public static int run(String... args) {
    Words.use(LangOption.of(args));
    try {
      return runIn(args);
    } finally {
      Words.use(LangOption.systemLocale()); // the language was this run's: nothing after it speaks it
    }
  }

  private static int runIn(String... args) {
    CommandLine cli = new CommandLine(new Main());
    // No @file argument files: undocumented, and `jacquet moves @/dev/zero` read for ever.
    cli.setExpandAtFiles(false);
    // picocli's own text (help, refusals) in UTF-8 too, not in the locale's encoding.
    cli.setOut(new PrintWriter(new java.io.OutputStreamWriter(System.out, java.nio.charset.StandardCharsets.UTF_8), true));
    cli.setErr(new PrintWriter(new java.io.OutputStreamWriter(System.err, java.nio.charset.StandardCharsets.UTF_8), true));
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    Checks.readNumbers(cli);
    Map<String, String> statuses = new LinkedHashMap<>();
    statuses.put(" " + OK, "done");
    statuses.put(" " + FAILURE, "failure: a file unreadable or unwritable, a bad record, an error");
    statuses.put(" " + USAGE, "usage: an unknown option, a missing or invalid value");
    document(cli, statuses);
    cli.setParameterExceptionHandler((e, arguments) -> {
      CommandLine where = e.getCommandLine();
      String message = e.getMessage();
      if (e instanceof CommandLine.UnmatchedArgumentException u && where == cli && !u.getUnmatched().isEmpty()) {
        String word = u.getUnmatched().get(0);
        message = Words.get(word.startsWith("-") ? "usage.unknown.option" : "usage.unknown.command", org.jacquet.engine.Excerpt.of(word),
            String.join(", ", cli.getSubcommands().keySet()));
      } else {
        message = UsageWords.say(message);
      }
      where.getErr().println(name(where) + ": " + oneLine(message) + " " + Words.get("usage.see.help", name(where)));
      where.getErr().flush();
      return USAGE;
    });
    boolean[] said = {false}; // a failure was said on standard error
    cli.setExecutionExceptionHandler((e, line, parse) -> {
      said[0] = true;
      return report(line, e);
    });
    int status;
    try {
      status = cli.execute(args);
    } catch (Throwable e) { // an Error escapes picocli's handler: report it the same way, for its command
      return report(executed(cli), e);
    }
    return status == USAGE || said[0] ? status : outputWritten(executed(cli), status);
  }

  /** The (sub)command the command line ran, or the top one. */
  private static CommandLine executed(CommandLine cli) {
    CommandLine.ParseResult parsed = cli.getParseResult();
    while (parsed != null && parsed.hasSubcommand()) parsed = parsed.subcommand();
    return parsed == null ? cli : parsed.commandSpec().commandLine();
  }

  /**
   * A command that could not print what it did (standard output a closed pipe, as in
   * {@code jacquet moves … | head -c0}, or a full disk) failed, and says so on standard error
   * (a verdict it printed, such as verify's, was lost): the print stream only keeps an error
   * flag, so it is read here, once everything is flushed.
   */
  private static int outputWritten(CommandLine line, int status) {
    line.getOut().flush();
    if (!System.out.checkError()) return status;
    PrintWriter err = line.getErr();
    err.println(name(line) + ": " + Words.get("output.closed"));
    err.flush();
    return FAILURE;
  }

  private static void document(CommandLine cli, Map<String, String> statuses) {
    cli.getCommandSpec().usageMessage().exitCodeListHeading("%nExit status:%n").exitCodeList(statuses);
    for (CommandLine sub : cli.getSubcommands().values()) document(sub, statuses);
  }

  /** One line naming the problem, and the exit status it deserves. */
  static int report(CommandLine line, Throwable e) {
    if (e instanceof MissingCommand) {
      PrintWriter err = line.getErr();
      err.println(name(line) + ": " + Words.get("usage.no.command"));
      line.usage(err);
      err.flush();
      return USAGE;
    }
    if (e instanceof UncheckedIOException u) e = u.getCause();
    int status;
    String message;
    if (e instanceof IllegalArgumentException) {
      status = USAGE;
      message = Words.reason(e);
    } else if (e instanceof CommandFailure || e instanceof org.jacquet.cli.play.Texts.Said) {
      status = FAILURE;
      message = e.getMessage();
    } else if (e instanceof java.nio.charset.CharacterCodingException) {
      status = FAILURE;
      message = Words.get("file.some.not.utf8");
    } else if (e instanceof java.nio.file.FileSystemException fs && fs.getFile() != null) {
      status = FAILURE;
      String why = fs.getReason() != null && !Words.locale().getLanguage().equals("fr") ? fs.getReason().toLowerCase(java.util.Locale.ROOT)
          : Inputs.reason(fs);
      message = fs.getFile() + ": " + (fs instanceof java.nio.file.NoSuchFileException ? Words.get("file.missing.short") : why);
    } else if (e instanceof IOException io) {
      status = FAILURE;
      message = Inputs.reason(io);
    } else if (e instanceof OutOfMemoryError) {
      status = FAILURE;
      message = Words.get("out.of.memory.run");
    } else if (e instanceof StackOverflowError) {
      status = FAILURE;
      message = Words.get("input.too.deep");
    } else if (e instanceof InterruptedException) {
      status = FAILURE;
      message = Words.get("interrupted");
    } else {
      status = FAILURE;
      message = Words.get("internal.error.run", e.toString());
    }
    PrintWriter err = line.getErr();
    err.println(name(line) + ": " + oneLine(message == null ? e.toString() : message));
    if (System.getenv("JACQUET_DEBUG") != null) e.printStackTrace(err);
    err.flush();
    return status;
  }

  private static String name(CommandLine line) {
    return line.getCommandSpec().qualifiedName();
  }

  /**
   * The message as one line a terminal shows as written: line breaks joined, other control
   * characters shown as '?', and a word the user gave beyond any name's length (a path of
   * 100,000 characters) cut in its middle rather than echoed whole.
   */
  static String oneLine(String message) {
    String line = message.strip().replaceAll("\\s*[\\r\\n]+\\s*", "; ").replaceAll("\\p{Cntrl}", "?");
    return java.util.regex.Pattern.compile("\\S{" + (LONG_WORD + 1) + ",}").matcher(line)
        .replaceAll(m -> java.util.regex.Matcher.quoteReplacement(m.group().substring(0, LONG_WORD / 2) + "…"
            + m.group().substring(m.group().length() - LONG_WORD / 4)));
  }

  /** Longer than any file name a person types: cut when echoed. */
  private static final int LONG_WORD = 240;
}
