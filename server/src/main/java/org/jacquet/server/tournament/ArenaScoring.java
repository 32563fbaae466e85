package org.jacquet.server.tournament;

import java.util.Comparator;

/**
 * How an arena counts, as lichess's arena does (draws apart: a jacquet match always has a
 * winner): a match won scores {@link #WIN} points, or {@link #STREAK_WIN} from the third win in a
 * row on (the player "on fire" until it loses); a match lost scores nothing and ends the streak.
 * Ties in the standings are broken by more matches won, then fewer matches played (the same
 * points in fewer games), then the earlier join, then the name.
 */
public final class ArenaScoring {
  public static final int WIN = 2;
  public static final int STREAK_WIN = 4;
  /** The win in a row from which a win scores double. */
  public static final int STREAK_FROM = 3;

  private ArenaScoring() {}

  /** The points of a win by a player whose current streak (wins in a row before it) is {@code streak}. */
  public static int pointsOfWin(int streak) {
    return streak + 1 >= STREAK_FROM ? STREAK_WIN : WIN;
  }

  /** A line of the standings. */
  public record Standing(String playerId, String name, int points, int streak, int wins, int games, boolean joined,
      long joinedAt, int rating) {}

  /** Best first, as stated above. */
  public static final Comparator<Standing> ORDER = Comparator.comparingInt(Standing::points).reversed()
      .thenComparing(Comparator.comparingInt(Standing::wins).reversed())
      .thenComparingInt(Standing::games)
      .thenComparingLong(Standing::joinedAt)
      .thenComparing(Standing::name);
}
