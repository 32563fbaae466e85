package org.jacquet.engine.game;

/** What a game waits for next. */
public enum Phase {
  /** Each side throws one die to see who starts ({@link Game#roll()}). */
  OPENING_THROW,
  /** The winner of the opening throw chooses to play it or throw again ({@link Game#chooseOpening}). */
  OPENING_CHOICE,
  /** The side to move throws its dice ({@link Game#roll()}). */
  ROLL,
  /** The side to move plays its dice ({@link Game#play}). */
  PLAY,
  OVER
}
