package org.jacquet.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server never trusts a client: every bad message is refused with its reason, changing nothing. */
class ProtocolTest {
  @TempDir Path dir;
  TestServer server;
  String id;
  String white;
  String black;

  @BeforeEach
  void start() throws Exception {
    server = TestServer.sqlite(dir, 20);
    JsonNode created = WsClient.post(server.url("/api/games"),
        "{\"opponent\":\"friend\",\"match\":1,\"position\":\"white=1:15 black=1:15 turn=white\"}");
    id = created.get("id").asText();
    white = created.get("token").asText();
    black = created.get("inviteToken").asText();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private int version() throws Exception {
    return WsClient.JSON.readTree(WsClient.get(server.url("/api/games/" + id))).get("version").asInt();
  }

  private String position() throws Exception {
    return WsClient.JSON.readTree(WsClient.get(server.url("/api/games/" + id))).get("position").get("text").asText();
  }

  /**
   * An action's {@code ok} names the version the game was stored at with it: a client acting on
   * its states must not act again on an older one (the other seat's arrival, a change that can
   * come between the action and its answer, made the load client throw twice).
   */
  @Test
  void anOkNamesTheVersionItsActionWasStoredAt() throws Exception {
    try (WsClient w = new WsClient(server.url(""), id); WsClient b = new WsClient(server.url(""), id)) {
      w.send("{\"type\":\"hello\",\"token\":\"" + white + "\"}");
      w.nextSeatedState();
      b.send("{\"type\":\"hello\",\"token\":\"" + black + "\"}"); // takes the invitation's seat: a version stored
      b.nextSeatedState();
      JsonNode ok = w.answer("{\"type\":\"roll\"}");
      assertThat(ok.path("type").asText()).as(ok.toString()).isEqualTo("ok");
      assertThat(ok.path("version").asInt(-1)).as("the version stored with the throw").isEqualTo(version()).isPositive();
      // The state this socket holds (merged from every message: the one at that version may have
      // come before the ok, while answer() was waiting for it): at that version, showing the throw.
      JsonNode shown = w.current(ok.path("version").asInt());
      assertThat(shown.path("version").asInt()).isEqualTo(ok.path("version").asInt());
      assertThat(shown.path("phase").asText()).as("the state at that version shows the throw").isEqualTo("play");
    }
  }

  /**
   * The invitation's seat is taken under a token of the friend's own, told in a {@code seat}
   * message; that message, as every type a socket is sent (as the server's sources write them),
   * is in docs/PROTOCOL.md's tables.
   */
  @Test
  void everyMessageTypeASocketIsSentIsDocumentedTheInvitationsSeatToo() throws Exception {
    try (WsClient friend = new WsClient(server.url(""), id)) {
      friend.send("{\"type\":\"hello\",\"token\":\"" + black + "\"}");
      JsonNode seat = friend.next(m -> m.path("type").asText().equals("seat"));
      String own = seat.path("token").asText();
      assertThat(own).isNotBlank().isNotEqualTo(black);
      assertThat(friend.nextState().path("you").asText()).isEqualTo("black");
      try (WsClient again = new WsClient(server.url(""), id)) {
        again.send("{\"type\":\"hello\",\"token\":\"" + own + "\"}");
        assertThat(again.nextState().path("you").asText()).as("the new token sits").isEqualTo("black");
      }
    }
    String protocol = java.nio.file.Files.readString(Path.of("..", "docs", "PROTOCOL.md"));
    java.util.Set<String> sent = new java.util.TreeSet<>();
    java.util.regex.Pattern type = java.util.regex.Pattern.compile("put\\(\"type\", \"([a-z-]+)\"\\)|\\\\\"type\\\\\":\\\\\"([a-z-]+)\\\\\"");
    for (String pkg : java.util.List.of("live", "lobby", "game", "chat")) {
      try (var files = java.nio.file.Files.walk(Path.of("src", "main", "java", "org", "jacquet", "server", pkg))) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          var m = type.matcher(java.nio.file.Files.readString(f));
          while (m.find()) sent.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
      }
    }
    assertThat(sent).contains("seat", "pong", "state", "start", "lobby");
    for (String t : sent) assertThat(protocol).as("PROTOCOL.md has a row for `%s`", t).contains("| `" + t + "` |");
  }

