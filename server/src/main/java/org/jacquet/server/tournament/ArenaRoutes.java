package org.jacquet.server.tournament;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jacquet.server.game.StateView;
import org.jacquet.server.http.JsonBody;
import org.jacquet.server.http.Routes;
import org.jacquet.server.identity.Player;

/**
 * The arenas' routes: the list of those to come ({@code GET /api/arenas}), one arena with its
 * standings and games ({@code GET /api/arenas/{id}}, which also tells the server that a joined
 * player's page is there, to be paired), making one ({@code POST /api/arenas}), joining and
 * leaving it; and the arena pushed to its page as it changes ({@code GET /api/arenas/{id}/events},
 * {@link ArenaFeed}): the standings, and the word that the page's player was paired.
 */
public final class ArenaRoutes {
  /** How many arenas the home page lists. */
  public static final int LISTED = 20;

  private ArenaRoutes() {}

  public static void install(Javalin app, Arenas arenas, ArenaFeed feed, Function<Context, Player> knownPlayer,
      Consumer<Context> checkOrigin, java.util.function.LongSupplier clock) {
    // Before the stream opens: an unknown arena is answered 404 no-arena as JSON, not with a stream.
    app.before("/api/arenas/{id}/events", ctx -> arenas.get(ctx.pathParam("id")));
    app.sse("/api/arenas/{id}/events", client -> feed.watch(client, client.ctx().pathParam("id"),
        knownPlayer.apply(client.ctx())));
    Routes.get(app, "/api/arenas", ctx -> {
      long now = clock.getAsLong();
      ObjectNode o = StateView.JSON.createObjectNode().put("now", now);
      ArrayNode list = o.putArray("arenas");
      for (Arena a : arenas.upcoming(now, LISTED)) list.add(ArenaView.summary(a, now));
      ctx.header("Cache-Control", "no-store");
      ctx.result(o.toString());
    });
    app.post("/api/arenas", ctx -> {
      checkOrigin.accept(ctx);
      JsonBody b = JsonBody.parse(ctx.body(), false, Set.of("name", "start", "minutes", "time", "rules", "match", "private"));
      Player me = knownPlayer.apply(ctx);
      long now = clock.getAsLong();
      Arenas.Request req = new Arenas.Request(b.text("name", ""), Arenas.parseStart(b.text("start", null), now),
          b.integer("minutes", 60, 0, 100_000), b.text("time", "8+30"), b.text("rules", "modern"), b.integer("match", 1, 0, 99),
          !b.bool("private", false));
      if (me == null || !me.hasAccount()) throw new org.jacquet.server.refusal.Refusal("arena-needs-account",
          "tournaments are between signed-in players: sign in or create an account");
      Arena a = arenas.create(req, me);
      ctx.status(201).result(ArenaView.summary(a, clock.getAsLong()).toString());
    });
    Routes.get(app, "/api/arenas/{id}", ctx -> {
      Arena a = arenas.get(ctx.pathParam("id"));
      Player me = knownPlayer.apply(ctx);
      arenas.here(a.id(), me);
      ctx.header("Cache-Control", "no-store");
      ctx.result(ArenaView.of(a, arenas.standings(a.id()), arenas.games(a.id()), me, clock.getAsLong()).toString());
    });
    app.post("/api/arenas/{id}/join", ctx -> {
      checkOrigin.accept(ctx);
      String token = arenas.join(ctx.pathParam("id"), knownPlayer.apply(ctx));
      ctx.status(201).result(StateView.JSON.createObjectNode().put("token", token).toString());
    });
    app.post("/api/arenas/{id}/leave", ctx -> {
      checkOrigin.accept(ctx);
      arenas.leave(ctx.pathParam("id"), knownPlayer.apply(ctx));
      ctx.status(204);
    });
  }
}
