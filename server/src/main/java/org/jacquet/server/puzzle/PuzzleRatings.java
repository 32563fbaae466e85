package org.jacquet.server.puzzle;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.jacquet.ai.puzzle.Puzzle;
import org.jacquet.server.rating.Glicko2;
import org.jacquet.server.rating.Ratings;
import org.jacquet.server.store.Database;
import org.jdbi.v3.core.Handle;

/**
 * Puzzle ratings, as lichess keeps them: each account has a Glicko-2 puzzle rating and each
 * puzzle has one too; an account's first answer to a puzzle the server offered it is one rated
 * game between the two (solved: the player wins), both ratings moved in one transaction. A
 * second answer, or an answer to a puzzle never offered, is not rated. The server judges the
 * play; nothing here trusts what the page says about it.
 */
public final class PuzzleRatings {
  /**
   * A puzzle's rating before anyone tried it, from what its making measured (docs/playing.md,
   * "Puzzles"): 1200, +400 when the expert level got it wrong, and up to +500 as the gap to the
   * second play shrinks from 0.40 to 0.05 points (a small gap is harder to see). The gap's span
   * is the shipped modern set's: its median gap (0.18) then starts near 1500, a new player's.
   */
  static final double EASIEST = 1200;
  static final double EXPERT_MISSED = 400;
  static final double SMALL_GAP = 500;
  static final double OBVIOUS_GAP = 0.40;
  static final double SMALLEST_GAP = 0.05;
  /** A puzzle starts surer than a new player (350): its start value is measured, not a guess. */
  static final double PUZZLE_START_DEVIATION = 200;
  /** How far from a player's rating a puzzle "near" it is at first; the reach doubles until some puzzle is in it. */
  static final double NEAR = 150;

  /** An account's puzzle rating and its rated attempts. */
  public record Stored(Glicko2.Rating rating, int attempts, int solved) {
    static final Stored NONE = new Stored(Glicko2.START, 0, 0);

    /** Written into {@code o} as the puzzle page and the profile show it (whole points). */
    public ObjectNode into(ObjectNode o) {
      return o.put("rating", Math.round(rating.rating())).put("deviation", Math.round(rating.deviation()))
          .put("provisional", rating.provisional()).put("attempts", attempts).put("solved", solved);
    }
  }

  /**
   * What an answer did to the ratings: {@code notRated} the reason it moved none
   * ({@code puzzle-not-offered}, {@code puzzle-tried}), null when both moved.
   */
  public record Outcome(String notRated, Glicko2.Rating before, Glicko2.Rating after, Glicko2.Rating puzzleAfter) {
    static Outcome not(String why) {
      return new Outcome(why, null, null, null);
    }
  }

  private final Database db;

  public PuzzleRatings(Database db) {
    this.db = db;
  }

  /** The rating a puzzle starts from (see {@link #EASIEST}). */
  static Glicko2.Rating start(Puzzle p) {
    double smallness = Math.max(0, Math.min(1, (OBVIOUS_GAP - p.gap()) / (OBVIOUS_GAP - SMALLEST_GAP)));
    double rating = EASIEST + (p.expertWrong() ? EXPERT_MISSED : 0) + SMALL_GAP * smallness;
    return new Glicko2.Rating(rating, PUZZLE_START_DEVIATION, Glicko2.START.volatility());
  }

  /** The account's puzzle rating as of now: the start rating and no attempt before its first rated answer. */
  public Stored player(String account) {
    return player(account, System.currentTimeMillis());
  }

  /**
   * The account's puzzle rating as of {@code now}: its deviation widened by the idle weeks since
   * its last rated answer, as a game rating is ({@link Ratings#asOf}, a period of one week).
   */
  Stored player(String account, long now) {
    return db.jdbi().withHandle(h -> player(h, account, false, now)).orElse(Stored.NONE);
  }

