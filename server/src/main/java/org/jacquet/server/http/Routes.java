package org.jacquet.server.http;

import io.javalin.Javalin;
import io.javalin.http.Handler;

/** What every route group shares. */
public final class Routes {
  private Routes() {}

  /**
   * A GET route, and HEAD on the same path answered by the same handler (Jetty drops the body):
   * Javalin alone answers HEAD 200 on any path with a GET route, even for an unknown game.
   */
  public static void get(Javalin app, String path, Handler handler) {
    app.get(path, handler);
    app.head(path, handler);
  }

  /** A query parameter, or {@code fallback} when it is missing or blank. */
  public static String text(String value, String fallback) {
    return value == null || value.isBlank() ? fallback : value;
  }
}
