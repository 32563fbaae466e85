package org.jacquet.engine;

import java.util.Locale;

/** A play refused by the rules, with the rule it breaks; the game it was offered to is unchanged. */
public final class IllegalPlayException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final IllegalReason reason;
  private final transient Object[] args;

  public IllegalPlayException(IllegalReason reason, Object... args) {
    super(message(reason, Locale.ROOT, args));
    this.reason = reason;
    this.args = args.clone();
  }

  public IllegalReason reason() {
    return reason;
  }

  /** The values named in the reason's message, in order (see {@link IllegalReason}). */
  public java.util.List<Object> args() {
    return java.util.List.of(args);
  }

  /** The explanation in the user's language (English and French ship). */
  public String message(Locale locale) {
    return message(reason, locale, args);
  }

  /**
   * The explanation in the user's language, the points named as the reader chose ({@code mover}
   * is the side whose play was refused: the values are in its route numbers). The points the
   * wording itself names ("the last quadrant (19-24)", "write steps like 1/7 7/12") are named
   * the same way: a message's only literal numbers are route points.
   */
  public String message(Locale locale, org.jacquet.engine.format.PointNaming naming, Side mover) {
    Object[] named = new Object[args.length];
    for (int i = 0; i < args.length; i++) named[i] = reason.namesPoints(i) ? naming.points(args[i], mover) : String.valueOf(args[i]);
    String wording = naming.points(Messages.bundle(locale).getString(reason.name()), mover);
    return new java.text.MessageFormat(wording, locale).format(named);
  }

  static String message(IllegalReason reason, Locale locale, Object... args) {
    Object[] printable = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      // Plain toString: MessageFormat would otherwise group digits ("1 000") by locale.
      printable[i] = String.valueOf(args[i]);
    }
    return Messages.format(reason.name(), locale, printable);
  }
}
