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
    // A line is kept to one character past the longest the game reads (TerminalGame.MAX_LINE):
    // a pasted megabyte is not inserted, nor redrawn at each key; the game refuses the line by its length.
    org.jline.reader.Widget insert = reader.getWidgets().get(LineReader.SELF_INSERT);
    reader.getWidgets().put(LineReader.SELF_INSERT, () -> reader.getBuffer().length() > TerminalGame.MAX_LINE || insert.apply());
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
