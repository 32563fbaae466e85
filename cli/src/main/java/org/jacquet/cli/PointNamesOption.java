package org.jacquet.cli;

import org.jacquet.engine.format.PointNaming;
import picocli.CommandLine.Option;

/**
 * {@code --point-names letters|mover}: how the plays a player reads name the points, and in the
 * terminal game how they are typed (docs/formats.md, "Naming points").
 */
final class PointNamesOption {
  @Option(names = "--point-names", defaultValue = "letters", paramLabel = "NAMING",
      description = "How plays are written, and in play typed: letters (the board's a-x, one name per point for both sides: m/s s/x) "
          + "or mover (each side in its own numbers 1-24, as in records: 1/7 7/12) (default: ${DEFAULT-VALUE}).")
  String text;

  /** The naming chosen, or a bad argument (exit status 2) worded in the player's language, naming what was typed. */
  PointNaming naming() {
    try {
      return PointNaming.of(text);
    } catch (IllegalArgumentException e) { // worded from the bundle, not the engine's English
      throw new IllegalArgumentException(Words.get("point-names.unknown", text));
    }
  }
}
