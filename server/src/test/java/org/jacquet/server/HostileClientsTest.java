package org.jacquet.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that break the rules on purpose, on real sockets: what they cause is answered (or
 * ends their connection) and costs the server no stack trace in its log.
 */
class HostileClientsTest {
  @TempDir Path dir;

  /** The server's log lines that tell a client's doing as a failure: exceptions and stack frames. */
  private static List<String> traces(ServerProcess server) {
    List<String> found = new ArrayList<>();
    synchronized (server.lines) {
      for (String l : server.lines) {
        if (l.contains("Exception") || l.startsWith("\tat ") || l.contains(" WARN ")) found.add(l);
      }
    }
    return found;
  }

  /** Waits until the socket's close came, and returns what the log said of it ("CLOSED code reason"). */
  private static String closing(WsClient ws) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 5000;
    while (System.currentTimeMillis() < deadline) {
      synchronized (ws.log) {
        for (String l : ws.log) if (l.startsWith("CLOSED") || l.startsWith("ERROR")) return l;
      }
      Thread.sleep(20);
    }
    return "still open";
  }

  @Test
  void anOriginWithoutAHostIsRefusedAsAForeignOneWithoutAnException() throws Exception {
    int port = ServerProcess.freePort();
    try (ServerProcess server = ServerProcess.start(port, "--data", dir.toString())) {
      String id = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}").get("id").asText();
      // "null": a sandboxed frame, a file:// page, some redirects; "about:blank": a blank page's script.
      for (String origin : List.of("null", "about:blank", "file:///tmp/x.html", "http:")) {
        try (WsClient ws = new WsClient(server.url(""), id, new WsClient.Origin(origin))) {
          JsonNode e = ws.nextError();
          assertThat(e.get("code").asText()).as(origin).isEqualTo("forbidden-origin");
          assertThat(e.get("params").get("origin").asText()).isEqualTo(origin);
          assertThat(e.get("message").asText()).doesNotContain("Exception", "null\"", "Cannot invoke");
          assertThat(closing(ws)).as(origin).isEqualTo("CLOSED 4003 forbidden-origin");
        }
      }
      Thread.sleep(300);
      assertThat(traces(server)).as("server log").isEmpty();
    }
  }

  @Test
  void pingsFloodedWithoutReadingThenAResetLeaveNoStackTraceInTheLog() throws Exception {
    int port = ServerProcess.freePort();
    try (ServerProcess server = ServerProcess.start(port, "--data", dir.toString())) {
      String id = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}").get("id").asText();
      byte[] payload = new byte[125];
      java.util.Arrays.fill(payload, (byte) 'p');
      for (int i = 0; i < 4; i++) {
        RawWebSocket ws = new RawWebSocket("127.0.0.1", port, "/ws/" + id, 4096);
        ws.send("{\"type\":\"hello\"}");
        // Pings until the server stops reading (its pongs are not read), then a reset.
        Thread flood = new Thread(() -> {
          try {
            for (int k = 0; k < 200_000; k++) ws.sendPing(payload);
          } catch (java.io.IOException blockedThenReset) {
            // the reset below ends the blocked write
          }
        });
        flood.start();
        flood.join(1500);
        ws.reset();
        flood.join(5000);
      }
      Thread.sleep(1500);
      // The server goes on: a new socket is served.
      try (WsClient ws = new WsClient(server.url(""), id)) {
        ws.send("{\"type\":\"hello\"}");
        assertThat(ws.nextState().get("id").asText()).isEqualTo(id);
      }
      assertThat(traces(server)).as("server log").isEmpty();
    }
    // The jar (jacquet serve) reads the cli module's logging settings, not this module's: the same line there.
    String quiet = "org.slf4j.simpleLogger.log.org.eclipse.jetty.websocket.core.internal.WebSocketCoreSession$Flusher=error";
    assertThat(java.nio.file.Files.readString(Path.of("src", "main", "resources", "simplelogger.properties"))).contains(quiet);
    assertThat(java.nio.file.Files.readString(Path.of("..", "cli", "src", "main", "resources", "simplelogger.properties"))).contains(quiet);
  }
}
