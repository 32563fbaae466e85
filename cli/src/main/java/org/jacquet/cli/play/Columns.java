package org.jacquet.cli.play;

import java.util.ArrayList;
import java.util.List;

/** A numbered list laid out in columns, read down then across, as {@code ls} does: 50 plays on one screen. */
final class Columns {
  private Columns() {}

  static List<String> of(List<String> items, int width) {
    int numberWidth = String.valueOf(items.size()).length();
    int itemWidth = items.stream().mapToInt(String::length).max().orElse(0) + numberWidth + 2; // "12. " + item
    int columns = Math.max(1, Math.min(items.size(), (width + 2) / (itemWidth + 3)));
    int rows = (items.size() + columns - 1) / Math.max(1, columns);
    List<String> lines = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < columns; c++) {
        int i = c * rows + r;
        if (i >= items.size()) break;
        String cell = String.format("%" + numberWidth + "d. %s", i + 1, items.get(i));
        if (c > 0) line.append("   ");
        line.append(c == columns - 1 || (c + 1) * rows + r >= items.size() ? cell : String.format("%-" + itemWidth + "s", cell));
      }
      lines.add(" " + line.toString().stripTrailing());
    }
    return lines;
  }
}
