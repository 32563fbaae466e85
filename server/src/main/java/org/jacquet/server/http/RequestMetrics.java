package org.jacquet.server.http;

import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import org.jacquet.server.telemetry.Telemetry;

/**
 * Every HTTP request answered, counted by route group and status with its time
 * ({@code jacquet_http_requests_total}, {@code jacquet_http_request_duration_seconds}). The group
 * is the route's declared pattern ({@code /api/games/{id}}), never the path a client sent: the
 * series stay as few as the routes. A file of the page is {@code static}, a path no route has
 * {@code unmatched}.
 */
public final class RequestMetrics {
  private RequestMetrics() {}

  public static void configure(JavalinConfig config) {
    config.requestLogger.http((ctx, millis) -> Telemetry.httpRequest(group(ctx), ctx.statusCode(), (long) (millis * 1_000_000)));
  }

  static String group(Context ctx) {
    String pattern;
    try {
      pattern = ctx.endpointHandlerPath();
    } catch (RuntimeException none) {
      pattern = null;
    }
    if (pattern != null && !pattern.isEmpty() && !pattern.equals("*")) return pattern;
    return ctx.statusCode() == 404 ? "unmatched" : "static";
  }
}
