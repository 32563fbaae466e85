package org.jacquet.cli.play;

import java.io.PrintWriter;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

/** The console of a real terminal, through JLine (line editing, history, colours when known). */
public final class JLineConsole implements Console {
  private final Terminal terminal;
  private final LineReader reader;
  private final PrintWriter out;

  public JLineConsole(Terminal terminal) {
    this.terminal = terminal;
    this.reader = LineReaderBuilder.builder().terminal(terminal).build();
    this.out = terminal.writer();
  }

  @Override
  public String readLine(String prompt) {
    try {
      return reader.readLine(prompt);
    } catch (EndOfFileException | UserInterruptException e) {
      return null;
    }
  }

  @Override
  public void println(String line) {
    out.println(line);
    out.flush();
  }

  @Override
  public boolean colour() {
    return !Terminal.TYPE_DUMB.equals(terminal.getType()) && !Terminal.TYPE_DUMB_COLOR.equals(terminal.getType())
        && terminal.getNumericCapability(org.jline.utils.InfoCmp.Capability.max_colors) != null;
  }
}
