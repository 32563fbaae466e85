package org.jacquet.server.tournament;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.jacquet.server.game.StateView;
import org.jacquet.server.identity.Player;

/** An arena as the API shows it (docs/PROTOCOL.md, "Tournaments"). */
public final class ArenaView {
  /** The newest games shown (a long arena of many players plays thousands; each push stays small). */
  public static final int GAMES_SHOWN = 100;

  private ArenaView() {}

  /** What the home page's list shows of an arena. */
  public static ObjectNode summary(Arena a, long now) {
    return StateView.JSON.createObjectNode().put("id", a.id()).put("name", a.name()).put("host", a.hostName())
        .put("rules", a.rules()).put("match", a.matchLength()).put("time", a.time().toString())
        .put("startsAt", a.startsAt()).put("endsAt", a.endsAt()).put("listed", a.listed()).put("status", a.status(now).key);
  }

  /**
   * The whole arena for its page: standings best first, games newest first, and what concerns
   * {@code me} (joined or not, the arena game it plays now). A finished arena without a single
   * game says so ({@code outcome: "arena-no-games"}).
   */
  public static ObjectNode of(Arena a, List<ArenaScoring.Standing> standings, List<Arenas.Game> games, Player me, long now) {
    ObjectNode o = summary(a, now).put("now", now);
    ArrayNode table = o.putArray("standings");
    int rank = 0;
    for (ArenaScoring.Standing s : standings) {
      table.addObject().put("rank", ++rank).put("name", s.name()).put("points", s.points()).put("streak", s.streak())
          .put("fire", s.streak() + 1 >= ArenaScoring.STREAK_FROM).put("wins", s.wins()).put("games", s.games())
          .put("rating", s.rating()).put("joined", s.joined());
    }
    o.put("gameCount", games.size());
    ArrayNode list = o.putArray("games");
    for (Arenas.Game g : games.subList(0, Math.min(GAMES_SHOWN, games.size()))) {
      ObjectNode e = list.addObject().put("id", g.id()).put("white", g.white()).put("black", g.black())
          .put("playing", g.winner() == null).put("whitePoints", g.whitePoints()).put("blackPoints", g.blackPoints());
      if (g.winner() != null) e.put("winner", g.winner());
    }
    if (a.status(now) == Arena.Status.FINISHED && games.isEmpty()) o.put("outcome", "arena-no-games");
    ObjectNode mine = o.putObject("me").put("account", me != null && me.hasAccount());
    boolean joined = me != null && standings.stream().anyMatch(s -> s.playerId().equals(me.id()) && s.joined());
    mine.put("joined", joined);
    if (me != null) {
      for (Arenas.Game g : games) {
        if (g.winner() != null) continue;
        if (me.id().equals(g.whiteId())) mine.putObject("game").put("id", g.id()).put("side", "white");
        else if (me.id().equals(g.blackId())) mine.putObject("game").put("id", g.id()).put("side", "black");
      }
    }
    return o;
  }
}
