package org.jacquet.server.identity;

import java.util.Optional;

/**
 * Who a sign-in cookie ({@code jacquet_session}) belongs to: the accounts' side of the
 * {@link Identities} seam. Until accounts exist, {@link #NONE}: nobody is signed in.
 */
public interface AccountSessions {
  AccountSessions NONE = cookieValue -> Optional.empty();

  /** The account's player for a session cookie's value, or empty when it is no valid session. */
  Optional<Player> player(String cookieValue);
}
