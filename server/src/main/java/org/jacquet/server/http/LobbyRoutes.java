package org.jacquet.server.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.game.StateView;
import org.jacquet.server.identity.Identities;
import org.jacquet.server.identity.Player;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.limits.RateLimiter;
import org.jacquet.server.lobby.Lobby;
import org.jacquet.server.lobby.Seek;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * The lobby's HTTP routes (docs/PROTOCOL.md, "Lobby"): who this browser plays as and its name,
 * seeks posted, withdrawn and accepted, quick pairing. Each resolves the player from its cookies
 * ({@link Identities}); posting, pairing and accepting count against the address's game
 * creations ({@code games}), new guests against its {@code players}, renames against {@code names}.
 */
public final class LobbyRoutes {
  private static final Set<String> SEEK_FIELDS = Set.of("rules", "match", "time", "colour", "rated", "to");
  private static final Set<String> PAIRING_FIELDS = Set.of("rules", "match", "time");
  /** Renames an address may make a minute. */
  static final int NAMES_PER_MINUTE = 10;

  private final Lobby lobby;
  private final Identities identities;
  private final RateLimiter creations;
  private final RateLimiter newGuests;
  private final RateLimiter renames;
  private final ClientAddress address;
  private final boolean trustProxy;
  /** Whether clients may post seeks with clocks too fast for people ({@code serve --fast-clocks}). */
  private final boolean fastClocks;

  public LobbyRoutes(Lobby lobby, Identities identities, RateLimiter creations, Limits limits, ClientAddress address,
      boolean trustProxy, boolean fastClocks, java.util.function.LongSupplier rateClock) {
    this.lobby = lobby;
    this.identities = identities;
    this.creations = creations;
    this.newGuests = new RateLimiter("players", limits.connectsPerMinute(), limits.windowSeconds(), rateClock);
    this.renames = new RateLimiter("names", NAMES_PER_MINUTE, limits.windowSeconds(), rateClock);
    this.address = address;
    this.trustProxy = trustProxy;
    this.fastClocks = fastClocks;
  }

  public void install(Javalin app) {
    app.get("/api/me", ctx -> ctx.result(me(player(ctx)).toString()));
    app.post("/api/me/name", ctx -> {
      String name = JsonBody.parse(ctx.body(), false, Set.of("name")).text("name", null);
      Player p = player(ctx);
      if (p.hasAccount()) throw new Refusal("bad-name", Map.of("what", "account"), "an account's name is changed on its profile");
      renames.acquire(address.of(ctx));
      ctx.result(me(identities.names().rename(p.id(), name == null ? "" : name, System.currentTimeMillis())).toString());
    });
    app.post("/api/seeks", ctx -> {
      JsonBody body = JsonBody.parse(ctx.body(), false, SEEK_FIELDS);
      String to = body.text("to", null);
      Seek.Kind kind = to == null || to.isBlank() ? Seek.Kind.OPEN : Seek.Kind.DIRECT;
      post(ctx, kind, to, body, Seek.Colour.of(body.oneOf("colour", "random", List.of("random", "white", "black"))),
          body.bool("rated", false));
    });
    app.post("/api/pairing", ctx -> post(ctx, Seek.Kind.POOL, null, JsonBody.parse(ctx.body(), true, PAIRING_FIELDS),
        Seek.Colour.RANDOM, false));
    app.delete("/api/seeks/{id}", ctx -> {
      lobby.withdraw(seekId(ctx), player(ctx));
      ctx.status(204);
    });
    app.post("/api/seeks/{id}/accept", ctx -> {
      Player p = player(ctx);
      creations.acquire(address.of(ctx));
      Lobby.Joined j = lobby.accept(seekId(ctx), p);
      ctx.status(201).result(StateView.JSON.createObjectNode().put("game", j.gameId()).put("token", j.token())
          .put("side", j.side().key()).toString());
    });
  }

  private void post(Context ctx, Seek.Kind kind, String to, JsonBody body, Seek.Colour colour, boolean rated) {
    String rules = Problems.parse("bad-rules", body.text("rules", "modern"), Rules::parse).toString();
    int match = body.integer("match", kind == Seek.Kind.POOL ? 3 : 1, 1, 99);
    TimeControl time = timeControl(body.text("time", kind == Seek.Kind.POOL ? "12+60" : "untimed"), fastClocks);
    Player p = player(ctx);
    creations.acquire(address.of(ctx));
    Lobby.Posted posted = lobby.post(p, address.of(ctx), kind, to, rules, match, time, colour, rated);
    ctx.status(201).result(StateView.JSON.createObjectNode().put("id", posted.seek().id()).put("token", posted.token())
        .toString());
  }

  /**
   * The time control a client asks for, or {@code bad-time-control} naming why not; clocks too
   * fast for people ({@link TimeControl#fast}) only when the server allows them ({@code serve
   * --fast-clocks}), else {@code time-too-short}.
   */
  static TimeControl timeControl(String text, boolean fastClocks) {
    TimeControl t;
    try {
      t = TimeControl.parse(text);
    } catch (IllegalArgumentException e) {
      throw new Refusal("bad-time-control", Map.of("text", Excerpt.of(text), "detail", e.getMessage()), e.getMessage());
    }
    if (t.fast() && !fastClocks) {
      throw new Refusal("time-too-short", Map.of("min", TimeControl.MIN_RESERVE_PER_POINT_SECONDS),
          "the reserve must be at least " + TimeControl.MIN_RESERVE_PER_POINT_SECONDS + " s a match point");
    }
    return t;
  }

  /** A seek's id from the path: 12 URL-safe characters, or it is no seek ({@code seek-gone}, nothing looked up). */
  private static String seekId(Context ctx) {
    String id = ctx.pathParam("id");
    if (!id.matches("[A-Za-z0-9_-]{12}")) throw new Refusal("seek-gone", "this challenge is no longer there (cancelled or expired)");
    return id;
  }

  /** The player of this request, a new guest (and its cookie) if it has none. */
  public Player player(Context ctx) {
    return identities.resolve(ctx::cookie, ClientLanguage.of(ctx), secure(ctx), cookie -> ctx.res().addHeader("Set-Cookie", cookie),
        newcomer(address.of(ctx)), System.currentTimeMillis()).orElseThrow();
  }

  /** What a guest new to this process costs its address: one of its {@code players} a minute (refused before anything is kept). */
  public Runnable newcomer(String from) {
    return () -> newGuests.acquire(from);
  }

  /**
   * The player a request's cookies name, or null when they name none: no cookie is issued (a
   * game made from the form seats its creator by name when the page has one).
   */
  public Player knownPlayer(Context ctx) {
    return identities.resolve(ctx::cookie, ClientLanguage.of(ctx), false, null, newcomer(address.of(ctx)),
        System.currentTimeMillis()).orElse(null);
  }

  private boolean secure(Context ctx) {
    if ("https".equals(ctx.scheme())) return true;
    return trustProxy && "https".equalsIgnoreCase(ctx.header("X-Forwarded-Proto"));
  }

  private static ObjectNode me(Player p) {
    return StateView.JSON.createObjectNode().put("name", p.name()).put("account", p.hasAccount());
  }

  public void sweep() {
    newGuests.sweep();
    renames.sweep();
  }
}
