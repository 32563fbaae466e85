package org.jacquet.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Hostile variants of a valid input, for the parsers' property tests: truncation, duplication,
 * swaps, random characters (control characters, U+FFFD as left by bytes that were not UTF-8,
 * other scripts' digits), huge numbers, huge lines, deletions and plain garbage.
 */
public final class Mutations {
  private static final String ALPHABET = "0123456789/:-,+=() \t\n\r\"\\[]abcdefghijklmnopqrstuvwxyz"
      + "ABCDEFGHIJKLMNOPQRSTUVWXYZ_;.\u0000\u00e9\ufffd\u0663\u0661\u2028\ud83c\udfb2";

  private Mutations() {}

  /** One to three mutations of {@code valid}, chosen by {@code seed}. */
  public static String of(String valid, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    String s = valid;
    int n = r.nextInt(3) == 0 ? 2 + r.nextInt(2) : 1;
    for (int i = 0; i < n; i++) s = once(s, r);
    return s;
  }

  private static String once(String s, SplittableRandom r) {
    int len = s.length();
    int a = len == 0 ? 0 : r.nextInt(len + 1);
    int b = len == 0 ? 0 : r.nextInt(len + 1);
    int lo = Math.min(a, b);
    int hi = Math.max(a, b);
    switch (r.nextInt(12)) {
      case 10: // one character replaced
        return len == 0 ? s : s.substring(0, Math.min(lo, len - 1)) + ALPHABET.charAt(r.nextInt(ALPHABET.length()))
            + s.substring(Math.min(lo, len - 1) + 1);
      case 11: // one character inserted
        return s.substring(0, lo) + ALPHABET.charAt(r.nextInt(ALPHABET.length())) + s.substring(lo);
      case 0:
        return s.substring(0, lo);
      case 1:
        return s.substring(0, hi) + s.substring(lo, hi) + s.substring(hi);
      case 2: {
        if (len < 2) return s + s;
        char[] c = s.toCharArray();
        int i = r.nextInt(len);
        int j = r.nextInt(len);
        char t = c[i];
        c[i] = c[j];
        c[j] = t;
        return new String(c);
      }
      case 3: {
        StringBuilder junk = new StringBuilder();
        for (int k = 1 + r.nextInt(4); k > 0; k--) junk.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
        return s.substring(0, lo) + junk + s.substring(lo);
      }
      case 4:
        return s.replaceFirst("\\d+", r.nextBoolean() ? "99999999999999999999" : "-" + r.nextInt(1000));
      case 5:
        return s.substring(0, lo) + String.valueOf(ALPHABET.charAt(r.nextInt(ALPHABET.length()))).repeat(20_000)
            + s.substring(lo);
      case 6:
        return s.substring(0, lo) + s.substring(hi);
      case 7: {
        String[] parts = s.split(" ", -1);
        if (parts.length < 2) return s + " " + s;
        int i = r.nextInt(parts.length);
        int j = r.nextInt(parts.length);
        String t = parts[i];
        parts[i] = parts[j];
        parts[j] = t;
        return String.join(" ", parts);
      }
      case 8:
        return s.substring(0, lo) + (char) (0xD800 + r.nextInt(0x800)) + s.substring(lo); // lone surrogate
      default: {
        StringBuilder junk = new StringBuilder();
        for (int k = r.nextInt(30); k > 0; k--) junk.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
        return junk.toString();
      }
    }
  }

  /**
   * Parses {@code input}: either it is refused with the documented error (an {@link
   * IllegalArgumentException}) whose message names the problem in one readable line, or it is
   * accepted and {@code accepted} checks that it was right to. Anything else fails the test.
   */
  public static <T> void parsesOrRefuses(String input, Function<String, T> parse, Consumer<T> accepted) {
    parsesOrRefuses(input, parse, IllegalArgumentException.class, accepted);
  }

  /** The same, the refusal being of the parser's documented {@code error} type. */
  public static <T> void parsesOrRefuses(String input, Function<String, T> parse,
      Class<? extends IllegalArgumentException> error, Consumer<T> accepted) {
    T value;
    try {
      value = parse.apply(input);
    } catch (IllegalArgumentException e) {
      assertThat(e).as("refusal of %s", show(input)).isInstanceOf(error);
      assertReadable(input, e);
      return;
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      throw new AssertionError("input " + show(input) + " gave " + e, e);
    }
    try {
      accepted.accept(value);
    } catch (AssertionError e) {
      fail("input " + show(input) + " was accepted as " + value + ": " + e.getMessage());
    }
  }

  /** The documented error's message: present, one line, short, no Java internals. */
  public static void assertReadable(String input, IllegalArgumentException e) {
    String m = e.getMessage();
    assertThat(m).as("message for %s", show(input)).isNotBlank().hasSizeLessThan(400)
        .doesNotContain("\n", "Exception", "java.", "null");
  }

  public static String show(String input) {
    String s = input.length() > 200 ? input.substring(0, 200) + "…(" + input.length() + " chars)" : input;
    return "'" + s.replace("\n", "\\n").replace("\r", "\\r") + "'";
  }
}
