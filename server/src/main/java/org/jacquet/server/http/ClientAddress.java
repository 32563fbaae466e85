package org.jacquet.server.http;

import io.javalin.http.Context;
import io.javalin.websocket.WsContext;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * The address a request or socket counts against in every limit: the peer's, or behind a
 * trusted proxy the last address of its {@code X-Forwarded-For} (the one the proxy saw).
 */
public final class ClientAddress {
  private final boolean trustProxy;

  public ClientAddress(boolean trustProxy) {
    this.trustProxy = trustProxy;
  }

  public String of(Context ctx) {
    return of(ctx.req());
  }

  public String of(HttpServletRequest req) {
    if (trustProxy) {
      String f = lastForwarded(req.getHeader("X-Forwarded-For"));
      if (f != null) return f;
    }
    return req.getRemoteAddr();
  }

  public String of(WsContext ctx) {
    if (trustProxy) {
      String f = lastForwarded(ctx.header("X-Forwarded-For"));
      if (f != null) return f;
    }
    SocketAddress a = ctx.session.getRemoteAddress();
    return a instanceof InetSocketAddress i ? i.getAddress().getHostAddress() : String.valueOf(a);
  }

  private static String lastForwarded(String header) {
    if (header == null || header.isBlank()) return null;
    String[] parts = header.split(",");
    String last = parts[parts.length - 1].trim();
    return last.isEmpty() || last.length() > 64 ? null : last;
  }
}
