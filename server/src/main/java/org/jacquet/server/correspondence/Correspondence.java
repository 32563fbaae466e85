package org.jacquet.server.correspondence;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jacquet.engine.Side;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.store.Database;

/**
 * A signed-in player's correspondence games as they wait: those where it is their turn first,
 * the one waiting longest at the top, with the time left to each deadline; then those waiting for
 * their opponents, the nearest deadline first. One indexed query each side of the board.
 */
public final class Correspondence {
  /** At most this many games listed (a player with more sees the most pressing ones). */
  public static final int MAX_LISTED = 500;

  /**
   * One game in progress: {@code yourTurn} when the player's clock runs; {@code deadline} when the
   * running side loses on time (ms since the epoch; 0 before the opening throw);
   * {@code opponentAwayUntil} the end of the opponent's vacation running now (0: none).
   */
  public record Game(String id, String rules, int matchLength, String timeControl, boolean rated, Side side,
      String opponentName, String opponentId, boolean yourTurn, long since, long deadline, long opponentAwayUntil) {}

  private final Database db;

  public Correspondence(Database db) {
    this.db = db;
  }

  /** {@code accountId}'s correspondence games in progress as of {@code now}: "Your turn" first. */
  public List<Game> games(String accountId, long now) {
    List<Game> all = new ArrayList<>();
    db.jdbi().useHandle(h -> {
      for (Side side : Side.values()) {
        String me = side == Side.WHITE ? "white" : "black";
        String them = side == Side.WHITE ? "black" : "white";
        h.createQuery("SELECT g.id, g.rules, g.match_length, g.time_control, g.rated, g.clock_running, g.clock_since, g."
                + them + "_name AS opponent_name, g." + them + "_player AS opponent_id, "
                + "(SELECT MAX(v.ends_at) FROM vacations v WHERE v.account_id = g." + them + "_player) AS away "
                + "FROM games g WHERE g." + me + "_player = :me AND g.status = 'playing' AND " + TimeControl.correspondenceSql("g.time_control") + " "
                + "ORDER BY g.updated_at DESC LIMIT " + MAX_LISTED)
            .bind("me", accountId)
            .map((rs, ctx) -> {
              String running = rs.getString("clock_running");
              long since = rs.getLong("clock_since");
              TimeControl t = TimeControl.parse(rs.getString("time_control"));
              long deadline = running == null ? 0 : since + t.moveMillis();
              long away = rs.getLong("away");
              return new Game(rs.getString("id"), rs.getString("rules"), rs.getInt("match_length"), t.toString(),
                  rs.getInt("rated") == 1, side, rs.getString("opponent_name"), rs.getString("opponent_id"),
                  side.key().equals(running), since, deadline, away > now ? away : 0);
            })
            .forEach(all::add);
      }
    });
    // Your turn first, the longest waiting first; then the others, the nearest deadline first
    // (a game not yet begun, deadline 0, last).
    all.sort(Comparator.comparing((Game g) -> !g.yourTurn())
        .thenComparingLong(g -> g.yourTurn() ? g.since() : (g.deadline() == 0 ? Long.MAX_VALUE : g.deadline())));
    return all.size() > MAX_LISTED ? List.copyOf(all.subList(0, MAX_LISTED)) : all;
  }
}
