package org.jacquet.cli.play;

import org.jacquet.engine.Play;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.Step;

/**
 * Plays written in the numbers of the board as its reader sees it (the project's convention):
 * the reader's own plays as typed, the opponent's turned into the reader's route numbering —
 * Black's {@code 3/8 8/12} reads {@code 15/20 20/24} for White. Records keep the mover's frame.
 */
final class ReaderNotation {
  private ReaderNotation() {}

  static String of(Play play, Side mover, Side reader) {
    if (mover == reader || play.isPass()) return play.notation();
    StringBuilder s = new StringBuilder();
    for (Step step : play.steps()) {
      if (s.length() > 0) s.append(' ');
      s.append(Side.otherFrame(step.from())).append('/')
          .append(step.to() == Position.OFF ? "off" : Integer.toString(Side.otherFrame(step.to())));
    }
    return s.toString();
  }
}
