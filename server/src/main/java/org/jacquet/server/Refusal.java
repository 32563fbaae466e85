package org.jacquet.server;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An action or request the server refuses, nothing changed: a stable {@code code}
 * (kebab-case, listed in docs/PROTOCOL.md), its {@code params} for the page to word it in the
 * player's language, and an English message as fallback.
 */
public final class Refusal extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String code;
  private final transient Map<String, Object> params;

  public Refusal(String code, String message) {
    this(code, Map.of(), message);
  }

  public Refusal(String code, Map<String, ?> params, String message) {
    super(message, null, false, false);
    this.code = code;
    this.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  public String code() {
    return code;
  }

  public Map<String, Object> params() {
    return params;
  }

  /** The HTTP status this refusal is answered with. */
  public int httpStatus() {
    return switch (code) {
      case "no-game", "not-found" -> 404;
      case "too-many", "busy" -> 429;
      case "storage" -> 503;
      case "forbidden-origin" -> 403;
      case "too-large" -> 413;
      case "too-slow" -> 408;
      case "conflict" -> 409;
      default -> 400;
    };
  }
}
