package org.jacquet.server.http;

import java.util.Map;

/** The headers every answer carries: the routes', Jetty's own ({@link JsonErrors}) and the body guard's ({@link HttpGuard}). */
public final class Headers {
  private Headers() {}

  public static final String JSON_UTF8 = "application/json; charset=utf-8";
  public static final String CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
      + "form-action 'self'; frame-ancestors 'none'";
  public static final Map<String, String> SECURITY_HEADERS = Map.of("Content-Security-Policy", CSP,
      "X-Content-Type-Options", "nosniff", "Referrer-Policy", "no-referrer", "X-Frame-Options", "DENY");
}
