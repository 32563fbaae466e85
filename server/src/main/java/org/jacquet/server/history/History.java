package org.jacquet.server.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jacquet.server.store.Database;
import org.jdbi.v3.core.Handle;

/**
 * A player's finished games, newest first, a page at a time by keyset (the last game shown's
 * time and id), so a page costs the same however deep: each seat is read through its (player,
 * updated_at) index and the two runs merged. Each game with its rating change when rated.
 *
 * <p>One rule for names, as on lichess: a game names its players as they were named when it was
 * played — the game page, its record and this history alike — so a guest who later signed up, or
 * an account renamed since, appears under the name the opponent met; the history adds the
 * account's name of today when the seat is an account's, for a link to its profile.
 */
public final class History {
  public static final int MAX_PAGE = 50;

  /**
   * One finished game as one player saw it: {@code opponentName} as played (null: a deleted
   * account, or nobody named), {@code opponentAccount} the opponent's account's name today (null:
   * not an account).
   */
  public record Entry(String gameId, long endedAt, String side, String opponentId, String opponentName, String opponentAccount,
      String rules,
      int matchLength, boolean won, boolean rated, String timeControl, Double ratingBefore, Double ratingAfter) {}

  /** Where a page starts: after the game ended at {@code endedAt} with id {@code gameId} (null: the newest). */
  public record Cursor(long endedAt, String gameId) {
    /** The cursor's text form {@code endedAt:id}, or empty when {@code text} is not one. */
    public static java.util.Optional<Cursor> parse(String text) {
      int colon = text == null ? -1 : text.indexOf(':');
      try {
        if (colon > 0 && text.length() <= 80) {
          return java.util.Optional.of(new Cursor(Long.parseLong(text.substring(0, colon)), text.substring(colon + 1)));
        }
      } catch (NumberFormatException e) {
        // not a cursor
      }
      return java.util.Optional.empty();
    }

    @Override
    public String toString() {
      return endedAt + ":" + gameId;
    }
  }

  private final Database db;

  public History(Database db) {
    this.db = db;
  }

  /** Up to {@code limit} (≤ {@link #MAX_PAGE}) finished games of {@code playerId} before {@code cursor}. */
  public List<Entry> page(String playerId, Cursor cursor, int limit) {
    int n = Math.min(Math.max(1, limit), MAX_PAGE);
    return db.jdbi().withHandle(h -> {
      List<Entry> all = new ArrayList<>(seat(h, "white", playerId, cursor, n));
      all.addAll(seat(h, "black", playerId, cursor, n));
      all.sort(Comparator.comparingLong(Entry::endedAt).thenComparing(Entry::gameId).reversed());
      // A player at both seats (a friend game played alone in one browser) is listed once.
      List<Entry> page = new ArrayList<>();
      for (Entry e : all) {
        if (page.size() == n) break;
        if (page.isEmpty() || !page.get(page.size() - 1).gameId().equals(e.gameId())) page.add(e);
      }
      return List.copyOf(page);
    });
  }

  private static List<Entry> seat(Handle h, String side, String playerId, Cursor cursor, int n) {
    String other = side.equals("white") ? "black" : "white";
    String after = cursor == null ? "" : " AND (g.updated_at < :t OR (g.updated_at = :t AND g.id < :gid))";
    var q = h.createQuery("SELECT g.id, g.updated_at, g." + other + "_player AS opp, g." + other + "_name AS opp_name, "
        + "a.name AS opp_account, g.rules, g.match_length, g.winner, g.record, g.rated, g.time_control, r.rating_before, "
        + "r.rating_after FROM games g LEFT JOIN rating_history r ON r.game_id = g.id AND r.account_id = :p "
        + "LEFT JOIN accounts a ON a.id = g." + other + "_player "
        + "WHERE g." + side + "_player = :p AND g.status = 'over'" + after
        + " ORDER BY g.updated_at DESC, g.id DESC LIMIT :n").bind("p", playerId).bind("n", n);
    if (cursor != null) q.bind("t", cursor.endedAt()).bind("gid", cursor.gameId());
    return q.map((rs, ctx) -> new Entry(rs.getString("id"), rs.getLong("updated_at"), side, rs.getString("opp"),
        rs.getString("opp_name"), rs.getString("opp_account"), rs.getString("rules"), rs.getInt("match_length"),
        side.equals(winner(rs.getString("winner"), rs.getString("record"))), rs.getInt("rated") == 1, rs.getString("time_control"),
        nullable(rs, "rating_before"), nullable(rs, "rating_after"))).list();
  }

  private static Double nullable(java.sql.ResultSet rs, String column) throws java.sql.SQLException {
    double d = rs.getDouble(column);
    return rs.wasNull() ? null : d;
  }

  /** The side that won ("white", "black"): as stored, or from the record for a match ended before V7. */
  private static String winner(String stored, String record) {
    if (stored != null) return stored;
    var w = org.jacquet.engine.format.GameRecord.read(record).match().winner();
    return w == null ? null : w.key();
  }

  /** Finished games and wins of {@code playerId} (wins as stored since V7). */
  public long[] playedAndWon(String playerId) {
    return db.jdbi().withHandle(h -> {
      long played = 0, won = 0;
      for (String side : List.of("white", "black")) {
        var counts = h.createQuery("SELECT COUNT(*), SUM(CASE WHEN winner = :side THEN 1 ELSE 0 END) FROM games "
                + "WHERE " + side + "_player = :p AND status = 'over'"
                // A game played at both seats counts once.
                + (side.equals("black") ? " AND (white_player IS NULL OR white_player <> :p)" : ""))
            .bind("side", side).bind("p", playerId)
            .map((rs, ctx) -> new long[] {rs.getLong(1), rs.getLong(2)}).one();
        played += counts[0];
        won += counts[1];
      }
      return new long[] {played, won};
    });
  }

  /** A game being played: its id and the players' names (null when not named). */
  public record Current(String gameId, String whiteName, String blackName, boolean rated) {}

  /** Up to {@code limit} games {@code playerId} is playing, the most recently moved first. */
  public List<Current> current(String playerId, int limit) {
    return db.jdbi().withHandle(h -> h.createQuery("""
        SELECT id, white_name, black_name, rated FROM games WHERE status <> 'over'
          AND (white_player = :p OR black_player = :p) ORDER BY updated_at DESC LIMIT :n""")
        .bind("p", playerId).bind("n", Math.min(Math.max(1, limit), MAX_PAGE))
        .map((rs, ctx) -> new Current(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4) == 1)).list());
  }

  /**
   * Every finished game of {@code playerId}, newest first, as public records (with the dice
   * seed, published once a match ends), one after another: the export.
   */
  public void export(String playerId, java.io.Writer out) throws java.io.IOException {
    Cursor c = null;
    while (true) {
      List<Entry> page = page(playerId, c, MAX_PAGE);
      for (Entry e : page) {
        var row = db.jdbi().withHandle(h -> h.createQuery("SELECT record, seed FROM games WHERE id = :id")
            .bind("id", e.gameId()).mapToMap().one());
        var parsed = org.jacquet.engine.format.GameRecord.read((String) row.get("record"));
        var headers = new java.util.LinkedHashMap<>(parsed.headers());
        headers.put("Seed", String.valueOf(row.get("seed")));
        out.write(org.jacquet.engine.format.GameRecord.write(parsed.match(), headers));
        out.write("\n");
      }
      if (page.size() < MAX_PAGE) return;
      Entry last = page.get(page.size() - 1);
      c = new Cursor(last.endedAt(), last.gameId());
    }
  }
}
