package org.jacquet.server.lobby;

import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.identity.Player;

/**
 * What a player asks the lobby for, until it becomes a game: an open challenge listed to
 * everyone, a direct challenge of one named player, or a place in quick pairing (never listed,
 * paired by the server with someone asking for the same {@link #pool}). A value: the lobby
 * stores it ({@link SeekStore}) and lists it.
 */
public record Seek(String id, Kind kind, Player poster, Player target, String rules, int matchLength,
    TimeControl timeControl, Colour colour, boolean rated, long createdAt, long expiresAt) {

  public enum Kind {
    OPEN, DIRECT, POOL;

    public String key() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    static Kind of(String key) {
      return valueOf(key.toUpperCase(java.util.Locale.ROOT));
    }
  }

  /** The side the poster asks for. */
  public enum Colour {
    WHITE, BLACK, RANDOM;

    public String key() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Colour of(String key) {
      return valueOf(key.toUpperCase(java.util.Locale.ROOT));
    }
  }

  public Seek {
    if ((kind == Kind.DIRECT) != (target != null)) throw new IllegalArgumentException("a direct challenge, and only it, has a target");
  }

  /** What two players must both ask for to be paired: the same game, timed the same. */
  public String pool() {
    return rules + "/" + matchLength + "/" + timeControl;
  }

  /** Whether {@code player} may see this seek in the lobby: open ones everyone, direct ones the two concerned. */
  public boolean shownTo(String playerId) {
    return switch (kind) {
      case OPEN -> true;
      case DIRECT -> poster.id().equals(playerId) || target.id().equals(playerId);
      case POOL -> false;
    };
  }
}
