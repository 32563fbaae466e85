package org.jacquet.server.rating;

import java.util.List;
import java.util.OptionalInt;
import org.jacquet.server.store.Database;

/**
 * The best rated accounts of a category, counting only established ratings (deviation not above
 * {@link Glicko2#PROVISIONAL_DEVIATION}: a few lucky wins do not top the board), a player's rank
 * among them, and a player's ratings over time for the profile's graph.
 */
public final class Leaderboard {
  public static final int MAX_ROWS = 100;
  /** Points of the graph at most (the newest). */
  public static final int MAX_POINTS = 500;

  public record Row(String name, double rating, double deviation, int games) {}

  public record Point(long at, double rating) {}

  private final Database db;

  public Leaderboard(Database db) {
    this.db = db;
  }

  public List<Row> top(Ratings.Category category, int limit) {
    return db.jdbi().withHandle(h -> h.createQuery("""
        SELECT a.name, r.rating, r.deviation, r.games FROM ratings r JOIN accounts a ON a.id = r.account_id
        WHERE r.category = :c AND r.deviation <= :bound ORDER BY r.rating DESC, a.name LIMIT :n""")
        .bind("c", category.key).bind("bound", Glicko2.PROVISIONAL_DEVIATION).bind("n", Math.min(Math.max(1, limit), MAX_ROWS))
        .map((rs, ctx) -> new Row(rs.getString(1), rs.getDouble(2), rs.getDouble(3), rs.getInt(4))).list());
  }

  /** The account's stored rating in {@code category}, absent before its first rated match there. */
  public java.util.Optional<Ratings.Stored> rating(String accountId, Ratings.Category category) {
    return db.jdbi().withHandle(h -> Ratings.find(h, accountId, category, false));
  }

  /** The account's place on the board (1: first), or empty while its rating is provisional or absent. */
  public OptionalInt rank(String accountId, Ratings.Category category) {
    return db.jdbi().withHandle(h -> {
      var own = Ratings.find(h, accountId, category, false);
      if (own.isEmpty() || own.get().rating().provisional()) return OptionalInt.empty();
      int above = h.createQuery("SELECT COUNT(*) FROM ratings WHERE category = :c AND deviation <= :bound AND rating > :r")
          .bind("c", category.key).bind("bound", Glicko2.PROVISIONAL_DEVIATION).bind("r", own.get().rating().rating())
          .mapTo(Integer.class).one();
      return OptionalInt.of(above + 1);
    });
  }

  /** The account's rating after each rated match of the category, oldest first (the newest {@link #MAX_POINTS}). */
  public List<Point> graph(String accountId, Ratings.Category category) {
    List<Point> points = new java.util.ArrayList<>(db.jdbi().withHandle(h -> h.createQuery("""
        SELECT created_at, rating_after FROM rating_history WHERE account_id = :a AND category = :c
        ORDER BY created_at DESC LIMIT :n""").bind("a", accountId).bind("c", category.key).bind("n", MAX_POINTS)
        .map((rs, ctx) -> new Point(rs.getLong(1), rs.getDouble(2))).list()));
    java.util.Collections.reverse(points);
    return points;
  }
}
