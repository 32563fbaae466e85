package org.jacquet.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.staticfiles.Location;
import io.javalin.websocket.WsContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jacquet.engine.Side;

/**
 * The web app: the browser UI as static files, a small HTTP API (create a game, list yours,
 * download a record) and one WebSocket per game through which players act and everyone
 * connected is kept up to date. The client is never trusted: every message is checked by
 * {@link GameService}, and a bad one is answered with its reason.
 */
public final class WebServer implements AutoCloseable {
  private final GameService games;
  private final Javalin app;
  /** Open sockets by game, with the seat each one proved (null for spectators). */
  private final Map<String, Map<WsContext, Side>> sockets = new ConcurrentHashMap<>();
  /** Players connected to other server processes: game id → side → number of sockets. */
  private final Map<String, Map<Side, Integer>> remote = new ConcurrentHashMap<>();
  private final Notifier notifier;
  private final Metrics handling = new Metrics();
  private final Reviews reviews;

  public WebServer(GameService games) {
    this(games, null);
  }

  /** A web server that tells, and hears from, other processes through {@code db}. */
  public WebServer(GameService games, Database db) {
    this.games = games;
    this.reviews = new Reviews(games);
    this.notifier = db == null ? null : Notifier.start(db, this::heard);
    if (notifier != null) games.afterCommit(id -> notifier.publish("game|" + id));
    this.app = Javalin.create(config -> {
      config.staticFiles.add("/web", Location.CLASSPATH);
      config.showJavalinBanner = false;
      config.http.defaultContentType = "application/json";
    });
    games.onChange(id -> broadcast(id, false));
    routes();
  }

  public WebServer start(String host, int port) {
    app.start(host, port);
    return this;
  }

  public int port() {
    return app.port();
  }

