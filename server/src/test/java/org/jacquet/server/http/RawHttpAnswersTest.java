package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jacquet.server.WebServer;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a client that does not speak HTTP well gets, over raw sockets: every answer is the
 * project's JSON refusal (code, params, message) with the security headers, also when Jetty
 * answers on its own (a request its parser refuses, a body that never comes), and HEAD answers
 * as GET does, without the body.
 */
class RawHttpAnswersTest {
  @TempDir Path dir;

  /** An answer read off the wire: status, headers (lower-case names) and body. */
  record Answer(int status, Map<String, String> headers, String body) {
    JsonNode json() throws IOException {
      return WsClient.JSON.readTree(body);
    }
  }

  /** Sends {@code request} as bytes and reads the answer until the server closes (or {@code millis} pass). */
  static Answer exchange(int port, byte[] request, int millis) throws IOException {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(millis);
      s.getOutputStream().write(request);
      s.getOutputStream().flush();
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      InputStream in = s.getInputStream();
      byte[] buf = new byte[8192];
      try {
        for (int n; (n = in.read(buf)) > 0; ) all.write(buf, 0, n);
      } catch (SocketTimeoutException | java.net.SocketException e) {
        // what came is what there is
      }
      return parse(all.toString(StandardCharsets.ISO_8859_1));
    }
  }

  static Answer exchange(int port, String request) throws IOException {
    return exchange(port, request.getBytes(StandardCharsets.ISO_8859_1), 5000);
  }

  private static Answer parse(String raw) {
    int end = raw.indexOf("\r\n\r\n");
    assertThat(end).as("an HTTP answer: %s", raw).isPositive();
    String[] lines = raw.substring(0, end).split("\r\n");
    Map<String, String> headers = new java.util.TreeMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers.put(lines[i].substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT), lines[i].substring(colon + 1).trim());
    }
    return new Answer(Integer.parseInt(lines[0].split(" ")[1]), headers, raw.substring(end + 4));
  }

  /** A refusal as the protocol says: JSON in UTF-8, code + params + message, the security headers. */
  static String refusal(Answer a, int status) throws IOException {
    assertThat(a.status()).as(a.toString()).isEqualTo(status);
    assertThat(a.headers().get("content-type")).as(a.toString()).startsWith("application/json").containsIgnoringCase("charset=utf-8");
    assertThat(a.headers().get("content-security-policy")).isEqualTo(Headers.CSP);
    assertThat(a.headers().get("x-content-type-options")).isEqualTo("nosniff");
    JsonNode body = a.json();
    assertThat(body.path("code").asText()).as(a.toString()).isNotBlank();
    assertThat(body.path("params").isObject()).as(a.toString()).isTrue();
    assertThat(body.path("message").asText()).as(a.toString()).isNotBlank();
    return body.get("code").asText();
  }

  @Test
  void requestsTheHttpParserRefusesAreAnsweredAsJsonRefusals() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      int port = server.port();
      String tail = " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
      assertThat(refusal(exchange(port, "GARBAGE\r\n\r\n"), 400)).isEqualTo("bad-request");
      assertThat(refusal(exchange(port, "GET /a\u0000b" + tail), 400)).isEqualTo("bad-request");
      assertThat(refusal(exchange(port, "GET /%zz" + tail), 400)).isEqualTo("bad-request");
      assertThat(refusal(exchange(port, "GET /healthz HTTP/1.1\r\n\r\n"), 400)).isEqualTo("bad-request"); // no Host
      assertThat(refusal(exchange(port, "GET / HTTP/9.9\r\nHost: x\r\n\r\n"), 505)).isEqualTo("bad-request");
      assertThat(refusal(exchange(port, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n"), 400))
          .isEqualTo("bad-request");
      assertThat(refusal(exchange(port, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}"), 400))
          .isEqualTo("bad-request");
      assertThat(refusal(exchange(port, "POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n"), 400))
          .isEqualTo("bad-request");
      assertThat(refusal(exchange(port, "POST /api/games HTTP/1.1\r\nHost: x\r\nExpect: nonsense\r\nContent-Length: 2\r\n\r\n{}"), 417))
          .isEqualTo("bad-request");
      Answer uri = exchange(port, "GET /" + "a".repeat(9000) + tail);
      assertThat(refusal(uri, 414)).isEqualTo("too-large");
      assertThat(uri.json().get("params").get("what").asText()).isEqualTo("request-line");
      Answer headers = exchange(port, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(9000) + "\r\n\r\n");
      assertThat(refusal(headers, 431)).isEqualTo("too-large");
      assertThat(headers.json().get("params").get("max").asInt()).isEqualTo(8192);
      // A chunked body that is not chunked is the client's malformed request, not a body cut off
      // (it was answered 408 too-slow; before that, an empty 400 from Javalin).
      assertThat(refusal(exchange(port, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
          + "Transfer-Encoding: chunked\r\n\r\nzz\r\n"), 400)).isEqualTo("malformed");
      // And the server still answers.
      assertThat(exchange(port, "GET /healthz" + tail).status()).isEqualTo(200);
    }
  }

  @Test
  void malformedChunkedBodiesAreRefusedAsMalformedAtOnceNotAsBodiesCutOff() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      String head = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
      for (String body : List.of("zz\r\n{}\r\n0\r\n\r\n", "FFFFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n", "-2\r\n{}\r\n0\r\n\r\n",
          "2\r\n{}\r\n0\r\nX-Trailer: " + "a".repeat(20_000) + "\r\n\r\n")) {
        Answer a = exchange(server.port(), head + body);
        String shown = body.length() > 30 ? body.substring(0, 30) + "…" : body;
        assertThat(a.status()).as(shown + " → " + a).isEqualTo(400);
        assertThat(refusal(a, 400)).as(shown).isEqualTo("malformed");
        assertThat(a.headers().get("connection")).as(shown).isEqualTo("close");
      }
      // The server still answers.
      assertThat(exchange(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").status()).isEqualTo(200);
    }
  }

  @Test
  void aBodyThatNeverComesIsEndedWithAJsonRefusal() throws Exception {
    WebServer.Options options = WebServer.Options.defaults().httpIdle(Duration.ofMillis(800));
    try (TestServer server = new TestServer(Database.sqlite(dir), 0, options)) {
      for (String sent : List.of("", "{")) { // nothing of the body, or one byte of it
        long start = System.nanoTime();
        Answer a = exchange(server.port(), ("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Content-Length: 1000\r\n\r\n" + sent).getBytes(StandardCharsets.US_ASCII), 5000);
        assertThat(refusal(a, 408)).isEqualTo("too-slow");
        assertThat(a.headers().get("connection")).isEqualTo("close");
        assertThat((System.nanoTime() - start) / 1e9).as("seconds").isLessThan(4);
      }
    }
  }

  @Test
  void headAnswersAsGetDoesWithoutTheBody() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      JsonNode created = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}");
      String id = created.get("id").asText();
      for (String path : List.of("/api/games/nope", "/api/games/nope/record", "/api/games/nope/review", "/api/games/" + id,
          "/api/games/" + id + "/record", "/api/games/" + id + "/review", "/healthz", "/api/metrics?since=x", "/api/metrics",
          "/api/analyse", "/", "/game.html", "/no/such/page")) {
        Answer get = exchange(server.port(), "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        Answer head = exchange(server.port(), "HEAD " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(head.status()).as("HEAD " + path).isEqualTo(get.status());
        assertThat(head.body()).as("HEAD " + path).isEmpty();
        assertThat(head.headers().get("content-type")).as("HEAD " + path).isEqualTo(get.headers().get("content-type"));
      }
      assertThat(exchange(server.port(), "HEAD /api/games/nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").status())
          .isEqualTo(404);
    }
  }
}
