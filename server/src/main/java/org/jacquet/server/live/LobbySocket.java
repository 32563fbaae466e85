package org.jacquet.server.live;

import org.jacquet.server.identity.Player;
import org.jacquet.server.lobby.Lobby;

/** A lobby socket ({@code /ws/lobby}) as the lobby sees it: its player, and its connection's bounded queue. */
public record LobbySocket(Connection connection, Player player) implements Lobby.Listener {
  /** The path segment of the lobby's socket: never a game's id (those are 12 characters). */
  public static final String PATH = "lobby";

  @Override
  public void send(String json) {
    connection.send(json);
  }
}
