package org.jacquet.server.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.server.game.TypedPlayText;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.StateView;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.http.JsonBody;
import org.jacquet.server.limits.Health;
import org.jacquet.server.limits.Metrics;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * What a socket says, read strictly and carried out: {@code hello} seats it, {@code ping} is
 * answered, {@code hint} asks for one, every other type is a game action, acknowledged with
 * {@code ok} (its {@code ref} echoed) or refused with the reason.
 */
public final class SocketMessages {
  private static final List<String> KNOWN =
      List.of("hello", "roll", "choose", "step", "undo", "confirm", "play", "resign", "next", "take-back", "go-on", "hint", "ping", "chat", "claim");
  /** The fields each type of message has, besides {@code type} and {@code ref} (echoed on the answer). */
  private static final Map<String, List<String>> FIELDS = Map.of("hello", List.of("token"),
      "choose", List.of("throwAgain"), "step", List.of("from", "to"), "play", List.of("play", "naming"), "chat", List.of("text", "phrase"));

  private final GameService games;
  private final Hub hub;
  private final ChatSocket chat;
  /** How long each action takes to carry out (for /api/metrics). */
  private final Metrics handling;

  public SocketMessages(GameService games, Hub hub, ChatSocket chat, Metrics handling) {
    this.games = games;
    this.hub = hub;
    this.chat = chat;
    this.handling = handling;
  }

  /** A game's socket's message, or ({@code lobby} not null) a lobby socket's, read alike. */
  void onMessage(Connection c, String text, LobbySockets lobby) {
    // The clock charges a move up to its receipt here, not to its turn at the game's lock.
    long receivedAt = games.time().now();
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
      if (lobby != null) {
        lobby.onMessage(c, type, msg);
        return;
      }
      if (KNOWN.contains(type)) JsonBody.knowsOnly(msg, fieldsOf(type));
      switch (type) {
        case "hello" -> {
          JsonNode token = msg.get("token");
          if (token != null && !token.isTextual() && !token.isNull()) throw JsonBody.badField("token", JsonBody.Expected.STRING);
          hub.hello(c, token == null || token.isNull() ? null : Tokens.sha256(token.asText()));
          games.scheduleComputer(c.gameId, c.address);
          chat.history(c);
        }
        case "chat" -> chat.say(c, msg, receivedAt);
        case "claim" -> {
          games.claim(c.gameId, c.tokenHash, side -> hub.absentMillis(c.gameId, side));
          ack(c, msg, type);
        }
        case "ping" -> c.send("{\"type\":\"pong\"}");
        case "hint" -> games.hint(c.gameId, c.tokenHash, hint -> c.send(hint.toString())); // sent when computed
        default -> {
          long start = System.nanoTime();
          GameService.Action action = action(type, msg);
          int version = games.act(c.gameId, c.tokenHash, action, c.address, receivedAt);
          handling.record(System.nanoTime() - start);
          ack(c, msg, type, version);
        }
      }
    } catch (Refusal e) {
      ObjectNode err = Problems.sent(e, true, c.language);
      if (msg != null && msg.has("ref")) err.set("ref", msg.get("ref"));
      c.send(err.toString());
    } catch (RuntimeException e) {
      System.err.println("jacquet: message on game " + c.gameId + " failed: " + Health.rootCause(e));
      c.send(Problems.sent(new Refusal("internal", "the server failed to answer; this is a bug"), true, c.language).toString());
    }
  }

  /** {@code ok}: the action was stored ({@code ref} echoed). */
  private static void ack(Connection c, JsonNode msg, String type) {
    ack(c, msg, type, -1);
  }

  /**
   * {@code ok} with the game's {@code version} once the action was stored (when known): this
   * answer may come before the state that shows the action, and a client must not act again on
   * an older state as if the action had not been made.
   */
  private static void ack(Connection c, JsonNode msg, String type, int version) {
    ObjectNode ack = StateView.JSON.createObjectNode().put("type", "ok").put("action", type);
    if (version >= 0) ack.put("version", version);
    if (msg.has("ref")) ack.set("ref", msg.get("ref"));
    c.send(ack.toString());
  }

  /** The fields a message of {@code type} may have: nothing it does not read is accepted silently. */
  private static Set<String> fieldsOf(String type) {
    Set<String> fields = new LinkedHashSet<>(List.of("type", "ref"));
    fields.addAll(FIELDS.getOrDefault(type, List.of()));
    return fields;
  }

  private static GameService.Action action(String type, JsonNode msg) {
    return switch (type) {
      case "roll" -> new GameService.Action.Roll();
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
        String naming = msg.path("naming").isMissingNode() ? TypedPlayText.DEFAULT : msg.get("naming").asText("");
        if (!TypedPlayText.NAMINGS.contains(naming)) {
          throw JsonBody.badField("naming", JsonBody.Expected.ONE_OF, String.join(", ", TypedPlayText.NAMINGS));
        }
        yield new GameService.Action.PlayText(msg.get("play").asText(), PointNaming.of(naming));
      }
      case "resign" -> new GameService.Action.Resign();
      case "next" -> new GameService.Action.Next();
      case "take-back" -> new GameService.Action.TakeBack();
      case "go-on" -> new GameService.Action.GoOn();
      default -> {
        String shown = type.length() > 40 ? type.substring(0, 40) + "…" : type;
        throw new Refusal("unknown-type", Map.of("type", shown, "known", KNOWN),
            "unknown message type '" + shown + "'; known: " + String.join(", ", KNOWN));
      }
    };
  }
}
