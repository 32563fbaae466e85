package org.jacquet.ai;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * The data lines of the project's own line files (benchmarks, puzzle sets): blank lines and
 * {@code #} comments (the header saying how the file was made) are skipped, and a line its reader
 * refuses is refused with its number, so that a damaged file says where.
 */
public final class DataLines {
  private DataLines() {}

  /** Gives each data line to {@code each}; {@code kind} names the file's lines in errors ("benchmark"). */
  public static void read(BufferedReader reader, String kind, Consumer<String> each) throws IOException {
    String line;
    int lineNumber = 0;
    while ((line = reader.readLine()) != null) {
      lineNumber++;
      if (line.isBlank() || line.startsWith("#")) continue;
      try {
        each.accept(line);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(kind + " line " + lineNumber + ": " + e.getMessage());
      }
    }
  }
}
