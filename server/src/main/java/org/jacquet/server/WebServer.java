package org.jacquet.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.staticfiles.Location;
import io.javalin.websocket.WsContext;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jacquet.engine.Side;

/**
 * The web app's HTTP side: the browser UI as static files, a small JSON API (create a game,
 * list yours, a game's state, its record and review, analysis) and the WebSocket endpoint,
 * whose sockets belong to the {@link Hub}. Every request is checked strictly and limited per
 * client address; every refusal is data (docs/PROTOCOL.md).
 */
public final class WebServer implements AutoCloseable {
  /** How the server faces the network: limits, origins allowed for WebSockets, a trusted proxy, timeouts. */
  public record Options(Limits limits, List<String> allowedOrigins, boolean trustProxy, java.time.Duration helloWithin,
      java.time.Duration httpIdle, java.time.Duration headWithin) {
    /** How long a new socket may take to say {@code hello} by default: the page says it at once. */
    public static final java.time.Duration HELLO_WITHIN = java.time.Duration.ofSeconds(10);
    /** How long an HTTP connection may stay silent (a body that never comes) by default. */
    public static final java.time.Duration HTTP_IDLE = java.time.Duration.ofSeconds(30);

    public Options(Limits limits, List<String> allowedOrigins, boolean trustProxy) {
      this(limits, allowedOrigins, trustProxy, HELLO_WITHIN, HTTP_IDLE, HeadDeadline.WITHIN);
    }

    public Options {
      if (helloWithin.isNegative() || helloWithin.isZero() || httpIdle.isNegative() || httpIdle.isZero()
          || headWithin.isNegative() || headWithin.isZero()) {
        throw new IllegalArgumentException("the hello, idle and request head timeouts must be positive");
      }
    }

    public static Options defaults() {
      return new Options(Limits.defaults(), List.of(), false);
    }

    /** The same options with sockets given {@code within} to say hello. */
    public Options helloWithin(java.time.Duration within) {
      return new Options(limits, allowedOrigins, trustProxy, within, httpIdle, headWithin);
    }

    /** The same options with HTTP connections closed after {@code idle} of silence. */
    public Options httpIdle(java.time.Duration idle) {
      return new Options(limits, allowedOrigins, trustProxy, helloWithin, idle, headWithin);
    }

    /** The same options with each request's line and headers due {@code within} ({@link HeadDeadline}; tests shorten it). */
    public Options headWithin(java.time.Duration within) {
      return new Options(limits, allowedOrigins, trustProxy, helloWithin, httpIdle, within);
    }
  }

  static final String JSON_UTF8 = "application/json; charset=utf-8";
  static final String CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
      + "form-action 'self'; frame-ancestors 'none'";
  /** The security headers of every answer: the routes', Jetty's own ({@link JsonErrors}) and the body guard's ({@link HttpGuard}). */
  static final Map<String, String> SECURITY_HEADERS = Map.of("Content-Security-Policy", CSP,
      "X-Content-Type-Options", "nosniff", "Referrer-Policy", "no-referrer", "X-Frame-Options", "DENY");
  private static final Set<String> NEW_GAME_FIELDS = Set.of("opponent", "rules", "match", "level", "side", "position");

