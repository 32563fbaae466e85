package org.jacquet.cli.docs;

import java.util.ArrayList;
import java.util.List;

/**
 * A shell block of a documentation page marked runnable (a fence opened with {@code ```sh
 * runnable}), cut into the commands it shows, each with the output it shows under it.
 *
 * <p>In such a block a line starting {@code #  } (a hash and two spaces) is output the command
 * above prints, the rest of the line exactly; a line {@code #  …} stands for any number of
 * output lines. Any other line starting {@code #} is a comment. A command goes on to the next
 * line when it ends with a backslash or the next line starts with {@code |}.
 *
 * @param page the page, as the reader names it (e.g. {@code docs/analysis.md})
 * @param line the line of the opening fence, from 1
 * @param steps the commands in order
 */
public record RunnableBlock(String page, int line, List<Step> steps) {
  /** The fence's info string that marks a block to run. */
  public static final String MARKER = "sh runnable";

  /** What a reader sees of an output line in a block: {@code #} and two spaces. */
  static final String OUTPUT_PREFIX = "#  ";

  /**
   * One command of a block.
   *
   * @param line the line of the command's first line in the page, from 1
   * @param command the command as written (continuation lines kept)
   * @param expected the output lines the block shows for it (empty: not compared)
   */
  public record Step(int line, String command, List<String> expected) {}

  /** How the failure of a block names it: the page, the line, its first command. */
  public String name() {
    String first = steps.isEmpty() ? "" : steps.get(0).command().lines().findFirst().orElse("");
    return page + ":" + line + " (" + first + ")";
  }

  /** Every runnable block of a page, in order. */
  public static List<RunnableBlock> in(String page, List<String> lines) {
    List<RunnableBlock> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String fence = lines.get(i).strip();
      if (!fence.startsWith("```")) continue;
      int end = closingFence(lines, i);
      if (fence.substring(3).strip().equals(MARKER)) {
        blocks.add(new RunnableBlock(page, i + 1, steps(lines, i + 1, end)));
      }
      i = end;
    }
    return blocks;
  }

  private static int closingFence(List<String> lines, int open) {
    for (int j = open + 1; j < lines.size(); j++) {
      if (lines.get(j).strip().equals("```")) return j;
    }
    throw new IllegalArgumentException("line " + (open + 1) + ": a code block that is never closed");
  }

  private static List<Step> steps(List<String> lines, int from, int to) {
    List<Step> steps = new ArrayList<>();
    StringBuilder command = null;
    int commandLine = 0;
    List<String> expected = new ArrayList<>();
    boolean continues = false;
    for (int i = from; i < to; i++) {
      String text = lines.get(i);
      String stripped = text.strip();
      if (stripped.isEmpty()) continue;
      if (stripped.startsWith("#")) {
        if (text.startsWith(OUTPUT_PREFIX)) {
          if (command == null) {
            throw new IllegalArgumentException("line " + (i + 1) + ": output shown before any command");
          }
          expected.add(text.substring(OUTPUT_PREFIX.length()));
        }
        continue;
      }
      if (command != null && (continues || stripped.startsWith("|")) && expected.isEmpty()) {
        command.append('\n').append(text);
      } else {
        if (command != null) steps.add(new Step(commandLine, command.toString(), List.copyOf(expected)));
        command = new StringBuilder(text);
        commandLine = i + 1;
        expected = new ArrayList<>();
      }
      continues = stripped.endsWith("\\");
    }
    if (command != null) steps.add(new Step(commandLine, command.toString(), List.copyOf(expected)));
    return steps;
  }
}
