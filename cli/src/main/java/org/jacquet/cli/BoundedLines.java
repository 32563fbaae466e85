package org.jacquet.cli;

import java.io.IOException;
import java.io.Reader;

/**
 * Lines read from a stream with a bound on each: a line ends at {@code \n} (a {@code \r} before
 * it is dropped, a lone {@code \r} is part of the line), and a line longer than the bound is
 * reported as such and the rest of it skipped unread into memory, so an endless line (
 * {@code /dev/zero}) never fills the memory.
 */
final class BoundedLines {
  private final Reader in;
  private final int max;
  private final char[] buffer = new char[8192];
  private int position;
  private int end;
  private final StringBuilder line = new StringBuilder();
  /** The line returned last was longer than {@link #max}. */
  private boolean tooLong;
  /** The rest of an overlong line is still to be skipped. */
  private boolean skipping;

  BoundedLines(Reader in, int max) {
    this.in = in;
    this.max = max;
  }

  /**
   * The next line without its end, or null when the input ends. A line longer than the bound is
   * returned as {@code ""} with {@link #tooLong()} true, as soon as the bound is passed: its answer
   * need not wait for its end, which may never come.
   */
  String next() throws IOException {
    tooLong = false;
    if (skipping) {
      while (true) {
        if (!fill()) return null;
        int newline = indexOfNewline();
        if (newline >= 0) {
          position = newline + 1;
          break;
        }
        position = end;
      }
      skipping = false;
    }
    line.setLength(0);
    boolean any = false;
    while (fill()) {
      any = true;
      int start = position;
      int newline = indexOfNewline();
      int stop = newline >= 0 ? newline : end;
      // max + 2: room for one character too many and a \r before the \n, and no more
      line.append(buffer, start, Math.min(stop - start, max + 2 - line.length()));
      if (newline >= 0) {
        position = newline + 1;
        return finish();
      }
      position = end;
      if (line.length() >= max + 2) {
        tooLong = true;
        skipping = true;
        return "";
      }
    }
    return any ? finish() : null; // the last line, without an end
  }

  /** Whether the line returned last was longer than the bound (it was returned empty). */
  boolean tooLong() {
    return tooLong;
  }

  private String finish() {
    int n = line.length();
    if (n > 0 && line.charAt(n - 1) == '\r') line.setLength(n - 1);
    tooLong = line.length() > max;
    return tooLong ? "" : line.toString();
  }

  private int indexOfNewline() {
    for (int i = position; i < end; i++) if (buffer[i] == '\n') return i;
    return -1;
  }

  /** False at the end of input; else there is something in the buffer. */
  private boolean fill() throws IOException {
    while (position == end) {
      int n = in.read(buffer, 0, buffer.length);
      if (n < 0) return false;
      position = 0;
      end = n;
    }
    return true;
  }
}
