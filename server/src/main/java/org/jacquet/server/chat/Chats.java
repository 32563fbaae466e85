package org.jacquet.server.chat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

/**
 * A game's two chats: a line said is cleaned (or a phrase checked), kept with the game and given
 * back as the {@code chat} message its room's sockets are sent. Who may say what where, and how
 * often, is the socket handler's to check: this only makes and keeps lines.
 */
public final class Chats {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom IDS = new SecureRandom();
  private final ChatStore store;

  public Chats(ChatStore store) {
    this.store = store;
  }

  /**
   * Keeps what {@code side} (a seat's key, or null for a spectator) named {@code name} says in
   * {@code room} (checked by {@link ChatText#content}).
   */
  public ChatLine say(String gameId, ChatRoom room, String side, String name, ChatText.Content said, long now) {
    byte[] id = new byte[12];
    IDS.nextBytes(id);
    ChatLine line = new ChatLine(HexFormat.of().formatHex(id), gameId, room, side, name, said.text(), said.phrase(), now);
    store.add(line);
    return line;
  }

  public List<ChatLine> recent(String gameId, ChatRoom room) {
    return store.recent(gameId, room);
  }

  /** The {@code chat} message: {@code lines} of {@code room}; {@code history} when it is what was said before. */
  public static ObjectNode message(ChatRoom room, List<ChatLine> lines, boolean history) {
    ObjectNode o = JSON.createObjectNode().put("type", "chat").put("room", room.key()).put("history", history);
    ArrayNode a = o.putArray("lines");
    for (ChatLine l : lines) {
      a.addObject().put("id", l.id()).put("side", l.side()).put("name", l.name()).put("text", l.text())
          .put("phrase", l.phrase()).put("at", l.at());
    }
    return o;
  }
}
