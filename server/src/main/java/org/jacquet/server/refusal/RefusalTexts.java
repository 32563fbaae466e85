package org.jacquet.server.refusal;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.server.game.StateView;
import org.jacquet.server.game.Tokens;

/**
 * The words of every refusal in English and French, read once from {@code web/codes.json}: per
 * language, each code's sentence with its params as {@code {name}} ({@code codes}), what a
 * refused field should have been with its values as {@code {0}}, {@code {1}} ({@code expected},
 * by {@code bad-field}'s {@code expectedCode}) and the limits {@code too-many} names
 * ({@code limits}). The one source of these sentences: the page words codes from it (served as
 * {@code /codes.js}) and the server words a refusal's {@code message} from it in French.
 */
public final class RefusalTexts {
  private RefusalTexts() {}

  private static final JsonNode TABLE = load();
  private static final Pattern NAMED = Pattern.compile("\\{(\\w+)\\}");
  private static final Pattern NUMBERED = Pattern.compile("\\{(\\d)\\}");

  /** {@code /codes.js}: the table as a script for the page, which defines {@code CODES_TABLE}. */
  public static final String SCRIPT = "// The server's words for its refusals (web/codes.json): read by i18n.js.\n"
      + "const CODES_TABLE = " + TABLE + ";\n";
  /** The script's version, for browsers to revalidate it as they do the static files. */
  public static final String SCRIPT_ETAG = "\"" + Tokens.sha256(SCRIPT).substring(0, 24) + "\"";

  private static JsonNode load() {
    try (InputStream in = RefusalTexts.class.getResourceAsStream("/web/codes.json")) {
      if (in == null) throw new IllegalStateException("web/codes.json is missing from the classpath");
      return StateView.JSON.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The refusal's message in {@code language}: its own English for English (and for a code the
   * table does not word); otherwise the table's sentence filled with its params, the engine's
   * explanation ({@code detail}) in that language when the refusal carries the engine's reason.
   */
  static String message(Refusal r, Locale language) {
    JsonNode words = TABLE.get(language.getLanguage());
    if (language.getLanguage().equals("en") || words == null) return r.getMessage();
    // A code may be worded apart for one "what" (too-slow of the headers: no byte rate to tell), as on the page.
    JsonNode sentence = words.path("codes").get(r.code() + "." + r.params().get("what"));
    if (sentence == null) sentence = words.path("codes").get(r.code());
    if (sentence == null) return r.getMessage();
    return fill(NAMED, sentence.asText(), name -> param(r, name, words, language));
  }

  /** The value of param {@code name} as the sentence shows it: words from the table, lists joined. */
  private static String param(Refusal r, String name, JsonNode words, Locale language) {
    Object value = r.params().get(name);
    switch (name) {
      case "detail" -> {
        String localised = r.detail(language);
        if (localised != null) return localised;
      }
      case "expected" -> {
        JsonNode template = words.path("expected").get(String.valueOf(r.params().get("expectedCode")));
        if (template != null && r.params().get("expectedParams") instanceof List<?> values) {
          return fill(NUMBERED, template.asText(), i -> text(Integer.parseInt(i) < values.size() ? values.get(Integer.parseInt(i)) : null));
        }
      }
      case "limit" -> {
        JsonNode limit = words.path("limits").get(String.valueOf(value));
        if (limit != null) return limit.asText();
      }
      default -> { }
    }
    return text(value);
  }

  private static String text(Object value) {
    if (value == null) return "";
    if (value instanceof List<?> list) return String.join(", ", list.stream().map(String::valueOf).toList());
    return String.valueOf(value);
  }

  private static String fill(Pattern placeholder, String template, Function<String, String> value) {
    Matcher m = placeholder.matcher(template);
    StringBuilder out = new StringBuilder();
    while (m.find()) m.appendReplacement(out, Matcher.quoteReplacement(value.apply(m.group(1))));
    m.appendTail(out);
    return out.toString();
  }

  /** The table itself (for tests of its completeness). */
  static JsonNode table() {
    return TABLE;
  }
}
