package org.jacquet.server.testing;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.clock.Clock;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.store.GameStore;

/**
 * A correspondence game ("3d") between two accounts written straight into a {@link GameStore},
 * and the changes a game stores (a turn passing, the end), as the game service stores them: for
 * tests of what those changes set going (notices, mail) without playing the moves.
 */
public final class StoredCorrespondence {
  private final GameStore store;
  public final String id;
  private final String record;

  private StoredCorrespondence(GameStore store, String id, String record) {
    this.store = store;
    this.id = id;
    this.record = record;
  }

  /** A new 3-day game: {@code white} and {@code black} are account ids, seated under these names. */
  public static StoredCorrespondence insert(GameStore store, String white, String whiteName, String black, String blackName) {
    return insert(store, white, whiteName, black, blackName, "3d", false);
  }

  /**
   * A game of {@code timeControl} ("3d", "12+120"…); {@code blackComputer}: the computer sits at
   * Black ({@code black} then null), a game whose end its player watched.
   */
  public static StoredCorrespondence insert(GameStore store, String white, String whiteName, String black, String blackName,
      String timeControl, boolean blackComputer) {
    String id = Tokens.gameId();
    Rules r = Rules.parse("modern");
    Match match = new Match(r, 1, new SeededDice(7), null);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("White", whiteName);
    headers.put("Black", blackName == null ? "Computer" : blackName);
    headers.put("Game", id);
    headers.put("SeedHash", Tokens.seedHash(7));
    String record = GameRecord.write(match, headers);
    long now = System.currentTimeMillis();
    store.insert(new GameStore.Row(id, r.toString(), 1, "human", blackComputer ? "computer" : "human",
        blackComputer ? "beginner" : null, Tokens.sha256(Tokens.token()), Tokens.sha256(Tokens.token()), 7, Tokens.seedHash(7),
        record, "playing", 0, now, now, null, null, new GameStore.Seats(white, whiteName, black, blackName, false, timeControl)));
    return new StoredCorrespondence(store, id, record);
  }

  /** The same game as another process's store sees it. */
  public StoredCorrespondence on(GameStore other) {
    return new StoredCorrespondence(other, id, record);
  }

  /** Stores a move of {@code mover} after which the clock runs for {@code next}; whether it was stored. */
  public boolean move(Side mover, Side next) {
    Clock clock = new Clock(TimeControl.days(3), 0, 0, next, System.currentTimeMillis());
    return store.update(id, store.version(id), record, "playing", mover.key(), "play 1/7", clock, null);
  }

  /** Stores the end of the match (a resignation of {@code loser}). */
  public boolean end(Side loser) {
    return store.update(id, store.version(id), record, "over", loser.key(), "resign", null, null);
  }
}
