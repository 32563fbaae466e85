package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.WebServer;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Slow and numerous HTTP clients (a slowloris) cannot take the server's threads or file
 * descriptors: bodies dribbled byte by byte are read a few at a time (the rest refused at once),
 * connections per address are capped, and another client is answered at once all along.
 * Real sockets from distinct loopback addresses (127.0.0.x).
 */
public class SlowlorisTest {
  @TempDir Path dir;

  public static Socket open(String from, int port) throws IOException {
    Socket s = new Socket();
    s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
    s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
    s.setSoTimeout(5000);
    return s;
  }

  /**
   * A POST announcing 1,000 bytes of body and sending 64. (Jetty checks the 1 KB/s rate from the
   * first byte read, at each read: with a single byte sent, a reading thread descheduled 2 ms on
   * a loaded machine ended the body at once, and the test failed by chance.)
   */
  public static Socket slowBody(String from, int port) throws IOException {
    Socket s = open(from, port);
    s.getOutputStream().write(("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + "Content-Length: 1000\r\n\r\n{" + " ".repeat(63)).getBytes(StandardCharsets.US_ASCII));
    s.getOutputStream().flush();
    return s;
  }

  /** The status line of a GET from {@code from}, or "" when the server closed the connection unanswered. */
  static String get(String from, int port, String path) throws IOException {
    try (Socket s = open(from, port)) {
      s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      return statusLine(s);
    } catch (java.net.SocketException e) {
      return ""; // reset: closed by the server
    }
  }

  public static String statusLine(Socket s) throws IOException {
    InputStream in = s.getInputStream();
    StringBuilder b = new StringBuilder();
    for (int c; (c = in.read()) >= 0 && c != '\r'; ) b.append((char) c);
    return b.toString();
  }

  /** The status line if the server answered within {@code millis}, else null (still waiting for the body). */
  public static String answerWithin(Socket s, int millis) throws IOException {
    s.setSoTimeout(millis);
    try {
      return statusLine(s);
    } catch (SocketTimeoutException e) {
      return null;
    }
  }

  /**
   * Waits until {@code expected} of {@code sockets} are answered, each {@code 429}, and returns
   * the others (their bodies being read). Refusals are awaited, not given a window: a loaded
   * machine took over a second to answer some. 15 s bounds the wait; a body being read is
   * answered only when more of it comes or at the idle timeout (30 s by default).
   */
  public static List<Socket> awaitRefusals(List<Socket> sockets, int expected) throws IOException, InterruptedException {
    List<Socket> waiting = new ArrayList<>(sockets);
    int refused = 0;
    long deadline = System.nanoTime() + 15_000_000_000L;
    while (refused < expected && System.nanoTime() < deadline) {
      for (java.util.Iterator<Socket> it = waiting.iterator(); it.hasNext(); ) {
        Socket s = it.next();
        if (s.getInputStream().available() > 0) {
          s.setSoTimeout(5000);
          assertThat(statusLine(s)).as("an answer before the body").contains("429");
          it.remove();
          refused++;
        }
      }
      if (refused < expected) Thread.sleep(10);
    }
    assertThat(refused).as("refused of %d, within 15 s", sockets.size()).isEqualTo(expected);
    // None more: a refusal goes out as soon as the request's head is read, so one more would be
    // there by now, or very nearly (a later one is missed, never a flake).
    Thread.sleep(200);
    for (Socket s : waiting) assertThat(s.getInputStream().available()).as("a body still being read was answered").isZero();
    return waiting;
  }

  @Test
  void bodiesDribbledByteByByteNeitherFreezeTheServerNorOutliveTheirConnections() throws Exception {
    // Jetty's idle timeout at 5 min: the bodies read here are ended only by their slowness, never
    // by the idle timeout however slowly a loaded machine runs the test.
    WebServer.Options options = WebServer.Options.defaults().httpIdle(java.time.Duration.ofMinutes(5));
    try (TestServer server = new TestServer(Database.sqlite(dir), 0, options)) {
      int port = server.port();
      List<Socket> slow = new ArrayList<>();
      try {
        // One address: 4 bodies are read at once, the 5th on is refused at once, unread.
        for (int i = 0; i < 20; i++) slow.add(slowBody("127.0.0.1", port));
        List<Socket> read = awaitRefusals(slow, 20 - HttpGuard.BODIES_PER_ADDRESS);
        Socket dribbler = read.get(0);
        // Many addresses: at most 48 bodies are read at once in all (the 4 of 127.0.0.1 among them).
        for (int i = 0; i < 70; i++) slow.add(slowBody("127.0.1." + (i + 2), port));
        long start = System.nanoTime();
        assertThat(get("127.0.0.1", port, "/healthz")).contains("200");
        assertThat(get("127.0.2.1", port, "/api/games/nope")).contains("404");
        // A server frozen by the bodies would answer only once they end (the idle timeout, 5 min
        // here): 10 s tells that from a loaded machine.
        assertThat((System.nanoTime() - start) / 1e9).as("seconds to answer others").isLessThan(10.0);
        awaitRefusals(slow.subList(20, 90), 70 - (HttpGuard.BODIES - HttpGuard.BODIES_PER_ADDRESS));
        // A body that goes on too slowly is ended (408, too-slow), not waited for: past 1.1 s,
        // 65 bytes are under 1 KB/s whenever the next byte comes.
        Thread.sleep(1100);
        dribbler.getOutputStream().write(' ');
        String ended = answerWithin(dribbler, 15_000);
        assertThat(ended).contains("408");
      } finally {
        for (Socket s : slow) s.close();
      }
      // Nothing kept for the addresses once their connections are gone.
      long deadline = System.currentTimeMillis() + 15_000;
      while (server.web.holdings().get("httpAddresses") > 0 && System.currentTimeMillis() < deadline) Thread.sleep(50);
      assertThat(server.web.holdings().get("httpAddresses")).isZero();
    }
  }

  /** Waits until the server counts {@code n} connections from {@code address} (fails after 15 s). */
  private static void awaitCounted(TestServer server, String address, int n) throws InterruptedException {
    long deadline = System.nanoTime() + 15_000_000_000L;
    while (server.web.connectionsFrom(address) != n && System.nanoTime() < deadline) Thread.sleep(10);
    assertThat(server.web.connectionsFrom(address)).as("connections the server counts from %s", address).isEqualTo(n);
  }

  @Test
  void connectionsPastTheLimitPerAddressAreClosedAndOtherAddressesAreServed() throws Exception {
    Limits limits = Limits.defaults().connections(10, 10_000);
    try (TestServer server = TestServer.sqlite(dir, 0, limits)) {
      int port = server.port();
      List<Socket> idle = new ArrayList<>();
      try {
        for (int i = 0; i < 10; i++) idle.add(open("127.0.0.1", port));
        awaitCounted(server, "127.0.0.1", 10); // not a sleep: a loaded machine counts them late
        assertThat(get("127.0.0.1", port, "/healthz")).as("the 11th connection of the address").isEmpty();
        assertThat(get("127.0.0.3", port, "/healthz")).contains("200");
      } finally {
        for (Socket s : idle) s.close();
      }
      awaitCounted(server, "127.0.0.1", 0);
      assertThat(get("127.0.0.1", port, "/healthz")).as("once its connections closed, the address is served again").contains("200");
    }
  }

  @Test
  void aChunkedBodyThatNeverEndsIsCutAtTheSizeLimitNotReadIntoMemory() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 0); Socket s = open("127.0.0.1", server.port())) {
      s.getOutputStream().write(("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
          + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      byte[] chunk = ("4000\r\n" + " ".repeat(0x4000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
      try {
        for (int i = 0; i < 64; i++) s.getOutputStream().write(chunk); // 1 MB, and no last chunk
      } catch (java.net.SocketException closedByServer) {
        // refused before the end: fine
      }
      assertThat(answerWithin(s, 5000)).contains("413");
    }
  }
}
