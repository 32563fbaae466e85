package org.jacquet.server.live;

import io.javalin.Javalin;
import io.javalin.websocket.WsContext;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jacquet.server.http.ClientAddress;
import org.jacquet.server.http.ClientLanguage;
import org.jacquet.server.http.Origins;
import org.jacquet.server.limits.Health;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * The WebSocket endpoint {@code /ws/{id}}: opens a socket to a game (Origin checked, joined to
 * the {@link Hub}), holds it to its hello deadline and its message rate, hands its messages to
 * {@link SocketMessages} and its close to the hub.
 */
public final class SocketEndpoint {
  private final Hub hub;
  private final SocketMessages messages;
  private final ClientAddress address;
  private final List<String> allowedOrigins;
  private final Duration helloWithin;
  private final int messagesPerSecond;
  /** Runs the deadlines (hello, the close a flooding socket owes). */
  private final ScheduledExecutorService chores;
  /** The sockets of {@code /ws/lobby} (a path no game's id can be). */
  private final LobbySockets lobby;

  public SocketEndpoint(Hub hub, SocketMessages messages, ClientAddress address, List<String> allowedOrigins,
      Duration helloWithin, int messagesPerSecond, ScheduledExecutorService chores, LobbySockets lobby) {
    this.hub = hub;
    this.messages = messages;
    this.address = address;
    this.allowedOrigins = allowedOrigins;
    this.helloWithin = helloWithin;
    this.messagesPerSecond = messagesPerSecond;
    this.chores = chores;
    this.lobby = lobby;
  }

  public void install(Javalin app) {
    app.ws("/ws/{id}", ws -> {
      ws.onConnect(ctx -> {
        try {
          checkOrigin(ctx);
          Connection c;
          if (LobbySocket.PATH.equals(ctx.pathParam("id"))) {
            c = lobby.open(ctx, address.of(ctx));
          } else {
            c = hub.join(ctx.pathParam("id"), address.of(ctx), ClientLanguage.of(ctx), ctx.session);
            org.jacquet.server.identity.Player viewer = lobby.viewer(ctx, address.of(ctx));
            c.viewerName = viewer == null ? null : viewer.name();
            c.viewerId = viewer == null ? null : viewer.id();
          }
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
        if (c != null && withinRate(c)) messages.onMessage(c, ctx.message(), c.lobby == null ? null : lobby);
      });
      ws.onBinaryMessage(ctx -> {
        Connection c = ctx.attribute("connection");
        if (c != null && withinRate(c)) {
          c.send(Problems.sent(new Refusal("malformed", Map.of("frame", "binary"), "messages are JSON in text frames, not binary ones"),
              true, c.language).toString());
        }
      });
      ws.onClose(ctx -> {
        Connection c = ctx.attribute("connection");
        if (c == null) return;
        if (c.lobby != null) lobby.closed(c);
        hub.leave(c);
      });
      ws.onError(ctx -> {
        // A broken connection: its close handler forgets it.
      });
    });
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
      ctx.session.getRemote().sendString(Problems.sent(e, true, ClientLanguage.of(ctx)).toString(), null);
      ctx.session.close(code, e.code());
    } catch (RuntimeException ignored) {
      // gone already
    }
  }

  /** A browser's socket must come from a page of this server (or an origin allowed for a proxy). */
  private void checkOrigin(WsContext ctx) {
    Origins.check(ctx.header("Origin"), ctx.header("Host"), allowedOrigins);
  }

  /**
   * A socket that has not said {@code hello} within its deadline (it never will: the page says
   * it at once) is told {@code no-hello} and closed with {@link Connection#NO_HELLO}; cut 2 s
   * later if it does not answer the close.
   */
  private void expectHello(Connection c) {
    long millis = helloWithin.toMillis();
    try {
      chores.schedule(() -> {
        if (c.greeted || c.isClosed()) return;
        c.send(Problems.sent(new Refusal("no-hello", Map.of("seconds", (millis + 999) / 1000),
            "a socket must say hello within " + (millis + 999) / 1000 + " s"), true, c.language).toString());
        c.close(Connection.NO_HELLO, "no-hello");
        chores.schedule(() -> c.drop(Connection.NO_HELLO, "no-hello"), 2, TimeUnit.SECONDS);
      }, millis, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
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
    c.send(Problems.sent(new Refusal("too-many", Map.of("limit", "messages", "max", messagesPerSecond, "seconds", 1),
        "too many messages: at most " + messagesPerSecond + " per second"), true, c.language).toString());
    if (!c.refusals.tryTake()) {
      c.flooding = true;
      c.close(Connection.FLOODING, "too-many");
      try {
        chores.schedule(() -> c.drop(Connection.FLOODING, "too-many"), 2, TimeUnit.SECONDS);
      } catch (RejectedExecutionException stopping) {
        c.drop(Connection.FLOODING, "too-many");
      }
    }
    return false;
  }
}
