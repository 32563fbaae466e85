package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.live.Connection;
import org.jacquet.server.live.RawWebSocket;
import org.jacquet.server.review.Reviews;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
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
  @Test
  void aSteadyFloodPastTheMessageRateIsClosedAfterABoundedNumberOfRefusals() throws Exception {
    // 5 messages a second; the flood sends 15 evenly: every third is accepted, so refusals never
    // come 25 in a row, yet the socket keeps going past its rate.
    Limits limits = new Limits(30, 20, 60, 16, 5, 64, 200, 128 * 1024);
    try (TestServer server = TestServer.sqlite(dir, 0, limits)) {
      String id = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}").get("id").asText();
      try (RawWebSocket ws = new RawWebSocket("127.0.0.1", server.port(), "/ws/" + id, 65536)) {
        ws.send("{\"type\":\"hello\"}");
        // The i-th message at i/15 s from the first, on that schedule (late ones are sent at once),
        // not after a sleep each: a loaded machine's oversleeping slowed a sleep-paced flood
        // below the ~10.5 a second at which 25 refusals net of one forgiven a second came
        // within the 6 s the test allowed. Sent until the server closes the socket.
        Thread flood = new Thread(() -> {
          long first = System.nanoTime();
          try {
            for (int i = 0; i < 15 * 60; i++) {
              for (long wait; (wait = first + i * 1_000_000_000L / 15 - System.nanoTime()) > 0; ) {
                java.util.concurrent.locks.LockSupport.parkNanos(wait);
              }
              ws.send("{\"type\":\"ping\"}");
            }
          } catch (Exception closed) {
            // closed by the server
          }
        });
        long start = System.nanoTime();
        flood.setDaemon(true);
        flood.start();
        int refused = 0;
        int pongs = 0;
        RawWebSocket.Frame close = null;
        // Closed after about 3 s on a quiet machine; 30 s only bounds the wait for a flood that is
        // never closed (the refusal count below states the rule).
        while (close == null && (System.nanoTime() - start) / 1e9 < 30) {
          RawWebSocket.Frame f = ws.next(30_000);
          if (f.opcode() == 8) {
            close = f;
          } else if (f.opcode() == 1) {
            JsonNode m = WsClient.JSON.readTree(f.text());
            if (m.path("code").asText().equals("too-many")) refused++;
            if (m.path("type").asText().equals("pong")) pongs++;
          }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(close).as("closed within 30 s, after %d refusals and %d pongs", refused, pongs).isNotNull();
        assertThat(close.closeCode()).isEqualTo(Connection.FLOODING);
        assertThat(close.text()).isEqualTo("too-many");
        assertThat(pongs).as("messages within the rate were served meanwhile").isGreaterThan(5);
        // 25 refusals (5 s of the rate), plus one forgiven per second, plus the one that closes it:
        // however slowly the flood went, the close comes after this many, not before nor long after.
        assertThat(refused).as("refusals in %.1f s", seconds).isBetween(25, 25 + (int) Math.ceil(seconds) + 1);
        // Cut 2 s after the close; 10 s tells that from a socket kept until its idle timeout (30 min).
        assertThat(ws.cutByServer(10_000)).as("cut even if it does not answer the close").isTrue();
      }
    }
  }

  @Test
  void aFailedReviewTellsTheClientPlainlyAndLogsItsCauseInOneLine() {
    java.io.PrintStream err = System.err;
    java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
    com.fasterxml.jackson.databind.node.ObjectNode answer;
    System.setErr(new java.io.PrintStream(log, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      answer = Reviews.failed("g1", new IllegalStateException("wrapped", new ArithmeticException("/ by zero")));
    } finally {
      System.setErr(err);
    }
    assertThat(answer.get("code").asText()).isEqualTo("review-failed");
    assertThat(answer.get("params").size()).as("no detail for the client").isZero();
    assertThat(answer.toString()).doesNotContain("Exception", "by zero", "wrapped");
    assertThat(answer.get("message").asText()).isEqualTo("the review could not be computed; the server's log says why");
    assertThat(log.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList())
        .containsExactly("jacquet: review of game g1 failed: ArithmeticException: / by zero");
  }
  @Test
  void bodiesDribbledFromAFewAddressesLeaveUploadsForEveryoneElse() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      int port = server.port();
      List<java.net.Socket> slow = new ArrayList<>();
      try {
        // Six addresses, eight slow bodies each (the attack that took all 48 slots at 8 per address).
        for (int a = 0; a < 6; a++) {
          for (int i = 0; i < 8; i++) slow.add(SlowlorisTest.slowBody("127.0.3." + (a + 1), port));
        }
        // Past 4 per address, refused at once: awaited (up to 15 s), not given a 2 s window.
        SlowlorisTest.awaitRefusals(slow, 6 * (8 - HttpGuard.BODIES_PER_ADDRESS));
        // Someone else still creates a game, and lists theirs.
        for (int i = 0; i < 5; i++) {
          assertThat(post("127.0.4.1", port, "/api/games", "{\"opponent\":\"friend\"}")).contains("201");
          assertThat(post("127.0.4.2", port, "/api/games/mine", "{\"tokens\":[]}")).contains("200");
        }
      } finally {
        for (java.net.Socket s : slow) s.close();
      }
    }
  }

  /** The status line of a POST of {@code body} from {@code from}. */
  private static String post(String from, int port, String path, String body) throws Exception {
    try (java.net.Socket s = SlowlorisTest.open(from, port)) {
      byte[] b = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      s.getOutputStream().write(("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
          + "Content-Length: " + b.length + "\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      s.getOutputStream().write(b);
      return SlowlorisTest.statusLine(s);
    }
  }
}
