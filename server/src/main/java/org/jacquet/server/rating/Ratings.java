package org.jacquet.server.rating;

import java.util.List;
import java.util.Optional;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.server.store.MatchEndHook;
import org.jacquet.server.identity.Player;
import org.jdbi.v3.core.Handle;

/**
 * What a match's end stores beside it, in the same transaction ({@link MatchEndHook}): the
 * winner (for histories and profiles), and for a rated match between two accounts both players'
 * Glicko-2 ratings in its {@link Category}, with a history row each for the graph and the
 * history's rating change.
 */
public final class Ratings implements MatchEndHook {
  /**
   * Three pools, as lichess keeps one per speed: timed (a live clock), untimed (live, no clock)
   * and correspondence (days a move). The players of a small site split further (per time
   * control) would leave every pool too thin for a rating to mean anything, while clock play,
   * unhurried play and play over days do reward different skills.
   */
  public enum Category {
    TIMED("timed"), UNTIMED("untimed"), CORRESPONDENCE("correspondence");

    public final String key;

    Category(String key) {
      this.key = key;
    }

    /** The category of a game with this time control text ("untimed", D+R or Nd). */
    public static Category of(String timeControl) {
      if (timeControl == null || timeControl.equals("untimed")) return UNTIMED;
      return org.jacquet.server.clock.TimeControl.parse(timeControl).correspondence() ? CORRESPONDENCE : TIMED;
    }

    public static Optional<Category> parse(String key) {
      for (Category c : values()) if (c.key.equals(key)) return Optional.of(c);
      return Optional.empty();
    }
  }

  /** An account's rating in one category, as of when it was read ({@link #asOf}), with its games counted. */
  public record Stored(Category category, Glicko2.Rating rating, int games, int wins) {}

  /**
   * The rating period for inactivity: a week. Each rated match is a period of its own (the rating
   * moves after every match); each whole week since a player's last rated match in a category is
   * a period without games, in which only the deviation grows (Glicko-2 step 6). A week is the
   * rhythm of a club evening, so a regular player never decays, while one away a year (52
   * periods at σ = 0.06) goes from a deviation of 80 back above 110: provisional, off the board.
   */
  public static final java.time.Duration PERIOD = java.time.Duration.ofDays(7);

  /** A rating stored at {@code updatedAt} as it stands at {@code now}: one idle period per whole {@link #PERIOD} since. */
  public static Glicko2.Rating asOf(Glicko2.Rating stored, long updatedAt, long now) {
    return Glicko2.idle(stored, Math.max(0, (now - updatedAt) / PERIOD.toMillis()));
  }

  /**
   * SQL true for a row of {@code ratings} whose deviation as of {@code :now} is at most {@code :bound}
   * ({@link #asOf} in SQL: RD² + n·(σ·173.7178)² ≤ bound², n the whole periods since updated_at,
   * by integer division on both SQLite and PostgreSQL). Binds {@code :now}, {@code :period}, {@code :bound}.
   */
  static final String ESTABLISHED_AT_NOW = "(deviation * deviation + "
      + "(CASE WHEN :now > updated_at THEN (:now - updated_at) / :period ELSE 0 END) * volatility * volatility "
      + "* " + Glicko2.SCALE * Glicko2.SCALE + " <= :bound * :bound)";

  private final boolean postgres;

  /** {@code postgres}: rows about to be changed are locked as they are read (two processes end matches at once). */
  public Ratings(boolean postgres) {
    this.postgres = postgres;
  }

