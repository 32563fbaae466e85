package org.jacquet.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.jacquet.server.testing.Postgres;
import java.nio.file.Path;
import java.util.List;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.server.game.GameRoom;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.Tokens;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Games survive the server: stored on every action, rebuilt identical by a new server. */
public class PersistenceTest {
  static Postgres postgres;
  @TempDir Path dir;

  @BeforeAll
  static void startPostgres() throws Exception {
    postgres = Postgres.fresh();
  }

  @AfterAll
  static void stopPostgres() throws Exception {
    postgres.close();
  }

  private static String postgresUrl() {
    return postgres.jdbcUrl();
  }

  /** Plays a friend game for a while through the service, as the WebSocket layer would. */
  public static String playSome(GameService games, int actions) {
    GameService.Created c = games.create(new GameService.NewGame("modern", 3, false, null, Side.WHITE, null));
    String white = Tokens.sha256(c.token());
    String black = Tokens.sha256(c.inviteToken());
    for (int i = 0; i < actions; i++) {
      String who = games.read(c.id(), room -> {
        var g = room.match.game();
        if (g.phase() == org.jacquet.engine.game.Phase.OPENING_THROW) return white;
        return g.sideToAct() == Side.WHITE ? white : black;
      });
      boolean play = games.read(c.id(), room -> room.match.game().phase() == org.jacquet.engine.game.Phase.PLAY);
      if (play) {
        String text = games.read(c.id(), room -> room.match.game().legalPlays().plays().get(0).notation());
        games.act(c.id(), who, new GameService.Action.PlayText(text), "127.0.0.1");
      } else {
        games.act(c.id(), who, new GameService.Action.Roll(), "127.0.0.1");
      }
    }
    return c.id();
  }

  /** {@code database} opens the database again as a new server process would, after the first stopped. */
  private void survivesARestart(java.util.function.Supplier<Database> database) {
    Database first = database.get();
    GameService games = new GameService(new GameStore(first), 10);
    String id = playSome(games, 25);
    String record = games.read(id, GameRoom::storedRecord);
    int version = games.read(id, room -> room.version);
    games.close();
    first.close();

    // Closed at the end, as the first was: an open SQLite database's watch writes to its file
    // every second, racing with the deletion of the temporary folder.
    try (Database second = database.get(); GameService again = new GameService(new GameStore(second), 10)) {
      assertThat(again.read(id, GameRoom::storedRecord)).isEqualTo(record);
      int againVersion = again.read(id, room -> room.version);
      assertThat(againVersion).isEqualTo(version).isEqualTo(25);
      List<String> actions = again.store().actions(id);
      assertThat(actions).hasSize(25);
      // The rebuilt game goes on with the same dice as the game that was never stopped would.
      assertThat(GameRecord.read(record).match().game().position())
          .isEqualTo(again.read(id, room -> room.match.game().position()));
    }
  }

  @Test
  void aGameSurvivesARestartOnSqlite() {
    survivesARestart(() -> Database.sqlite(dir));
  }

  @Test
  void aGameSurvivesARestartOnPostgres() {
    survivesARestart(() -> Database.url(postgresUrl(), null, null));
  }

  @Test
  void theDiceAfterARestartAreTheOnesTheSeedWouldHaveThrown() {
    Database db = Database.sqlite(dir);
    GameService straight = new GameService(new GameStore(db), 10);
    String id = playSome(straight, 12);
    // Stop "the server" here, rebuild from storage, and throw once more.
    String record = straight.read(id, GameRoom::storedRecord);
    straight.close();
    db.close();
    try (Database again = Database.sqlite(dir); GameService resumed = new GameService(new GameStore(again), 10)) {
      long seed = resumed.store().find(id).orElseThrow().seed();
      var throwsReplayed = resumed.read(id, room -> room.dice.throwsRecorded());
      org.jacquet.engine.game.SeededDice expected = new org.jacquet.engine.game.SeededDice(seed);
      assertThat(throwsReplayed).isNotEmpty();
      for (var t : throwsReplayed) assertThat(t.matches(expected.roll(), expected.roll())).as("throw %s", t).isTrue();
      assertThat(record).doesNotContain("[Seed \"");
    }
  }
}
