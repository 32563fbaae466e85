package org.jacquet.server.notify;

import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.identity.Player;
import org.jacquet.server.store.GameChangeHook;
import org.jdbi.v3.core.Handle;

/**
 * The notices a stored change of a game calls for, written in its transaction ({@link
 * GameChangeHook}): in a correspondence game, "your turn" for the account whose clock starts
 * running when the other side acted or the game's first change (the opening throw) made it the
 * first to play (a side's own throw, made for it by the server, tells it nothing new); when a match between two players ends (not one against the computer, whose end
 * its player watched), "ended" for each account seated. Guests get none.
 */
final class GameNotices implements GameChangeHook {
  private final Inbox inbox;

  GameNotices(Inbox inbox) {
    this.inbox = inbox;
  }

  private record Seats(String white, String whiteName, String black, String blackName, String timeControl,
      boolean twoPlayers) {
    String player(boolean white) {
      return white ? this.white : black;
    }

    String opponentName(boolean white) {
      return white ? blackName : whiteName;
    }
  }

  @Override
  public void stored(Handle h, Change c) {
    Seats seats = h.createQuery("""
        SELECT white_player, white_name, black_player, black_name, time_control, white_kind, black_kind FROM games WHERE id = :id""")
        .bind("id", c.gameId()).map((rs, ctx) -> new Seats(rs.getString("white_player"), rs.getString("white_name"),
            rs.getString("black_player"), rs.getString("black_name"), rs.getString("time_control"),
            !"computer".equals(rs.getString("white_kind")) && !"computer".equals(rs.getString("black_kind"))))
        .findOne().orElse(null);
    if (seats == null) return;
    boolean corres = TimeControl.parse(seats.timeControl()).correspondence();
    if ("over".equals(c.status())) {
      if (!seats.twoPlayers()) return;
      for (boolean white : new boolean[] {true, false}) {
        String account = seats.player(white);
        if (!isAccount(account)) continue;
        if (corres) Inbox.remove(h, account, NoticeKind.YOUR_TURN, c.gameId());
        inbox.add(h, account, NoticeKind.ENDED, c.gameId(), c.gameId(), seats.opponentName(white));
      }
      return;
    }
    if (!corres || c.clock() == null || c.clock().running() == null) return;
    boolean whiteToPlay = c.clock().running().key().equals("white");
    // The same side goes on (its throw made for it): nothing new for it — but for the game's
    // first stored change (the opening throw), which starts the first turn.
    if (c.clock().running().key().equals(c.side()) && c.version() != 1) return;
    String mover = seats.player(!whiteToPlay);
    if (isAccount(mover)) Inbox.remove(h, mover, NoticeKind.YOUR_TURN, c.gameId()); // it played: its turn is done
    String account = seats.player(whiteToPlay);
    if (!isAccount(account)) return;
    Inbox.remove(h, account, NoticeKind.YOUR_TURN, c.gameId()); // a new turn, a new notice (unread again)
    inbox.add(h, account, NoticeKind.YOUR_TURN, c.gameId(), c.gameId(), seats.opponentName(whiteToPlay));
  }

  private static boolean isAccount(String playerId) {
    return playerId != null && playerId.startsWith(Player.ACCOUNT_PREFIX);
  }
}
