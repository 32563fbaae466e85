package org.jacquet.cli.play;

import java.util.ArrayList;
import java.util.List;

/** Text broken at spaces into lines that fit an 80-column terminal, as a player reads it. */
final class Paragraph {
  /** The width of the smallest terminal the game is made for (80 × 24). */
  static final int WIDTH = 80;

  private Paragraph() {}

  /**
   * Each line of {@code text} (split at its own line breaks) broken at spaces so that none is
   * wider than {@code width}; continuation lines keep the first line's indent. A word longer
   * than a line (a file name) is left whole on its own line rather than cut.
   */
  static List<String> lines(String text, int width) {
    List<String> out = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      if (line.length() <= width) {
        out.add(line);
        continue;
      }
      String indent = line.substring(0, line.length() - line.stripLeading().length());
      StringBuilder current = new StringBuilder(indent);
      for (String word : line.strip().split(" +")) {
        if (current.length() > indent.length() && current.length() + 1 + word.length() > width) {
          out.add(current.toString());
          current = new StringBuilder(indent);
        }
        if (current.length() > indent.length()) current.append(' ');
        current.append(word);
      }
      out.add(current.toString());
    }
    return out;
  }
}
