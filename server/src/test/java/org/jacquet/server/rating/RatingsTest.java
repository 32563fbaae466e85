package org.jacquet.server.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jacquet.server.testing.BothDatabases;
import org.jacquet.server.store.Database;
import org.jacquet.server.game.GameService;
import org.jacquet.server.store.GameStore;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.account.Accounts;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.history.History;
import org.jacquet.server.identity.Player;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A match's end moves both players' ratings in the transaction that stores it, on SQLite and on
 * PostgreSQL; a failure there leaves neither rating moved and the match not ended. The history
 * and the leaderboard read what it wrote.
 */
class RatingsTest {
  @TempDir Path dir;

  @Test
  void onSqlite() {
    BothDatabases.sqlite(dir, this::everything);
  }

  @Test
  void onPostgres() throws Exception {
    BothDatabases.postgres(this::everything);
  }

  private record Game(String id, String whiteToken, String blackToken) {}

  private void everything(Database db) {
    GameStore store = new GameStore(db);
    store.onMatchEnd(new Ratings(db.isPostgres()));
    try (GameService games = new GameService(store, 0)) {
      Accounts accounts = new Accounts(db);
      Player ann = accounts.signUp("Ann", "a long password", null, "10.9.0.1", 1).player();
      Player bob = accounts.signUp("Bob", "a long password", null, "10.9.0.1", 1).player();
      aRatedMatchMovesBothRatingsWithIt(db, games, ann, bob);
      aFailureInTheHookLeavesNeitherRatedNorEnded(db, store, games, ann, bob);
      onlyRatedMatchesBetweenTwoAccountsAreRated(db, games, ann, bob);
      theHistoryPagesByKeysetNewestFirst(db, games, ann, bob);
      theLeaderboardCountsEstablishedRatingsOnly(db, ann);
      idleWeeksWidenTheDeviationBeforeTheNextMatchIsRated(db, games, accounts);
    }
  }

  private static Game start(GameService games, String time, boolean rated, Player white, Player black) {
    String w = Tokens.token();
    String b = Tokens.token();
    GameStore.Row row = games.seated("modern", 1, TimeControl.parse(time), rated, white, black, Tokens.sha256(w),
        Tokens.sha256(b));
    games.store().insert(row);
    return new Game(row.id(), w, b);
  }

  private static void resign(GameService games, Game g, boolean white) {
    games.act(g.id(), Tokens.sha256(white ? g.whiteToken() : g.blackToken()), new GameService.Action.Resign(), "test");
  }

  private static int rows(Database db, String sql, Object... args) {
    return db.jdbi().withHandle(h -> {
      var q = h.createQuery(sql);
      for (int i = 0; i < args.length; i++) q.bind(i, args[i]);
      return q.mapTo(Integer.class).one();
    });
  }

  private static Ratings.Stored rating(Database db, Player p, Ratings.Category c) {
    return db.jdbi().withHandle(h -> Ratings.find(h, p.id(), c, false, System.currentTimeMillis())).orElseThrow();
  }

  private void aRatedMatchMovesBothRatingsWithIt(Database db, GameService games, Player ann, Player bob) {
    Game g = start(games, "untimed", true, ann, bob);
    resign(games, g, false); // Bob resigns: Ann wins
    Glicko2.Rating annExpected = Glicko2.next(Glicko2.START, List.of(new Glicko2.Result(Glicko2.START, 1)));
    Glicko2.Rating bobExpected = Glicko2.next(Glicko2.START, List.of(new Glicko2.Result(Glicko2.START, 0)));
    Ratings.Stored a = rating(db, ann, Ratings.Category.UNTIMED);
    Ratings.Stored b = rating(db, bob, Ratings.Category.UNTIMED);
    assertThat(a.rating().rating()).isCloseTo(annExpected.rating(), within(1e-9)).isGreaterThan(1500);
    assertThat(b.rating().rating()).isCloseTo(bobExpected.rating(), within(1e-9)).isLessThan(1500);
    assertThat(a.rating().deviation()).isCloseTo(annExpected.deviation(), within(1e-9));
    assertThat(a.games()).isEqualTo(1);
    assertThat(a.wins()).isEqualTo(1);
    assertThat(b.wins()).isZero();
    assertThat(rows(db, "SELECT COUNT(*) FROM rating_history WHERE game_id = ?", g.id())).isEqualTo(2);
    String winner = db.jdbi().withHandle(h -> h.createQuery("SELECT winner FROM games WHERE id = :id").bind("id", g.id())
        .mapTo(String.class).one());
    assertThat(winner).isEqualTo("white");
    // Stored again (idempotent): nothing rated twice.
    db.jdbi().useTransaction(h -> new Ratings(db.isPostgres()).matchEnded(h, g.id()));
    assertThat(rating(db, ann, Ratings.Category.UNTIMED).games()).isEqualTo(1);
    java.util.Optional<Ratings.Stored> timed = db.jdbi().withHandle(h -> Ratings.find(h, ann.id(), Ratings.Category.TIMED, false, System.currentTimeMillis()));
    assertThat(timed).isEmpty();
  }

