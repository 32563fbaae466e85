package org.jacquet.server.refusal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.FormatException;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalPositionException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.StartingPosition;
import org.jacquet.server.game.StateView;
import org.jacquet.server.http.ClientLanguage;
import org.jacquet.server.http.Headers;

/**
 * Refusals as data: the engine's reasons turned into codes with named parameters, the
 * parsing of a client's text (rules, position, dice, level, side) refused with its code, and
 * the one JSON shape every refusal is sent in (see docs/PROTOCOL.md).
 */
public final class Problems {
  private Problems() {}

  /** The names of each reason's message arguments, in order (IllegalReason's javadoc). */
  private static final Map<IllegalReason, List<String>> PARAMS = Map.ofEntries(
      Map.entry(IllegalReason.NO_CHECKER, List.of("from")),
      Map.entry(IllegalReason.POINT_HELD_BY_OPPONENT, List.of("to")),
      Map.entry(IllegalReason.POSTILION_FIRST, List.of("entry", "postilion")),
      Map.entry(IllegalReason.BEAR_OFF_NOT_ALL_HOME, List.of("rearmost")),
      Map.entry(IllegalReason.BEAR_OFF_NOT_REARMOST, List.of("from", "die", "rearmost")),
      Map.entry(IllegalReason.BEAR_OFF_OPPONENT_TALON, List.of()),
      Map.entry(IllegalReason.BLOCK_FIRST_QUADRANT_NEEDS_RETURN, List.of("points")),
      Map.entry(IllegalReason.BLOCK_NEEDS_RETURN, List.of("points", "first", "last")),
      Map.entry(IllegalReason.BLOCK_FIRST_QUADRANT_FORBIDDEN, List.of()),
      Map.entry(IllegalReason.BLOCK_SHUTS_OUT_POSTILION, List.of("first", "last")),
      Map.entry(IllegalReason.NO_SUCH_DIE, List.of("from", "to", "diceLeft")),
      Map.entry(IllegalReason.BACKWARD, List.of("from", "to")),
      Map.entry(IllegalReason.SYNTAX, List.of("text")),
      Map.entry(IllegalReason.TOO_MANY_STEPS, List.of("dice")),
      Map.entry(IllegalReason.MUST_USE_MORE_DICE, List.of("steps")),
      Map.entry(IllegalReason.MUST_USE_HIGHER_DIE, List.of("die")),
      Map.entry(IllegalReason.NOTHING_TO_PLAY, List.of()));

  /** The engine's refusal of a play, with the rule's code (e.g. {@code postilion-first}) and values. */
  public static Refusal illegal(IllegalPlayException e) {
    return new Refusal(code(e.reason()), params(e.reason(), e.args()), e.getMessage());
  }

  /**
   * A set-up position no game may start from ({@link StartingPosition#check}): the rule it
   * breaks, with the same code and values as a refused play's, plus the side at fault.
   */
  public static Refusal startingPosition(IllegalPositionException e) {
    Map<String, Object> params = params(e.reason(), e.args());
    if (e.side() != null) params.put("side", e.side().key());
    return new Refusal(code(e.reason()), params, e.getMessage());
  }

  private static Map<String, Object> params(IllegalReason reason, List<Object> args) {
    Map<String, Object> params = new LinkedHashMap<>();
    List<String> names = PARAMS.getOrDefault(reason, List.of());
    for (int i = 0; i < args.size(); i++) {
      Object v = args.get(i);
      params.put(i < names.size() ? names.get(i) : "arg" + i, v instanceof Number ? v : String.valueOf(v));
    }
    return params;
  }