  @Override
  public void matchEnded(Handle h, String gameId) {
    var game = h.createQuery("SELECT white_player, black_player, rated, time_control, record FROM games WHERE id = :id")
        .bind("id", gameId).mapToMap().findOne().orElse(null);
    if (game == null) return;
    Side winner = GameRecord.read((String) game.get("record")).match().winner();
    if (winner == null) return;
    h.createUpdate("UPDATE games SET winner = :w WHERE id = :id").bind("w", winner.key()).bind("id", gameId).execute();
    if (!Integer.valueOf(1).equals(num(game.get("rated")))) return;
    String white = (String) game.get("white_player");
    String black = (String) game.get("black_player");
    // Rated games are between two different accounts, or an account and a level of the computer
    // (never two levels: that would give differences, not a place on the players' scale);
    // anything else is not rated, whatever the flag says.
    if (white == null || black == null || white.equals(black) || !ratedPair(white, black)) return;
    boolean done = h.createQuery("SELECT COUNT(*) FROM rating_history WHERE game_id = :id").bind("id", gameId)
        .mapTo(Integer.class).one() > 0;
    if (done) return;
    Category category = Category.of((String) game.get("time_control"));
    long now = System.currentTimeMillis();
    // Each player's idle weeks widen its deviation before the match is rated.
    Optional<Stored> w = find(h, white, category, postgres, now);
    Optional<Stored> b = find(h, black, category, postgres, now);
    Glicko2.Rating wr = w.map(Stored::rating).orElse(Glicko2.START);
    Glicko2.Rating br = b.map(Stored::rating).orElse(Glicko2.START);
    double whiteScore = winner == Side.WHITE ? 1 : 0;
    Glicko2.Rating wNext = Glicko2.next(wr, List.of(new Glicko2.Result(br, whiteScore)));
    Glicko2.Rating bNext = Glicko2.next(br, List.of(new Glicko2.Result(wr, 1 - whiteScore)));
    save(h, white, category, w, wNext, winner == Side.WHITE, now);
    save(h, black, category, b, bNext, winner == Side.BLACK, now);
    history(h, white, gameId, category, wr, wNext, now);
    history(h, black, gameId, category, br, bNext, now);
  }

  private static boolean ratedPair(String white, String black) {
    boolean wAccount = white.startsWith(Player.ACCOUNT_PREFIX);
    boolean bAccount = black.startsWith(Player.ACCOUNT_PREFIX);
    return (wAccount && (bAccount || black.startsWith(Player.COMPUTER_PREFIX)))
        || (bAccount && white.startsWith(Player.COMPUTER_PREFIX));
  }

  private static Integer num(Object o) {
    return o == null ? null : ((Number) o).intValue();
  }

  /** An account's rating in {@code category} as of {@code now} ({@link #asOf}), if it played a rated match in it. */
  public static Optional<Stored> find(Handle h, String accountId, Category category, boolean lock, long now) {
    return h.createQuery("SELECT rating, deviation, volatility, games, wins, updated_at FROM ratings "
            + "WHERE account_id = :a AND category = :c" + (lock ? " FOR UPDATE" : ""))
        .bind("a", accountId).bind("c", category.key)
        .map((rs, ctx) -> new Stored(category, asOf(new Glicko2.Rating(rs.getDouble("rating"), rs.getDouble("deviation"),
            rs.getDouble("volatility")), rs.getLong("updated_at"), now), rs.getInt("games"), rs.getInt("wins")))
        .findOne();
  }

  private static void save(Handle h, String account, Category c, Optional<Stored> before, Glicko2.Rating next, boolean won,
      long now) {
    String sql = before.isPresent()
        ? "UPDATE ratings SET rating = :r, deviation = :d, volatility = :v, games = games + 1, wins = wins + :won, "
            + "updated_at = :now WHERE account_id = :a AND category = :c"
        : "INSERT INTO ratings (account_id, category, rating, deviation, volatility, games, wins, updated_at) "
            + "VALUES (:a, :c, :r, :d, :v, 1, :won, :now)";
    h.createUpdate(sql).bind("a", account).bind("c", c.key).bind("r", next.rating()).bind("d", next.deviation())
        .bind("v", next.volatility()).bind("won", won ? 1 : 0).bind("now", now).execute();
  }

  private static void history(Handle h, String account, String gameId, Category c, Glicko2.Rating before,
      Glicko2.Rating after, long now) {
    h.createUpdate("""
        INSERT INTO rating_history (account_id, game_id, category, rating_before, rating_after, deviation, created_at)
        VALUES (:a, :g, :c, :before, :after, :d, :now)""")
        .bind("a", account).bind("g", gameId).bind("c", c.key).bind("before", before.rating())
        .bind("after", after.rating()).bind("d", after.deviation()).bind("now", now).execute();
  }
}
