package org.jacquet.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;

/** The JSON shapes the commands print, in one place so every command answers alike. */
final class Json {
  static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * JSON read as it is written, and nothing more: a field given twice or anything after the value
   * is refused with its place, rather than read as one of its possible readings (the last field,
   * the first value).
   */
  static final com.fasterxml.jackson.databind.ObjectReader STRICT = MAPPER.reader()
      .with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .with(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  private Json() {}

  /** {@code {"position":…, "dice":"6-5", "plays":[{"play":"1/7 7/12","result":"…"}]}}. */
  static ObjectNode plays(LegalPlays legal, String dice) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("position", legal.position().toString());
    o.put("dice", dice);
    ArrayNode plays = o.putArray("plays");
    for (Play p : legal.plays()) {
      ObjectNode play = plays.addObject();
      play.put("play", p.notation());
      play.put("result", p.result().toString());
    }
    return o;
  }

  static ObjectNode error(String message) {
    return MAPPER.createObjectNode().put("error", message);
  }

  static String line(Object node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
