package org.jacquet.server.clock;

import org.jacquet.engine.Side;

/**
 * A game's clock as a value (after scalachess's {@code Clock}): each side's reserve, the side
 * whose time runs and since when, all in the server's receipt times (milliseconds since the
 * epoch). A move has the control's delay free; past it, it draws on the mover's reserve. Nothing
 * here reads a clock: every instant is given, so a clock stored by one process is continued
 * exactly by another, and tests need no waiting.
 *
 * <p>The last millisecond belongs to the player: a move received at {@code since + delay +
 * reserve} is in time; the flag falls one millisecond later ({@link #flagAt}). Receipt is when
 * the server read the message, so a move in flight when the flag falls is late — nothing the
 * client says about its own time is read.
 *
 * @param running the side whose time runs, or null when the clock is stopped (before the
 *     opening throw, between games, at the end)
 * @param since when {@code running}'s move started (meaningless while stopped)
 */
public record Clock(TimeControl control, long whiteMillis, long blackMillis, Side running, long since) {
  public Clock {
    if (!control.timed()) throw new IllegalArgumentException("an untimed game has no clock");
    if (whiteMillis < 0 || blackMillis < 0) throw new IllegalArgumentException("a reserve is never negative");
  }

  /** A stopped clock with each side's full reserve for a match of {@code matchLength} points. */
  public static Clock start(TimeControl control, int matchLength) {
    long reserve = control.reserveMillis(matchLength);
    return new Clock(control, reserve, reserve, null, 0);
  }

  private long delayMillis() {
    return control.moveMillis();
  }

  /** {@code side}'s reserve as stored, not counting the move under way. */
  public long reserve(Side side) {
    return side == Side.WHITE ? whiteMillis : blackMillis;
  }

  /** {@code side}'s reserve at {@code now}: the running side's shrinks once its delay is spent. */
  public long remaining(Side side, long now) {
    if (side != running) return reserve(side);
    return Math.max(0, reserve(side) - spent(now));
  }

  /** What the running side's move has taken from its reserve by {@code now}. */
  private long spent(long now) {
    return Math.max(0, now - since - delayMillis());
  }

  /** The free seconds of the running move left at {@code now} (0 when stopped or spent), in ms. */
  public long delayLeft(long now) {
    if (running == null) return 0;
    return Math.max(0, delayMillis() - Math.max(0, now - since));
  }

  /** Whether the running side has spent its delay and its whole reserve by {@code now}. */
  public boolean outOfTime(long now) {
    return running != null && now >= flagAt();
  }

  /** The first instant at which the running side is out of time (Long.MAX_VALUE when stopped). */
  public long flagAt() {
    if (running == null) return Long.MAX_VALUE;
    return since + delayMillis() + reserve(running) + 1;
  }

  /**
   * The clock once {@code toAct} must act, as of {@code now}: the side that was running is
   * charged for its move, and {@code toAct}'s time runs from {@code now}. The same side going on
   * (an opening choice then its play) keeps its move's start and delay: one move, one delay.
   * {@code toAct} null stops the clock.
   */
  public Clock next(Side toAct, long now) {
    if (toAct != null && toAct == running) return this;
    long white = running == Side.WHITE ? remaining(Side.WHITE, now) : whiteMillis;
    long black = running == Side.BLACK ? remaining(Side.BLACK, now) : blackMillis;
    return new Clock(control, white, black, toAct, toAct == null ? 0 : now);
  }

  /**
   * The running side's move counted from {@code since} instead (later: its player is away on
   * vacation until then, and nothing is taken from them before).
   */
  public Clock runningFrom(long since) {
    return new Clock(control, whiteMillis, blackMillis, running, since);
  }

  /** The clock stopped at {@code now}, the running side charged (the game is over). */
  public Clock stop(long now) {
    return next(null, now);
  }

}
