package org.jacquet.server.store;

import org.jacquet.server.clock.Clock;
import org.jdbi.v3.core.Handle;

/**
 * What else must be stored with every change of a game (the notices: package notify), run by
 * {@link GameStore#update} inside the transaction that stores the change, after the game's row
 * and its action: written by the one process that stored the change, and undone with it if
 * either fails. It reads the game through {@code h} (the row holds the new record).
 */
@FunctionalInterface
public interface GameChangeHook {
  GameChangeHook NONE = (h, change) -> {};

  /**
   * A stored change: game {@code gameId} at its new {@code version}, the action of {@code side}
   * ("white", "black"), the game's {@code status} and its clock after it (null: untimed).
   */
  record Change(String gameId, int version, String side, String action, String status, Clock clock) {}

  void stored(Handle h, Change change);
}
