package org.jacquet.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;

/**
 * A game record as JSON, both ways. Reading is strict: every field has its type, no field is
 * unknown, and the record it stands for is replayed like any text record; every fault is an
 * {@link IllegalArgumentException} naming where in the JSON it is ({@code games[0].events[3]}).
 *
 * <pre>
 * {"rules":"modern","match":3,"position":"…"?,"headers":{"White":"Alice"},
 *  "games":[{"events":[{"type":"opening","white":5,"black":3},
 *                      {"type":"turn","side":"white","dice":"6-5","play":"1/7 7/12"},
 *                      {"type":"choice","side":"white","throwAgain":true},
 *                      {"type":"resign","side":"black"}],
 *            "result":"white wins 1 point (single, resignation)"}]}
 * </pre>
 *
 * A turn whose dice were thrown but not played has {@code "play":""}.
 */
final class RecordJson {
  private static final Set<String> TOP = Set.of("rules", "match", "position", "headers", "games");
  private static final Pattern LINE = Pattern.compile("line (\\d+)(?: \\([^)]*\\))?: (.*)", Pattern.DOTALL);

  private RecordJson() {}

  static ObjectNode toJson(GameRecord.Parsed parsed) {
    Match m = parsed.match();
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("rules", m.rules().toString()).put("match", m.length());
    if (m.start() != null) o.put("position", m.start().toString());
    ObjectNode headers = o.putObject("headers");
    GameRecord.committed(parsed.headers()).forEach(headers::put);
    ArrayNode games = o.putArray("games");
    for (Game g : m.games()) {
      ObjectNode game = games.addObject();
      ArrayNode events = game.putArray("events");
      for (GameEvent e : g.events()) {
        if (e instanceof GameEvent.OpeningThrow t) {
          events.addObject().put("type", "opening").put("white", t.white()).put("black", t.black());
        } else if (e instanceof GameEvent.OpeningChoice c) {
          events.addObject().put("type", "choice").put("side", c.side().key()).put("throwAgain", c.throwsAgain());
        } else if (e instanceof GameEvent.Turn t) {
          events.addObject().put("type", "turn").put("side", t.side().key()).put("dice", t.dice().toString())
              .put("play", t.play().isPass() ? "pass" : t.play().notation());
        } else if (e instanceof GameEvent.Resignation r) {
          if (r.unplayed() != null) {
            events.addObject().put("type", "turn").put("side", g.sideToAct().key())
                .put("dice", r.unplayed().toString()).put("play", "");
          }
          events.addObject().put("type", "resign").put("side", r.side().key());
        }
      }
      if (g.phase() == Phase.PLAY) {
        events.addObject().put("type", "turn").put("side", g.sideToAct().key())
            .put("dice", g.diceToPlay().toString()).put("play", "");
      }
      if (g.isOver()) game.put("result", g.result().toString());
    }
    return o;
  }

  /** A record file's bytes, text or JSON (told apart by a leading brace), which must be UTF-8. */
  static GameRecord.Parsed readTextOrJson(byte[] bytes) {
    String lenient = new String(bytes, StandardCharsets.UTF_8);
    if (!lenient.stripLeading().startsWith("{")) return GameRecord.read(bytes);
    try {
      return read(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString());
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(Words.get("json.not.utf8"));
    }
  }

