package org.jacquet.engine.format;

import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.Play;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;

/**
 * How a play is written for a player to read, and read back from what the player types
 * (docs/formats.md, "Naming points"). Records keep the mover's route numbers in their play
 * fields whatever is chosen here.
 */
public enum PointNaming {
  /**
   * The board letters a–x of Lepeintre's diagram (RULES.md §1): one name per point for both
   * sides, so White's 1/7 and Black's 13/19 both read m/s, and nothing is ever renumbered.
   */
  LETTERS,
  /** Each side in its own route numbers 1–24, as the record's play fields and backgammon write it. */
  MOVER;

  /**
   * A step typed in letters: a point, then stops ({@code a/f}, {@code a/f/k}, {@code s/off}), maybe
   * repeated ({@code a/d(3)}). {@code off} is spelled out: {@code o} is a point here.
   */
  private static final Pattern LETTER_SEGMENT = Pattern.compile("([a-x])((?:/(?:[a-x]|off))+)(\\(\\d\\))?");
  /** A route number in a text: one or two digits, not a message's placeholder ({@code {0}}). */
  private static final Pattern ROUTE_NUMBER = Pattern.compile("(?<![{\\d])\\d{1,2}(?![}\\d])");

  /** The default for what a player reads: the letters, the same whoever reads. */
  public static final PointNaming DEFAULT = LETTERS;

  /** {@code letters} or {@code mover}, as the command line and the web app's setting spell it. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The naming a word names, or an error naming the word and the two accepted. */
  public static PointNaming of(String word) {
    for (PointNaming n : values()) if (n.word().equals(word)) return n;
    throw new IllegalArgumentException("unknown point naming '" + word + "': letters or mover");
  }

  /** The play {@code mover} made, written this way; a pass is written as the notation writes it. */
  public String write(Play play, Side mover) {
    return write(play.notation(), mover);
  }

  /**
   * A play's notation as records and analyses keep it ({@code 10/14 9/12}, in {@code mover}'s
   * numbers), written this way; {@code off}, a pass and anything that is not a step stay as they are.
   */
  public String write(String notation, Side mover) {
    if (this == MOVER || notation == null) return notation;
    StringJoiner steps = new StringJoiner(" ");
    for (String token : notation.split(" ", -1)) {
      String[] ends = token.split("/", -1);
      StringJoiner step = new StringJoiner("/");
      for (String end : ends) step.add(ends.length > 1 ? letter(end, mover) : end);
      steps.add(step.toString());
    }
    return steps.toString();
  }

  private static String letter(String routePoint, Side mover) {
    if (!routePoint.matches("\\d{1,2}")) return routePoint;
    int r = Integer.parseInt(routePoint);
    return r >= 1 && r <= 24 ? String.valueOf(mover.letter(r)) : routePoint;
  }

  /**
   * What a player typed in this naming, as {@link PlayNotation} reads it: in the mover's route
   * numbers, letters turned into {@code mover}'s numbers ({@code m/s} is White's {@code 1/7},
   * Black's {@code 13/19}), {@code off}, repeats and a pass kept. Under {@link #MOVER} the text is
   * already that. Under {@link #LETTERS} only letters name points: a number is refused, as any
   * token that is no step, with {@link IllegalReason#SYNTAX} naming the token.
   */
  public String read(String typed, Side mover) {
    if (this == MOVER || typed == null) return typed;
    if (typed.length() > PlayNotation.MAX_TEXT) throw new IllegalPlayException(IllegalReason.SYNTAX, Excerpt.of(typed));
    String t = typed.trim().toLowerCase(Locale.ROOT);
    if (PlayNotation.isPass(t)) return t;
    StringJoiner steps = new StringJoiner(" ");
    for (String token : t.split("[\\s,]+")) {
      Matcher m = LETTER_SEGMENT.matcher(token);
      if (!m.matches()) throw new IllegalPlayException(IllegalReason.SYNTAX, Excerpt.of(token));
      StringBuilder step = new StringBuilder().append(mover.routePoint(m.group(1).charAt(0)));
      for (String stop : m.group(2).substring(1).split("/")) {
        step.append('/').append(stop.equals("off") ? stop : Integer.toString(mover.routePoint(stop.charAt(0))));
      }
      if (m.group(3) != null) step.append(m.group(3));
      steps.add(step);
    }
    return steps.toString();
  }

  /**
   * {@code typed} read as a play in this naming, in {@code mover}'s route numbers, its syntax
   * checked (what the terminal's prompt and the web app's typed-play boxes take). Only this naming
   * is read: a play written in the other one is refused {@link WrongNaming}, carrying the same
   * play in {@code mover}'s numbers for the refusal to show how to write it here.
   *
   * @throws WrongNaming when it is a play in the other naming
   * @throws IllegalPlayException ({@link IllegalReason#SYNTAX}) when it is no play in either
   */
  public String readOnly(String typed, Side mover) {
    try {
      String notation = read(typed, mover);
      PlayNotation.segments(notation); // the numbers' own syntax, before any rule is checked
      return notation;
    } catch (IllegalPlayException e) {
      if (e.reason() != IllegalReason.SYNTAX) throw e;
      String meant = other().stepsRead(typed, mover);
      if (meant != null) throw new WrongNaming(this, meant);
      throw e;
    }
  }

  /** The naming a player did not choose. */
  public PointNaming other() {
    return this == LETTERS ? MOVER : LETTERS;
  }

  /** {@code typed} read this way as steps {@code from/to} in {@code mover}'s numbers; null when it is no play this way. */
  private String stepsRead(String typed, Side mover) {
    List<int[]> segments;
    try {
      segments = PlayNotation.segments(read(typed, mover));
    } catch (IllegalPlayException e) {
      return null;
    }
    if (segments.isEmpty()) return null;
    StringJoiner steps = new StringJoiner(" ");
    for (int[] s : segments) steps.add(s[0] + "/" + (s[1] == Position.OFF ? "off" : Integer.toString(s[1])));
    return steps.toString();
  }

  /**
   * A play typed in the naming the player did not choose: {@code play} is what it means, in the
   * mover's route numbers ({@code 1/7 7/12}), for the refusal to write in the chosen {@code naming}.
   */
  public static final class WrongNaming extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient PointNaming naming;
    private final String play;

    WrongNaming(PointNaming naming, String play) {
      super("points are typed in " + naming.word() + " here (the play meant is " + play + " in the mover's numbers)", null,
          false, false);
      this.naming = naming;
      this.play = play;
    }

    /** The naming chosen, the one the play should have been typed in. */
    public PointNaming naming() {
      return naming;
    }

    /** The play meant, in the mover's route numbers. */
    public String play() {
      return play;
    }
  }

  /**
   * A refusal's value that names points ({@link IllegalReason#namesPoints}), in {@code mover}'s
   * route numbers ({@code 7}, {@code "23 & 24"}, {@code "off"}), or a refusal's wording whose
   * only literal numbers are route points ({@code "the last quadrant (19-24)"}), written this way.
   */
  public String points(Object routePoints, Side mover) {
    String text = String.valueOf(routePoints);
    if (this == MOVER) return text;
    return ROUTE_NUMBER.matcher(text).replaceAll(m -> letter(m.group(), mover));
  }
}
