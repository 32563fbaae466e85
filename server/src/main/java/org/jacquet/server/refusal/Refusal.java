package org.jacquet.server.refusal;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * An action or request the server refuses, nothing changed: a stable {@code code}
 * (kebab-case, listed in docs/PROTOCOL.md), its {@code params} for the page to word it in the
 * player's language, and a message in the client's language (English unless it asks for French:
 * {@link RefusalTexts}).
 */
public final class Refusal extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String code;
  private final transient Map<String, Object> params;
  /** The engine's explanation (the {@code detail} param) in a given language, or null: none. */
  private final transient Function<Locale, String> detail;

  public Refusal(String code, String message) {
    this(code, Map.of(), message);
  }

  public Refusal(String code, Map<String, ?> params, String message) {
    this(code, params, message, null);
  }

  /** A refusal whose {@code detail} param the engine can also say in French ({@code detail}: by language). */
  public Refusal(String code, Map<String, ?> params, String message, Function<Locale, String> detail) {
    super(message, null, false, false);
    this.code = code;
    this.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    this.detail = detail;
  }

  public String code() {
    return code;
  }

  public Map<String, Object> params() {
    return params;
  }

  /** The engine's explanation in {@code language}, or null when the refusal carries none. */
  String detail(Locale language) {
    return detail == null ? null : detail.apply(language);
  }

  /** The HTTP status this refusal is answered with. */
  public int httpStatus() {
    return switch (code) {
      case "no-game", "not-found", "no-puzzle", "no-account", "no-arena" -> 404;
      case "signed-out", "bad-credentials" -> 401;
      case "account-name-taken" -> 409;
      case "too-many", "busy" -> 429;
      case "storage", "accounts-busy" -> 503;
      case "forbidden-origin" -> 403;
      case "too-large" -> 413;
      case "json-only" -> 415;
      case "too-slow" -> 408;
      case "mail-link-unknown" -> 404;
      case "mail-link-used", "mail-link-expired" -> 410;
      case "mail-off" -> 503;
      case "conflict", "arena-joined" -> 409;
      default -> 400;
    };
  }
}
