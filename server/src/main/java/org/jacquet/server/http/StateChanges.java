package org.jacquet.server.http;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jacquet.server.refusal.Refusal;

/**
 * The one guard of every request that changes state ({@code POST}, {@code PUT}, {@code PATCH},
 * {@code DELETE}), whatever its route: it must come from a page of this server ({@link
 * Origins}: another site's page, {@code null}, another port is {@code forbidden-origin}), and a
 * body must be declared JSON ({@code json-only}). A page of another site can send a plain-text
 * or form body without asking the server first (a "simple" request, with the player's cookies
 * when the sites are the same site); only JSON needs the browser's preflight, which this server
 * never grants. Checked before the route runs, so a refused request reads no body and changes
 * nothing; a route added later is guarded without a line of its own.
 */
public final class StateChanges {
  private StateChanges() {}

  static final Set<HandlerType> UNSAFE = Set.of(HandlerType.POST, HandlerType.PUT, HandlerType.PATCH, HandlerType.DELETE);

  /**
   * The routes a mail provider posts to, as RFC 8058 has it (a one-click unsubscribe: a form body
   * {@code List-Unsubscribe=One-Click}, from the provider's server or a webmail's page): the
   * single-use token in the link is their only authority — no cookie is read — so another
   * site's page gains nothing by posting to them.
   */
  public static final Set<String> BY_TOKEN_ONLY = Set.of("/api/mail/unsubscribe");

  /** Guards every unsafe request of {@code app}; {@code allowedOrigins}: origins allowed for a proxy. */
  public static void install(Javalin app, List<String> allowedOrigins) {
    app.before(ctx -> check(ctx, allowedOrigins));
  }

  /** Whether requests of {@code method} change state, and so are guarded. */
  public static boolean unsafe(HandlerType method) {
    return UNSAFE.contains(method);
  }

  private static void check(Context ctx, List<String> allowedOrigins) {
    if (!unsafe(ctx.method()) || BY_TOKEN_ONLY.contains(ctx.path())) return;
    Origins.check(ctx.header("Origin"), ctx.header("Host"), allowedOrigins);
    boolean body = ctx.req().getContentLengthLong() > 0 || ctx.header("Transfer-Encoding") != null;
    if (body && !isJson(ctx.contentType())) {
      String type = ctx.contentType() == null ? "none" : excerpt(ctx.contentType());
      throw new Refusal("json-only", Map.of("contentType", type),
          "a request's body must be JSON, sent as Content-Type: application/json (this one: " + type + ")");
    }
  }

  /** {@code application/json}, with or without parameters ({@code ; charset=utf-8}). */
  static boolean isJson(String contentType) {
    if (contentType == null) return false;
    int semi = contentType.indexOf(';');
    String media = (semi < 0 ? contentType : contentType.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
    return media.equals("application/json");
  }

  private static String excerpt(String s) {
    return s.length() > 80 ? s.substring(0, 80) + "…" : s;
  }
}