  private final GameService games;
  private final Options options;
  private final Javalin app;
  private final Hub hub;
  private final Notifier notifier;
  private final Metrics handling = new Metrics();
  private final Reviews reviews;
  /** The database, to tell /healthz when its file cannot be written (null: none given). */
  private final Database db;
  private final RateLimiter creations;
  private final RateLimiter analyses;
  private final RateLimiter reviewRequests;
  private final HttpGuard guard;
  /** Where {@link #start} listens: read when Javalin makes the connector. */
  private volatile String host;
  private volatile int port;
  private final ScheduledExecutorService chores = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "jacquet-chores");
    t.setDaemon(true);
    return t;
  });

  public WebServer(GameService games) {
    this(games, null, Options.defaults());
  }

  public WebServer(GameService games, Database db) {
    this(games, db, Options.defaults());
  }

  /** A web server that tells, and hears from, other processes through {@code db}. */
  public WebServer(GameService games, Database db, Options options) {
    this.games = games;
    this.db = db;
    this.options = options;
    Limits l = options.limits();
    this.hub = new Hub(games, l);
    this.reviews = new Reviews(games, l.reviewQueue());
    this.creations = new RateLimiter("games", l.gamesPerMinute(), l.windowSeconds());
    this.analyses = new RateLimiter("analyses", l.analysesPerMinute(), l.windowSeconds());
    this.reviewRequests = new RateLimiter("reviews", l.reviewsPerMinute(), l.windowSeconds());
    this.guard = new HttpGuard(l.connectionsPerAddress(), options.trustProxy(), this::clientAddress);
    this.notifier = db == null ? null : Notifier.start(db, this::heard);
    if (notifier != null) {
      games.afterCommit(id -> notifier.publish("game|" + id));
      hub.onPresence(this::announcePresence);
    }
    this.app = Javalin.create(config -> {
      config.staticFiles.add(sf -> {
        sf.hostedPath = "/";
        sf.directory = "/web";
        sf.location = Location.CLASSPATH;
        // Text types name their charset (browsers must not guess).
        sf.mimeTypes.add("text/html; charset=utf-8", "html");
        sf.mimeTypes.add("text/javascript; charset=utf-8", "js");
        sf.mimeTypes.add("text/css; charset=utf-8", "css");
        sf.mimeTypes.add("image/svg+xml; charset=utf-8", "svg");
      });
      config.showJavalinBanner = false;
      config.http.defaultContentType = "application/json; charset=utf-8";
      config.http.maxRequestSize = JsonBody.MAX_BYTES;
      config.jetty.timeoutStatus = 408; // a body that never comes is the client's doing, not a 500
      config.jetty.clientAbortStatus = 400;
      config.jetty.modifyHttpConfiguration(h -> h.setMinRequestDataRate(HttpGuard.MIN_BODY_RATE));
      config.jetty.modifyServletContextHandler(h -> h.addFilter(new org.eclipse.jetty.servlet.FilterHolder(guard), "/*",
          java.util.EnumSet.of(jakarta.servlet.DispatcherType.REQUEST)));
      // Past this many connections in all, Jetty stops accepting (and shortens idle timeouts)
      // until some close: the process keeps file descriptors for its database.
      config.jetty.modifyServer(s -> s.addBean(new org.eclipse.jetty.server.ConnectionLimit(l.maxConnections(), s)));
      // What Jetty answers on its own (a request its parser refuses…) is JSON too.
      config.jetty.modifyServer(s -> s.setErrorHandler(new JsonErrors()));
      config.jetty.addConnector(this::connector);
      config.jetty.modifyWebSocketServletFactory(f -> {
        f.setMaxTextMessageSize(JsonBody.MAX_BYTES);
        f.setMaxBinaryMessageSize(JsonBody.MAX_BYTES);
        f.setIdleTimeout(java.time.Duration.ofMinutes(30));
      });
    });
    games.onChange(id -> hub.changed(id, false));
    routes();
    chores.scheduleAtFixedRate(this::chores, 10, 10, TimeUnit.SECONDS);
    if (notifier != null) {
      long renew = Hub.Presence.RENEW_MILLIS;
      chores.scheduleAtFixedRate(this::presence, renew, renew, TimeUnit.MILLISECONDS);
    }
  }

  public WebServer start(String host, int port) {
    this.host = host;
    this.port = port;
    app.start();
    return this;
  }

  /** The one connector, made by Javalin at start: HTTP/1.1 with a deadline for each request's head. */
  private org.eclipse.jetty.server.Connector connector(org.eclipse.jetty.server.Server server,
      org.eclipse.jetty.server.HttpConfiguration http) {
    var c = new org.eclipse.jetty.server.ServerConnector(server, new HeadDeadline(http, options.headWithin()));
    c.setHost(host);
    c.setPort(port);
    c.setIdleTimeout(options.httpIdle().toMillis());
    // A small kernel send buffer per accepted socket, so a peer that stops reading shows up
    // in its own queue (and is dropped) instead of hiding megabytes in the kernel.
    c.setAcceptedSendBufferSize(64 * 1024);
    c.addBean(guard); // counts each new connection per address
    return c;
  }

  public int port() {
    return app.port();
  }

  /**
   * Every {@link Hub.Presence#RENEW_MILLIS}: tell the other processes again who is seated here,
   * and forget what they stopped renewing (a process that died), telling the sockets concerned.
   */
  private void presence() {
    try {
      for (var e : hub.localSeats().entrySet()) announcePresence(e.getKey(), e.getValue());
      for (String id : hub.remote().expire()) hub.changed(id, false);
    } catch (RuntimeException e) {
      System.err.println("jacquet: presence heartbeat failed: " + Health.rootCause(e));
    }
  }

  /** Every 10 s: forget idle rate buckets and old reviews. */
  private void chores() {
    try {
      creations.sweep();
      analyses.sweep();
      reviewRequests.sweep();
      hub.sweep();
      reviews.sweep();
      games.forgetIdle(10 * 60_000);
    } catch (RuntimeException e) {
      System.err.println("jacquet: housekeeping failed: " + Health.rootCause(e));
    }
  }

  /** Sizes of what the server holds per client or game (for tests of bounded memory). */
  Map<String, Integer> holdings() {
    return Map.of("connections", hub.connections(), "gamesWatched", hub.gamesWatched(), "addresses", hub.addresses(),
        "reviews", reviews.size(), "creationBuckets", creations.size(), "analysisBuckets", analyses.size(),
        "connectBuckets", hub.connectBuckets(), "httpAddresses", guard.size());
  }

  /**
   * When a client refused {@code too-many} may ask again: one event of a rate comes back every
   * {@code seconds / max}; a full queue or a count is given 10 s.
   */
  static int retryAfterSeconds(Refusal e) {
    if (e.params().get("seconds") instanceof Integer s && s > 0 && e.params().get("max") instanceof Integer m && m > 0) {
      return Math.max(1, (s + m - 1) / m);
    }
    return 10;
  }

  private void routes() {
    app.before(ctx -> SECURITY_HEADERS.forEach(ctx::header));
    app.exception(Refusal.class, (e, ctx) -> {
      if (e.httpStatus() >= 500) log(ctx, e);
      if (e.httpStatus() == 429) ctx.header("Retry-After", String.valueOf(retryAfterSeconds(e)));
      Problems.answer(ctx.status(e.httpStatus()), e);
    });
    app.exception(Exception.class, (e, ctx) -> {
      Refusal byClient = clientFault(e);
      if (byClient != null) { // a body too slow, cut off or garbled: the client's doing, answered, not logged
        Problems.answer(ctx.status(byClient.httpStatus()).header("Connection", "close"), byClient);
        return;
      }
      System.err.println("jacquet: " + ctx.method() + " " + ctx.path() + " failed: " + Health.rootCause(e));
      Problems.answer(ctx.status(500), new Refusal("internal", "the server failed to answer; this is a bug"));
    });
    app.error(404, ctx -> {
      if (ctx.result() == null || !ctx.result().startsWith("{")) {
        String path = Problems.shortPath(ctx.path());
        Problems.answer(ctx, new Refusal("not-found", Map.of("path", path), "nothing at " + path));
      }
    });
    app.error(413, ctx -> Problems.answer(ctx, new Refusal("too-large", Map.of("max", JsonBody.MAX_BYTES),
        "the body is larger than " + JsonBody.MAX_BYTES + " bytes")));
    get("/healthz", ctx -> {
      String failure = db != null && db.failure() != null ? db.failure() : games.storageFailure();
      if (failure == null) {
        ctx.contentType("text/plain; charset=utf-8").result("ok");
      } else {
        Problems.answer(ctx.status(503), new Refusal("unhealthy", Map.of("cause", failure), "storage fails: " + failure));
      }
    });
    // The page's table of the refusals' words: a script, as the policy allows (script-src 'self'),
    // cached as the static files are (revalidated on each load).
    get("/codes.js", ctx -> {
      ctx.header("Cache-Control", "max-age=0").header("ETag", RefusalTexts.SCRIPT_ETAG);
      if (RefusalTexts.SCRIPT_ETAG.equals(ctx.header("If-None-Match"))) {
        ctx.status(304);
      } else {
        ctx.contentType("text/javascript; charset=utf-8").result(RefusalTexts.SCRIPT);
      }
    });
    Rematches.install(app, games, id -> hub.changed(id, false), this::clientAddress);
    Tutor.install(app, games);
    get("/api/metrics", ctx -> {
      long since = 0;
      String s = ctx.queryParam("since");
      if (s != null) {
        try {
          since = Long.parseLong(s);
        } catch (NumberFormatException e) {
          throw JsonBody.badField("since", JsonBody.Expected.WHOLE_NUMBER);
        }
      }
      double[] m = handling.snapshot(since);
      ctx.result(StateView.JSON.createObjectNode().put("actions", (long) m[0]).put("p50_ms", m[1])
          .put("p99_ms", m[2]).put("max_ms", m[3]).toString());
    });
    app.post("/api/games", ctx -> {
      JsonBody body = JsonBody.parse(ctx.body(), true, NEW_GAME_FIELDS);
      String opponent = body.oneOf("opponent", "computer", List.of("computer", "practice", "friend"));
      String side = body.oneOf("side", "white", List.of("white", "black"));
      GameService.NewGame req = new GameService.NewGame(body.text("rules", "modern"), body.integer("match", 1, 1, 99),
          !opponent.equals("friend"), body.text("level", "intermediate"), Side.parse(side), body.text("position", null),
          opponent.equals("practice"));
      creations.acquire(clientAddress(ctx));
      GameService.Created c = games.create(req);
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
        o.put("side", hashes.contains(r.whiteToken()) ? "white" : "black");
      }
      ctx.result(list.toString());
    });
    get("/api/games/{id}", ctx -> {
      String token = bearer(ctx);
      String id = ctx.pathParam("id");
      ObjectNode state = games.read(id, room -> StateView.of(room,
          room.sideOf(token == null ? null : Tokens.sha256(token)), s -> hub.isConnected(id, s)));
      ctx.result(state.toString());
    });
    get("/api/analyse", ctx -> {
      org.jacquet.engine.rules.Rules rules = Problems.parse("bad-rules", text(ctx.queryParam("rules"), "modern"),
          org.jacquet.engine.rules.Rules::parse);
      org.jacquet.engine.Position position = Problems.parse("bad-position", text(ctx.queryParam("position"), ""),
          org.jacquet.engine.Position::parse);
      if (position.isOver()) throw new Refusal("over", "the game is over in this position");
      org.jacquet.engine.Dice dice = Problems.parse("bad-dice", text(ctx.queryParam("dice"), ""), org.jacquet.engine.Dice::parse);
      analyses.acquire(clientAddress(ctx));
      var legal = org.jacquet.engine.PlayGenerator.legalPlays(rules, position, org.jacquet.engine.DiceToPlay.of(dice, rules));
      var ranked = org.jacquet.ai.Level.WORLD_CLASS.ranker(rules).rank(legal);
      ObjectNode o = StateView.JSON.createObjectNode().put("position", position.toString()).put("id", position.id())
          .put("dice", dice.toString()).put("rules", rules.toString());
      ArrayNode plays = o.putArray("plays");
      for (var r : ranked) {
        plays.addObject().put("play", r.play().isPass() ? "pass" : r.play().notation()).put("equity", r.equity())
            .put("win", r.winProbability()).put("plies", r.plies());
      }
      ctx.result(o.toString());
    });
    get("/api/games/{id}/review", ctx -> {
      String id = ctx.pathParam("id");
      int version = games.read(id, room -> {
        if (!room.match.game().isOver()) throw new Refusal("not-over", "a game is reviewed once it is over");
        return room.version;
      });
      if (!reviews.known(id, version)) reviewRequests.acquire(clientAddress(ctx));
      ctx.result(reviews.get(id, ClientLanguage.of(ctx)).toString());
    });
    get("/api/games/{id}/record", ctx -> {
      String record = games.read(ctx.pathParam("id"), GameRoom::publicRecord);
      ctx.contentType("text/plain; charset=utf-8");
      ctx.header("Content-Disposition", "attachment; filename=\"jacquet-" + ctx.pathParam("id") + ".txt\"");
      ctx.result(record);
    });
    app.ws("/ws/{id}", ws -> {
      ws.onConnect(ctx -> {
        try {
          checkOrigin(ctx);
          Connection c = hub.join(ctx.pathParam("id"), clientAddress(ctx), ClientLanguage.of(ctx), ctx.session);
          ctx.attribute("connection", c);
          expectHello(c);
        } catch (Refusal e) {
          refuseSocket(ctx, e);
        } catch (RuntimeException e) {
          // A bug of ours: one line in the log, and the client told so without the Java message.
          System.err.println("jacquet: opening a socket to game " + Problems.shortPath(ctx.pathParam("id")) + " failed: " + Health.rootCause(e));
          refuseSocket(ctx, new Refusal("internal", "the server failed to answer; this is a bug"));
        }
      });
      ws.onMessage(ctx -> {
        Connection c = ctx.attribute("connection");
        if (c != null) onMessage(c, ctx.message());
      });
      ws.onBinaryMessage(ctx -> {
        Connection c = ctx.attribute("connection");
        if (c != null && withinRate(c)) {
          c.send(Problems.json(new Refusal("malformed", Map.of("frame", "binary"), "messages are JSON in text frames, not binary ones"),
              true, c.language).toString());
        }
      });
      ws.onClose(ctx -> {
        Connection c = ctx.attribute("connection");
        if (c != null) hub.leave(c);
      });
      ws.onError(ctx -> {
        // A broken connection: its close handler forgets it.
      });
    });
  }

  /**
   * A GET route, and HEAD on the same path answered by the same handler (Jetty drops the body):
   * Javalin alone answers HEAD 200 on any path with a GET route, even for an unknown game.
   */
  private void get(String path, io.javalin.http.Handler handler) {
    app.get(path, handler);
    app.head(path, handler);
  }

  /** A refused socket: the reason as one message, then closed (written directly: nothing is queued yet). */
  private static void refuseSocket(WsContext ctx, Refusal e) {
    int code = switch (e.code()) {
      case "no-game" -> 4004;
      case "forbidden-origin" -> 4003;
      case "too-many" -> Connection.FLOODING;
      case "internal" -> 1011;
      default -> 4000;
    };
    try {
      ctx.session.getRemote().sendString(Problems.json(e, true, ClientLanguage.of(ctx)).toString(), null);
      ctx.session.close(code, e.code());
    } catch (RuntimeException ignored) {
      // gone already
    }
  }

  /** A browser's socket must come from a page of this server (or an origin allowed for a proxy). */
  private void checkOrigin(WsContext ctx) {
    String origin = ctx.header("Origin");
    if (origin == null) return; // not a browser: Origin protects browsers' users only
    if (options.allowedOrigins().contains(origin)) return;
    String host = ctx.header("Host");
    try {
      // No host (Origin "null" from a sandboxed frame or a file, "about:blank"): no page of this server.
      URI u = URI.create(origin);
      if (u.getHost() != null && host != null) {
        String authority = u.getPort() < 0 ? u.getHost() : u.getHost() + ":" + u.getPort();
        if (authority.equalsIgnoreCase(host) || (u.getHost() + ":" + defaultPort(u)).equalsIgnoreCase(host)) return;
      }
    } catch (IllegalArgumentException e) {
      // not a URL: refused below
    }
    String shown = origin.length() > 80 ? origin.substring(0, 80) + "…" : origin;
    throw new Refusal("forbidden-origin", Map.of("origin", shown),
        "connections from pages of " + shown + " are not allowed (serve --allow-origin for a proxy)");
  }

  private static int defaultPort(URI u) {
    return "https".equals(u.getScheme()) ? 443 : 80;
  }

  /**
   * A socket that has not said {@code hello} within {@link Options#helloWithin} (it never will:
   * the page says it at once) is told {@code no-hello} and closed with {@link Connection#NO_HELLO};
   * cut 2 s later if it does not answer the close.
   */
  private void expectHello(Connection c) {
    long millis = options.helloWithin().toMillis();
    try {
      chores.schedule(() -> {
        if (c.greeted || c.isClosed()) return;
        c.send(Problems.json(new Refusal("no-hello", Map.of("seconds", (millis + 999) / 1000),
            "a socket must say hello within " + (millis + 999) / 1000 + " s"), true, c.language).toString());
        c.close(Connection.NO_HELLO, "no-hello");
        chores.schedule(() -> c.drop(Connection.NO_HELLO, "no-hello"), 2, TimeUnit.SECONDS);
      }, millis, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException e) {
      c.drop(1001, "server stopping");
    }
  }

  /**
   * Takes one message from the socket's rate; past it, answers {@code too-many} and returns
   * false. A socket that keeps going past it (more refusals than {@link Connection#refusals}
   * allows, whatever was accepted in between) is closed with {@link Connection#FLOODING}, and
   * cut 2 s later if it does not answer the close; what it sends meanwhile is ignored.
   */
  private boolean withinRate(Connection c) {
    if (c.flooding) return false;
    if (c.messages.tryTake()) return true;
    Limits l = options.limits();
    c.send(Problems.json(new Refusal("too-many", Map.of("limit", "messages", "max", l.messagesPerSecond(), "seconds", 1),
        "too many messages: at most " + l.messagesPerSecond() + " per second"), true, c.language).toString());
    if (!c.refusals.tryTake()) {
      c.flooding = true;
      c.close(Connection.FLOODING, "too-many");
      try {
        chores.schedule(() -> c.drop(Connection.FLOODING, "too-many"), 2, TimeUnit.SECONDS);
      } catch (java.util.concurrent.RejectedExecutionException stopping) {
        c.drop(Connection.FLOODING, "too-many");
      }
    }
    return false;
  }

  private void onMessage(Connection c, String text) {
    if (!withinRate(c)) return;
    JsonNode msg = null;
    try {
      try {
        msg = JsonBody.read(text);
      } catch (Exception e) {
        throw new Refusal("malformed", "the message is not JSON");
      }
      if (msg == null || !msg.isObject() || !msg.path("type").isTextual()) {
        throw new Refusal("malformed", "a message is a JSON object with a \"type\"");
      }
      String type = msg.get("type").asText();
      switch (type) {
        case "hello" -> {
          JsonNode token = msg.get("token");
          if (token != null && !token.isTextual() && !token.isNull()) throw JsonBody.badField("token", JsonBody.Expected.STRING);
          hub.hello(c, token == null || token.isNull() ? null : Tokens.sha256(token.asText()));
          games.scheduleComputer(c.gameId, c.address);
        }
        case "ping" -> c.send("{\"type\":\"pong\"}");
        case "hint" -> games.hint(c.gameId, c.tokenHash, hint -> c.send(hint.toString())); // sent when computed
        default -> {
          long start = System.nanoTime();
          GameService.Action action = action(type, msg);
          games.act(c.gameId, c.tokenHash, action, c.address);
          handling.record(System.nanoTime() - start);
          ObjectNode ack = StateView.JSON.createObjectNode().put("type", "ok").put("action", type);
          if (msg.has("ref")) ack.set("ref", msg.get("ref"));
          c.send(ack.toString());
        }
      }
    } catch (Refusal e) {
      ObjectNode err = Problems.json(e, true, c.language);
      if (msg != null && msg.has("ref")) err.set("ref", msg.get("ref"));
      c.send(err.toString());
    } catch (RuntimeException e) {
      System.err.println("jacquet: message on game " + c.gameId + " failed: " + Health.rootCause(e));
      c.send(Problems.json(new Refusal("internal", "the server failed to answer; this is a bug"), true, c.language).toString());
    }
  }

  private static GameService.Action action(String type, JsonNode msg) {
    return switch (type) {
      case "roll" -> new GameService.Action.Roll();
      case "take-back" -> new GameService.Action.TakeBack();
      case "go-on" -> new GameService.Action.GoOn();
      case "choose" -> {
        if (!msg.path("throwAgain").isBoolean()) throw JsonBody.badField("throwAgain", JsonBody.Expected.TRUE_OR_FALSE);
        yield new GameService.Action.Choose(msg.get("throwAgain").asBoolean());
      }
      case "step" -> {
        if (!msg.path("from").isInt() || msg.get("from").asInt() < 1 || msg.get("from").asInt() > 24) {
          throw JsonBody.badField("from", JsonBody.Expected.WHOLE_NUMBER_RANGE, 1, 24);
        }
        if (!msg.path("to").isInt() || msg.get("to").asInt() < 2 || msg.get("to").asInt() > 25) {
          throw JsonBody.badField("to", JsonBody.Expected.DESTINATION, 2, 25);
        }
        yield new GameService.Action.StepTo(msg.get("from").asInt(), msg.get("to").asInt());
      }
      case "undo" -> new GameService.Action.Undo();
      case "confirm" -> new GameService.Action.Confirm();
      case "play" -> {
        if (!msg.path("play").isTextual() || msg.get("play").asText().length() > 200) {
          throw JsonBody.badField("play", JsonBody.Expected.PLAY_TEXT);
        }
        yield new GameService.Action.PlayText(msg.get("play").asText());
      }
      case "resign" -> new GameService.Action.Resign();
      case "next" -> new GameService.Action.Next();
      default -> {
        List<String> known = List.of("hello", "roll", "choose", "step", "undo", "confirm", "play", "resign", "next", "take-back", "go-on", "hint", "ping");
        String shown = type.length() > 40 ? type.substring(0, 40) + "…" : type;
        throw new Refusal("unknown-type", Map.of("type", shown, "known", known),
            "unknown message type '" + shown + "'; known: " + String.join(", ", known));
      }
    };
  }

  /** What another process announced: a game changed, or who is connected to it there. */
  private void heard(String message) {
    String[] parts = message.split("\\|");
    if (parts[0].equals("game") && parts.length == 2) {
      hub.changed(parts[1], true);
      games.scheduleComputer(parts[1], GameService.UNKNOWN_CLIENT); // who acted there is not told
    } else if (parts[0].equals("presence") && parts.length == 5) {
      Side side = Side.parse(parts[3]);
      boolean before = hub.isConnected(parts[2], side);
      hub.remote().heard(parts[1], parts[2], side, Integer.parseInt(parts[4]));
      if (hub.isConnected(parts[2], side) != before) hub.changed(parts[2], false); // not on every heartbeat
    }
  }

  /** Tells the other processes how many sockets sit at each seat of a game here (also the heartbeat). */
  private void announcePresence(String id, Map<Side, Integer> counts) {
    for (Side s : Side.values()) {
      notifier.publish("presence|" + notifier.origin() + "|" + id + "|" + s.key() + "|" + counts.get(s));
    }
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

  private String clientAddress(Context ctx) {
    return clientAddress(ctx.req());
  }

  private String clientAddress(jakarta.servlet.http.HttpServletRequest req) {
    if (options.trustProxy()) {
      String f = lastForwarded(req.getHeader("X-Forwarded-For"));
      if (f != null) return f;
    }
    return req.getRemoteAddr();
  }

  private String clientAddress(WsContext ctx) {
    if (options.trustProxy()) {
      String f = lastForwarded(ctx.header("X-Forwarded-For"));
      if (f != null) return f;
    }
    SocketAddress a = ctx.session.getRemoteAddress();
    return a instanceof InetSocketAddress i ? i.getAddress().getHostAddress() : String.valueOf(a);
  }

  private static String lastForwarded(String header) {
    if (header == null || header.isBlank()) return null;
    String[] parts = header.split(",");
    String last = parts[parts.length - 1].trim();
    return last.isEmpty() || last.length() > 64 ? null : last;
  }

  /**
   * The refusal for a failure the client caused while its body was read (too slow, cut off,
   * not HTTP), or null for a failure of the server's own.
   */
  static Refusal clientFault(Throwable e) {
    // Jetty's own reason first: a bad chunk comes as an EofException around a BadMessageException.
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof org.eclipse.jetty.http.BadMessageException b) {
        return b.getCode() == 408
            ? new Refusal("too-slow", Map.of("minBytesPerSecond", HttpGuard.MIN_BODY_RATE),
                "the body came too slowly (at least " + HttpGuard.MIN_BODY_RATE + " bytes per second)")
            : new Refusal("malformed", "the request is not valid HTTP");
      }
    }
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof org.eclipse.jetty.io.EofException || c instanceof java.util.concurrent.TimeoutException) {
        return new Refusal("too-slow", Map.of("minBytesPerSecond", HttpGuard.MIN_BODY_RATE),
            "the body was cut off or never came");
      }
    }
    return null;
  }

  private static void log(Context ctx, Refusal e) {
    System.err.println("jacquet: " + ctx.method() + " " + ctx.path() + " from " + ctx.ip() + " refused: " + e.code() + " " + e.params());
  }

  private static String text(String value, String fallback) {
    return value == null || value.isBlank() ? fallback : value;
  }

  @Override
  public void close() {
    chores.shutdownNow();
    hub.closeAll();
    if (notifier != null) notifier.close();
    reviews.close();
    app.stop();
  }
}
