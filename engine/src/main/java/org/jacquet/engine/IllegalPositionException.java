package org.jacquet.engine;

import java.util.Locale;

/**
 * A position no game may start from ({@link StartingPosition#check}), with the rule it breaks:
 * {@link #reason()} and {@link #args()} are the same codes and parameters as a refused play's,
 * and {@link #side()} names the side whose checkers break it (null when the fault is the whole
 * position's, as for {@link IllegalReason#NO_SIDE_CAN_EVER_MOVE}).
 */
public final class IllegalPositionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final IllegalReason reason;
  private final Side side;
  private final transient Object[] args;

  public IllegalPositionException(IllegalReason reason, Side side, Object... args) {
    super(message(reason, side, Locale.ROOT, args));
    this.reason = reason;
    this.side = side;
    this.args = args.clone();
  }

  public IllegalReason reason() {
    return reason;
  }

  /** The side whose checkers break the rule, or null. */
  public Side side() {
    return side;
  }

  /** The reason's parameters, as documented on each {@link IllegalReason} constant. */
  public java.util.List<Object> args() {
    return java.util.List.of(args);
  }

  /** The explanation in the user's language (English and French ship). */
  public String message(Locale locale) {
    return message(reason, side, locale, args);
  }

  private static String message(IllegalReason reason, Side side, Locale locale, Object[] args) {
    String rule = IllegalPlayException.message(reason, locale, args);
    if (side == null) return rule;
    return Messages.format("position." + side.key(), locale, rule);
  }
}
