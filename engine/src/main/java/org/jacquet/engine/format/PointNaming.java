package org.jacquet.engine.format;

import java.util.Locale;
import java.util.StringJoiner;
import org.jacquet.engine.Play;
import org.jacquet.engine.Side;

/**
 * How a play is written for a player to read (docs/formats.md, "Naming points"). Records keep
 * the mover's route numbers in their play fields whatever is chosen here.
 */
public enum PointNaming {
  /**
   * The board letters a–x of Lepeintre's diagram (RULES.md §1): one name per point for both
   * sides, so White's 1/7 and Black's 13/19 both read m/s, and nothing is ever renumbered.
   */
  LETTERS,
  /** Each side in its own route numbers 1–24, as the record's play fields and backgammon write it. */
  MOVER;

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
}
