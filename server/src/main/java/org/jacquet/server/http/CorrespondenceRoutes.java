package org.jacquet.server.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.Set;
import java.util.function.Function;
import org.jacquet.server.correspondence.Correspondence;
import org.jacquet.server.correspondence.Vacations;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.StateView;
import org.jacquet.server.identity.Player;
import org.jacquet.server.refusal.Refusal;

/**
 * A signed-in player's correspondence games ({@code GET /api/me/correspondence}: "Your turn"
 * first, with each deadline and the time left) and vacations ({@code POST /api/me/vacation}).
 */
public final class CorrespondenceRoutes {
  private CorrespondenceRoutes() {}

  public static void install(Javalin app, GameService games, Correspondence correspondence, Vacations vacations,
      Function<Context, Player> knownPlayer) {
    Routes.get(app, "/api/me/correspondence", ctx -> {
      Player me = account(knownPlayer.apply(ctx));
      long now = games.time().now();
      ObjectNode o = StateView.JSON.createObjectNode().put("now", now);
      ArrayNode list = o.putArray("games");
      for (Correspondence.Game g : correspondence.games(me.id(), now)) {
        ObjectNode e = list.addObject();
        e.put("id", g.id()).put("rules", g.rules()).put("match", g.matchLength()).put("time", g.timeControl())
            .put("rated", g.rated()).put("side", g.side().key()).put("opponent", g.opponentName())
            .put("yourTurn", g.yourTurn());
        if (g.deadline() > 0) e.put("deadline", g.deadline()).put("left", Math.max(0, g.deadline() - now));
        if (g.opponentAwayUntil() > 0) e.put("opponentAwayUntil", g.opponentAwayUntil());
      }
      vacation(o, vacations.standing(me.id(), now));
      ctx.header("Cache-Control", "no-store");
      ctx.result(o.toString());
    });
    app.post("/api/me/vacation", ctx -> {
      JsonBody b = JsonBody.parse(ctx.body(), true, Set.of("days"));
      Player me = account(knownPlayer.apply(ctx));
      Vacations.Taken taken = vacations.take(me.id(), b.integer("days", 1, 1, Vacations.DAYS_A_YEAR), games.time().now());
      games.storedElsewhere(taken.games());
      ctx.result(vacation(StateView.JSON.createObjectNode(), new Vacations.Standing(taken.daysLeft(), taken.until())).toString());
    });
  }

  private static ObjectNode vacation(ObjectNode o, Vacations.Standing s) {
    ObjectNode v = o.putObject("vacation").put("daysLeft", s.daysLeft()).put("daysAYear", Vacations.DAYS_A_YEAR);
    if (s.until() > 0) v.put("until", s.until());
    return o;
  }

  /** The signed-in player, or refused {@code signed-out}: correspondence is between accounts. */
  private static Player account(Player p) {
    if (p == null || !p.hasAccount()) throw new Refusal("signed-out", "sign in first (no session, or it ended)");
    return p;
  }
}
