package org.jacquet.server.identity;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jacquet.server.game.Tokens;

/**
 * Who is behind a request or a socket: a valid sign-in cookie ({@code jacquet_session}) is the
 * account's player ({@link AccountSessions}); otherwise the guest cookie ({@code jacquet_guest}:
 * 128 random bits, HttpOnly, SameSite=Lax, Secure over TLS), issued when missing or malformed.
 * A guest's id is a hash of its cookie, so the secret is neither stored nor shown; its
 * pseudonym is kept by {@link Pseudonyms}.
 */
public final class Identities {
  public static final String SESSION_COOKIE = "jacquet_session";
  public static final String GUEST_COOKIE = "jacquet_guest";
  /** What {@link Tokens#token()} makes: 22 URL-safe base64 characters. */
  private static final Pattern GUEST_VALUE = Pattern.compile("[A-Za-z0-9_-]{22}");
  /** A guest cookie lives a year: the pseudonym is the server's, the cookie only says who came back. */
  private static final int GUEST_MAX_AGE_SECONDS = 365 * 24 * 3600;

  private volatile AccountSessions accounts;
  private final Pseudonyms names;

  public Identities(AccountSessions accounts, Pseudonyms names) {
    this.accounts = accounts;
    this.names = names;
  }

  /** From now on, sign-in cookies are read by {@code sessions} (the accounts' side of the seam, set at start). */
  public void useAccounts(AccountSessions sessions) {
    this.accounts = sessions;
  }

  public Pseudonyms names() {
    return names;
  }

  /**
   * The player of a request: {@code cookie} reads a cookie by name; {@code setCookie} is given a
   * {@code Set-Cookie} header value when a guest cookie must be issued (null: none can be, as on
   * a socket — then empty, the caller refuses). {@code newcomer} runs before a guest this
   * process does not know is kept (a fresh cookie, or one it forgot): it may refuse, so that no
   * client fills the memory of names with made-up cookies faster than its address's rate.
   */
  public Optional<Player> resolve(Function<String, String> cookie, Locale language, boolean secure,
      Consumer<String> setCookie, Runnable newcomer, long now) {
    String session = cookie.apply(SESSION_COOKIE);
    if (session != null && session.length() <= 200) {
      Optional<Player> account = accounts.player(session);
      if (account.isPresent()) return Optional.of(names.account(account.get(), now));
    }
    String guest = cookie.apply(GUEST_COOKIE);
    boolean issue = guest == null || !GUEST_VALUE.matcher(guest).matches();
    if (issue && setCookie == null) return Optional.empty();
    if (issue) guest = Tokens.token();
    String id = guestId(guest);
    if (!names.knows(id)) newcomer.run();
    if (issue) {
      setCookie.accept(GUEST_COOKIE + "=" + guest + "; Path=/; Max-Age=" + GUEST_MAX_AGE_SECONDS + "; HttpOnly; SameSite=Lax"
          + (secure ? "; Secure" : ""));
    }
    return Optional.of(names.guest(id, language, now));
  }

  /** The guest a request's cookie names (none issued, nothing stored), if it carries a well-formed one. */
  public static Optional<String> guestOf(Function<String, String> cookie) {
    String guest = cookie.apply(GUEST_COOKIE);
    return guest != null && GUEST_VALUE.matcher(guest).matches() ? Optional.of(guestId(guest)) : Optional.empty();
  }

  /** The guest id a guest cookie stands for. */
  static String guestId(String cookieValue) {
    return Player.GUEST_PREFIX + Tokens.sha256(cookieValue).substring(0, 32);
  }
}
