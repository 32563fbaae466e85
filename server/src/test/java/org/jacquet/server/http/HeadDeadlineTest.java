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
  /** What a loaded machine may add to the deadline before the connection is seen closed. */
  private static final double MARGIN_SECONDS = 2.0;

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
    try (TestServer server = server(); Socket s = open(server.port())) {
      byte[] head = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII);
      long start = System.nanoTime();
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
      assertThat(seconds).as("seconds until closed").isGreaterThanOrEqualTo(0.9).isLessThan(1 + MARGIN_SECONDS);
      // The answer is usually read; a byte sent just as the server closed may reset the connection first.
      if (!answered.isEmpty()) assertThat(answered).startsWith("HTTP/1.1 408 ");
    }
  }

  @Test
  void aHeadThatStopsHalfWayIsAnsweredTooSlowInJsonAtTheDeadline() throws Exception {
    try (TestServer server = server(); Socket s = open(server.port())) {
      long start = System.nanoTime();
      s.getOutputStream().write("GET /healthz HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
      String raw = untilClosed(s);
      assertThat((System.nanoTime() - start) / 1e9).as("seconds").isLessThan(1 + MARGIN_SECONDS);
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
      assertThat(seconds).as("seconds until closed").isLessThan(1 + MARGIN_SECONDS);
    }
  }

  @Test
  void aConnectionThatSendsNothingIsClosedUnansweredAtTheDeadline() throws Exception {
    try (TestServer server = server(); Socket s = open(server.port())) {
      long start = System.nanoTime();
      assertThat(untilClosed(s)).as("nothing was asked, nothing answered").isEmpty();
      assertThat((System.nanoTime() - start) / 1e9).as("seconds").isGreaterThanOrEqualTo(0.9).isLessThan(1 + MARGIN_SECONDS);
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
      // A body that takes twice the deadline, at 1.5 KB/s (above the minimum rate): the head was on time.
      OutputStream out = s.getOutputStream();
      out.write("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 3000\r\n\r\n"
          .getBytes(StandardCharsets.US_ASCII));
      byte[] body = ("{\"opponent\":\"friend\"" + " ".repeat(3000 - 21) + "}").getBytes(StandardCharsets.US_ASCII);
      for (int at = 0; at < body.length; at += 300) {
        out.write(body, at, Math.min(300, body.length - at));
        out.flush();
        Thread.sleep(200);
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
