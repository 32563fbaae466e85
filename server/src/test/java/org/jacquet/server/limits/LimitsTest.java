package org.jacquet.server.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jacquet.server.WebServer;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each limit refuses past its threshold, naming itself, and serves again after it. The rates
 * refill by the test's own clock, moved on by hand: with the real one, a loaded machine let a
 * bucket refill between two requests meant to come within its window.
 */
class LimitsTest {
  @TempDir Path dir;
  TestServer server;
  /** The rates' clock (ns): still unless a test moves it on. */
  final AtomicLong now = new AtomicLong();

  @BeforeEach
  void start() {
    // Small limits, and the per-minute rates counted over 2 s.
    Limits small = new Limits(3, 2, 2, 16, 5, 4, 2, 128 * 1024).window(2);
    server = server(dir, small);
  }

  /** A server on {@code dir} whose rates refill by {@link #now}. */
  TestServer server(Path dir, Limits limits) {
    return new TestServer(Database.sqlite(dir), 20, new WebServer.Options(limits, List.of(), false).rateClock(now::get));
  }

  /** Moves the rates' clock on by {@code millis}. */
  void later(long millis) {
    now.addAndGet(millis * 1_000_000L);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static HttpResponse<String> post(String url, String body) throws Exception {
    return WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(body))
        .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
  }

  static HttpResponse<String> get(String url) throws Exception {
    return WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  static void assertLimit(HttpResponse<String> r, String limit) throws Exception {
    assertThat(r.statusCode()).isEqualTo(429);
    JsonNode body = WsClient.JSON.readTree(r.body());
    assertThat(body.get("code").asText()).isEqualTo("too-many");
    assertThat(body.get("params").get("limit").asText()).isEqualTo(limit);
    assertThat(body.get("message").asText()).contains(limit);
    assertThat(r.headers().firstValue("Retry-After")).as("when to ask again").hasValueSatisfying(s -> assertThat(Integer.parseInt(s)).isPositive());
  }

  @Test
  void gameCreationIsLimitedPerAddressAndServesAgainAfterTheWindow() throws Exception {
    for (int i = 0; i < 3; i++) assertThat(post(server.url("/api/games"), "{\"opponent\":\"friend\"}").statusCode()).isEqualTo(201);
    assertLimit(post(server.url("/api/games"), "{\"opponent\":\"friend\"}"), "games");
    // 3 per 2 s: one more after 2/3 s, not before.
    later(600);
    assertLimit(post(server.url("/api/games"), "{\"opponent\":\"friend\"}"), "games");
    later(100);
    assertThat(post(server.url("/api/games"), "{\"opponent\":\"friend\"}").statusCode()).isEqualTo(201);
  }

  @Test
  void analysesAreLimitedPerAddress() throws Exception {
    String q = server.url("/api/analyse?dice=6-5&position=_38gAAD_fwAAAA");
    // 2 per 2 s, however long the first analysis takes (the networks load): the clock is still.
    assertThat(get(q).statusCode()).isEqualTo(200);
    assertThat(get(q).statusCode()).isEqualTo(200);
    assertLimit(get(q), "analyses");
    later(1000);
    assertThat(get(q).statusCode()).isEqualTo(200);
  }

  /**
   * The chat's limit is what the docs say, 5 lines in any 10 s (issue 31, item 12: a bucket let
   * 11 of 28 lines through at one every 0.5 s, a burst of 5 then one every 2 s): 28 lines, one
   * every half second by the rates' clock, and no 10 s holds more than 5 of those taken.
   */
  @Test
  void theChatTakesFiveLinesInAnyTenSecondsAsDocumented() throws Exception {
    JsonNode c = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}");
    try (WsClient w = new WsClient(server.url(""), c.get("id").asText())) {
      w.send("{\"type\":\"hello\",\"token\":\"" + c.get("token").asText() + "\"}");
      w.nextSeatedState();
      List<Long> taken = new ArrayList<>();
      for (int i = 0; i < 28; i++) {
        w.send("{\"type\":\"chat\",\"text\":\"line " + i + "\"}");
        String line = "line " + i;
        JsonNode answer = w.next(m -> m.path("type").asText().equals("error")
            || (m.path("type").asText().equals("chat") && m.at("/lines/0/text").asText().equals(line)));
        if (answer.path("type").asText().equals("chat")) taken.add(i * 500L);
        else assertThat(answer.at("/params/limit").asText()).isEqualTo("chat");
        later(500);
      }
      // The docs' words: 5 from the start, then none until 10 s after the first, then 5 again.
      assertThat(taken).containsExactly(0L, 500L, 1000L, 1500L, 2000L, 10_000L, 10_500L, 11_000L, 11_500L, 12_000L);
      for (long from : taken) {
        assertThat(taken.stream().filter(t -> t >= from && t < from + 10_000).count()).as("lines taken in the 10 s from %d ms", from).isLessThanOrEqualTo(5);
      }
    }
  }

