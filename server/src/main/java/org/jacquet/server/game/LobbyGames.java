package org.jacquet.server.game;

import org.jacquet.server.identity.Player;
import org.jacquet.server.store.GameStore;
import org.jacquet.server.lobby.Lobby;
import org.jacquet.server.lobby.Seek;

/** The lobby's games: made from seeks as {@link GameService#seated} rows, stored in the seek's transaction. */
public record LobbyGames(GameService games) implements Lobby.Games {
  @Override
  public Prepared prepare(Seek seek, Player white, Player black, String whiteTokenHash, String blackTokenHash) {
    GameStore.Row row = games.seated(seek.rules(), seek.matchLength(), seek.timeControl(), seek.rated(), white, black,
        whiteTokenHash, blackTokenHash);
    return new Prepared(row.id(), h -> GameStore.insert(h, row));
  }

  @Override
  public String sideOf(String gameId, String playerId) {
    return games.store().sideOf(gameId, playerId);
  }
}
