package org.jacquet.cli.play;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The console when input is not a terminal (a pipe, a file, a script): lines read from a stream
 * in UTF-8, at most {@link TerminalGame#MAX_LINE} + 1 characters of each kept, the rest of an
 * overlong line skipped unread into memory (JLine, reading a pipe byte by byte, took 30 s over a
 * 3 MB line). The game refuses such a line by its length; no colours.
 */
public final class StreamConsole implements Console {
  private final BufferedReader in;
  private final PrintStream out;

  public StreamConsole(InputStream in, OutputStream out) {
    this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    this.out = new PrintStream(out, true, StandardCharsets.UTF_8);
  }

  @Override
  public String readLine(String prompt) {
    out.print(prompt);
    out.flush();
    StringBuilder line = new StringBuilder();
    boolean any = false;
    try {
      for (int c; (c = in.read()) >= 0; ) {
        any = true;
        if (c == '\n') break;
        if (line.length() <= TerminalGame.MAX_LINE) line.append((char) c);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (!any) return null; // end of input
    int end = line.length();
    if (end > 0 && line.charAt(end - 1) == '\r') line.setLength(end - 1);
    return line.toString();
  }

  @Override
  public void println(String line) {
    out.println(line);
  }

  @Override
  public boolean colour() {
    return false;
  }
}
