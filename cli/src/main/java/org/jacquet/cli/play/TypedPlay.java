package org.jacquet.cli.play;

import java.util.List;
import java.util.StringJoiner;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.PlayNotation;
import org.jacquet.engine.format.PointNaming;

/**
 * A play as the player types it, in the naming the player reads ({@link PointNaming}): the board
 * letters by default, the mover's numbers with {@code --point-names mover}. Only that naming is
 * read: a play typed in the other one is refused with the same play written the right way, so
 * that one screen never mixes two names for a point.
 */
final class TypedPlay {
  /** The examples the prompt, the help and the refusals give, in the mover's route numbers. */
  static final String EXAMPLE_PLAY = "1/7 7/12";
  static final String EXAMPLE_STEP = "1/7";
  static final String EXAMPLE_BOTH_DICE = "1/12";
  static final String EXAMPLE_BEAR_OFF = "20/off";

  private final Texts texts;
  private final Narrator narrator;

  /**
   * The arguments of the {@code help} text for {@code reader}, points named as the player reads
   * and types them: a play and a step (padded to the help's first column), one checker by both
   * dice, a bear-off, and how points are named.
   */
  static Object[] helpExamples(Texts texts, PointNaming naming, Side reader) {
    return new Object[] {String.format("%-10s", naming.write(EXAMPLE_PLAY, reader)),
        String.format("%-10s", naming.write(EXAMPLE_STEP, reader)), naming.write(EXAMPLE_BOTH_DICE, reader),
        naming.write(EXAMPLE_BEAR_OFF, reader), texts.get("help.points." + naming.word())};
  }

  TypedPlay(Texts texts, Narrator narrator) {
    this.texts = texts;
    this.narrator = narrator;
  }

  /** Whether a line typed at the play prompt is meant as a play: it starts with a number or a step ({@code x/…}). */
  static boolean looksLikePlay(String line) {
    String first = line.split("\\s+", 2)[0];
    return first.contains("/") || line.matches("[0-9].*");
  }

  /**
   * {@code typed} in {@code mover}'s route numbers, as the engine reads plays.
   *
   * @throws Texts.Said when it is a play in the other naming, saying how to write it in this one
   * @throws IllegalPlayException ({@link IllegalReason#SYNTAX}) when it is no play in either
   */
  String notation(String typed, Side mover) {
    PointNaming naming = narrator.naming();
    try {
      String notation = naming.read(typed, mover);
      PlayNotation.segments(notation); // the numbers' own syntax, before any rule is checked
      return notation;
    } catch (IllegalPlayException e) {
      if (e.reason() != IllegalReason.SYNTAX) throw e;
      PointNaming other = naming == PointNaming.LETTERS ? PointNaming.MOVER : PointNaming.LETTERS;
      String meant = rewritten(typed, other, mover);
      if (meant != null) throw new Texts.Said(texts.get("typed." + naming.word(), Texts.quote(typed.trim()), meant));
      throw e; // worded with its examples in the player's naming (Narrator#refuse)
    }
  }

  /** {@code typed} read in naming {@code as} and written in the player's; null when it is no play that way either. */
  private String rewritten(String typed, PointNaming as, Side mover) {
    List<int[]> segments;
    try {
      segments = PlayNotation.segments(as.read(typed, mover));
    } catch (IllegalPlayException e) {
      return null;
    }
    if (segments.isEmpty()) return null;
    StringJoiner steps = new StringJoiner(" ");
    for (int[] s : segments) steps.add(s[0] + "/" + (s[1] == Position.OFF ? "off" : Integer.toString(s[1])));
    return narrator.name(steps.toString(), mover);
  }
}