  /** Marks {@code p} as offered to the account: its first answer will be rated. Offering it again changes nothing. */
  void offer(String account, String set, Puzzle p, long now) {
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("""
        INSERT INTO puzzle_attempts (account_id, puzzle_set, puzzle_index, offered_at) VALUES (:a, :s, :i, :now)
        ON CONFLICT DO NOTHING""").bind("a", account).bind("s", set).bind("i", p.index()).bind("now", now).execute()));
  }

  /** The account's answer to {@code p}, solved or not (as the server judged it): both ratings moved once. */
  Outcome answer(String account, String set, Puzzle p, boolean solved, long now) {
    boolean lock = db.isPostgres();
    return db.write(() -> db.jdbi().inTransaction(h -> {
      // The attempt's row is the guard: only the answer that fills it is rated, even two at once.
      int taken = h.createUpdate("""
          UPDATE puzzle_attempts SET answered_at = :now, solved = :won
          WHERE account_id = :a AND puzzle_set = :s AND puzzle_index = :i AND answered_at IS NULL""")
          .bind("now", now).bind("won", solved ? 1 : 0).bind("a", account).bind("s", set).bind("i", p.index()).execute();
      if (taken == 0) {
        boolean offered = h.createQuery("""
            SELECT COUNT(*) FROM puzzle_attempts WHERE account_id = :a AND puzzle_set = :s AND puzzle_index = :i""")
            .bind("a", account).bind("s", set).bind("i", p.index()).mapTo(Integer.class).one() > 0;
        return Outcome.not(offered ? "puzzle-tried" : "puzzle-not-offered");
      }
      // Rows made first, then read locked (PostgreSQL): two answers at once never lose an update.
      Glicko2.Rating first = start(p);
      h.createUpdate("""
          INSERT INTO puzzle_player_ratings (account_id, rating, deviation, volatility, attempts, solved, updated_at)
          VALUES (:a, :r, :d, :v, 0, 0, :now) ON CONFLICT DO NOTHING""").bind("a", account).bind("r", Glicko2.START.rating())
          .bind("d", Glicko2.START.deviation()).bind("v", Glicko2.START.volatility()).bind("now", now).execute();
      h.createUpdate("""
          INSERT INTO puzzle_ratings (puzzle_set, puzzle_index, rating, deviation, volatility, attempts, solved)
          VALUES (:s, :i, :r, :d, :v, 0, 0) ON CONFLICT DO NOTHING""").bind("s", set).bind("i", p.index())
          .bind("r", first.rating()).bind("d", first.deviation()).bind("v", first.volatility()).execute();
      // The player's idle weeks widen its deviation before the answer is rated; a puzzle is never idle.
      Glicko2.Rating player = player(h, account, lock, now).orElseThrow().rating();
      Glicko2.Rating puzzle = h.createQuery("SELECT rating, deviation, volatility FROM puzzle_ratings "
              + "WHERE puzzle_set = :s AND puzzle_index = :i" + (lock ? " FOR UPDATE" : ""))
          .bind("s", set).bind("i", p.index())
          .map((rs, ctx) -> new Glicko2.Rating(rs.getDouble(1), rs.getDouble(2), rs.getDouble(3))).one();
      double score = solved ? 1 : 0;
      Glicko2.Rating playerNext = Glicko2.next(player, List.of(new Glicko2.Result(puzzle, score)));
      Glicko2.Rating puzzleNext = Glicko2.next(puzzle, List.of(new Glicko2.Result(player, 1 - score)));
      int won = solved ? 1 : 0;
      h.createUpdate("""
          UPDATE puzzle_player_ratings SET rating = :r, deviation = :d, volatility = :v, attempts = attempts + 1,
          solved = solved + :won, updated_at = :now WHERE account_id = :a""").bind("r", playerNext.rating())
          .bind("d", playerNext.deviation()).bind("v", playerNext.volatility()).bind("won", won).bind("now", now)
          .bind("a", account).execute();
      h.createUpdate("""
          UPDATE puzzle_ratings SET rating = :r, deviation = :d, volatility = :v, attempts = attempts + 1,
          solved = solved + :won WHERE puzzle_set = :s AND puzzle_index = :i""").bind("r", puzzleNext.rating())
          .bind("d", puzzleNext.deviation()).bind("v", puzzleNext.volatility()).bind("won", won).bind("s", set)
          .bind("i", p.index()).execute();
      h.createUpdate("""
          UPDATE puzzle_attempts SET rating_before = :before, rating_after = :after
          WHERE account_id = :a AND puzzle_set = :s AND puzzle_index = :i""").bind("before", player.rating())
          .bind("after", playerNext.rating()).bind("a", account).bind("s", set).bind("i", p.index()).execute();
      return new Outcome(null, player, playerNext, puzzleNext);
    }));
  }

  /** {@code p}'s rating now: its stored one, or its start value before its first rated attempt. */
  Glicko2.Rating puzzle(String set, Puzzle p) {
    return db.jdbi().withHandle(h -> h.createQuery(
            "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle_set = :s AND puzzle_index = :i")
        .bind("s", set).bind("i", p.index())
        .map((rs, ctx) -> new Glicko2.Rating(rs.getDouble(1), rs.getDouble(2), rs.getDouble(3))).findOne())
        .orElseGet(() -> start(p));
  }

  /**
   * A puzzle of {@code choices} for the account: one it has not answered (any, once it answered
   * them all), other than {@code not} when it can, and rated near its puzzle rating — within
   * {@link #NEAR}, or twice that, and so on until some is in reach — chosen at random among those.
   */
  Puzzle near(String account, String set, List<Puzzle> choices, Integer not, SplittableRandom random) {
    double own = player(account).rating().rating(); // idle weeks move the deviation, not the rating
    Map<Integer, Double> rated = new HashMap<>();
    Set<Integer> answered = new HashSet<>();
    db.jdbi().useHandle(h -> {
      h.createQuery("SELECT puzzle_index, rating FROM puzzle_ratings WHERE puzzle_set = :s").bind("s", set)
          .map((rs, ctx) -> Map.entry(rs.getInt(1), rs.getDouble(2))).forEach(e -> rated.put(e.getKey(), e.getValue()));
      answered.addAll(h.createQuery("""
          SELECT puzzle_index FROM puzzle_attempts WHERE account_id = :a AND puzzle_set = :s AND answered_at IS NOT NULL""")
          .bind("a", account).bind("s", set).mapTo(Integer.class).list());
    });
    List<Puzzle> fresh = choices.stream().filter(p -> !answered.contains(p.index()) && !Integer.valueOf(p.index()).equals(not)).toList();
    List<Puzzle> pool = fresh.isEmpty() ? PuzzleShelf.other(choices, not) : fresh;
    for (double reach = NEAR; ; reach *= 2) {
      double r = reach;
      List<Puzzle> near = pool.stream().filter(p -> Math.abs(rated.getOrDefault(p.index(), start(p).rating()) - own) <= r).toList();
      if (!near.isEmpty()) return near.get(random.nextInt(near.size()));
    }
  }

  private static Optional<Stored> player(Handle h, String account, boolean lock, long now) {
    return h.createQuery("SELECT rating, deviation, volatility, attempts, solved, updated_at FROM puzzle_player_ratings "
            + "WHERE account_id = :a" + (lock ? " FOR UPDATE" : "")).bind("a", account)
        .map((rs, ctx) -> new Stored(Ratings.asOf(new Glicko2.Rating(rs.getDouble(1), rs.getDouble(2), rs.getDouble(3)),
            rs.getLong(6), now), rs.getInt(4), rs.getInt(5)))
        .findOne();
  }
}
