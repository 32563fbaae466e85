package org.jacquet.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jacquet.engine.Position;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.GameRecord;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jacquet convert}: a position between its text and its ID, a game record between the
 * text format and JSON. JSON read back is replayed like any record, so it is checked too.
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
    description = {"Converts a position (--position TEXT|ID --to text|id|json) or a game record (FILE --to record|json)."})
final class ConvertCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE", arity = "0..1", description = "A game record (text or JSON).") Path file;

  @Option(names = "--position", paramLabel = "TEXT|ID") String position;

  @Option(names = "--to", required = true, description = "text, id, json (position); record, json (game record)")
  String to;

  @Override
  public Integer call() throws Exception {
    if (position != null && file != null) throw new IllegalArgumentException("give a record FILE or --position, not both");
    if (position != null) {
      Position p = Position.parse(position);
      switch (to) {
        case "text" -> System.out.println(p);
        case "id" -> System.out.println(p.id());
        case "json" -> {
          ObjectNode o = Json.MAPPER.createObjectNode().put("text", p.toString()).put("id", p.id()).put("turn", p.turn().key());
          for (var side : org.jacquet.engine.Side.values()) {
            ArrayNode points = o.putObject(side.key()).putArray("points");
            for (int r = 0; r <= 24; r++) points.add(r == 0 ? 0 : p.count(side, r));
          }
          System.out.println(Json.line(o));
        }
        default -> throw new IllegalArgumentException("a position converts --to text, id or json, not '" + to + "'");
      }
      return 0;
    }
    if (file == null) throw new IllegalArgumentException("give a record FILE or --position");
    if (!to.equals("record") && !to.equals("json")) {
      throw new IllegalArgumentException("a game record converts --to record or json, not '" + to + "'");
    }
    String content = Inputs.text(file);
    String recordText;
    if (content.stripLeading().startsWith("{")) {
      try {
        recordText = fromJson(Json.MAPPER.readTree(content));
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new CommandFailure(file + " is not valid JSON: " + e.getOriginalMessage());
      } catch (IllegalArgumentException e) {
        throw new CommandFailure(file + " is not a valid JSON game record: " + e.getMessage());
      }
    } else {
      recordText = content;
    }
    GameRecord.Parsed parsed = Inputs.record(file, recordText);
    switch (to) {
      case "record" -> System.out.print(GameRecord.write(parsed.match(), parsed.headers()));
      case "json" -> System.out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(toJson(parsed)));
      default -> throw new IllegalArgumentException("a game record converts --to record or json, not '" + to + "'");
    }
    return 0;
  }

  static ObjectNode toJson(GameRecord.Parsed parsed) {
    Match m = parsed.match();
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("rules", m.rules().toString()).put("match", m.length());
    if (m.start() != null) o.put("position", m.start().toString());
    ObjectNode headers = o.putObject("headers");
    parsed.headers().forEach(headers::put);
    ArrayNode games = o.putArray("games");
    for (Game g : m.games()) {
      ObjectNode game = games.addObject();
      ArrayNode events = game.putArray("events");
      for (GameEvent e : g.events()) {
        ObjectNode ev = events.addObject();
        if (e instanceof GameEvent.OpeningThrow t) {
          ev.put("type", "opening").put("white", t.white()).put("black", t.black());
        } else if (e instanceof GameEvent.OpeningChoice c) {
          ev.put("type", "choice").put("side", c.side().key()).put("throwAgain", c.throwsAgain());
        } else if (e instanceof GameEvent.Turn t) {
          ev.put("type", "turn").put("side", t.side().key()).put("dice", t.dice().toString())
              .put("play", t.play().isPass() ? "pass" : t.play().notation());
        } else if (e instanceof GameEvent.Resignation r) {
          ev.put("type", "resign").put("side", r.side().key());
        }
      }
      if (g.phase() == Phase.PLAY) {
        events.addObject().put("type", "turn").put("side", g.sideToAct().key()).put("dice", g.diceToPlay().toString()).put("play", "");
      }
      if (g.isOver()) game.put("result", g.result().toString());
    }
    return o;
  }

  /** The record text a JSON record stands for (then read and replayed like any record). */
  static String fromJson(JsonNode o) {
    StringBuilder s = new StringBuilder();
    s.append("[Rules \"").append(o.path("rules").asText("modern")).append("\"]\n");
    s.append("[Match \"").append(o.path("match").asInt(1)).append("\"]\n");
    if (o.hasNonNull("position")) s.append("[Position \"").append(o.get("position").asText()).append("\"]\n");
    Map<String, String> headers = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = o.path("headers").fields(); it.hasNext(); ) {
      var h = it.next();
      headers.put(h.getKey(), h.getValue().asText());
    }
    headers.forEach((k, v) -> s.append('[').append(k).append(" \"").append(v.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]\n"));
    int number = 0;
    for (JsonNode game : o.path("games")) {
      s.append("\nGame ").append(++number).append('\n');
      int turn = 0;
      for (JsonNode e : game.path("events")) {
        switch (e.path("type").asText()) {
          case "opening" -> s.append("Opening: white ").append(e.path("white").asInt()).append(", black ").append(e.path("black").asInt()).append('\n');
          case "choice" -> s.append("Choice: ").append(e.path("side").asText())
              .append(e.path("throwAgain").asBoolean() ? " throws again" : " plays the opening dice").append('\n');
          case "turn" -> {
            String play = e.path("play").asText();
            s.append(String.format("%3d) %s %s:", ++turn, e.path("side").asText(), e.path("dice").asText()));
            if (!play.isEmpty()) s.append(' ').append(play);
            s.append('\n');
          }
          case "resign" -> s.append("Resigns: ").append(e.path("side").asText()).append('\n');
          default -> throw new IllegalArgumentException("unknown event type '" + e.path("type").asText() + "' in game " + number);
        }
      }
      if (game.hasNonNull("result")) s.append("Result: ").append(game.get("result").asText()).append('\n');
    }
    return s.toString();
  }
}
