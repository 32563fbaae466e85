package org.jacquet.server.game;

import java.util.Map;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.format.TakeBack;
import org.jacquet.engine.game.Game;
import org.jacquet.server.refusal.Refusal;

/**
 * A practice game: against the computer with the tutor on. The learner may take a play back
 * while the computer has not thrown after it, and the computer waits for the learner to go on
 * before it throws (so that the tutor's word can be read first). Marked in the record's
 * headers ({@code [Practice "yes"]}), so it is stored with the game and survives a restart; a
 * game against the computer is never rated.
 */
public final class Practice {
  public static final String HEADER = "Practice";

  private Practice() {}

  public static boolean is(GameRoom room) {
    return "yes".equals(room.headers.get(HEADER));
  }

  /** Refuses what only a practice game allows. */
  public static void require(GameRoom room) {
    if (!is(room)) throw new Refusal("no-take-back", Map.of("what", "not-practice"), "only a practice game against the computer allows this");
  }

  /** The stored record with {@code side}'s last play taken back; refused once the computer has thrown after it. */
  public static String takenBack(GameRoom room, Side side) {
    require(room);
    String taken = TakeBack.lastPlay(room.storedRecord(), side);
    if (taken == null) throw new Refusal("no-take-back", Map.of("what", "too-late"), "there is no play of yours to take back: the computer has thrown since, or you have not played");
    return taken;
  }

  /** The game as it was when {@code side} made its last play (the dice thrown, nothing played). */
  public static Game beforeLastPlay(GameRoom room, Side side) {
    return GameRecord.read(takenBack(room, side)).match().game();
  }
}
