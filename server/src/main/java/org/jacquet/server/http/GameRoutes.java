package org.jacquet.server.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import org.jacquet.engine.Side;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.game.GameRoom;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.StateView;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.identity.Player;
import org.jacquet.server.limits.RateLimiter;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.GameStore;

/** The games over HTTP: create one, list yours by their seat tokens, read one's state or its record. */
public final class GameRoutes {
  private static final Set<String> NEW_GAME_FIELDS = Set.of("opponent", "rules", "match", "level", "side", "position", "time", "rated");

  private GameRoutes() {}

  /**
   * {@code connected} tells whether someone sits at a side of a game, for the state's presence;
   * {@code player}: who asks, as its cookies say (null: nobody known), seated by name in the game
   * it makes; {@code fastClocks} whether clients may ask for clocks too fast for people (tests,
   * load runs).
   */
  public static void install(Javalin app, GameService games, RateLimiter creations, ClientAddress address,
      BiPredicate<String, Side> connected, java.util.function.Function<Context, Player> player, boolean fastClocks) {
    app.post("/api/games", ctx -> {
      JsonBody body = JsonBody.parse(ctx.body(), true, NEW_GAME_FIELDS);
      String opponent = body.oneOf("opponent", "computer", List.of("computer", "practice", "friend"));
      String side = body.oneOf("side", "white", List.of("white", "black"));
      GameService.NewGame req = new GameService.NewGame(body.text("rules", "modern"), body.integer("match", 1, 1, 99),
          !opponent.equals("friend"), body.text("level", "intermediate"), Side.parse(side), body.text("position", null),
          player.apply(ctx), opponent.equals("practice"), body.bool("rated", false));
      // Checked first, counted after: a request refused for its content uses none of the budget.
      GameService.Checked checked = games.check(req);
      TimeControl time = LobbyRoutes.timeControl(body.text("time", "untimed"), fastClocks);
      if (time.correspondence()) {
        throw new Refusal("correspondence-in-lobby", "correspondence games are challenges between signed-in players: post one in the lobby");
      }
      creations.acquire(address.of(ctx));
      GameService.Created c = games.create(checked, time);
      ObjectNode o = StateView.JSON.createObjectNode();
      o.put("id", c.id()).put("token", c.token()).put("side", c.side().key());
      if (c.inviteToken() != null) o.put("inviteToken", c.inviteToken());
      ctx.status(201).result(o.toString());
    });
    app.post("/api/games/mine", ctx -> {
      List<String> tokens = JsonBody.parse(ctx.body(), false, Set.of("tokens")).texts("tokens", 200);
      List<String> hashes = tokens.stream().map(Tokens::sha256).toList();
      ArrayNode list = StateView.JSON.createArrayNode();
      for (GameStore.Row r : games.store().byTokens(hashes)) {
        ObjectNode o = list.addObject();
        o.put("id", r.id()).put("rules", r.rules()).put("match", r.matchLength()).put("status", r.status())
            .put("white", r.whiteKind()).put("black", r.blackKind()).put("updated", r.updatedAt());
        if (r.level() != null) o.put("level", r.level());
        boolean white = hashes.contains(r.whiteToken());
        o.put("side", white ? "white" : "black");
        // The other seat's name, when one was given (the lobby's games): "White vs Ann", not "vs a friend".
        String opponent = r.seats().name(!white);
        if (opponent != null) o.put("opponent", opponent);
      }
      ctx.result(list.toString());
    });
    Routes.get(app, "/api/games/{id}", ctx -> {
      String token = bearer(ctx);
      String id = ctx.pathParam("id");
      ObjectNode state = games.read(id, room -> StateView.of(room,
          room.sideOf(token == null ? null : Tokens.sha256(token)), s -> connected.test(id, s)));
      ctx.result(state.toString());
    });
    Routes.get(app, "/api/games/{id}/record", ctx -> {
      String record = games.read(ctx.pathParam("id"), GameRoom::publicRecord);
      ctx.contentType("text/plain; charset=utf-8");
      ctx.header("Content-Disposition", "attachment; filename=\"jacquet-" + ctx.pathParam("id") + ".txt\"");
      ctx.result(record);
    });
  }

  /** The seat token of an {@code Authorization: Bearer TOKEN} header, or null. */
  private static String bearer(Context ctx) {
    String h = ctx.header("Authorization");
    if (h == null) return null;
    if (!h.startsWith("Bearer ") || h.length() > 300) {
      throw JsonBody.badField("Authorization", JsonBody.Expected.BEARER);
    }
    return h.substring(7).trim();
  }
}
