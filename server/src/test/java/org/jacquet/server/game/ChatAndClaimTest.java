package org.jacquet.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.jacquet.server.chat.ChatRoom;
import org.jacquet.server.live.ChatSocket;
import org.jacquet.server.testing.FriendGame;
import org.jacquet.server.testing.LobbyGuest;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.jacquet.server.chat.ChatStore;
import org.jacquet.server.chat.ChatText;
import org.jacquet.server.chat.Chats;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game's two chats over real sockets (the players' and the spectators', apart), cleaned,
 * limited, kept for a reload; and an untimed game claimed from an absent opponent.
 */
class ChatAndClaimTest {
  @TempDir Path dir;
  TestServer server;
  FriendGame game;

  @BeforeEach
  void start() throws Exception {
    server = TestServer.sqlite(dir, 20);
    game = FriendGame.make(server, "untimed");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static boolean chat(JsonNode m) {
    return m.path("type").asText().equals("chat") && !m.path("history").asBoolean();
  }

  WsClient watcher() throws Exception {
    WsClient s = new WsClient(server.url(""), game.id());
    s.send("{\"type\":\"hello\"}");
    s.nextState();
    return s;
  }

  @Test
  void playersAndSpectatorsTalkApartWithTheSeatsNamesAndNothingHidden() throws Exception {
    server.games.store().database().jdbi().useHandle(h -> h.execute("UPDATE games SET white_name = 'Alice', black_name = 'Bruno' WHERE id = ?", game.id()));
    server.games.forget(game.id()); // the names are read with the room
    String blackKey;
    try (WsClient w = FriendGame.seat(server, game.id(), game.white()); WsClient b = FriendGame.seat(server, game.id(), game.black());
         WsClient s = watcher(); WsClient s2 = watcher()) {
      // The invitation's seat is Black's now under a key of its own: the invitation no longer seats anyone.
      blackKey = b.seatToken(game.black());
      w.send("{\"type\":\"chat\",\"text\":\"Bonne partie \u202Eevil\u200B !\"}");
      JsonNode heard = b.next(ChatAndClaimTest::chat).get("lines").get(0);
      assertThat(heard.get("text").asText()).isEqualTo("Bonne partie evil !");
      assertThat(heard.get("name").asText()).isEqualTo("Alice");
      assertThat(heard.get("side").asText()).isEqualTo("white");
      assertThat(w.next(ChatAndClaimTest::chat).get("room").asText()).isEqualTo("players");
      b.send("{\"type\":\"chat\",\"phrase\":\"well-played\"}");
      JsonNode back = w.next(ChatAndClaimTest::chat).get("lines").get(0);
      assertThat(back.get("phrase").asText()).isEqualTo("well-played");
      assertThat(back.get("name").asText()).isEqualTo("Bruno");

      s.send("{\"type\":\"chat\",\"text\":\"<b>who wins?</b>\"}");
      JsonNode gallery = s2.next(ChatAndClaimTest::chat);
      assertThat(gallery.get("room").asText()).isEqualTo("spectators");
      assertThat(gallery.get("lines").get(0).get("text").asText()).isEqualTo("<b>who wins?</b>"); // escaped by the page
      assertThat(gallery.get("lines").get(0).get("side").isNull()).isTrue();
      // Neither room hears the other: the spectators saw no players' line, the players no spectator's.
      assertThat(s2.poll(300, m -> chat(m) && m.get("room").asText().equals("players"))).isNull();
      assertThat(w.poll(300, m -> chat(m) && m.get("room").asText().equals("spectators"))).isNull();
    }
    // A reload (with the seat's own key) shows what was said, each room its own.
    try (WsClient again = new WsClient(server.url(""), game.id())) {
      again.send("{\"type\":\"hello\",\"token\":\"" + blackKey + "\"}");
      JsonNode history = again.next(m -> m.path("type").asText().equals("chat"));
      assertThat(history.get("history").asBoolean()).isTrue();
      assertThat(history.get("room").asText()).isEqualTo("players");
      assertThat(history.get("lines")).hasSize(2);
      assertThat(history.get("lines").get(0).get("text").asText()).isEqualTo("Bonne partie evil !");
    }
  }

  @Test
  void aSpectatorIsNamedInTheSpectatorsChatByTheNameItPlaysUnder() throws Exception {
    try (LobbyGuest ann = new LobbyGuest(server.url(""));
         WsClient named = new WsClient(server.url(""), game.id(), new WsClient.Cookie(ann.cookie)); WsClient anonymous = watcher()) {
      named.send("{\"type\":\"hello\"}");
      named.nextState();
      named.send("{\"type\":\"chat\",\"phrase\":\"good-luck\"}");
      JsonNode line = anonymous.next(ChatAndClaimTest::chat).get("lines").get(0);
      assertThat(line.get("name").asText()).as("the guest's pseudonym, as the lobby shows it").isEqualTo(ann.name);
      assertThat(line.get("side").isNull()).isTrue();
      anonymous.send("{\"type\":\"chat\",\"phrase\":\"thanks\"}");
      JsonNode thanks = named.next(m -> chat(m) && m.at("/lines/0/phrase").asText().equals("thanks")).get("lines").get(0);
      assertThat(thanks.get("name").isNull())
          .as("no cookie, no name: the page says Spectator").isTrue();
    }
  }

  @Test
  void longEmptyUnknownAndFloodingLinesAreRefusedAndNotSent() throws Exception {
    try (WsClient w = FriendGame.seat(server, game.id(), game.white()); WsClient b = FriendGame.seat(server, game.id(), game.black())) {
      w.send("{\"type\":\"chat\",\"text\":\"" + "x".repeat(10_000) + "\"}");
      JsonNode tooLong = w.nextError();
      assertThat(tooLong.get("code").asText()).isEqualTo("chat-too-long");
      assertThat(tooLong.get("params").get("max").asInt()).isEqualTo(140);
      w.send("{\"type\":\"chat\",\"text\":\"\u200B\u202E \"}");
      assertThat(w.nextError().get("code").asText()).isEqualTo("chat-empty");
      w.send("{\"type\":\"chat\",\"phrase\":\"<img src=x>\"}");
      assertThat(w.nextError().get("code").asText()).isEqualTo("bad-phrase");
      w.send("{\"type\":\"chat\",\"text\":\"a\",\"phrase\":\"thanks\"}");
      assertThat(w.nextError().get("code").asText()).isEqualTo("bad-field");
      w.send("{\"type\":\"chat\",\"text\":\"a\",\"clock\":5}");
      assertThat(w.nextError().get("code").asText()).isEqualTo("unknown-field");
      for (int i = 0; i < ChatSocket.CHAT_LINES; i++) w.send("{\"type\":\"chat\",\"text\":\"line " + i + "\"}");
      w.send("{\"type\":\"chat\",\"text\":\"one too many\"}");
      JsonNode flood = w.nextError();
      assertThat(flood.get("code").asText()).isEqualTo("too-many");
      assertThat(flood.get("params").get("limit").asText()).isEqualTo("chat");
      for (int i = 0; i < ChatSocket.CHAT_LINES; i++) {
        assertThat(b.next(ChatAndClaimTest::chat).get("lines").get(0).get("text").asText()).isEqualTo("line " + i);
      }
      assertThat(b.poll(300, ChatAndClaimTest::chat)).as("nothing refused reached the other side").isNull();
    }
  }

  @Test
  void aGameKeepsOnlyItsNewestLinesPerRoom() {
    Chats chats = new Chats(new ChatStore(server.games.store().database()));
    for (int i = 0; i < ChatStore.KEPT + 5; i++) chats.say(game.id(), ChatRoom.SPECTATORS, null, null, ChatText.content("n" + i, null), 1000 + i);
    chats.say(game.id(), ChatRoom.PLAYERS, "white", null, ChatText.content("hi", null), 5000);
    var kept = chats.recent(game.id(), ChatRoom.SPECTATORS);
    assertThat(kept).hasSize(ChatStore.KEPT);
    assertThat(kept.get(0).text()).isEqualTo("n5");
    assertThat(kept.get(kept.size() - 1).text()).isEqualTo("n" + (ChatStore.KEPT + 4));
    assertThat(chats.recent(game.id(), ChatRoom.PLAYERS)).hasSize(1);
  }

  @Test
  void anAbsentOpponentsUntimedGameMayBeClaimedOnlyAfterTheStatedAbsence() throws Exception {
    server.games.claimAfterMillis(400);
    try (WsClient w = FriendGame.seat(server, game.id(), game.white())) {
      WsClient b = FriendGame.seat(server, game.id(), game.black());
      w.send("{\"type\":\"claim\"}");
      JsonNode present = w.nextError();
      assertThat(present.get("code").asText()).isEqualTo("claim-too-soon");
      b.close();
      // The one left is told the other's absence and when a claim becomes possible.
      JsonNode told = w.next(m -> m.path("players").path("black").has("absentFor"));
      assertThat(told.get("claimAfter").asLong()).isEqualTo(400);
      assertThat(told.get("players").get("black").get("connected").asBoolean()).isFalse();
      long deadline = System.currentTimeMillis() + 10_000;
      JsonNode answer;
      do {
        Thread.sleep(100); // polling a condition of time: the claim opens once the absence is long enough
        w.send("{\"type\":\"claim\"}");
        answer = w.next(m -> m.path("type").asText().equals("ok") || m.path("type").asText().equals("error"));
      } while (answer.get("type").asText().equals("error") && answer.get("code").asText().equals("claim-too-soon")
          && System.currentTimeMillis() < deadline);
      assertThat(answer.get("type").asText()).isEqualTo("ok");
      // The change may come before or after the ok: the state merged from every message says it.
      JsonNode over = w.current(server.games.read(game.id(), r -> r.version));
      assertThat(over.get("result").get("forfeit").asText()).isEqualTo("claim");
      assertThat(over.get("result").get("winner").asText()).isEqualTo("white");
      assertThat(server.games.store().actions(game.id())).last().isEqualTo("claim");
    }
  }

  /**
   * A friend who never came with the invitation did not leave: the page is not told of an
   * absence to count (it once said "Black left the game: you may claim it in 120 s" beside
   * "your friend is not here yet"), and a claim past the wait is refused, in both languages.
   * Once the friend has come and gone, the absence counts as any other.
   */
  @Test
  void aFriendWhoNeverCameWithTheInvitationIsNotClaimedFrom() throws Exception {
    server.games.claimAfterMillis(200);
    try (WsClient w = FriendGame.seat(server, game.id(), game.white())) {
      Thread.sleep(400); // past the wait: what is refused is refused for what it is, not for being early
      w.send("{\"type\":\"claim\"}");
      JsonNode refused = w.nextError();
      assertThat(refused.get("code").asText()).isEqualTo("not-arrived");
      assertThat(refused.get("message").asText()).contains("has not come");
      JsonNode now = w.current(server.games.read(game.id(), r -> r.version));
      assertThat(now.get("players").get("black").has("absentFor")).as("no absence told for a seat nobody took").isFalse();
      assertThat((boolean) server.games.read(game.id(), r -> r.match.game().isOver())).as("the game goes on").isFalse();
    }
    try (WsClient w = new WsClient(server.url(""), game.id(), null, "fr-FR,fr;q=0.9")) {
      w.send("{\"type\":\"hello\",\"token\":\"" + game.white() + "\"}");
      w.nextSeatedState();
      w.send("{\"type\":\"claim\"}");
      assertThat(w.nextError().get("message").asText()).startsWith("Votre ami n'est pas encore venu");
      // The friend comes (the invitation's seat taken), then goes: now the absence counts.
      FriendGame.seat(server, game.id(), game.black()).close();
      w.next(m -> m.path("players").path("black").has("absentFor"));
    }
  }

  @Test
  void aTimedGameIsNeverClaimedTheClockDecides() throws Exception {
    JsonNode timed = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\",\"time\":\"12+120\"}");
    try (WsClient w = FriendGame.seat(server, timed.get("id").asText(), timed.get("token").asText())) {
      w.send("{\"type\":\"claim\"}");
      assertThat(w.nextError().get("code").asText()).isEqualTo("no-claim");
    }
  }
}
