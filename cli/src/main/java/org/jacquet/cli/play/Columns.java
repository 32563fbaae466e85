package org.jacquet.cli.play;

import java.util.ArrayList;
import java.util.List;

/**
 * A numbered list laid out in columns, read down then across, as {@code ls} does, a page at a
 * time: every page has the columns the widest item of the whole list allows, so the numbers
 * stay where the eye expects them from one page to the next.
 */
final class Columns {
  private Columns() {}

  /** The whole list in columns, numbered from 1 (as many rows as it takes). */
  static List<String> of(List<String> items, int width) {
    return page(items, 0, items.size(), width);
  }

  /** How many items a page of {@code rows} rows holds, in the columns {@code width} allows. */
  static int perPage(List<String> items, int width, int rows) {
    return Math.max(1, rows) * columns(items, width);
  }

  /** Items {@code from} to {@code to} (exclusive) of the list, numbered as in the whole list. */
  static List<String> page(List<String> items, int from, int to, int width) {
    int numberWidth = String.valueOf(items.size()).length();
    int itemWidth = itemWidth(items, numberWidth);
    int count = to - from;
    int columns = Math.max(1, Math.min(count, columns(items, width)));
    int rows = (count + columns - 1) / columns;
    List<String> lines = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < columns; c++) {
        int i = c * rows + r;
        if (i >= count) break;
        String cell = String.format("%" + numberWidth + "d. %s", from + i + 1, items.get(from + i));
        if (c > 0) line.append("   ");
        line.append(c == columns - 1 || (c + 1) * rows + r >= count ? cell : String.format("%-" + itemWidth + "s", cell));
      }
      lines.add(" " + line.toString().stripTrailing());
    }
    return lines;
  }

  private static int itemWidth(List<String> items, int numberWidth) {
    return items.stream().mapToInt(String::length).max().orElse(0) + numberWidth + 2; // "12. " + item
  }

  private static int columns(List<String> items, int width) {
    int itemWidth = itemWidth(items, String.valueOf(items.size()).length());
    return Math.max(1, Math.min(Math.max(1, items.size()), (width + 2) / (itemWidth + 3)));
  }
}
