package org.jacquet.server.account;

/**
 * The rates that protect accounts, kept in the database so that every server process spends one
 * budget (docs/PROTOCOL.md, "Limits"). Sign-ins follow OWASP's advice that a lockout must not
 * become a denial of service: a name is throttled per address first ({@code signInsPerNameAndAddress}),
 * and over all addresses together only far above it ({@code signInsPerName}), so that one
 * guesser cannot lock the owner out. Checks of the current password (changing it, renaming,
 * deleting) count as sign-ins. Sign-ups are counted per address and in all, per hour.
 */
public record AccountLimits(int signInsPerAddress, int signInsPerNameAndAddress, int signInsPerName, int signUpsPerAddress,
    int signUpsInAll) {
  /** The sign-in limits' window. */
  public static final int SIGN_IN_SECONDS = 60;
  /** The sign-up limits' window. */
  public static final int SIGN_UP_SECONDS = 3600;

  /**
   * 30 sign-ins a minute from an address (a household or a school shares one), 10 of them at one
   * name; 100 a minute at one name from everywhere (ten addresses guessing at full speed); 20
   * sign-ups an hour from an address (a class signing up together), 300 an hour in all.
   */
  public static AccountLimits defaults() {
    return new AccountLimits(30, 10, 100, 20, 300);
  }

  public AccountLimits {
    if (signInsPerAddress < 1 || signInsPerNameAndAddress < 1 || signInsPerName < 1 || signUpsPerAddress < 1
        || signUpsInAll < 1) {
      throw new IllegalArgumentException("every account limit must be at least 1");
    }
  }
}
