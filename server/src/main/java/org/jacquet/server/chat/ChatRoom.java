package org.jacquet.server.chat;

/**
 * The two chats of a game, apart as on lichess: the players talk to each other, spectators among
 * themselves. Neither reads the other's: a spectator cannot advise a player, and the players are
 * not distracted by the gallery.
 */
public enum ChatRoom {
  PLAYERS,
  SPECTATORS;

  public String key() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The room of a seat: a player's ({@code seated}) or a spectator's. */
  public static ChatRoom of(boolean seated) {
    return seated ? PLAYERS : SPECTATORS;
  }

  public static ChatRoom parse(String key) {
    for (ChatRoom r : values()) if (r.key().equals(key)) return r;
    throw new IllegalArgumentException("no chat room " + key);
  }
}
