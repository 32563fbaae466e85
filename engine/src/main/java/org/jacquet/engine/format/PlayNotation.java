package org.jacquet.engine.format;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayFinder;
import org.jacquet.engine.Position;
import org.jacquet.engine.Step;
import org.jacquet.engine.rules.Rules;

/**
 * The play notation of RULES.md §1 ({@code 1/7 7/12}, {@code 18/24 20/off}), printed, and read
 * from what a user types: the matching legal play, or the exact rule the play breaks.
 *
 * <p>Besides one step per die, the reader accepts what backgammon players type: a checker's
 * whole move in one ({@code 1/12} for 6-5, when an intermediate stop is legal), chains
 * ({@code 1/7/12}), repeats ({@code 1/4(3)}), {@code 25} for {@code off}, commas, and
 * {@code pass} (or nothing) when nothing can be played.
 */
public final class PlayNotation {
  private static final Pattern SEGMENT =
      Pattern.compile("(\\d{1,2})((?:/(?:\\d{1,2}|off|o))+)(?:\\((\\d)\\))?");

  static final int MAX_TEXT = 200;

  private PlayNotation() {}

  public static String format(List<Step> steps) {
    StringBuilder s = new StringBuilder();
    for (Step step : steps) {
      if (s.length() > 0) s.append(' ');
      s.append(step);
    }
    return s.toString();
  }

  /**
   * Reads a play for {@code position} (its side to move) and {@code dice}.
   *
   * @return the legal play leading to the same position as the steps typed
   * @throws IllegalPlayException naming the broken rule and the point concerned
   */
  public static Play parse(String text, Rules rules, Position position, DiceToPlay dice) {
    return PlayFinder.find(rules, position, dice, segments(text == null ? "" : text));
  }

  /**
   * The typed segments as {from, to} pairs (to = 25 for off), chains and repeats expanded;
   * empty for a pass. Throws {@link IllegalReason#SYNTAX} for text that is no play.
   */
  public static List<int[]> segments(String text) {
    // The longest play (six steps) is about 40 characters; the cap keeps hostile text cheap.
    if (text == null) return new ArrayList<>();
    if (text.length() > MAX_TEXT) throw new IllegalPlayException(IllegalReason.SYNTAX, Excerpt.of(text));
    String t = text.trim().toLowerCase(java.util.Locale.ROOT);
    List<int[]> out = new ArrayList<>();
    if (isPass(t)) return out;
    for (String token : t.split("[\\s,]+")) {
      Matcher m = SEGMENT.matcher(token);
      if (!m.matches()) throw new IllegalPlayException(IllegalReason.SYNTAX, Excerpt.of(token));
      String[] stops = m.group(2).substring(1).split("/");
      int repeat = m.group(3) == null ? 1 : Integer.parseInt(m.group(3));
      if (repeat < 1) throw new IllegalPlayException(IllegalReason.SYNTAX, token);
      for (int k = 0; k < repeat; k++) {
        int at = point(m.group(1), token);
        for (String stop : stops) {
          int next = stop.startsWith("o") ? Position.OFF : point(stop, token);
          out.add(new int[] {at, next});
          at = next;
        }
      }
    }
    return out;
  }

  /** Whether {@code text} (trimmed, lower case) says the turn passes: nothing, {@code pass}, {@code passe} or {@code -}. */
  static boolean isPass(String text) {
    return text.isEmpty() || text.equals("pass") || text.equals("passe") || text.equals("-");
  }

  private static int point(String digits, String token) {
    int p = Integer.parseInt(digits);
    if (p < 1 || p > Position.OFF) throw new IllegalPlayException(IllegalReason.SYNTAX, token);
    return p;
  }
}
