package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.jacquet.server.WebServer;
import org.jacquet.server.live.RawWebSocket;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request's line and headers are due within a deadline ({@link HeadDeadline}; 1 s here, 10 s
 * by default), however steadily a slowloris dribbles them; connections idle between requests,
 * bodies and WebSockets are not concerned. Real sockets; Jetty's idle timeout stays at 30 s, so
 * only the deadline can close what is closed here.
 */
class HeadDeadlineTest {
  private static final Duration DEADLINE = Duration.ofMillis(1000);
  /**
   * What a loaded machine may add to the deadline before the connection is seen closed. Only the
   * deadline can close these connections before Jetty's idle timeout (30 s), and the socket's read
   * gives up at 10 s: 5 s is far past any lateness of the scheduler, and still tells them apart.
   */
  private static final double MARGIN_SECONDS = 5.0;
  /** The deadline in seconds: the server never closes earlier (its clock starts when the connection opens). */
  private static final double DEADLINE_SECONDS = DEADLINE.toNanos() / 1e9;

  @TempDir Path dir;

  private TestServer server() {
    return new TestServer(Database.sqlite(dir), 0, WebServer.Options.defaults().headWithin(DEADLINE));
  }

  private static Socket open(int port) throws IOException {
    Socket s = new Socket("127.0.0.1", port);
    s.setSoTimeout(10_000);
    return s;
  }