  /** Reads and replays a JSON record; refuses it, naming the place, if anything is wrong. */
  static GameRecord.Parsed read(String json) {
    JsonNode root;
    try {
      root = Json.STRICT.readTree(json);
    } catch (JsonProcessingException e) {
      var at = e.getLocation();
      throw new IllegalArgumentException(at == null ? Words.get("json.invalid", Excerpt.of(e.getOriginalMessage()))
          : Words.get("json.invalid.at", at.getLineNr(), at.getColumnNr(), Excerpt.of(e.getOriginalMessage())));
    }
    List<String> where = new ArrayList<>(); // the JSON place of each line of the record text
    StringBuilder s = new StringBuilder();
    object(root, Words.get("the.record"), TOP);
    line(s, where, "rules", "[Rules \"" + escape(text(root, "rules", "rules", true)) + "\"]");
    if (root.has("match")) line(s, where, "match", "[Match \"" + integer(root, "match", "match") + "\"]");
    if (root.has("position")) {
      line(s, where, "position", "[Position \"" + escape(text(root, "position", "position", true)) + "\"]");
    }
    if (root.has("headers")) {
      object(root.get("headers"), "headers", null);
      for (Iterator<Map.Entry<String, JsonNode>> it = root.get("headers").fields(); it.hasNext(); ) {
        var h = it.next();
        String at = "headers." + Excerpt.of(h.getKey());
        if (!h.getKey().matches("\\w[\\w-]*+")) {
          throw new IllegalArgumentException(Words.get("json.header.name", at));
        }
        if (!h.getValue().isTextual()) throw new IllegalArgumentException(Words.get("json.string", at));
        line(s, where, at, "[" + h.getKey() + " \"" + escape(h.getValue().asText()) + "\"]");
      }
    }
    JsonNode games = root.get("games");
    if (games == null || !games.isArray()) throw new IllegalArgumentException(Words.get("json.games"));
    for (int g = 0; g < games.size(); g++) {
      String at = "games[" + g + "]";
      JsonNode game = games.get(g);
      object(game, at, Set.of("events", "result"));
      line(s, where, at, "Game " + (g + 1));
      JsonNode events = game.get("events");
      if (events == null || !events.isArray()) throw new IllegalArgumentException(Words.get("json.array", at + ".events"));
      int turn = 0;
      for (int i = 0; i < events.size(); i++) {
        String ev = at + ".events[" + i + "]";
        JsonNode e = events.get(i);
        if (!e.isObject()) throw new IllegalArgumentException(Words.get("json.object", ev));
        switch (text(e, "type", ev + ".type", true)) {
          case "opening" -> {
            object(e, ev, Set.of("type", "white", "black"));
            line(s, where, ev, "Opening: white " + integer(e, "white", ev + ".white") + ", black " + integer(e, "black", ev + ".black"));
          }
          case "choice" -> {
            object(e, ev, Set.of("type", "side", "throwAgain"));
            JsonNode again = e.get("throwAgain");
            if (again == null || !again.isBoolean()) throw new IllegalArgumentException(Words.get("json.boolean", ev + ".throwAgain"));
            line(s, where, ev, "Choice: " + text(e, "side", ev + ".side", true)
                + (again.asBoolean() ? " throws again" : " plays the opening dice"));
          }
          case "turn" -> {
            object(e, ev, Set.of("type", "side", "dice", "play"));
            String play = text(e, "play", ev + ".play", false);
            line(s, where, ev, String.format("%3d) %s %s:", ++turn, text(e, "side", ev + ".side", true),
                text(e, "dice", ev + ".dice", true)) + (play.isEmpty() ? "" : " " + play));
          }
          case "resign" -> {
            object(e, ev, Set.of("type", "side"));
            line(s, where, ev, "Resigns: " + text(e, "side", ev + ".side", true));
          }
          default -> throw new IllegalArgumentException(Words.get("json.event.type", ev + ".type", Excerpt.of(e.get("type").asText())));
        }
      }
      if (game.has("result")) line(s, where, at + ".result", "Result: " + text(game, "result", at + ".result", true));
    }
    try {
      return GameRecord.read(s.toString());
    } catch (IllegalArgumentException e) {
      Matcher m = LINE.matcher(e.getMessage());
      if (m.matches()) {
        int n = Integer.parseInt(m.group(1));
        // The record's line told as its place in the JSON, the fault in the run's language.
        String why = Words.locale().getLanguage().equals("en") || e.getCause() == null ? m.group(2) : Words.reason(e.getCause());
        if (n >= 1 && n <= where.size()) throw new IllegalArgumentException(where.get(n - 1) + ": " + why, e);
      }
      throw new IllegalArgumentException("games: " + Words.reason(e), e);
    }
  }

  private static void line(StringBuilder s, List<String> where, String at, String line) {
    if (line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0 || line.indexOf('\u2028') >= 0
        || line.indexOf('\u2029') >= 0 || line.indexOf('\u0085') >= 0 || line.indexOf('\u000B') >= 0
        || line.indexOf('\u000C') >= 0) {
      throw new IllegalArgumentException(Words.get("json.line.break", at));
    }
    s.append(line).append('\n');
    where.add(at);
  }

  private static void object(JsonNode node, String at, Set<String> allowed) {
    if (node == null || !node.isObject()) throw new IllegalArgumentException(Words.get("json.object", at));
    if (allowed == null) return;
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!allowed.contains(name)) {
        throw new IllegalArgumentException(Words.get("json.field.unknown", at, Excerpt.of(name)));
      }
    }
  }

  private static String text(JsonNode node, String field, String at, boolean required) {
    JsonNode v = node.get(field);
    if (v == null) {
      if (required) throw new IllegalArgumentException(Words.get("json.missing", at));
      return "";
    }
    if (!v.isTextual()) throw new IllegalArgumentException(Words.get("json.string", at));
    return v.asText();
  }

  private static int integer(JsonNode node, String field, String at) {
    JsonNode v = node.get(field);
    if (v == null || !v.isIntegralNumber() || !v.canConvertToInt()) {
      throw new IllegalArgumentException(Words.get("json.whole", at));
    }
    return v.asInt();
  }

  private static String escape(String value) {
    return value.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
