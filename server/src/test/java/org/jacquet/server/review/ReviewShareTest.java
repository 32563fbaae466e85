package org.jacquet.server.review;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.jacquet.server.http.SlowlorisTest;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One address cannot fill the review queue: with the review worker held (so every review
 * waits, however fast the machine), an address past its share is refused {@code too-many}
 * {@code review-share}, and another address is still accepted. Real sockets from two loopback
 * addresses.
 */
class ReviewShareTest {
  @TempDir Path dir;

  @Test
  @Timeout(120)
  void anAddressPastItsShareIsRefusedAndAnotherAddressIsStillAccepted() throws Exception {
    Limits limits = Limits.defaults();
    int share = limits.reviewShare();
    try (TestServer server = TestServer.sqlite(dir, 0, limits)) {
      List<String> games = new ArrayList<>();
      for (int i = 0; i < share + 2; i++) games.add(finishedGame(server));
      Reviews reviews = server.web.reviewsForTests();
      CountDownLatch release = new CountDownLatch(1);
      reviews.holdWorkerForTests(release);
      try {
        for (int i = 0; i < share; i++) assertThat(review(server, "127.0.7.2", games.get(i))).startsWith("HTTP/1.1 200");
        String refused = review(server, "127.0.7.2", games.get(share));
        assertThat(refused).startsWith("HTTP/1.1 429").contains("Retry-After: ");
        JsonNode body = WsClient.JSON.readTree(refused.substring(refused.indexOf("\r\n\r\n") + 4));
        assertThat(body.get("code").asText()).isEqualTo("too-many");
        assertThat(body.get("params").get("limit").asText()).isEqualTo("review-share");
        assertThat(body.get("message").asText()).as("worded in the client's language").contains("Trop de demandes (vos analyses de partie en attente)");
        assertThat(review(server, "127.0.7.3", games.get(share + 1))).as("another address").startsWith("HTTP/1.1 200");
        assertThat(reviews.addressesInFlight()).isEqualTo(2);
      } finally {
        release.countDown();
      }
      // The reviews done, the address has its share again, and no count of it is kept.
      for (int i = 0; i < share; i++) {
        while (!review(server, "127.0.7.2", games.get(i)).contains("\"ready\":true")) Thread.sleep(50); // polled as the page does
      }
      assertThat(review(server, "127.0.7.2", games.get(share))).startsWith("HTTP/1.1 200");
      while (reviews.addressesInFlight() > 0) Thread.sleep(10); // the last count goes just after its result
    }
  }

  /** A game made and resigned at once (its review is short, but waits behind the held worker all the same). */
  private static String finishedGame(TestServer server) throws Exception {
    JsonNode c = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\",\"position\":\"white=24:15 black=1:15 turn=white\"}");
    try (WsClient w = new WsClient(server.url(""), c.get("id").asText())) {
      w.send("{\"type\":\"hello\",\"token\":\"" + c.get("token").asText() + "\"}");
      w.nextSeatedState();
      w.send("{\"type\":\"resign\"}");
      w.next(m -> m.path("type").asText().equals("ok"));
    }
    return c.get("id").asText();
  }

  /** The whole answer to a review request sent from the loopback address {@code from}. */
  private static String review(TestServer server, String from, String id) throws Exception {
    try (Socket s = SlowlorisTest.open(from, server.port())) {
      s.getOutputStream().write(("GET /api/games/" + id + "/review HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\n"
          + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      s.setSoTimeout(30_000);
      return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
