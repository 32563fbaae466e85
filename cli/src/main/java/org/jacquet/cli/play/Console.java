package org.jacquet.cli.play;

/** Where the terminal game reads the player's lines and writes its own. */
public interface Console {
  /** The next line typed, or null at the end of input (Ctrl-D). */
  String readLine(String prompt);

  void println(String line);

  /** Whether the terminal shows colours. */
  boolean colour();
}
