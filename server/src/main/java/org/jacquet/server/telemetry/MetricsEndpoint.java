package org.jacquet.server.telemetry;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * {@code GET /metrics} on its own port, bound to loopback: the numbers are for the host's
 * monitoring (Prometheus on the machine, or through a tunnel), not for the players, so they are
 * kept off the public port whatever the proxy in front passes on. One thread: a scrape is small.
 */
public final class MetricsEndpoint {
  private final HttpServer server;

  private MetricsEndpoint(HttpServer server) {
    this.server = server;
  }

  /** Serves the metrics on 127.0.0.1:{@code port} (0: any free port; see {@link #port()}). */
  public static MetricsEndpoint start(int port) {
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 16);
    } catch (IOException e) {
      throw new IllegalStateException("cannot serve the metrics on 127.0.0.1:" + port + " (" + e.getMessage() + ")", e);
    }
    server.createContext("/", exchange -> {
      try (exchange) {
        boolean metrics = exchange.getRequestURI().getPath().equals("/metrics");
        boolean get = exchange.getRequestMethod().equals("GET") || exchange.getRequestMethod().equals("HEAD");
        byte[] body = (metrics && get ? Telemetry.exposition() : metrics ? "GET only\n" : "the metrics are at /metrics\n")
            .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", metrics && get ? Telemetry.contentType() : "text/plain; charset=utf-8");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(metrics && get ? 200 : metrics ? 405 : 404, head ? -1 : body.length);
        if (!head) {
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        }
      }
    });
    server.setExecutor(Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "jacquet-metrics");
      t.setDaemon(true);
      return t;
    }));
    server.start();
    return new MetricsEndpoint(server);
  }

  public int port() {
    return server.getAddress().getPort();
  }

  public void close() {
    server.stop(0);
  }
}
