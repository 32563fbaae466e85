package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /api/analyse} runs on the analyses' bounded pool, not on request threads: 40 addresses
 * asking at once are not all computed at once, those past the queue are refused {@code busy}
 * (worded), and the others answered. Real sockets from distinct loopback addresses.
 */
class AnalysisBoundTest {
  @TempDir Path dir;

  @Test
  void analysesPastThePoolAndItsQueueAreRefusedBusy() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      List<Socket> asking = new ArrayList<>();
      try {
        for (int i = 0; i < 40; i++) {
          Socket s = SlowlorisTest.open("127.0.3." + (i + 2), server.port());
          s.getOutputStream().write(("GET /api/analyse?dice=6-5&position=_38gAAD_fwAAAA HTTP/1.1\r\nHost: x\r\n"
              + "Accept-Language: fr\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
          asking.add(s);
        }
        int busy = 0;
        int answered = 0;
        for (Socket s : asking) {
          s.setSoTimeout(60_000);
          String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
          if (answer.startsWith("HTTP/1.1 200")) {
            assertThat(answer).contains("\"plays\"");
            answered++;
          } else {
            assertThat(answer).contains("\"busy\"").contains("réessayez");
            busy++;
          }
        }
        assertThat(busy).as("refused past the pool and its queue of 16").isPositive();
        assertThat(answered).as("the pool's share answered").isPositive();
      } finally {
        for (Socket s : asking) s.close();
      }
    }
  }

  @Test
  void oneAddressHasOneAnalysisAtATime() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      List<Socket> asking = new ArrayList<>();
      try {
        String[] dice = {"6-5", "6-4", "6-3", "6-2", "5-4", "5-3", "4-3", "4-2"};
        for (String d : dice) {
          Socket s = SlowlorisTest.open("127.0.4.2", server.port());
          s.getOutputStream().write(("GET /api/analyse?dice=" + d + "&position=_38gAAD_fwAAAA HTTP/1.1\r\nHost: x\r\n"
              + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
          asking.add(s);
        }
        int busy = 0;
        for (Socket s : asking) {
          s.setSoTimeout(60_000);
          String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
          if (!answer.startsWith("HTTP/1.1 200")) {
            assertThat(answer).contains("\"busy\"");
            busy++;
          }
        }
        assertThat(busy).as("asked while another of the address ran").isPositive();
      } finally {
        for (Socket s : asking) s.close();
      }
    }
  }
}
