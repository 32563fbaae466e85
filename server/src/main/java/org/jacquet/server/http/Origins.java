package org.jacquet.server.http;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.jacquet.server.refusal.Refusal;

/**
 * The Origin guard: a browser's socket, or a request that changes state (signing in, out…), must
 * come from a page of this server or of an origin allowed for a proxy — never a page of another
 * site riding on the user's cookies (CSRF).
 */
public final class Origins {
  private Origins() {}

  /** Refuses ({@code forbidden-origin}) an {@code origin} that is not this {@code host}'s nor {@code allowed}. */
  public static void check(String origin, String host, List<String> allowed) {
    if (origin == null) return; // not a browser: Origin protects browsers' users only
    if (allowed.contains(origin)) return;
    try {
      // No host (Origin "null" from a sandboxed frame or a file, "about:blank"): no page of this server.
      URI u = URI.create(origin);
      if (u.getHost() != null && host != null) {
        String authority = u.getPort() < 0 ? u.getHost() : u.getHost() + ":" + u.getPort();
        if (authority.equalsIgnoreCase(host) || (u.getHost() + ":" + defaultPort(u)).equalsIgnoreCase(host)) return;
      }
    } catch (IllegalArgumentException e) {
      // not a URL: refused below
    }
    String shown = origin.length() > 80 ? origin.substring(0, 80) + "…" : origin;
    throw new Refusal("forbidden-origin", Map.of("origin", shown),
        "connections from pages of " + shown + " are not allowed (serve --allow-origin for a proxy)");
  }

  private static int defaultPort(URI u) {
    return "https".equals(u.getScheme()) ? 443 : 80;
  }
}
