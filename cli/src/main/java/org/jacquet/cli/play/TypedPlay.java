package org.jacquet.cli.play;

import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.Side;
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
      return naming.readOnly(typed, mover); // a SYNTAX refusal is worded with its examples in the player's naming (Narrator#refuse)
    } catch (PointNaming.WrongNaming e) {
      throw new Texts.Said(texts.get("typed." + naming.word(), Texts.quote(typed.trim()), narrator.name(e.play(), mover)));
    }
  }
}
