package org.jacquet.engine.game;

/** Where a game's dice come from: injected, so that every game replays exactly. */
public interface DiceSource {
  /** The next die, 1..6. */
  int roll();
}
