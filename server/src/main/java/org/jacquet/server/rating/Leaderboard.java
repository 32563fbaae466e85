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

  /** A row of the board; {@code computer}: the level's key when the player is a level of the computer, else null. */
  public record Row(String name, double rating, double deviation, int games, String computer) {}

  public record Point(long at, double rating) {}

  private final Database db;

  public Leaderboard(Database db) {
    this.db = db;
  }

  /** The best established ratings of {@code category} as of {@code now} (a player idle for long drops off: {@link Ratings#asOf}). */
  public List<Row> top(Ratings.Category category, int limit, long now) {
    // Accounts and the levels of the computer (ids c:…, no account row) on one board.
    return db.jdbi().withHandle(h -> h.createQuery("SELECT a.name, r.rating, r.deviation, r.volatility, r.updated_at, r.games, "
            + "r.account_id FROM ratings r LEFT JOIN accounts a ON a.id = r.account_id WHERE r.category = :c AND "
            + "(a.id IS NOT NULL OR r.account_id LIKE 'c:%') AND " + Ratings.ESTABLISHED_AT_NOW
            + " ORDER BY r.rating DESC, r.account_id LIMIT :n")
        .bind("c", category.key).bind("bound", Glicko2.PROVISIONAL_DEVIATION).bind("now", now)
        .bind("period", Ratings.PERIOD.toMillis()).bind("n", Math.min(Math.max(1, limit), MAX_ROWS))
        .map((rs, ctx) -> {
          Glicko2.Rating r = Ratings.asOf(new Glicko2.Rating(rs.getDouble(2), rs.getDouble(3), rs.getDouble(4)), rs.getLong(5), now);
          String id = rs.getString(7);
          String computer = id.startsWith(org.jacquet.server.identity.Player.COMPUTER_PREFIX)
              ? id.substring(org.jacquet.server.identity.Player.COMPUTER_PREFIX.length()) : null;
          String name = computer != null ? org.jacquet.ai.Level.parse(computer).displayName(java.util.Locale.ENGLISH) : rs.getString(1);
          return new Row(name, r.rating(), r.deviation(), rs.getInt(6), computer);
        }).list());
  }

  /** The account's rating in {@code category} as of {@code now}, absent before its first rated match there. */
  public java.util.Optional<Ratings.Stored> rating(String accountId, Ratings.Category category, long now) {
    return db.jdbi().withHandle(h -> Ratings.find(h, accountId, category, false, now));
  }

  /** The account's place on the board as of {@code now} (1: first), or empty while its rating is provisional or absent. */
  public OptionalInt rank(String accountId, Ratings.Category category, long now) {
    return db.jdbi().withHandle(h -> {
      var own = Ratings.find(h, accountId, category, false, now);
      if (own.isEmpty() || own.get().rating().provisional()) return OptionalInt.empty();
      int above = h.createQuery("SELECT COUNT(*) FROM ratings WHERE category = :c AND rating > :r AND " + Ratings.ESTABLISHED_AT_NOW)
          .bind("c", category.key).bind("bound", Glicko2.PROVISIONAL_DEVIATION).bind("r", own.get().rating().rating())
          .bind("now", now).bind("period", Ratings.PERIOD.toMillis()).mapTo(Integer.class).one();
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
