package org.jacquet.server.live;

import io.javalin.websocket.WsContext;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jacquet.server.http.ClientLanguage;
import org.jacquet.server.identity.Identities;
import org.jacquet.server.identity.Player;
import org.jacquet.server.lobby.Lobby;
import org.jacquet.server.lobby.LobbyFeed;
import org.jacquet.server.refusal.Refusal;

/**
 * The lobby's sockets ({@code /ws/lobby}): opened for the player the cookies name, under the
 * same limits per address as a game's ({@link Hub#admit}); {@code hello} joins the lobby and
 * gets its feed, {@code ping} is answered; closing leaves the lobby.
 */
public final class LobbySockets {
  private static final List<String> KNOWN = List.of("hello", "ping");
  /** The fields of every lobby message: its type, and the {@code ref} any message may carry. */
  private static final java.util.Set<String> FIELDS = new java.util.LinkedHashSet<>(List.of("type", "ref"));

  private final Hub hub;
  private final Identities identities;
  private final Lobby lobby;
  private final LobbyFeed feed;
  /** What a guest new to this process costs its address (given the address). */
  private final Function<String, Runnable> newcomer;

  public LobbySockets(Hub hub, Identities identities, Lobby lobby, LobbyFeed feed, Function<String, Runnable> newcomer) {
    this.hub = hub;
    this.identities = identities;
    this.lobby = lobby;
    this.feed = feed;
    this.newcomer = newcomer;
  }

  /** A new lobby socket: the player of its cookies (none: {@code no-identity} — the page asks {@code GET /api/me} first). */
  Connection open(WsContext ctx, String address) {
    Player p = player(ctx, address).orElseThrow(() -> new Refusal("no-identity", "this socket has no player: GET /api/me first"));
    Connection c = hub.admit(LobbySocket.PATH, address, ClientLanguage.of(ctx), ctx.session);
    c.lobby = new LobbySocket(c, p);
    return c;
  }

  /** The player a socket's cookies name (none without a guest or session cookie; no new guest is made here). */
  java.util.Optional<Player> player(WsContext ctx, String address) {
    return identities.resolve(ctx::cookie, ClientLanguage.of(ctx), false, null, newcomer.apply(address), System.currentTimeMillis());
  }

  /**
   * The player a game's socket is opened by (a spectator is shown by its name in the spectators'
   * chat; an account is seated in its correspondence games): the player its cookies name,
   * or null (shown as "Spectator") without cookies, or when its address may not bring one more
   * new guest to this process now.
   */
  Player viewer(WsContext ctx, String address) {
    try {
      return player(ctx, address).orElse(null);
    } catch (Refusal tooMany) {
      return null;
    }
  }

  /**
   * A lobby socket says {@code hello} (then it is sent the lobby and its news) or {@code ping};
   * neither has a field of its own, so any but {@code ref} is refused ({@code unknown-field}), as
   * on a game's socket, and nothing is done.
   */
  void onMessage(Connection c, String type, com.fasterxml.jackson.databind.JsonNode msg) {
    if (KNOWN.contains(type)) org.jacquet.server.http.JsonBody.knowsOnly(msg, FIELDS);
    switch (type) {
      case "hello" -> {
        if (!c.greeted) lobby.join(c.lobby);
        c.greeted = true;
        feed.greet(c.lobby);
      }
      case "ping" -> c.send("{\"type\":\"pong\"}");
      default -> {
        String shown = type.length() > 40 ? type.substring(0, 40) + "…" : type;
        throw new Refusal("unknown-type", Map.of("type", shown, "known", KNOWN),
            "unknown message type '" + shown + "' on the lobby's socket; known: " + String.join(", ", KNOWN));
      }
    }
  }

  void closed(Connection c) {
    lobby.leave(c.lobby);
  }
}
