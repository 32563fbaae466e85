package org.jacquet.engine;

/**
 * Input quoted in an error message, cut to a readable length: a parser names what it could not
 * read without echoing a megabyte of it, and without control characters that would garble a
 * terminal.
 */
public final class Excerpt {
  private static final int MAX = 40;

  private Excerpt() {}

  public static String of(String text) {
    if (text == null) return "";
    String clean = text.replaceAll("\\p{Cntrl}", "?");
    return clean.length() <= MAX ? clean : clean.substring(0, MAX - 3) + "...";
  }
}
