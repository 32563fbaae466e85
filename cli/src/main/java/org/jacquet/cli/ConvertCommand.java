package org.jacquet.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jacquet.engine.Position;
import org.jacquet.engine.format.GameRecord;
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

  @picocli.CommandLine.Mixin LangOption langOption;

  @Override
  public Integer call() throws Exception {
    langOption.locale(); // a bad --lang is refused, not ignored
    if (position != null && file != null) throw new IllegalArgumentException(Words.get("convert.both"));
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
        default -> throw new IllegalArgumentException(Words.get("convert.position.to", org.jacquet.engine.Excerpt.of(to)));
      }
      return 0;
    }
    if (file == null) throw new IllegalArgumentException(Words.get("convert.neither"));
    if (!to.equals("record") && !to.equals("json")) {
      throw new IllegalArgumentException(Words.get("convert.record.to", org.jacquet.engine.Excerpt.of(to)));
    }
    String content = Inputs.text(file);
    GameRecord.Parsed parsed;
    if (content.stripLeading().startsWith("{")) {
      try {
        parsed = RecordJson.read(content);
      } catch (IllegalArgumentException e) {
        throw new CommandFailure(Words.get("convert.json.invalid", file, Words.reason(e)));
      }
    } else {
      parsed = Inputs.record(file, content);
    }
    switch (to) {
      case "record" -> System.out.print(GameRecord.write(parsed.match(), parsed.headers()));
      case "json" -> System.out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(RecordJson.toJson(parsed)));
      default -> throw new IllegalArgumentException(Words.get("convert.record.to", org.jacquet.engine.Excerpt.of(to)));
    }
    return 0;
  }
}
