package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
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

  /**
   * Reads, from the sockets already answered, answers until at least {@code busy} of them are
   * refusals (15 s at most), and returns every answer read by socket. The analyses are held
   * meanwhile, so an answer this early can only be a refusal: "some are busy" no longer depends
   * on analyses outlasting the arrival of the requests (on a loaded machine they did not).
   */
  private static Map<Socket, String> awaitBusy(List<Socket> asking, int busy) throws Exception {
    Map<Socket, String> answers = new HashMap<>();
    long deadline = System.nanoTime() + 15_000_000_000L;
    while (answers.size() < busy && System.nanoTime() < deadline) {
      for (Socket s : asking) {
        if (!answers.containsKey(s) && s.getInputStream().available() > 0) {
          s.setSoTimeout(5000);
          String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
          assertThat(answer).as("answered while every analysis is held").contains("\"busy\"");
          answers.put(s, answer);
        }
      }
      Thread.sleep(10);
    }
    assertThat(answers).as("refused busy at once, of %d", asking.size()).hasSizeGreaterThanOrEqualTo(busy);
    return answers;
  }

  /** The answers of the sockets not answered yet, read to their end. */
  private static void readTheRest(List<Socket> asking, Map<Socket, String> answers) throws Exception {
    for (Socket s : asking) {
      if (answers.containsKey(s)) continue;
      s.setSoTimeout(60_000);
      answers.put(s, new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @Test
  void analysesPastThePoolAndItsQueueAreRefusedBusy() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      CountDownLatch release = new CountDownLatch(1);
      server.games.holdAnalysesForTests(release);
      List<Socket> asking = new ArrayList<>();
      try {
        for (int i = 0; i < 40; i++) {
          Socket s = SlowlorisTest.open("127.0.3." + (i + 2), server.port());
          s.getOutputStream().write(("GET /api/analyse?dice=6-5&position=_38gAAD_fwAAAA HTTP/1.1\r\nHost: x\r\n"
              + "Accept-Language: fr\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
          asking.add(s);
        }
        // At most 4 threads and a queue of 16 hold 20 analyses: the other 20 at least are refused.
        Map<Socket, String> answers;
        try {
          answers = awaitBusy(asking, 40 - 4 - 16);
        } finally {
          release.countDown();
        }
        readTheRest(asking, answers);
        int busy = 0;
        int answered = 0;
        for (String answer : answers.values()) {
          if (answer.startsWith("HTTP/1.1 200")) {
            assertThat(answer).contains("\"plays\"");
            answered++;
          } else {
            assertThat(answer).contains("\"busy\"").contains("réessayez");
            busy++;
          }
        }
        assertThat(busy).as("refused past the pool and its queue of 16").isGreaterThanOrEqualTo(40 - 4 - 16);
        assertThat(answered).as("the pool's share answered").isPositive();
      } finally {
        release.countDown();
        for (Socket s : asking) s.close();
      }
    }
  }

  @Test
  void oneAddressHasOneAnalysisAtATime() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      CountDownLatch release = new CountDownLatch(1);
      server.games.holdAnalysesForTests(release);
      List<Socket> asking = new ArrayList<>();
      try {
        String[] dice = {"6-5", "6-4", "6-3", "6-2", "5-4", "5-3", "4-3", "4-2"};
        for (String d : dice) {
          Socket s = SlowlorisTest.open("127.0.4.2", server.port());
          s.getOutputStream().write(("GET /api/analyse?dice=" + d + "&position=_38gAAD_fwAAAA HTTP/1.1\r\nHost: x\r\n"
              + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
          asking.add(s);
        }
        // Whichever came first is held; the 7 others asked while it ran.
        Map<Socket, String> answers;
        try {
          answers = awaitBusy(asking, dice.length - 1);
        } finally {
          release.countDown();
        }
        readTheRest(asking, answers);
        assertThat(answers.values()).as("the one that ran").filteredOn(a -> a.startsWith("HTTP/1.1 200")).hasSize(1);
      } finally {
        release.countDown();
        for (Socket s : asking) s.close();
      }
    }
  }
}
