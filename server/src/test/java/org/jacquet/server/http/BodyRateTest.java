package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.FilterHolder;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Jetty's minimum body rate judges the client, not the server's reading thread: a small body
 * that has wholly arrived is read to its end however long the reader paused (a cold JVM loading
 * classes, a collection), while a body that dribbles is still ended. A real Jetty with the
 * {@link HttpGuard} filter and the server's rate, real sockets; the servlet reads as Javalin does
 * (to the end, -1), pausing where the server's thread may pause.
 */
class BodyRateTest {
  /** A pause of the reading thread, 5 times the 20 ms a 20-byte body is granted at 1 KB/s. */
  private static final long PAUSE_MILLIS = 100;

  private Server jetty;
  private int port;

  /** Reads the body byte by byte, pausing once all its declared bytes came, then reads its end. */
  private static final class PausingReader extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
      String outcome;
      try {
        InputStream in = req.getInputStream();
        int n = 0;
        while (n < req.getContentLength() && in.read() >= 0) n++;
        Thread.sleep(PAUSE_MILLIS); // the server's own pause, after the whole body came
        outcome = in.read() < 0 ? "read " + n : "more than declared";
      } catch (RuntimeException | IOException | InterruptedException e) {
        outcome = "failed " + e;
      }
      res.setStatus(200);
      res.setHeader("Connection", "close");
      res.getOutputStream().write(outcome.getBytes(StandardCharsets.UTF_8));
    }
  }

  @BeforeEach
  void start() throws Exception {
    jetty = new Server();
    HttpConfiguration config = new HttpConfiguration();
    config.setMinRequestDataRate(HttpGuard.MIN_BODY_RATE);
    ServerConnector connector = new ServerConnector(jetty, new HttpConnectionFactory(config));
    connector.setPort(0);
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    HttpGuard guard = new HttpGuard(100, false, HttpServletRequest::getRemoteAddr);
    context.addFilter(new FilterHolder(guard), "/*", EnumSet.of(jakarta.servlet.DispatcherType.REQUEST));
    context.addServlet(new ServletHolder(new PausingReader()), "/read");
    jetty.setHandler(context);
    jetty.start();
    port = connector.getLocalPort();
  }

  @AfterEach
  void stop() throws Exception {
    jetty.stop();
  }

  @Test
  void aSmallBodyWhollyArrivedIsReadToItsEndDespiteAPauseOfTheReader() throws IOException {
    String body = "{\"rules\":\"modern\"}"; // 18 bytes: 18 ms at 1 KB/s
    try (Socket s = SlowlorisTest.open("127.0.0.1", port)) {
      s.getOutputStream().write(("POST /read HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
          + body.length() + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
      String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(answer).startsWith("HTTP/1.1 200").endsWith("read " + body.length());
    }
  }

  @Test
  void aBodyThatDribblesIsStillEndedAsTooSlow() throws Exception {
    try (Socket s = SlowlorisTest.open("127.0.0.1", port)) {
      s.getOutputStream().write(("POST /read HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
          + "Content-Length: 1000\r\n\r\n{").getBytes(StandardCharsets.US_ASCII));
      s.getOutputStream().flush();
      // One more byte 1.1 s after the first: 2 bytes in 1.1 s, far under 1 KB/s, so Jetty's check at
      // the next read ends the body (the servlet tells what its read met).
      Thread.sleep(1100);
      s.getOutputStream().write(' ');
      s.getOutputStream().flush();
      String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(answer).contains("failed").contains("408");
    }
  }
}
