package org.jacquet.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import org.jacquet.server.WebServer;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sockets that do not speak the protocol, on real sockets: one that never says hello is told so
 * and closed within the bound (not kept for the 30-minute idle timeout), and a binary frame is
 * answered with an error as a bad text message is, counted against the message rate.
 */
class SilentAndBinarySocketsTest {
  @TempDir Path dir;

  private static String newGame(TestServer server) throws Exception {
    return WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}").get("id").asText();
  }

  /** The next text frame as JSON, skipping nothing: a close frame fails the test. */
  private static JsonNode nextMessage(RawWebSocket ws) throws Exception {
    RawWebSocket.Frame f = ws.next(5000);
    assertThat(f.opcode()).as("a text frame, not %s", f.text()).isEqualTo(1);
    return WsClient.JSON.readTree(f.text());
  }

  @Test
  void aSocketThatNeverSaysHelloIsToldAndClosedWithinTheBound() throws Exception {
    WebServer.Options options = WebServer.Options.defaults().helloWithin(Duration.ofMillis(700));
    try (TestServer server = new TestServer(Database.sqlite(dir), 0, options)) {
      String id = newGame(server);
      try (RawWebSocket silent = new RawWebSocket("127.0.0.1", server.port(), "/ws/" + id, 65536);
          RawWebSocket polite = new RawWebSocket("127.0.0.1", server.port(), "/ws/" + id, 65536)) {
        polite.send("{\"type\":\"hello\"}");
        assertThat(nextMessage(polite).get("type").asText()).isEqualTo("state");
        long start = System.nanoTime();
        JsonNode told = nextMessage(silent);
        assertThat(told.get("type").asText()).isEqualTo("error");
        assertThat(told.get("code").asText()).isEqualTo("no-hello");
        assertThat(told.get("params").get("seconds").asInt()).isEqualTo(1);
        RawWebSocket.Frame close = silent.next(5000);
        assertThat(close.closeCode()).isEqualTo(Connection.NO_HELLO);
        assertThat(close.text()).isEqualTo("no-hello");
        // Told at 0.7 s, cut 2 s after the close; without the bound the socket would be kept
        // until its idle timeout (30 min): 10 s tells the two apart on a loaded machine, where
        // 3 s (and 4 s for the cut, 2 s past it) measured the machine.
        assertThat((System.nanoTime() - start) / 1e9).as("seconds after the first frame").isLessThan(10);
        assertThat(silent.cutByServer(10_000)).as("cut even though it never answers the close").isTrue();
        // The socket that said hello stays, past the bound.
        Thread.sleep(800);
        polite.send("{\"type\":\"ping\"}");
        assertThat(nextMessage(polite).get("type").asText()).isEqualTo("pong");
      }
      long deadline = System.currentTimeMillis() + 5000;
      while (server.web.holdings().get("connections") > 0 && System.currentTimeMillis() < deadline) Thread.sleep(50);
      assertThat(server.web.holdings().get("connections")).as("nothing kept for closed sockets").isZero();
    }
  }

  @Test
  void aSocketClosedBeforeItsBoundIsForgottenWithoutALogLine() throws Exception {
    int port = ServerProcess.freePort();
    try (ServerProcess server = ServerProcess.start(port, "--data", dir.toString(), "--hello-seconds", "1")) {
      String id = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}").get("id").asText();
      for (int i = 0; i < 5; i++) new RawWebSocket("127.0.0.1", port, "/ws/" + id, 65536).close(); // gone at once
      try (RawWebSocket silent = new RawWebSocket("127.0.0.1", port, "/ws/" + id, 65536)) {
        assertThat(nextMessage(silent).get("code").asText()).isEqualTo("no-hello");
        assertThat(silent.next(5000).closeCode()).isEqualTo(Connection.NO_HELLO);
      }
      Thread.sleep(500);
      server.stop();
      assertThat(server.lines).as("server log").noneMatch(l -> l.contains("failed") || l.contains("Exception"));
    }
  }

  @Test
  void aBinaryFrameIsAnsweredWithAnErrorAndTheSocketGoesOn() throws Exception {
    Limits limits = new Limits(30, 20, 60, 16, 5, 64, 200, 128 * 1024);
    try (TestServer server = new TestServer(Database.sqlite(dir), 0, new WebServer.Options(limits, java.util.List.of(), false))) {
      String id = newGame(server);
      try (RawWebSocket ws = new RawWebSocket("127.0.0.1", server.port(), "/ws/" + id, 65536)) {
        ws.sendBinary(new byte[] {0, 1, 2, (byte) 0xFF});
        JsonNode e = nextMessage(ws);
        assertThat(e.get("type").asText()).isEqualTo("error");
        assertThat(e.get("code").asText()).isEqualTo("malformed");
        assertThat(e.get("params").get("frame").asText()).isEqualTo("binary");
        assertThat(e.get("message").asText()).isNotBlank();
        ws.send("{\"type\":\"hello\"}");
        assertThat(nextMessage(ws).get("type").asText()).isEqualTo("state");
        // Binary frames count against the message rate like any other message.
        for (int i = 0; i < 10; i++) ws.sendBinary(new byte[] {1});
        boolean limited = false;
        for (int i = 0; i < 10 && !limited; i++) limited = nextMessage(ws).path("code").asText().equals("too-many");
        assertThat(limited).as("refused past the rate").isTrue();
      }
      // A binary frame past the size limit closes the socket (1009), as a text one does.
      try (RawWebSocket big = new RawWebSocket("127.0.0.1", server.port(), "/ws/" + id, 65536)) {
        big.sendBinary(new byte[20_000]);
        assertThat(big.closedByServer(5000)).isTrue();
      }
    }
  }
}
