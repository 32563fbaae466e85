package org.jacquet.cli.docs;

import java.util.List;
import java.util.Optional;

/**
 * Compares what a command printed with the output a page shows for it: line by line, trailing
 * spaces aside, where a shown line {@code …} stands for any number of lines (none included).
 */
public final class ExpectedOutput {
  /** The shown line that stands for any number of printed lines. */
  public static final String ELLIPSIS = "…";

  private ExpectedOutput() {}

  /** Empty when {@code actual} is what {@code expected} shows; otherwise what differs. */
  public static Optional<String> mismatch(List<String> expected, List<String> actual) {
    List<String> printed = actual.stream().map(String::stripTrailing).toList();
    int end = printed.size();
    while (end > 0 && printed.get(end - 1).isEmpty()) end--;
    printed = printed.subList(0, end);
    if (matches(expected, 0, printed, 0)) return Optional.empty();
    return Optional.of("the page shows:\n" + indent(expected) + "the command printed:\n" + indent(printed));
  }

  private static boolean matches(List<String> expected, int e, List<String> printed, int p) {
    if (e == expected.size()) return p == printed.size();
    String shown = expected.get(e).stripTrailing();
    if (shown.strip().equals(ELLIPSIS)) {
      for (int skip = p; skip <= printed.size(); skip++) {
        if (matches(expected, e + 1, printed, skip)) return true;
      }
      return false;
    }
    return p < printed.size() && printed.get(p).equals(shown) && matches(expected, e + 1, printed, p + 1);
  }

  private static String indent(List<String> lines) {
    StringBuilder text = new StringBuilder();
    for (String line : lines) text.append("    ").append(line).append('\n');
    return text.toString();
  }
}
