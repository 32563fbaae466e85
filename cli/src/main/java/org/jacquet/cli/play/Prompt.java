package org.jacquet.cli.play;

import java.util.Locale;

/**
 * The player's lines, read bounded and checked; questions answered yes or no. The end of input
 * (Ctrl-D, Ctrl-C) leaves the game, whose record is written on the way out.
 */
final class Prompt {
  /** The longest line worth reading: no command, play or file name comes near. */
  static final int MAX_LINE = 1_000;

  private final Console console;
  private final Texts texts;

  Prompt(Console console, Texts texts) {
    this.console = console;
    this.texts = texts;
  }

  /** Leaving the game: the end of input, or quit confirmed. */
  static final class Quit extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Quit() {
      super(null, null, false, false);
    }
  }

  /**
   * The next line typed, trimmed; {@link Quit} when input ends. A line with control characters
   * (a NUL, an escape) or beyond {@link #MAX_LINE} is refused and asked again: it is no command,
   * and a file name holding one would be changed without saying.
   */
  String next(String prompt) {
    while (true) {
      String line = console.readLine(prompt);
      if (line == null) throw new Quit();
      if (line.length() > MAX_LINE) {
        console.println(texts.get("refused", texts.get("line.too.long", MAX_LINE)));
      } else if (line.chars().anyMatch(c -> c != '\t' && Character.isISOControl(c))) {
        console.println(texts.get("refused", texts.get("line.control")));
      } else {
        return line.trim();
      }
    }
  }

  /** "y" to go on, whatever the question ({@code question} worded with {@code argument}). */
  boolean confirm(String question, Object argument) {
    String a = next(texts.get(question, argument) + " ").toLowerCase(Locale.ROOT);
    return a.equals("y") || a.equals("yes") || a.equals("o") || a.equals("oui");
  }
}
