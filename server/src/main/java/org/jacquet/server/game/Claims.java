package org.jacquet.server.game;

import java.util.Map;
import org.jacquet.engine.Side;
import org.jacquet.server.refusal.Refusal;

/**
 * An untimed game left by one player: after {@link #CLAIM_AFTER_MILLIS} with no socket at the
 * absent seat, its opponent may claim it, and the absent side loses the game as if it resigned.
 * A clock settles a timed game instead, and a friend who never came with the invitation has not
 * left.
 */
final class Claims {
  /** How long a player of an untimed game must be gone (no socket at its seat) before its opponent may claim the game. */
  static final long CLAIM_AFTER_MILLIS = 120_000;

  private final Rooms rooms;
  private volatile long claimAfterMillis = CLAIM_AFTER_MILLIS;

  Claims(Rooms rooms) {
    this.rooms = rooms;
  }

  /** See {@link GameService#claim}. */
  void claim(String id, String tokenHash, java.util.function.ToLongFunction<Side> absentMillis) {
    GameRoom room = rooms.fresh(id);
    synchronized (room) {
      Side side = room.sideOf(tokenHash);
      if (side == null) throw new Refusal("not-seated", "only the players of this game can claim it");
      Side other = side.opponent();
      if (room.match.game().isOver()) throw new Refusal("over", "the game is over");
      if (room.clock != null || room.isComputer(other)) {
        throw new Refusal("no-claim", "only an untimed game against a person can be claimed (a clock settles a timed one)");
      }
      // A friend who never came with the invitation did not leave: nothing is won from them.
      if (other == room.openInvitation()) {
        throw new Refusal("not-arrived", "your friend has not come with the invitation yet: the game waits for them, there is nothing to claim");
      }
      long absent = absentMillis.applyAsLong(other);
      long after = claimAfterMillis;
      if (absent < after) {
        long wait = absent < 0 ? after : after - absent;
        throw new Refusal("claim-too-soon", Map.of("seconds", (wait + 999) / 1000),
            "your opponent is connected or left too recently: the game can be claimed after "
                + (after + 999) / 1000 + " s of absence");
      }
      room.match.game().resign(other);
      rooms.commit(room, other, "claim");
    }
    rooms.changed(id);
  }

  long claimAfterMillis() {
    return claimAfterMillis;
  }

  void claimAfterMillis(long millis) {
    this.claimAfterMillis = millis;
  }
}