  /** Everything the server sends until it closes the connection (a reset ends it too). */
  private static String untilClosed(Socket s) throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    InputStream in = s.getInputStream();
    byte[] buf = new byte[4096];
    try {
      for (int n; (n = in.read(buf)) > 0; ) all.write(buf, 0, n);
    } catch (SocketException reset) {
      // closed while the client was still sending: what came is what there is
    }
    return all.toString(StandardCharsets.UTF_8);
  }

  /** One answer on a kept-alive connection: its status line, the rest read by its Content-Length. */
  private static String answer(Socket s) throws IOException {
    InputStream in = s.getInputStream();
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int c = in.read();
      assertThat(c).as("an answer, not a closed connection, after: %s", head).isNotNegative();
      head.append((char) c);
    }
    int length = 0;
    for (String line : head.toString().split("\r\n")) {
      if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) length = Integer.parseInt(line.substring(15).trim());
    }
    in.readNBytes(length);
    return head.substring(0, head.indexOf("\r\n"));
  }

  @Test
  void headersDribbledByteByByteAreCutAtTheDeadlineThoughBytesKeepComing() throws Exception {
    byte[] head = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII);
    try (TestServer server = server()) {
      // Read before connecting: the server's clock starts when the connection opens, and a test
      // thread descheduled between the two made the connection look closed early.
      long start = System.nanoTime();
      try (Socket s = open(server.port())) {
        Thread dribbler = new Thread(() -> {
          try {
            OutputStream out = s.getOutputStream();
            for (int i = 0; ; i++) { // one byte every 100 ms: each one would reset an idle timer
              out.write(i < head.length ? head[i] : 'a');
              out.flush();
              Thread.sleep(100);
            }
          } catch (IOException | InterruptedException closed) {
            // the server closed the connection
          }
        });
        dribbler.start();
        String answered = untilClosed(s);
        double seconds = (System.nanoTime() - start) / 1e9;
        dribbler.interrupt();
        dribbler.join();
        assertThat(seconds).as("seconds until closed").isGreaterThanOrEqualTo(DEADLINE_SECONDS)
            .isLessThan(DEADLINE_SECONDS + MARGIN_SECONDS);
        // The answer is usually read; a byte sent just as the server closed may reset the connection first.
        if (!answered.isEmpty()) assertThat(answered).startsWith("HTTP/1.1 408 ");
      }
    }
  }

  @Test
  void aHeadThatStopsHalfWayIsAnsweredTooSlowInJsonAtTheDeadline() throws Exception {
    try (TestServer server = server(); Socket s = open(server.port())) {
      long start = System.nanoTime();
      s.getOutputStream().write("GET /healthz HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
      String raw = untilClosed(s);
      assertThat((System.nanoTime() - start) / 1e9).as("seconds").isLessThan(DEADLINE_SECONDS + MARGIN_SECONDS);
      assertThat(raw).startsWith("HTTP/1.1 408 ").containsIgnoringCase("connection: close")
          .containsIgnoringCase("content-security-policy: " + Headers.CSP).containsIgnoringCase("x-content-type-options: nosniff")
          .containsIgnoringCase("content-type: application/json; charset=utf-8");
      JsonNode body = WsClient.JSON.readTree(raw.substring(raw.indexOf("\r\n\r\n") + 4));
      assertThat(body.get("code").asText()).isEqualTo("too-slow");
      assertThat(body.get("params").get("what").asText()).isEqualTo("headers");
      assertThat(body.get("params").get("seconds").asInt()).isEqualTo(1);
      assertThat(body.get("message").asText()).contains("headers");
    }
  }

  @Test
  void blankLinesDribbledBeforeARequestLineCountAsAHead() throws Exception {
    try (TestServer server = server(); Socket s = open(server.port())) {
      s.getOutputStream().write(answerable("/healthz")); // a request first: the clock now waits for the next one's first byte
      assertThat(answer(s)).contains("200");
      Thread.sleep(1500); // idle between requests: not the deadline's business
      long start = System.nanoTime();
      Thread dribbler = new Thread(() -> {
        try {
          while (true) {
            s.getOutputStream().write('\n'); // Jetty skips blank lines before a request line, 8 KB of them
            Thread.sleep(100);
          }
        } catch (IOException | InterruptedException closed) {
          // the server closed the connection
        }
      });
      dribbler.start();
      untilClosed(s);
      double seconds = (System.nanoTime() - start) / 1e9;
      dribbler.interrupt();
      dribbler.join();
      assertThat(seconds).as("seconds until closed").isLessThan(DEADLINE_SECONDS + MARGIN_SECONDS);
    }
  }

  @Test
  void aConnectionThatSendsNothingIsClosedUnansweredAtTheDeadline() throws Exception {
    try (TestServer server = server()) {
      long start = System.nanoTime(); // before connecting, as the server's clock starts after it
      try (Socket s = open(server.port())) {
        assertThat(untilClosed(s)).as("nothing was asked, nothing answered").isEmpty();
      }
      assertThat((System.nanoTime() - start) / 1e9).as("seconds").isGreaterThanOrEqualTo(DEADLINE_SECONDS)
          .isLessThan(DEADLINE_SECONDS + MARGIN_SECONDS);
    }
  }

  @Test
  void aKeptAliveConnectionIdleBetweenRequestsAndASlowBodyAreNotCut() throws Exception {
    try (TestServer server = server(); Socket s = open(server.port())) {
      long start = System.nanoTime();
      for (int i = 0; i < 3; i++) {
        s.getOutputStream().write(answerable("/healthz"));
        assertThat(answer(s)).as("request %d", i).contains("200");
        Thread.sleep(1500); // longer than the deadline, shorter than the idle timeout
      }
      // A body that takes twice the deadline (the head was on time): 11.5 KB, 1.5 KB at once, then
      // 500 bytes every 100 ms on a schedule (late ones sent at once), 5 KB/s. Jetty ends a body
      // whose bytes since its first fall under 1 KB/s at any read: a sleep after each write let a
      // loaded machine's oversleeping bring 1.5 KB/s under it; this rate and head start leave over
      // a second of the sender's lateness at any moment.
      OutputStream out = s.getOutputStream();
      int length = 11_500;
      out.write(("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + length + "\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      byte[] body = ("{\"opponent\":\"friend\"" + " ".repeat(length - 21) + "}").getBytes(StandardCharsets.US_ASCII);
      long first = System.nanoTime();
      out.write(body, 0, 1500);
      out.flush();
      for (int at = 1500, k = 1; at < body.length; at += 500, k++) {
        for (long wait; (wait = first + k * 100_000_000L - System.nanoTime()) > 0; ) java.util.concurrent.locks.LockSupport.parkNanos(wait);
        out.write(body, at, Math.min(500, body.length - at));
        out.flush();
      }
      assertThat(answer(s)).contains("201");
      assertThat((System.nanoTime() - start) / 1e9).as("seconds the connection lived").isGreaterThan(5 * DEADLINE.toMillis() / 1000.0);
    }
  }

  @Test
  void aWebSocketOutlivesTheDeadlineOnceUpgraded() throws Exception {
    try (TestServer server = server()) {
      String id = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}").get("id").asText();
      try (RawWebSocket ws = new RawWebSocket("127.0.0.1", server.port(), "/ws/" + id, 65536)) {
        ws.send("{\"type\":\"hello\"}");
        assertThat(WsClient.JSON.readTree(ws.next(5000).text()).get("type").asText()).isEqualTo("state");
        Thread.sleep(2500);
        ws.send("{\"type\":\"ping\"}");
        assertThat(WsClient.JSON.readTree(ws.next(5000).text()).get("type").asText()).isEqualTo("pong");
      }
    }
  }

  private static byte[] answerable(String path) {
    return ("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
  }
}
