package org.jacquet.server.game;

import org.jacquet.engine.Side;
import org.jacquet.server.identity.Player;
import org.jacquet.server.refusal.Refusal;

/**
 * A correspondence game's seats belong to accounts, not to a browser: a signed-in player who opens
 * the game in a browser without its seat's key (another device, storage cleared) is given a key
 * of its own, so a game of weeks goes on from wherever its player signs in. Live games keep the
 * seat in the browser that took it (a second browser of the same account watches).
 */
final class AccountSeats {
  private final Rooms rooms;

  AccountSeats(Rooms rooms) {
    this.rooms = rooms;
  }

  /**
   * A new key to the seat {@code accountId} holds in correspondence game {@code id}, or null when
   * it holds none there (a guest, a spectator, a live game).
   */
  String keyFor(String id, String accountId) {
    if (accountId == null || !accountId.startsWith(Player.ACCOUNT_PREFIX)) return null;
    GameRoom room = rooms.fresh(id);
    String token = Tokens.token();
    synchronized (room) {
      if (!room.timeControl.correspondence()) return null;
      Side side = accountId.equals(room.playerId(Side.WHITE)) ? Side.WHITE
          : accountId.equals(room.playerId(Side.BLACK)) ? Side.BLACK : null;
      if (side == null) return null;
      boolean stored;
      try {
        stored = rooms.stored("seat another device in " + id,
            () -> rooms.store().addSeatKey(id, room.version, side, Tokens.sha256(token), rooms.now()));
      } finally {
        rooms.forget(id); // rebuilt with the new key
      }
      if (!stored) throw Rooms.conflict();
      rooms.committed(id);
    }
    return token;
  }
}
