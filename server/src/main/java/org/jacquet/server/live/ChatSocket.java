package org.jacquet.server.live;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.jacquet.server.chat.ChatLine;
import org.jacquet.server.chat.ChatRoom;
import org.jacquet.server.chat.ChatText;
import org.jacquet.server.chat.Chats;
import org.jacquet.server.game.GameService;
import org.jacquet.server.http.JsonBody;
import org.jacquet.server.limits.WindowLimiter;
import org.jacquet.server.refusal.Refusal;

/**
 * The chat over a game's sockets: a seat says a line to the players' room, a spectator to the
 * spectators'; a line is checked, counted against its sender's rate, kept, then sent to the
 * room's sockets here and on the other processes. A socket that says hello gets its room's
 * history.
 */
public final class ChatSocket {
  /**
   * Lines per sender (a seat of a game, or a spectator's address) in any {@link #CHAT_SECONDS},
   * exactly as the docs say it (a window, not a bucket that refills): a flood is refused, not sent.
   */
  public static final int CHAT_LINES = 5;
  public static final int CHAT_SECONDS = 10;
  private final WindowLimiter lines;
  private final Chats chats;
  private final GameService games;
  private final Hub hub;
  private final PeerProcesses peers;

  /** {@code rateClock}: the time (ns) the lines' window is counted in (a test's own, moved by hand). */
  public ChatSocket(Chats chats, GameService games, Hub hub, PeerProcesses peers, java.util.function.LongSupplier rateClock) {
    this.lines = new WindowLimiter("chat", CHAT_LINES, CHAT_SECONDS, rateClock);
    this.chats = chats;
    this.games = games;
    this.hub = hub;
    this.peers = peers;
  }

  /**
   * What was said in {@code c}'s room, sent to it alone (after its hello) — nothing when nothing
   * was said, so a socket's first answers stay the state and what it asked.
   */
  void history(Connection c) {
    if (!c.greeted) return;
    ChatRoom room = ChatRoom.of(c.side != null);
    var lines = chats.recent(c.gameId, room);
    if (!lines.isEmpty()) c.send(Chats.message(room, lines, true).toString());
  }

  /** A line from {@code c}: {@code text} or {@code phrase}, exactly one (its fields checked by {@link SocketMessages}). */
  void say(Connection c, JsonNode msg, long now) {
    if (!c.greeted) throw new Refusal("hello-first", "say hello (to sit or to watch) before chatting");
    JsonNode text = msg.get("text");
    JsonNode phrase = msg.get("phrase");
    if ((text == null) == (phrase == null) || (text != null && !text.isTextual())) {
      throw JsonBody.badField("text", JsonBody.Expected.STRING);
    }
    if (phrase != null && !phrase.isTextual()) throw JsonBody.badField("phrase", JsonBody.Expected.STRING);
    ChatText.Content said = ChatText.content(text == null ? null : text.asText(), phrase == null ? null : phrase.asText());
    // Counted once it could be said: a refused line costs its sender only the message rate.
    lines.acquire(c.side != null ? c.gameId + "|" + c.side.key() : c.address);
    ChatRoom room = ChatRoom.of(c.side != null);
    String name = c.side == null ? c.viewerName : games.readLocal(c.gameId, r -> r.name(c.side));
    ChatLine line = chats.say(c.gameId, room, c.side == null ? null : c.side.key(), name, said, now);
    String message = Chats.message(room, List.of(line), false).toString();
    hub.chat(c.gameId, room, message);
    peers.chat(c.gameId, room, message);
  }

  /** Forgets the rate buckets of senders idle a whole window. */
  public void sweep() {
    lines.sweep();
  }
}
