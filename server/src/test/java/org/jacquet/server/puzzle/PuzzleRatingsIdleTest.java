package org.jacquet.server.puzzle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import org.jacquet.ai.puzzle.Puzzle;
import org.jacquet.ai.puzzle.PuzzleFile;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.rating.Glicko2;
import org.jacquet.server.store.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A player's puzzle rating widens over idle weeks as a game rating does (Glicko-2 step 6, one
 * period a week), as it is read and before the next answer is rated; a puzzle's does not. On a
 * real SQLite file, values worked by hand: 1500 ± 80 at σ = 0.06, ten weeks idle, reads
 * √(80² + 10 · (0.06 · 173.7178)²) = √(6400 + 1086.40) = 86.52.
 */
class PuzzleRatingsIdleTest {
  private static final long WEEK = 7L * 24 * 3600 * 1000;
  private static final long HOUR = 3600 * 1000;
  @TempDir Path dir;

  @Test
  void tenIdleWeeksWidenTheDeviationReadAndRatedButNotThePuzzles() {
    Puzzle p = PuzzleFile.shipped(Rules.MODERN, "modern").get(0);
    Database db = Database.sqlite(dir);
    try {
      db.jdbi().useHandle(h -> {
        h.execute("INSERT INTO puzzle_player_ratings (account_id, rating, deviation, volatility, attempts, solved, updated_at) "
            + "VALUES ('a:ann', 1500, 80, 0.06, 12, 7, 0)");
        h.execute("INSERT INTO puzzle_ratings (puzzle_set, puzzle_index, rating, deviation, volatility, attempts, solved) "
            + "VALUES ('modern', ?, 1600, 80, 0.06, 30, 10)", p.index());
      });
      PuzzleRatings ratings = new PuzzleRatings(db);
      long tenWeeks = 10 * WEEK + HOUR;

      // Read: 9 whole weeks and 23 hours are 9 periods (85.89), 10 weeks and an hour are 10 (86.52).
      assertThat(ratings.player("a:ann", 10 * WEEK - HOUR).rating().deviation()).isCloseTo(85.89, within(0.01));
      PuzzleRatings.Stored idle = ratings.player("a:ann", tenWeeks);
      assertThat(idle.rating().deviation()).isCloseTo(86.52, within(0.01));
      assertThat(idle.rating().rating()).isEqualTo(1500);
      assertThat(idle.rating().volatility()).isEqualTo(0.06);
      assertThat(ratings.player("a:ann", 0).rating().deviation()).isEqualTo(80);

      // Rated: the answer starts from the widened deviation; the puzzle's own stays 80.
      ratings.offer("a:ann", "modern", p, tenWeeks);
      PuzzleRatings.Outcome o = ratings.answer("a:ann", "modern", p, true, tenWeeks);
      assertThat(o.notRated()).isNull();
      assertThat(o.before().deviation()).isCloseTo(86.52, within(0.01));
      Glicko2.Rating puzzle = new Glicko2.Rating(1600, 80, 0.06);
      Glicko2.Rating expected = Glicko2.next(o.before(), List.of(new Glicko2.Result(puzzle, 1)));
      assertThat(o.after()).isEqualTo(expected);
      assertThat(o.after()).isNotEqualTo(Glicko2.next(new Glicko2.Rating(1500, 80, 0.06), List.of(new Glicko2.Result(puzzle, 1))));
      assertThat(o.puzzleAfter()).isEqualTo(Glicko2.next(puzzle, List.of(new Glicko2.Result(o.before(), 0))));

      // Just answered: no idle week since, the rating reads as stored.
      assertThat(ratings.player("a:ann", tenWeeks).rating()).isEqualTo(o.after());
      assertThat(ratings.player("a:ann", tenWeeks).attempts()).isEqualTo(13);
    } finally {
      db.close();
    }
  }
}
