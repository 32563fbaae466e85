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

  public Player {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    if (!id.startsWith(GUEST_PREFIX) && !id.startsWith(ACCOUNT_PREFIX))
      throw new IllegalArgumentException("a player id starts with g: or a:, not " + id);
  }

  /** A signed-in account (only accounts play rated games). */
  public boolean hasAccount() {
    return id.startsWith(ACCOUNT_PREFIX);
  }
}
