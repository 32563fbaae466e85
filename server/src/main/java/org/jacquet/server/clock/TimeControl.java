package org.jacquet.server.clock;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a game is timed, as backgammon clocks do it (the US Backgammon Federation's, Backgammon
 * Galaxy's): each move has {@code delaySeconds} free, then it draws on a reserve of {@code
 * reservePerPointSeconds} for every point of the match length; or untimed ({@link #UNTIMED}).
 * One text form everywhere — the lobby, the API, the store: {@code "12+120"} (12 s a move + 2 min
 * a match point) or {@code "untimed"}.
 */
public record TimeControl(int delaySeconds, int reservePerPointSeconds) {
  public static final TimeControl UNTIMED = new TimeControl(0, 0);
  public static final int MAX_DELAY_SECONDS = 60;
  public static final int MAX_RESERVE_PER_POINT_SECONDS = 30 * 60;
  /** What the lobby offers first: fast, the federation's pace shortened, the federation's. */
  public static final List<TimeControl> PRESETS = List.of(
      new TimeControl(8, 30), new TimeControl(12, 60), new TimeControl(12, 120), UNTIMED);

  private static final Pattern TEXT = Pattern.compile("(\\d{1,4})\\+(\\d{1,5})");

  public TimeControl {
    if (delaySeconds < 0 || delaySeconds > MAX_DELAY_SECONDS)
      throw new IllegalArgumentException("the delay per move is 0 to " + MAX_DELAY_SECONDS + " seconds, not " + delaySeconds);
    if (reservePerPointSeconds < 0 || reservePerPointSeconds > MAX_RESERVE_PER_POINT_SECONDS)
      throw new IllegalArgumentException("the reserve is 0 to " + MAX_RESERVE_PER_POINT_SECONDS
          + " seconds a match point, not " + reservePerPointSeconds);
    if (reservePerPointSeconds == 0 && delaySeconds != 0)
      throw new IllegalArgumentException("a timed game needs a reserve (the delay alone would never run out)");
  }

  /** Reads {@code "D+R"} (seconds a move + seconds of reserve a match point) or {@code "untimed"}. */
  public static TimeControl parse(String text) {
    if (text == null) throw new IllegalArgumentException("no time control given: write D+R (e.g. 12+120) or untimed");
    if (text.equals("untimed")) return UNTIMED;
    Matcher m = TEXT.matcher(text);
    if (!m.matches())
      throw new IllegalArgumentException("a time control is D+R — seconds free a move, then seconds of reserve a match "
          + "point, e.g. 12+120 — or untimed");
    return new TimeControl(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
  }

  /**
   * Below this reserve a match point a clock is {@link #fast}: a test's or a load run's, offered
   * to clients only when the server is started to allow it.
   */
  public static final int MIN_RESERVE_PER_POINT_SECONDS = 30;

  /** Whether this clock is too fast for people (see {@link #MIN_RESERVE_PER_POINT_SECONDS}). */
  public boolean fast() {
    return timed() && reservePerPointSeconds < MIN_RESERVE_PER_POINT_SECONDS;
  }

  public boolean timed() {
    return reservePerPointSeconds > 0;
  }

  /** Each player's reserve at the start of a match of {@code matchLength} points (1 for a single game). */
  public long reserveMillis(int matchLength) {
    return 1000L * reservePerPointSeconds * Math.max(1, matchLength);
  }

  @Override
  public String toString() {
    return timed() ? delaySeconds + "+" + reservePerPointSeconds : "untimed";
  }
}