  private void aFailureInTheHookLeavesNeitherRatedNorEnded(Database db, GameStore store, GameService games, Player ann,
      Player bob) {
    Ratings.Stored annBefore = rating(db, ann, Ratings.Category.UNTIMED);
    Ratings.Stored bobBefore = rating(db, bob, Ratings.Category.UNTIMED);
    int history = rows(db, "SELECT COUNT(*) FROM rating_history");
    Game g = start(games, "untimed", true, ann, bob);
    // The ratings are written, then the process "crashes" before the transaction commits.
    store.onMatchEnd((h, id) -> {
      new Ratings(db.isPostgres()).matchEnded(h, id);
      throw new IllegalStateException("crash after the ratings were written");
    });
    assertThatThrownBy(() -> resign(games, g, true)).isInstanceOfSatisfying(Refusal.class,
        r -> assertThat(r.code()).isEqualTo("storage"));
    store.onMatchEnd(new Ratings(db.isPostgres()));
    assertThat(rating(db, ann, Ratings.Category.UNTIMED)).isEqualTo(annBefore);
    assertThat(rating(db, bob, Ratings.Category.UNTIMED)).isEqualTo(bobBefore);
    assertThat(rows(db, "SELECT COUNT(*) FROM rating_history")).isEqualTo(history);
    assertThat(rows(db, "SELECT COUNT(*) FROM games WHERE id = ? AND status = 'playing'", g.id())).isEqualTo(1);
    // With the hook working, the same resignation ends and rates the match.
    resign(games, g, true);
    assertThat(rating(db, bob, Ratings.Category.UNTIMED).games()).isEqualTo(bobBefore.games() + 1);
    assertThat(rating(db, bob, Ratings.Category.UNTIMED).rating().rating()).isGreaterThan(bobBefore.rating().rating());
  }

  private void onlyRatedMatchesBetweenTwoAccountsAreRated(Database db, GameService games, Player ann, Player bob) {
    Game self = start(games, "untimed", true, ann, ann); // one account in two browsers
    resign(games, self, true);
    Game unrated = start(games, "untimed", false, ann, bob);
    resign(games, unrated, true);
    Game guest = start(games, "untimed", true, ann, new Player("g:guest", "Guest-1"));
    resign(games, guest, false);
    for (Game g : List.of(self, unrated, guest)) {
      assertThat(rows(db, "SELECT COUNT(*) FROM rating_history WHERE game_id = ?", g.id())).isZero();
    }
    Game timed = start(games, "12+120", true, ann, bob);
    resign(games, timed, true);
    assertThat(rating(db, bob, Ratings.Category.TIMED).wins()).isEqualTo(1);
  }

