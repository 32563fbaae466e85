package org.jacquet.server.identity;

import java.util.Objects;

/**
 * Who is behind a request or a socket: a guest (a pseudonym, an opaque id kept in an HttpOnly
 * cookie) or a signed-in account. {@code id} is what the server stores and compares — {@code
 * g:…} for a guest, {@code a:…} for an account — never shown; {@code name} is what players read,
 * already checked by {@link Names}.
 */
public record Player(String id, String name) {
  public static final String GUEST_PREFIX = "g:";
  public static final String ACCOUNT_PREFIX = "a:";
  /** A level of the computer as a rated player ({@code c:expert}): rated in games against people only. */
  public static final String COMPUTER_PREFIX = "c:";

  public Player {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    if (!id.startsWith(GUEST_PREFIX) && !id.startsWith(ACCOUNT_PREFIX) && !id.startsWith(COMPUTER_PREFIX))
      throw new IllegalArgumentException("a player id starts with g:, a: or c:, not " + id);
  }

  /** The level of the computer {@code level} as a player: its id and its (English) name. */
  public static Player computer(org.jacquet.ai.Level level) {
    return new Player(COMPUTER_PREFIX + level.key(), level.displayName(java.util.Locale.ENGLISH));
  }

  /** A level of the computer (its ratings are earned in games against people). */
  public boolean isComputer() {
    return id.startsWith(COMPUTER_PREFIX);
  }

  /** A signed-in account (only accounts play rated games). */
  public boolean hasAccount() {
    return id.startsWith(ACCOUNT_PREFIX);
  }
}
