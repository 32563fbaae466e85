package org.jacquet.ai;

import java.util.regex.Pattern;

/**
 * Numbers as the project's own files write them (benchmark and samples files): read strictly,
 * so that a damaged line is refused by what is wrong with it rather than read as something else.
 */
public final class PlainNumbers {
  private PlainNumbers() {}

  private static final Pattern INDEX = Pattern.compile("[0-9]{1,9}");
  private static final Pattern DECIMAL = Pattern.compile("[+-]?([0-9]{1,30}(\\.[0-9]{0,30})?|\\.[0-9]{1,30})([eE][+-]?[0-9]{1,5})?");

  /** Whether {@code text} is an index: decimal digits only, from 0 to 999,999,999. */
  public static boolean isIndex(String text) {
    return INDEX.matcher(text).matches();
  }

  /**
   * {@code text} as a plain decimal number (digits, a point, an exponent), or NaN for anything
   * else: NaN, infinities, hexadecimal and Java's float suffixes are not numbers these files write.
   */
  public static double decimal(String text) {
    return DECIMAL.matcher(text).matches() ? Double.parseDouble(text) : Double.NaN;
  }
}
