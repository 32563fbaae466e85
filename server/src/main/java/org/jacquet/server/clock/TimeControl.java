package org.jacquet.server.clock;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a game is timed, as backgammon clocks do it (the US Backgammon Federation's, Backgammon
 * Galaxy's): each move has {@code delaySeconds} free, then it draws on a reserve of {@code
 * reservePerPointSeconds} for every point of the match length; or by correspondence, as
 * Dailygammon and lichess do it: {@code daysPerMove} days for every move, nothing carried over;
 * or untimed ({@link #UNTIMED}). One text form everywhere — the lobby, the API, the store:
 * {@code "12+120"} (12 s a move + 2 min a match point), {@code "3d"} (3 days a move) or
 * {@code "untimed"}.
 */
public record TimeControl(int delaySeconds, int reservePerPointSeconds, int daysPerMove) {
  public static final TimeControl UNTIMED = new TimeControl(0, 0);
  /** The days a move a correspondence game may give (lichess's choice, 10 days left out). */
  public static final List<Integer> DAYS = List.of(1, 2, 3, 5, 7, 14);
  private static final long DAY_MILLIS = 86_400_000L;
  public static final int MAX_DELAY_SECONDS = 60;
  public static final int MAX_RESERVE_PER_POINT_SECONDS = 30 * 60;
  /** What the lobby offers first: fast, the federation's pace shortened, the federation's. */
  public static final List<TimeControl> PRESETS = List.of(
      new TimeControl(8, 30), new TimeControl(12, 60), new TimeControl(12, 120), UNTIMED);

  private static final Pattern TEXT = Pattern.compile("(\\d{1,4})\\+(\\d{1,5})");
  private static final Pattern DAYS_TEXT = Pattern.compile("(\\d{1,3})d");

  /** A live clock (or untimed: 0+0). */
  public TimeControl(int delaySeconds, int reservePerPointSeconds) {
    this(delaySeconds, reservePerPointSeconds, 0);
  }

  /** A correspondence game of {@code days} a move (one of {@link #DAYS}). */
  public static TimeControl days(int days) {
    return new TimeControl(0, 0, days);
  }

  public TimeControl {
    if (daysPerMove != 0 && !DAYS.contains(daysPerMove))
      throw new IllegalArgumentException("a correspondence game gives 1, 2, 3, 5, 7 or 14 days a move, not " + daysPerMove);
    if (daysPerMove != 0 && (delaySeconds != 0 || reservePerPointSeconds != 0))
      throw new IllegalArgumentException("a correspondence game has days a move, no clock of seconds");
    if (delaySeconds < 0 || delaySeconds > MAX_DELAY_SECONDS)
      throw new IllegalArgumentException("the delay per move is 0 to " + MAX_DELAY_SECONDS + " seconds, not " + delaySeconds);
    if (reservePerPointSeconds < 0 || reservePerPointSeconds > MAX_RESERVE_PER_POINT_SECONDS)
      throw new IllegalArgumentException("the reserve is 0 to " + MAX_RESERVE_PER_POINT_SECONDS
          + " seconds a match point, not " + reservePerPointSeconds);
    if (reservePerPointSeconds == 0 && delaySeconds != 0)
      throw new IllegalArgumentException("a timed game needs a reserve (the delay alone would never run out)");
  }

  /**
   * Reads {@code "D+R"} (seconds a move + seconds of reserve a match point), {@code "Nd"} (N days
   * a move, by correspondence) or {@code "untimed"}.
   */
  public static TimeControl parse(String text) {
    if (text == null) throw new IllegalArgumentException("no time control given: write D+R (e.g. 12+120), Nd (e.g. 3d) or untimed");
    if (text.equals("untimed")) return UNTIMED;
    Matcher d = DAYS_TEXT.matcher(text);
    if (d.matches()) return days(Integer.parseInt(d.group(1)));
    Matcher m = TEXT.matcher(text);
    if (!m.matches())
      throw new IllegalArgumentException("a time control is D+R — seconds free a move, then seconds of reserve a match "
          + "point, e.g. 12+120 — or Nd, N days a move by correspondence (1, 2, 3, 5, 7 or 14), or untimed");
    return new TimeControl(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
  }

  /**
   * Below this reserve a match point a clock is {@link #fast}: a test's or a load run's, offered
   * to clients only when the server is started to allow it.
   */
  public static final int MIN_RESERVE_PER_POINT_SECONDS = 30;

  /** Whether this clock is too fast for people (see {@link #MIN_RESERVE_PER_POINT_SECONDS}). */
  public boolean fast() {
    return reservePerPointSeconds > 0 && reservePerPointSeconds < MIN_RESERVE_PER_POINT_SECONDS;
  }

  /** Whether the game has a clock: a live one, or a correspondence game's days a move. */
  public boolean timed() {
    return reservePerPointSeconds > 0 || daysPerMove > 0;
  }

  /**
   * SQL true where {@code column} holds a correspondence game's time control ("3d"; not
   * "untimed", which ends in a d too): the one test of it in queries.
   */
  public static String correspondenceSql(String column) {
    return "(" + column + " LIKE '%d' AND " + column + " <> 'untimed')";
  }

  /** Whether this is a correspondence game (days a move). */
  public boolean correspondence() {
    return daysPerMove > 0;
  }

  /** What each move has free before it draws on the reserve: the delay, or a correspondence move's days. */
  public long moveMillis() {
    return correspondence() ? daysPerMove * DAY_MILLIS : 1000L * delaySeconds;
  }

  /** Each player's reserve at the start of a match of {@code matchLength} points (1 for a single game); none by correspondence. */
  public long reserveMillis(int matchLength) {
    return 1000L * reservePerPointSeconds * Math.max(1, matchLength);
  }

  @Override
  public String toString() {
    if (correspondence()) return daysPerMove + "d";
    return timed() ? delaySeconds + "+" + reservePerPointSeconds : "untimed";
  }
}