  @Test
  void badMessagesAreRefusedWithTheirReasonAndChangeNothing() throws Exception {
    try (WsClient w = new WsClient(server.url(""), id); WsClient b = new WsClient(server.url(""), id);
         WsClient spectator = new WsClient(server.url(""), id)) {
      w.send("{\"type\":\"hello\",\"token\":\"" + white + "\"}");
      w.nextSeatedState();
      b.send("{\"type\":\"hello\",\"token\":\"" + black + "\"}");
      b.nextSeatedState();
      int v = version();
      String p = position();

      w.send("this is not json");
      assertThat(w.nextError().get("code").asText()).isEqualTo("malformed");
      w.send("{\"no\":\"type\"}");
      assertThat(w.nextError().get("message").asText()).contains("\"type\"");
      w.send("{\"type\":\"teleport\"}");
      assertThat(w.nextError().get("message").asText()).startsWith("unknown message type 'teleport'");
      w.send("{\"type\":\"step\",\"from\":\"x\"}");
      assertThat(w.nextError().get("code").asText()).isEqualTo("bad-field");

      b.send("{\"type\":\"roll\"}");
      assertThat(b.nextError().get("code").asText()).isEqualTo("not-your-turn");
      spectator.send("{\"type\":\"roll\"}");
      assertThat(spectator.nextError().get("message").asText()).contains("only the players of this game can play");
      spectator.send("{\"type\":\"hello\",\"token\":\"guessed-token\"}");
      assertThat(spectator.nextError().get("code").asText()).isEqualTo("bad-token");
      spectator.send("{\"type\":\"hello\"}"); // watches

      w.send("{\"type\":\"roll\"}");
      JsonNode rolled = w.stateAt(v + 1);
      assertThat(rolled.get("phase").asText()).isEqualTo("play");
      assertThat(rolled.has("legal")).isTrue();
      int afterRoll = version();
      String before = position();
      w.send("{\"type\":\"play\",\"play\":\"1/2 2/3 1/3\"}");
      // The engine's reason travels as its code (one per rule) with its values.
      assertThat(java.util.Arrays.stream(org.jacquet.engine.IllegalReason.values()).map(Problems::code))
          .contains(w.nextError().get("code").asText());
      w.send("{\"type\":\"play\",\"play\":\"24/off\"}");
      JsonNode noChecker = w.nextError();
      assertThat(noChecker.get("message").asText()).isEqualTo("no checker of yours on point 24");
      assertThat(noChecker.get("code").asText()).isEqualTo("no-checker");
      assertThat(noChecker.get("params").get("from").asInt()).isEqualTo(24);
      b.send("{\"type\":\"play\",\"play\":\"1/7\"}");
      assertThat(b.nextError().get("code").asText()).isEqualTo("not-your-turn");
      w.send("{\"type\":\"confirm\"}");
      assertThat(w.nextError().get("code").asText()).isEqualTo("incomplete");
      assertThat(version()).isEqualTo(afterRoll);
      assertThat(position()).isEqualTo(before);
      assertThat(afterRoll).isEqualTo(v + 1);
      assertThat(p).isEqualTo(before);

      // The spectator never sees the legal plays or a future die.
      JsonNode watched = spectator.stateAt(afterRoll);
      assertThat(watched.has("legal")).isFalse();
      assertThat(watched.path("you").isNull()).isTrue();
    }
    // The server still serves other games.
    JsonNode other = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\",\"match\":1}");
    try (WsClient w = new WsClient(server.url(""), other.get("id").asText())) {
      w.send("{\"type\":\"hello\",\"token\":\"" + other.get("token").asText() + "\"}");
      w.nextSeatedState();
      w.send("{\"type\":\"roll\"}");
      assertThat(w.next(m -> m.path("type").asText().equals("ok")).get("action").asText()).isEqualTo("roll");
    }
  }

  @Test
  void helloAnswersThatSocketOnlyAndAPlayersArrivalIsAChangeForTheOthers() throws Exception {
    try (WsClient w = new WsClient(server.url(""), id); WsClient spectator = new WsClient(server.url(""), id)) {
      w.send("{\"type\":\"hello\",\"token\":\"" + white + "\"}");
      JsonNode mine = w.nextSeatedState();
      assertThat(mine.get("players").get("black").get("connected").asBoolean()).isFalse();
      spectator.send("{\"type\":\"hello\"}");
      spectator.nextState();
      for (int i = 0; i < 5; i++) spectator.send("{\"type\":\"hello\"}");
      try (WsClient b = new WsClient(server.url(""), id)) {
        b.send("{\"type\":\"hello\",\"token\":\"" + black + "\"}");
        b.nextSeatedState();
        JsonNode told = w.next(m -> m.path("type").asText().equals("state") && m.get("players").get("black").get("connected").asBoolean());
        assertThat(told.path("merged").asBoolean()).as("a change, merged by the client").isTrue();
      }
      // The spectator's hellos went to the spectator only: the player got no full state since its own.
      Thread.sleep(300);
      assertThat(w.log.stream().filter(l -> l.startsWith("state ")).count()).as("full states to the player: %s", w.log).isEqualTo(1);
    }
  }

  @Test
  void aPositionGivenAsTextOrIdIsAnalysed() throws Exception {
    JsonNode byText = WsClient.JSON.readTree(WsClient.get(server.url("/api/analyse?dice=6-5&position="
        + java.net.URLEncoder.encode("white=1:14,7:1 black=1:15 turn=black", java.nio.charset.StandardCharsets.UTF_8))));
    JsonNode byId = WsClient.JSON.readTree(WsClient.get(server.url("/api/analyse?dice=6-5&position=_38gAAD_fwAAAA")));
    assertThat(byText.get("plays").get(0).get("play").asText()).isEqualTo("1/7 7/12");
    assertThat(byId.get("plays")).isEqualTo(byText.get("plays"));
    assertThat(WsClient.get(server.url("/api/analyse?dice=9-9&position=_38gAAD_fwAAAA"))).contains("invalid dice '9-9'");
    // "=+2" typed in the query arrives as "= 2" (a '+' there is a space): refused, not read as 2.
    JsonNode spaced = WsClient.JSON.readTree(WsClient.get(server.url(
        "/api/analyse?dice=6-5&position=_38gAAD_fwAAAA&rules=modern%2Breturn-checkers=+2")));
    assertThat(spaced.path("code").asText()).isEqualTo("bad-rules");
    assertThat(spaced.at("/params/detailCode").asText()).isEqualTo("rules-space");
    assertThat(spaced.path("message").asText()).contains("'return-checkers= 2'");
  }

  @Test
  void badRequestsToTheApiAreRefusedWithTheirReason() throws Exception {
    assertThat(WsClient.post(server.url("/api/games"), "{\"rules\":\"classic\"}").get("message").asText())
        .startsWith("unknown rules preset 'classic'");
    assertThat(WsClient.post(server.url("/api/games"), "{\"position\":\"white=1:16 black=1:15 turn=white\"}").get("message").asText())
        .isEqualTo("white has more than 15 checkers");
    assertThat(WsClient.post(server.url("/api/games"), "{\"opponent\":\"computer\",\"level\":\"god\"}").get("message").asText())
        .startsWith("unknown level 'god'");
    assertThat(WsClient.get(server.url("/api/games/nope"))).contains("there is no game nope");
  }
}
