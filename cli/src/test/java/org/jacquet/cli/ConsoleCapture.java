package org.jacquet.cli;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The console of a command run in the test's process: standard output and error captured,
 * standard input empty unless the test gives one ({@link #stdin}), all three put back after
 * each test. {@link #run} runs the command line as the launcher does and keeps what it printed.
 */
abstract class ConsoleCapture {
  /** Far beyond any command a test runs: past it, the command hangs. */
  private static final Duration HANG = Duration.ofSeconds(120);

  private final PrintStream stdout = System.out;
  private final PrintStream stderr = System.err;
  private final InputStream stdin = System.in;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  final void captureTheConsole() {
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    System.setIn(new ByteArrayInputStream(new byte[0]));
  }

  @AfterEach
  final void restoreTheConsole() {
    System.setOut(stdout);
    System.setErr(stderr);
    System.setIn(stdin);
  }

  /** Runs {@code jacquet args…} and returns its exit status; {@link #out()} and {@link #err()} hold what it printed. */
  protected final int run(String... args) {
    out.reset();
    err.reset();
    return assertTimeoutPreemptively(HANG, () -> Main.run(args), () -> "hangs: " + Arrays.toString(args));
  }

  /** What the last command printed on standard output. */
  protected final String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  /** What the last command printed on standard error. */
  protected final String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /** The next commands read {@code text} on standard input. */
  protected static void stdin(String text) {
    stdin(text.getBytes(StandardCharsets.UTF_8));
  }

  protected static void stdin(byte[] bytes) {
    System.setIn(new ByteArrayInputStream(bytes));
  }
}