  private void theHistoryPagesByKeysetNewestFirst(Database db, GameService games, Player ann, Player bob) {
    for (int i = 0; i < 23; i++) resign(games, start(games, "untimed", i % 2 == 0, i % 3 == 0 ? ann : bob,
        i % 3 == 0 ? bob : ann), i % 2 == 0);
    History history = new History(db);
    long[] playedWon = history.playedAndWon(ann.id());
    List<History.Entry> all = new java.util.ArrayList<>();
    History.Cursor cursor = null;
    while (true) {
      List<History.Entry> page = history.page(ann.id(), cursor, 10);
      all.addAll(page);
      if (page.size() < 10) break;
      History.Entry last = page.get(page.size() - 1);
      cursor = new History.Cursor(last.endedAt(), last.gameId());
    }
    assertThat(all).hasSize((int) playedWon[0]);
    assertThat(all.stream().filter(History.Entry::won).count()).isEqualTo(playedWon[1]);
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < all.size(); i++) {
      assertThat(ids.add(all.get(i).gameId())).as("no game on two pages").isTrue();
      if (i > 0) assertThat(all.get(i).endedAt()).isLessThanOrEqualTo(all.get(i - 1).endedAt());
    }
    // 6 earlier games of Ann's (two rated, three not rated, one timed) and the 23 here.
    assertThat(all).hasSize(6 + 23);
    History.Entry rated = all.stream().filter(e -> e.ratingBefore() != null).findFirst().orElseThrow();
    assertThat(rated.rated()).isTrue();
    assertThat(rated.opponentName()).isEqualTo("Bob");
    assertThat(History.Cursor.parse(new History.Cursor(5, "x:y").toString())).contains(new History.Cursor(5, "x:y"));
    assertThat(History.Cursor.parse("' OR 1=1 --")).isEmpty();
  }

  private void idleWeeksWidenTheDeviationBeforeTheNextMatchIsRated(Database db, GameService games, Accounts accounts) {
    Player cleo = accounts.signUp("Cleo", "a long password", null, "10.9.0.1", 1).player();
    Player dan = accounts.signUp("Dan", "a long password", null, "10.9.0.1", 1).player();
    resign(games, start(games, "untimed", true, cleo, dan), false);
    // Cleo's last rated match moved ten weeks back: ten idle periods before the next one is scored.
    long week = Ratings.PERIOD.toMillis();
    db.jdbi().useHandle(h -> h.createUpdate("UPDATE ratings SET updated_at = updated_at - :back WHERE account_id = :a")
        .bind("back", 10 * week).bind("a", cleo.id()).execute());
    Glicko2.Rating cleoStored = db.jdbi().withHandle(h -> h.createQuery(
            "SELECT rating, deviation, volatility FROM ratings WHERE account_id = :a")
        .bind("a", cleo.id()).map((rs, ctx) -> new Glicko2.Rating(rs.getDouble(1), rs.getDouble(2), rs.getDouble(3))).one());
    Glicko2.Rating cleoNow = rating(db, cleo, Ratings.Category.UNTIMED).rating();
    assertThat(cleoNow).as("read with ten idle weeks").isEqualTo(Glicko2.idle(cleoStored, 10));
    assertThat(cleoNow.deviation()).isGreaterThan(cleoStored.deviation());
    Glicko2.Rating danNow = rating(db, dan, Ratings.Category.UNTIMED).rating();
    resign(games, start(games, "untimed", true, cleo, dan), false); // Cleo wins again
    Glicko2.Rating expected = Glicko2.next(cleoNow, List.of(new Glicko2.Result(danNow, 1)));
    Glicko2.Rating after = rating(db, cleo, Ratings.Category.UNTIMED).rating();
    assertThat(after.rating()).isCloseTo(expected.rating(), within(1e-9));
    assertThat(after.deviation()).isCloseTo(expected.deviation(), within(1e-9));
  }

  private void theLeaderboardCountsEstablishedRatingsOnly(Database db, Player ann) {
    Leaderboard board = new Leaderboard(db);
    long at = 1; // when the steady players below last played
    assertThat(board.rank(ann.id(), Ratings.Category.UNTIMED, at)).as("Ann is still provisional").isEmpty();
    assertThat(board.top(Ratings.Category.UNTIMED, 10, at)).isEmpty();
    Accounts accounts = new Accounts(db);
    double[] ratings = {1620, 1710, 1580};
    for (int i = 0; i < ratings.length; i++) {
      Player p = accounts.signUp("Steady" + i, "a long password", null, "10.9.0.1", 1).player();
      double r = ratings[i];
      db.jdbi().useHandle(h -> h.createUpdate("""
          INSERT INTO ratings (account_id, category, rating, deviation, volatility, games, wins, updated_at)
          VALUES (:a, 'untimed', :r, 80, 0.06, 40, 20, 1)""").bind("a", p.id()).bind("r", r).execute());
    }
    List<Leaderboard.Row> top = board.top(Ratings.Category.UNTIMED, 10, at);
    assertThat(top).extracting(Leaderboard.Row::name).containsExactly("Steady1", "Steady0", "Steady2");
    Player steady2 = new Player(accounts.byName("Steady2").orElseThrow().id(), "Steady2");
    assertThat(board.rank(steady2.id(), Ratings.Category.UNTIMED, at)).hasValue(3);
    // Idle weeks widen the deviation as it is read: √(80² + n·(0.06·173.7178)²) is 109.77 after
    // 52 weeks (still on the board) and 110.26 after 53 (provisional: off it, no rank).
    long week = Ratings.PERIOD.toMillis();
    assertThat(board.top(Ratings.Category.UNTIMED, 10, at + 52 * week)).hasSize(3).first()
        .satisfies(r -> assertThat(r.deviation()).isCloseTo(109.77, org.assertj.core.api.Assertions.within(0.01)));
    assertThat(board.top(Ratings.Category.UNTIMED, 10, at + 53 * week - 1)).as("52 whole weeks").hasSize(3);
    assertThat(board.top(Ratings.Category.UNTIMED, 10, at + 53 * week)).isEmpty();
    assertThat(board.rank(steady2.id(), Ratings.Category.UNTIMED, at + 53 * week)).isEmpty();
    assertThat(board.rating(steady2.id(), Ratings.Category.UNTIMED, at + 53 * week).orElseThrow().rating().provisional()).isTrue();
    assertThat(board.graph(ann.id(), Ratings.Category.UNTIMED)).isNotEmpty();
  }
}
