package org.jacquet.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.Test;

/**
 * Both consoles keep at most one character past the longest line the game reads: enough for
 * the game to refuse the line by its length, and no more in memory however long it is; the
 * lines after it are read as they come.
 */
class ConsoleLineBoundTest {
  private static final String HUGE = "x".repeat(100_000);

  @Test
  void thePlainConsoleKeepsAnOverlongLineToItsBoundAndReadsOn() {
    byte[] input = (HUGE + "\nroll\r\nlast").getBytes(StandardCharsets.UTF_8);
    StreamConsole console = new StreamConsole(new ByteArrayInputStream(input), new ByteArrayOutputStream());
    assertThat(console.readLine("> ")).hasSize(TerminalGame.MAX_LINE + 1);
    assertThat(console.readLine("> ")).isEqualTo("roll");
    assertThat(console.readLine("> ")).isEqualTo("last"); // the end of input ends the last line
    assertThat(console.readLine("> ")).isNull();
  }

  @Test
  void jlineKeepsAnOverlongLineToItsBoundAndReadsOn() throws Exception {
    ByteArrayOutputStream screen = new ByteArrayOutputStream();
    java.util.Iterator<String> typed = java.util.List.of(HUGE, "roll").iterator();
    try (Terminal terminal = TerminalBuilder.builder().system(false).type(Terminal.TYPE_DUMB)
        .streams(new TerminalGameTest.Player(screen, prompt -> typed.next()), screen).encoding(StandardCharsets.UTF_8).build()) {
      JLineConsole console = new JLineConsole(terminal);
      assertThat(console.readLine("> ")).hasSize(TerminalGame.MAX_LINE + 1);
      assertThat(console.readLine("> ")).isEqualTo("roll");
    }
  }
}