  private void routes() {
    app.exception(Refusal.class, (e, ctx) -> ctx.status(400).json(error(e.code(), e.getMessage())));
    app.exception(IllegalArgumentException.class, (e, ctx) -> ctx.status(400).json(error("bad-request", e.getMessage())));
    app.get("/healthz", ctx -> ctx.result("ok"));
    Rematches.install(app, games, this::broadcast);
    app.get("/api/metrics", ctx -> {
      double[] m = handling.snapshot("true".equals(ctx.queryParam("reset")));
      ctx.result(StateView.JSON.createObjectNode().put("actions", (long) m[0]).put("p50_ms", m[1])
          .put("p99_ms", m[2]).put("max_ms", m[3]).toString());
    });
    app.post("/api/games", ctx -> {
      JsonNode body = StateView.JSON.readTree(ctx.body().isBlank() ? "{}" : ctx.body());
      String opponent = text(body, "opponent", "computer");
      if (!opponent.equals("computer") && !opponent.equals("friend")) {
        throw new Refusal("bad-request", "opponent must be computer or friend");
      }
      GameService.Created c = games.create(new GameService.NewGame(text(body, "rules", "modern"),
          body.path("match").asInt(1), opponent.equals("computer"), text(body, "level", "intermediate"),
          Side.parse(text(body, "side", "white")), text(body, "position", null)));
      ObjectNode o = StateView.JSON.createObjectNode();
      o.put("id", c.id()).put("token", c.token()).put("side", c.side().key());
      if (c.inviteToken() != null) o.put("inviteToken", c.inviteToken());
      ctx.status(201).result(o.toString());
    });
    app.get("/api/games", ctx -> {
      String tokens = ctx.queryParam("tokens");
      List<String> hashes = new ArrayList<>();
      if (tokens != null && !tokens.isBlank()) {
        for (String t : tokens.split(",")) if (!t.isBlank()) hashes.add(Tokens.sha256(t.trim()));
      }
      ArrayNode list = StateView.JSON.createArrayNode();
      for (GameStore.Row r : games.store().byTokens(hashes.subList(0, Math.min(hashes.size(), 200)))) {
        ObjectNode o = list.addObject();
        o.put("id", r.id()).put("rules", r.rules()).put("match", r.matchLength()).put("status", r.status())
            .put("white", r.whiteKind()).put("black", r.blackKind()).put("updated", r.updatedAt());
        if (r.level() != null) o.put("level", r.level());
        o.put("side", hashes.contains(r.whiteToken()) ? "white" : "black");
      }
      ctx.result(list.toString());
    });
    app.get("/api/games/{id}", ctx -> {
      String token = ctx.queryParam("token");
      ObjectNode state = games.read(ctx.pathParam("id"), room -> StateView.of(room,
          room.sideOf(token == null ? null : Tokens.sha256(token)), s -> isConnected(room.id, s)));
      ctx.result(state.toString());
    });
    app.get("/api/analyse", ctx -> {
      org.jacquet.engine.rules.Rules rules = org.jacquet.engine.rules.Rules.parse(text(ctx.queryParam("rules"), "modern"));
      org.jacquet.engine.Position position = org.jacquet.engine.Position.parse(text(ctx.queryParam("position"), ""));
      if (position.isOver()) throw new Refusal("over", "the game is over in this position");
      org.jacquet.engine.Dice dice = org.jacquet.engine.Dice.parse(text(ctx.queryParam("dice"), ""));
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
    app.get("/api/games/{id}/review", ctx -> {
      boolean over = games.read(ctx.pathParam("id"), room -> room.match.game().isOver());
      if (!over) throw new Refusal("not-over", "a game is reviewed once it is over");
      ctx.result(reviews.get(ctx.pathParam("id")).toString());
    });
    app.get("/api/games/{id}/record", ctx -> {
      String record = games.read(ctx.pathParam("id"), GameRoom::publicRecord);
      ctx.contentType("text/plain; charset=utf-8");
      ctx.header("Content-Disposition", "attachment; filename=\"jacquet-" + ctx.pathParam("id") + ".txt\"");
      ctx.result(record);
    });
    app.ws("/ws/{id}", ws -> {
      ws.onConnect(ctx -> {
        ctx.session.setIdleTimeout(java.time.Duration.ofMinutes(30));
        String id = ctx.pathParam("id");
        try {
          games.read(id, room -> room.id);
        } catch (Refusal e) {
          ctx.send(error(e.code(), e.getMessage()).toString());
          ctx.closeSession();
          return;
        }
        spectators(id).add(ctx); // seated only once it proves a seat token (hello)
      });
      ws.onMessage(ctx -> onMessage(ctx.pathParam("id"), ctx, ctx.message()));
      ws.onClose(ctx -> {
        String id = ctx.pathParam("id");
        Map<WsContext, Side> m = sockets.get(id);
        if (m != null) announcePresence(id, m.remove(ctx), -1);
        spectators(id).remove(ctx);
        broadcast(id);
      });
    });
  }

  private final Map<String, Set<WsContext>> watchers = new ConcurrentHashMap<>();

  private Set<WsContext> spectators(String id) {
    return watchers.computeIfAbsent(id, k -> ConcurrentHashMap.newKeySet());
  }

  private void onMessage(String id, WsContext ctx, String text) {
    try {
      JsonNode msg;
      try {
        msg = StateView.JSON.readTree(text);
      } catch (Exception e) {
        throw new Refusal("malformed", "the message is not JSON");
      }
      if (msg == null || !msg.isObject() || !msg.path("type").isTextual()) {
        throw new Refusal("malformed", "a message is a JSON object with a \"type\"");
      }
      String type = msg.get("type").asText();
      String tokenHash = seatToken(ctx);
      switch (type) {
        case "hello" -> {
          String token = msg.path("token").asText(null);
          Side side = token == null ? null : games.read(id, room -> room.sideOf(Tokens.sha256(token)));
          if (token != null && side == null) throw new Refusal("bad-token", "this seat token does not belong to this game");
          ctx.attribute("tokenHash", token == null ? null : Tokens.sha256(token));
          if (side != null) {
            spectators(id).remove(ctx);
            if (sockets.computeIfAbsent(id, k -> new ConcurrentHashMap<>()).put(ctx, side) == null) {
              announcePresence(id, side, 1);
            }
          }
          broadcast(id);
          games.scheduleComputer(id);
        }
        case "ping" -> ctx.send("{\"type\":\"pong\"}");
        case "hint" -> ctx.send(games.hint(id, tokenHash).toString());
        default -> {
          long start = System.nanoTime();
          GameService.Action action = action(type, msg);
          games.act(id, tokenHash, action);
          handling.record(System.nanoTime() - start);
          ObjectNode ack = StateView.JSON.createObjectNode().put("type", "ok").put("action", type);
          if (msg.has("ref")) ack.set("ref", msg.get("ref"));
          ctx.send(ack.toString());
        }
      }
    } catch (Refusal e) {
      ObjectNode err = error(e.code(), e.getMessage());
      ctx.send(err.toString());
    } catch (RuntimeException e) {
      ctx.send(error("bad-request", String.valueOf(e.getMessage())).toString());
    }
  }

  private static String seatToken(WsContext ctx) {
    return ctx.attribute("tokenHash");
  }

  private static GameService.Action action(String type, JsonNode msg) {
    return switch (type) {
      case "roll" -> new GameService.Action.Roll();
      case "choose" -> new GameService.Action.Choose(msg.path("throwAgain").asBoolean(false));
      case "step" -> {
        if (!msg.path("from").isInt() || !msg.path("to").isInt()) {
          throw new Refusal("malformed", "a step needs whole numbers \"from\" and \"to\" (25 = off)");
        }
        int from = msg.get("from").asInt();
        int to = msg.get("to").asInt();
        if (from < 1 || from > 24 || to < 2 || to > 25) throw new Refusal("malformed", "points run from 1 to 24, and 25 is off");
        yield new GameService.Action.StepTo(from, to);
      }
      case "undo" -> new GameService.Action.Undo();
      case "confirm" -> new GameService.Action.Confirm();
      case "play" -> {
        if (!msg.path("play").isTextual()) throw new Refusal("malformed", "a play needs a \"play\" text like \"1/7 7/12\"");
        yield new GameService.Action.PlayText(msg.get("play").asText());
      }
      case "resign" -> new GameService.Action.Resign();
      case "next" -> new GameService.Action.Next();
      default -> throw new Refusal("unknown-type", "unknown message type '" + type + "'; known: "
          + String.join(", ", Arrays.asList("hello", "roll", "choose", "step", "undo", "confirm", "play", "resign", "next", "ping")));
    };
  }

  private boolean isConnected(String id, Side side) {
    Map<WsContext, Side> m = sockets.get(id);
    if (m != null && m.values().stream().anyMatch(s -> s == side)) return true;
    return remote.getOrDefault(id, Map.of()).getOrDefault(side, 0) > 0;
  }

  /** What another process announced: a game changed, or a player came or went there. */
  private void heard(String message) {
    String[] parts = message.split("\\|");
    if (parts[0].equals("game")) {
      broadcast(parts[1]);
      games.scheduleComputer(parts[1]);
    } else if (parts[0].equals("presence")) {
      remote.computeIfAbsent(parts[1], k -> new ConcurrentHashMap<>())
          .merge(Side.parse(parts[2]), Integer.parseInt(parts[3]), Integer::sum);
      broadcast(parts[1]);
    }
  }

  private void announcePresence(String id, Side side, int delta) {
    if (notifier != null && side != null) notifier.publish("presence|" + id + "|" + side.key() + "|" + delta);
  }

  /** Sends every socket of the game the state as its viewer sees it (as stored now). */
  public void broadcast(String id) {
    broadcast(id, true);
  }

  private void broadcast(String id, boolean checkStored) {
    Map<WsContext, Side> seated = sockets.getOrDefault(id, Map.of());
    Set<WsContext> watching = spectators(id);
    if (seated.isEmpty() && watching.isEmpty()) return;
    Function<Function<GameRoom, Object>, Object> reader =
        checkStored ? f -> games.read(id, f) : f -> games.readLocal(id, f);
    reader.apply(room -> {
      for (Map.Entry<WsContext, Side> e : seated.entrySet()) send(e.getKey(), StateView.of(room, e.getValue(), s -> isConnected(id, s)));
      ObjectNode forSpectators = watching.isEmpty() ? null : StateView.of(room, null, s -> isConnected(id, s));
      for (WsContext ctx : watching) send(ctx, forSpectators);
      return null;
    });
  }

  private static void send(WsContext ctx, ObjectNode state) {
    try {
      if (ctx.session.isOpen()) ctx.send(state.toString());
    } catch (RuntimeException e) {
      // A socket closing while we write: its close handler cleans up.
    }
  }

  private static ObjectNode error(String code, String message) {
    return StateView.JSON.createObjectNode().put("type", "error").put("code", code).put("message", message);
  }

  private static String text(String value, String fallback) {
    return value == null || value.isBlank() ? fallback : value;
  }

  private static String text(JsonNode body, String field, String fallback) {
    JsonNode n = body.path(field);
    return n.isTextual() && !n.asText().isBlank() ? n.asText() : fallback;
  }

  @Override
  public void close() {
    if (notifier != null) notifier.close();
    reviews.close();
    app.stop();
  }
}
