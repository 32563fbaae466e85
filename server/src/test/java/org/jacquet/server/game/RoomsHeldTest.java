package org.jacquet.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.engine.Side;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.GameStore;
import org.jacquet.server.store.PersistenceTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory holds a bounded number of games, whatever is looked at: a read needs no seat, so
 * holding every game read would let any client fill the memory. A game let go is rebuilt from
 * what is stored, exactly, and goes on.
 */
class RoomsHeldTest {
  @TempDir Path dir;

  @Test
  void readingManyGamesHoldsAtMostTheLimitAndEveryGameGoesOn() {
    // The database closed too: its watch writes to the file every second, which raced with the
    // deletion of the temporary folder ("Failed to delete temp directory").
    try (Database db = Database.sqlite(dir); GameService games = new GameService(new GameStore(db), 10, 8)) {
      readManyAndPlayOn(games);
    }
  }

  private static void readManyAndPlayOn(GameService games) {
    List<String> ids = new ArrayList<>();
    List<String> records = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      String id = PersistenceTest.playSome(games, 3 + i % 4);
      ids.add(id);
      records.add(games.read(id, GameRoom::storedRecord));
      assertThat(games.roomsHeld()).isLessThanOrEqualTo(8);
    }
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < ids.size(); i++) {
        assertThat(games.read(ids.get(i), GameRoom::storedRecord)).isEqualTo(records.get(i));
        assertThat(games.roomsHeld()).isLessThanOrEqualTo(8);
      }
    }
    // The first game, long let go, is rebuilt and played on from where it was.
    String first = ids.get(0);
    int version = games.read(first, room -> room.version);
    String white = games.read(first, room -> room.row.whiteToken());
    String black = games.read(first, room -> room.row.blackToken());
    String who = games.read(first, room -> {
      var g = room.match.game();
      if (g.phase() == org.jacquet.engine.game.Phase.OPENING_THROW) return white;
      return g.sideToAct() == Side.WHITE ? white : black;
    });
    boolean play = games.read(first, room -> room.match.game().phase() == org.jacquet.engine.game.Phase.PLAY);
    if (play) {
      String text = games.read(first, room -> room.match.game().legalPlays().plays().get(0).notation());
      games.act(first, who, new GameService.Action.PlayText(text), "127.0.0.1");
    } else {
      games.act(first, who, new GameService.Action.Roll(), "127.0.0.1");
    }
    int after = games.read(first, room -> room.version);
    assertThat(after).isEqualTo(version + 1);
  }
}
