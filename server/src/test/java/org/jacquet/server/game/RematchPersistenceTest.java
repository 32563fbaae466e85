package org.jacquet.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import org.jacquet.server.testing.Postgres;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.jacquet.engine.Side;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.GameStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rematch of a finished match is stored with it: after a restart the finished game still
 * shows it, and the other player asking lands in the same new game, seated on the other side.
 */
class RematchPersistenceTest {
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

  private static void survivesARestart(Supplier<Database> database) {
    Database first = database.get();
    GameService games = new GameService(new GameStore(first), 10);
    GameService.Created c = games.create(new GameService.NewGame("modern", 1, false, null, Side.WHITE, null));
    String white = Tokens.sha256(c.token());
    String black = Tokens.sha256(c.inviteToken());
    games.act(c.id(), black, new GameService.Action.Resign(), "127.0.0.1");
    String rematch = Rematches.create(games, c.id(), white, "127.0.0.1");
    assertThat(games.read(c.id(), room -> StateView.of(room, null, s -> false)).path("rematch").asText()).isEqualTo(rematch);
    games.close();
    first.close();

    Database second = database.get();
    GameService again = new GameService(new GameStore(second), 10);
    assertThat(again.read(c.id(), room -> StateView.of(room, null, s -> false)).path("rematch").asText()).isEqualTo(rematch);
    // The other player asks after the restart: the same new game, not a second one.
    assertThat(Rematches.create(again, c.id(), black, "127.0.0.1")).isEqualTo(rematch);
    assertThat((Side) again.read(rematch, room -> room.sideOf(black))).isEqualTo(Side.WHITE);
    assertThat((Side) again.read(rematch, room -> room.sideOf(white))).isEqualTo(Side.BLACK);
    assertThat(again.store().actions(c.id())).last().isEqualTo("rematch " + rematch);
    again.close();
    second.close();
  }

  @Test
  void theRematchSurvivesARestartOnSqlite() {
    survivesARestart(() -> Database.sqlite(dir));
  }

  @Test
  void theRematchSurvivesARestartOnPostgres() {
    String url = postgres.jdbcUrl();
    survivesARestart(() -> Database.url(url, null, null));
  }

  @Test
  void aRematchAskedByBothPlayersAtOnceIsOneGame() throws Exception {
    Database db = Database.sqlite(dir);
    try (GameService one = new GameService(new GameStore(db), 10); GameService two = new GameService(new GameStore(db), 10)) {
      GameService.Created c = one.create(new GameService.NewGame("modern", 1, false, null, Side.WHITE, null));
      one.act(c.id(), Tokens.sha256(c.token()), new GameService.Action.Resign(), "127.0.0.1");
      // Two server processes on one database, each player on one of them.
      var a = java.util.concurrent.CompletableFuture.supplyAsync(() -> Rematches.create(one, c.id(), Tokens.sha256(c.token()), "127.0.0.1"));
      var b = java.util.concurrent.CompletableFuture.supplyAsync(() -> Rematches.create(two, c.id(), Tokens.sha256(c.inviteToken()), "127.0.0.1"));
      assertThat(a.get()).isEqualTo(b.get());
    } finally {
      db.close();
    }
  }
}
