package org.jacquet.server.store;

import org.jdbi.v3.core.Handle;

/**
 * What else must be stored when a match ends (the ratings), run by {@link GameStore#update} inside
 * the transaction that stores the match's end: if it throws, the match is not ended either, so a
 * crash never leaves one half written. It reads the game through {@code h} (the row already holds
 * the final record) and must be idempotent: a finished game may be stored again.
 */
@FunctionalInterface
public interface MatchEndHook {
  MatchEndHook NONE = (h, gameId) -> {};

  void matchEnded(Handle h, String gameId);
}