  @Test
  void reviewsAreLimitedButAskingAgainForTheSameReviewIsFree() throws Exception {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      JsonNode c = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\",\"position\":\"white=24:15 black=1:15 turn=white\"}");
      ids.add(c.get("id").asText());
      try (WsClient w = new WsClient(server.url(""), c.get("id").asText())) {
        w.send("{\"type\":\"hello\",\"token\":\"" + c.get("token").asText() + "\"}");
        w.nextSeatedState();
        w.send("{\"type\":\"resign\"}");
        w.next(m -> m.path("type").asText().equals("ok"));
      }
    }
    assertThat(get(server.url("/api/games/" + ids.get(0) + "/review")).statusCode()).isEqualTo(200);
    assertThat(get(server.url("/api/games/" + ids.get(1) + "/review")).statusCode()).isEqualTo(200);
    assertLimit(get(server.url("/api/games/" + ids.get(2) + "/review")), "reviews");
    for (int i = 0; i < 5; i++) assertThat(get(server.url("/api/games/" + ids.get(0) + "/review")).statusCode()).isEqualTo(200);
    later(1000);
    assertThat(get(server.url("/api/games/" + ids.get(2) + "/review")).statusCode()).isEqualTo(200);
  }

  @Test
  void messagesPerSocketSocketsPerAddressAndSpectatorsPerGameAreLimited() throws Exception {
    JsonNode c = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}");
    String id = c.get("id").asText();
    try (WsClient w = new WsClient(server.url(""), id); WsClient s1 = new WsClient(server.url(""), id)) {
      w.send("{\"type\":\"hello\",\"token\":\"" + c.get("token").asText() + "\"}");
      w.nextSeatedState();
      // Messages: 5 per second per socket, the hello among them; each ping answered, pong or refusal.
      for (int i = 0; i < 8; i++) w.send("{\"type\":\"ping\"}");
      int pongs = 0;
      for (int i = 0; i < 8; i++) {
        JsonNode m = w.next(x -> x.path("type").asText().equals("pong") || x.path("type").asText().equals("error"));
        if (m.path("type").asText().equals("pong")) {
          pongs++;
        } else {
          assertThat(m.get("code").asText()).isEqualTo("too-many");
          assertThat(m.get("params").get("limit").asText()).isEqualTo("messages");
        }
      }
      assertThat(pongs).as("pings served within the rate, after the hello").isEqualTo(4);
      later(1000);
      w.send("{\"type\":\"ping\"}");
      assertThat(w.next(m -> m.path("type").asText().equals("pong") || m.path("type").asText().equals("error"))
          .path("type").asText()).isEqualTo("pong");

      // Spectators: 2 per game; the third is refused, a player still gets in.
      s1.send("{\"type\":\"hello\"}");
      s1.nextState();
      try (WsClient s2 = new WsClient(server.url(""), id)) {
        s2.send("{\"type\":\"hello\"}");
        s2.nextState();
        try (WsClient s3 = new WsClient(server.url(""), id)) {
          s3.send("{\"type\":\"hello\"}");
          JsonNode full = s3.nextError();
          assertThat(full.get("params").get("limit").asText()).isEqualTo("spectators");
        }
        // Sockets: 4 per address (w, s1, s2 and, once the refused spectator is gone, b): a fifth is refused.
        WsClient b = null;
        JsonNode seatedState = null;
        for (int i = 0; i < 20 && b == null; i++) {
          WsClient tried = new WsClient(server.url(""), id);
          try {
            tried.send("{\"type\":\"hello\",\"token\":\"" + c.get("inviteToken").asText() + "\"}");
            JsonNode answer = tried.next(m -> m.path("type").asText().equals("error")
                || m.path("type").asText().equals("state") && !m.path("you").isNull());
            if (answer.path("type").asText().equals("state")) {
              b = tried;
              seatedState = answer;
            }
          } catch (java.util.concurrent.CompletionException refusedBeforeHello) {
            // the socket was refused (and closed) before the hello could go
          }
          if (b == null) {
            tried.close();
            Thread.sleep(250);
          }
        }
        assertThat(b).isNotNull();
        try (WsClient seated = b) {
          // Seated over the spectator limit: a player always gets in.
          assertThat(seatedState.get("you").asText()).isEqualTo("black");
          try (WsClient fifth = new WsClient(server.url(""), id)) {
            assertThat(fifth.nextError().get("params").get("limit").asText()).isEqualTo("sockets");
          }
        }
      }
      // Once some left (their close handshakes take a moment), it serves again.
      JsonNode served = null;
      for (int i = 0; i < 20 && served == null; i++) {
        Thread.sleep(250);
        try (WsClient again = new WsClient(server.url(""), id)) {
          try {
            again.send("{\"type\":\"hello\"}");
          } catch (java.util.concurrent.CompletionException closedBeforeHello) {
            continue; // closed before the hello could go: still over the limit
          }
          JsonNode first = again.next(m -> true);
          if (first.path("type").asText().equals("state")) served = first;
        }
      }
      assertThat(served).isNotNull();
      assertThat(served.path("id").asText()).isEqualTo(id);
    }
  }

  /** A socket to game {@code id} that says hello: its state, or the refusal it got instead. */
  static JsonNode visit(TestServer server, String id) throws Exception {
    try (WsClient w = new WsClient(server.url(""), id)) {
      try {
        w.send("{\"type\":\"hello\"}");
      } catch (java.util.concurrent.CompletionException closedBeforeHello) {
        // refused and closed at once: its error came first
      }
      return w.next(m -> m.path("type").asText().equals("state") || m.path("type").asText().equals("error"));
    }
  }

  @Test
  void socketsOpenedPerAddressAreLimitedAndServeAgainAfterTheWindow() throws Exception {
    Limits base = new Limits(30, 20, 60, 16, 20, 64, 200, 128 * 1024);
    // 5 sockets opened per 10 s: a burst of 5, then one more every 2 s.
    try (TestServer few = server(dir.resolve("connects"), base.window(10).connects(5))) {
      String id = WsClient.post(few.url("/api/games"), "{\"opponent\":\"friend\"}").get("id").asText();
      int served = 0;
      JsonNode refused = null;
      for (int i = 0; i < 12 && refused == null; i++) {
        JsonNode answer = visit(few, id);
        if (answer.path("type").asText().equals("state")) served++;
        else refused = answer;
      }
      assertThat(served).as("sockets served before the refusal").isEqualTo(5);
      assertThat(refused).isNotNull();
      assertThat(refused.get("code").asText()).isEqualTo("too-many");
      assertThat(refused.get("params").get("limit").asText()).isEqualTo("connects");
      assertThat(refused.get("params").get("max").asInt()).isEqualTo(5);
      later(1900);
      assertThat(visit(few, id).path("code").asText()).as("within 2 s").isEqualTo("too-many");
      later(100);
      assertThat(visit(few, id).path("type").asText()).isEqualTo("state");
    }
    // Counted before anything is looked up: a loop over unknown games is refused just the same.
    try (TestServer one = server(dir.resolve("one"), base.connects(1))) {
      assertThat(visit(one, "nosuchgame").path("code").asText()).isEqualTo("no-game");
      JsonNode again = visit(one, "nosuchgame");
      assertThat(again.path("code").asText()).isEqualTo("too-many");
      assertThat(again.path("params").path("limit").asText()).isEqualTo("connects");
    }
  }
}
