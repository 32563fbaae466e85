package org.jacquet.server.chat;

import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.store.Database;

/**
 * The chat lines kept with each game, so a reload or another server process shows them: the
 * newest {@link #KEPT} of each room, older ones deleted as new ones come (a long game cannot grow
 * the table without bound).
 */
public final class ChatStore {
  public static final int KEPT = 100;
  private final Database db;

  public ChatStore(Database db) {
    this.db = db;
  }

  /** Stores {@code line} and lets go of its room's lines beyond the newest {@link #KEPT}, in one transaction. */
  public void add(ChatLine line) {
    db.write(() -> db.jdbi().inTransaction(h -> {
      h.createUpdate("""
          INSERT INTO chat_lines (id, game_id, room, side, name, text, phrase, created_at)
          VALUES (:id, :gameId, :room, :side, :name, :text, :phrase, :at)""")
          .bind("id", line.id()).bind("gameId", line.gameId()).bind("room", line.room().key())
          .bind("side", line.side()).bind("name", line.name()).bind("text", line.text())
          .bind("phrase", line.phrase()).bind("at", line.at()).execute();
      h.createUpdate("""
          DELETE FROM chat_lines WHERE game_id = :g AND room = :r AND id NOT IN (
            SELECT id FROM chat_lines WHERE game_id = :g AND room = :r ORDER BY created_at DESC, id DESC LIMIT :kept)""")
          .bind("g", line.gameId()).bind("r", line.room().key()).bind("kept", KEPT).execute();
      return null;
    }));
  }

  /** The room's lines kept, oldest first. */
  public List<ChatLine> recent(String gameId, ChatRoom room) {
    List<ChatLine> newestFirst = db.jdbi().withHandle(h -> h.createQuery("""
        SELECT * FROM chat_lines WHERE game_id = :g AND room = :r ORDER BY created_at DESC, id DESC LIMIT :kept""")
        .bind("g", gameId).bind("r", room.key()).bind("kept", KEPT)
        .map((rs, ctx) -> new ChatLine(rs.getString("id"), rs.getString("game_id"), ChatRoom.parse(rs.getString("room")),
            rs.getString("side"), rs.getString("name"), rs.getString("text"), rs.getString("phrase"), rs.getLong("created_at")))
        .list());
    List<ChatLine> out = new ArrayList<>(newestFirst);
    java.util.Collections.reverse(out);
    return out;
  }
}