  public static String code(IllegalReason reason) {
    return reason.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * Reads a client's text with an engine parser; a text it cannot read is refused with
   * {@code code} and {@code {"text": …, "detail": engine's explanation}}, plus the explanation
   * as data when the engine gives it ({@code "detailCode"}, {@code "detailParams"}: the
   * engine's {@link FormatException} code and values).
   */
  public static <T> T parse(String code, String text, Function<String, T> parser) {
    try {
      return parser.apply(text);
    } catch (IllegalArgumentException e) {
      Map<String, Object> params = new LinkedHashMap<>();
      params.put("text", Excerpt.of(text));
      params.put("detail", String.valueOf(e.getMessage()));
      if (e instanceof FormatException f) {
        // What is wrong as data, for the page to word in the reader's language (formats.js).
        throw withEngineReason(code, params, e, f.code(), f.params(), f::message);
      }
      throw new Refusal(code, params, String.valueOf(e.getMessage()));
    }
  }

  /**
   * {@code not-now}: an action the game cannot take in its state (a program following the phase
   * never meets one). The engine's reason goes as data when it gives it: {@code detailCode} (a
   * {@link org.jacquet.engine.GameStateException} code, worded by the page from formats.js
   * {@code state.<code>}) and {@code detailParams} (a phase as its lower-case name).
   */
  public static Refusal notNow(IllegalStateException e) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("detail", String.valueOf(e.getMessage()));
    if (e instanceof org.jacquet.engine.GameStateException g) {
      return withEngineReason("not-now", params, e, g.code(), g.params(), g::message);
    }
    return new Refusal("not-now", params, String.valueOf(e.getMessage()));
  }

  /**
   * {@code code} with the engine's reason as data besides its English {@code detail}:
   * {@code detailCode}, {@code detailParams} (numbers kept, anything else as text) and its
   * wording in any language, for the French message.
   */
  private static Refusal withEngineReason(String code, Map<String, Object> params, RuntimeException e, String reason,
      List<Object> values, Function<Locale, String> wording) {
    params.put("detailCode", reason);
    List<Object> shown = new java.util.ArrayList<>();
    for (Object v : values) shown.add(v instanceof Number ? v : String.valueOf(v));
    params.put("detailParams", shown);
    return new Refusal(code, params, String.valueOf(e.getMessage()), wording);
  }

  /** A computer level read from a client's text; refused {@code bad-level} with the levels there are. */
  public static org.jacquet.ai.Level level(String text) {
    try {
      return org.jacquet.ai.Level.parse(text);
    } catch (IllegalArgumentException e) {
      Map<String, Object> params = new LinkedHashMap<>();
      params.put("text", Excerpt.of(text));
      params.put("detail", String.valueOf(e.getMessage()));
      params.put("known", java.util.Arrays.stream(org.jacquet.ai.Level.values()).map(org.jacquet.ai.Level::key).toList());
      throw new Refusal("bad-level", params, String.valueOf(e.getMessage()));
    }
  }

  /** A request path as a refusal names it: at most 80 characters. */
  public static String shortPath(String path) {
    if (path == null) return "";
    return path.length() > 80 ? path.substring(0, 80) + "…" : path;
  }

  /** Answers {@code ctx} with {@code r} as its JSON body, the message in the client's language (the status is the caller's). */
  public static void answer(io.javalin.http.Context ctx, Refusal r) {
    ctx.contentType(Headers.JSON_UTF8).result(sent(r, false, ClientLanguage.of(ctx)).toString());
  }

  /** {@link #json} as text (not counted: the caller that sends it says so with {@link #counted}). */
  public static String jsonText(Refusal r, boolean socket, Locale language) {
     return json(r, socket, language).toString();
  }

  /**
   * {@link #json} of a refusal on its way to a client, counted in {@code jacquet_refusals_total}:
   * the one form for what is sent, so the count is of refusals sent, not of refusals made (a
   * constant made at start, an explanation inside a game's state).
   */
  public static ObjectNode sent(Refusal r, boolean socket, Locale language) {
    counted(r);
    return json(r, socket, language);
  }

  /** Counts {@code r} as sent, for a caller that wrote its text itself (a raw HTTP answer). */
  public static Refusal counted(Refusal r) {
    org.jacquet.server.telemetry.Telemetry.refused(r.code());
    return r;
  }

  /**
   * {@code {"code":…,"params":{…},"message":…}}, with {@code "type":"error"} on a socket; the
   * message in {@code language} (the client's: {@link ClientLanguage}), code and params the same
   * in every language. Data only: a refusal sent to a client goes through {@link #sent}.
   */
  public static ObjectNode json(Refusal r, boolean socket, Locale language) {
    ObjectNode o = StateView.JSON.createObjectNode();
    if (socket) o.put("type", "error");
    o.put("code", r.code());
    o.set("params", StateView.JSON.valueToTree(r.params()));
    o.put("message", RefusalTexts.message(r, language));
    return o;
  }
}
