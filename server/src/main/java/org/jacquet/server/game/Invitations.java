package org.jacquet.server.game;

import java.util.Map;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.server.refusal.Refusal;

/**
 * A game's invitation link: the seat it holds is taken by the first to come with it, who gets a
 * token of their own; the link then only shows the game to watch. Stored with the game, so every
 * process knows.
 */
final class Invitations {
  private final Rooms rooms;

  Invitations(Rooms rooms) {
    this.rooms = rooms;
  }

  /** See {@link GameService#takeInvitation}. */
  String take(String id, String tokenHash) {
    GameRoom room = rooms.fresh(id);
    String token = Tokens.token();
    synchronized (room) {
      Side side = room.sideOf(tokenHash);
      if (side == null || side != room.openInvitation()) throw new Refusal("bad-token", "this seat token does not belong to this game");
      Map<String, String> headers = new java.util.LinkedHashMap<>(room.headers);
      headers.remove(GameRoom.INVITATION);
      String record = GameRecord.write(room.match, headers);
      boolean stored;
      try {
        stored = rooms.stored("take a seat of " + id, () -> rooms.store().takeSeat(id, room.version, side.key(), Tokens.sha256(token), record));
      } finally {
        rooms.forget(id); // rebuilt with the seat's new token
      }
      if (!stored) throw Rooms.conflict();
      rooms.committed(id);
    }
    rooms.changed(id);
    return token;
  }
}
