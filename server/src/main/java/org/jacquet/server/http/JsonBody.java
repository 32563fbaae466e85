package org.jacquet.server.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jacquet.server.game.StateView;
import org.jacquet.server.refusal.Refusal;

/**
 * A client's JSON object read strictly: not JSON, not an object, an unknown field or a field of
 * the wrong type is refused with its reason; nothing is coerced ({@code "match":"3"} is not 3).
 */
public final class JsonBody {
  public static final int MAX_BYTES = 16 * 1024;

  /**
   * JSON as it is written, and nothing more: a field given twice ({@code {"match":3,"match":4}})
   * or anything after the value ({@code {"match":3} xyz}) is not read as one of its readings.
   */
  private static final ObjectReader STRICT = StateView.JSON.reader()
      .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .with(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  private final ObjectNode node;

  private JsonBody(ObjectNode node) {
    this.node = node;
  }

  /** {@code text} read strictly as one JSON value (a socket's message, a request's body). */
  public static JsonNode read(String text) throws java.io.IOException {
    return STRICT.readTree(text);
  }

  /** Reads {@code text} (blank = {} when {@code blankIsEmpty}), knowing only {@code fields}. */
  public static JsonBody parse(String text, boolean blankIsEmpty, Set<String> fields) {
    if (text.length() > MAX_BYTES) {
      throw new Refusal("too-large", Map.of("max", MAX_BYTES), "the body is larger than " + MAX_BYTES + " bytes");
    }
    if (blankIsEmpty && text.isBlank()) return new JsonBody(StateView.JSON.createObjectNode());
    JsonNode n;
    try {
      n = read(text);
    } catch (Exception e) {
      throw new Refusal("malformed", "the body is not JSON");
    }
    if (n == null || !n.isObject()) throw new Refusal("malformed", "the body must be a JSON object");
    knowsOnly(n, fields);
    return new JsonBody((ObjectNode) n);
  }

  /** Refuses {@code unknown-field}, naming it, the first field of {@code n} that is not one of {@code fields}. */
  public static void knowsOnly(JsonNode n, Set<String> fields) {
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!fields.contains(f)) {
        String shown = f.length() > 40 ? f.substring(0, 40) + "…" : f;
        throw new Refusal("unknown-field", Map.of("field", shown), "unknown field '" + shown + "'; known: " + String.join(", ", fields));
      }
    }
  }

  /**
   * What a field should have been, as data: a code the page words in the reader's language
   * (web/i18n.js, {@code EXPECTED}) with its values {0}, {1}, and the English wording kept as
   * the {@code expected} param and in the message.
   */
  public enum Expected {
    STRING("string", "a string"),
    ONE_OF("one-of", "one of {0}"),
    WHOLE_NUMBER("whole-number", "a whole number"),
    WHOLE_NUMBER_RANGE("whole-number-range", "a whole number from {0} to {1}"),
    DESTINATION("destination", "a whole number from {0} to {1} ({1} = off)"),
    STRINGS("strings", "a list of at most {0} strings"),
    TRUE_OR_FALSE("true-or-false", "true or false"),
    PLAY_TEXT("play-text", "a play text like \"1/7 7/12\""),
    BEARER("bearer", "\"Bearer \" and a seat token"),
    CURSOR("cursor", "the cursor the previous page gave");

    public final String code;
    public final String english;

    Expected(String code, String english) {
      this.code = code;
      this.english = english;
    }

    public String english(List<Object> values) {
       String text = english;
      for (int i = 0; i < values.size(); i++) text = text.replace("{" + i + "}", String.valueOf(values.get(i)));
       return text;
    }
  }

  /**
   * {@code bad-field}: {@code {"field","expected","expectedCode","expectedParams"}}: the English
   * of what was expected, and the same as a code with its values for the page to word.
   */
  public static Refusal badField(String field, Expected expected, Object... values) {
    List<Object> list = List.of(values);
    String english = expected.english(list);
    Map<String, Object> params = new java.util.LinkedHashMap<>();
    params.put("field", field);
    params.put("expected", english);
    params.put("expectedCode", expected.code);
    params.put("expectedParams", list);
    return new Refusal("bad-field", params, "\"" + field + "\" must be " + english);
  }

  /** A text field, or {@code fallback} when absent; refused if present and not a string. */
  public String text(String field, String fallback) {
    JsonNode n = node.get(field);
    if (n == null) return fallback;
    if (!n.isTextual()) throw badField(field, Expected.STRING);
    return n.asText();
  }

  /** One of {@code allowed}, or {@code fallback} when absent. */
  public String oneOf(String field, String fallback, List<String> allowed) {
    String v = text(field, fallback);
    if (v != null && !allowed.contains(v)) throw badField(field, Expected.ONE_OF, String.join(", ", allowed));
    return v;
  }

  /** A whole number in [min, max], or {@code fallback} when absent. */
  public int integer(String field, int fallback, int min, int max) {
    JsonNode n = node.get(field);
    if (n == null) return fallback;
    if (!n.isIntegralNumber() || !n.canConvertToInt() || n.asInt() < min || n.asInt() > max) {
      throw badField(field, Expected.WHOLE_NUMBER_RANGE, min, max);
    }
    return n.asInt();
  }

  /** True or false, or {@code fallback} when absent. */
  public boolean bool(String field, boolean fallback) {
    JsonNode n = node.get(field);
    if (n == null) return fallback;
    if (!n.isBoolean()) throw badField(field, Expected.TRUE_OR_FALSE);
    return n.asBoolean();
  }

  /** A list of at most {@code max} strings, or empty when absent. */
  public List<String> texts(String field, int max) {
    JsonNode n = node.get(field);
    if (n == null) return List.of();
    if (!n.isArray() || n.size() > max) throw badField(field, Expected.STRINGS, max);
    List<String> out = new ArrayList<>();
    for (JsonNode x : n) {
      if (!x.isTextual() || x.asText().length() > 200) throw badField(field, Expected.STRINGS, max);
      out.add(x.asText());
    }
    return out;
  }
}
