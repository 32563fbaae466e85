package org.jacquet.server.pairing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One wave of quick pairing, as lichess's pools pair: the players waiting for the same game (time
 * control, rules, match length) are paired by rating, each accepting an opponent within a range
 * that widens the longer they wait, so nobody waits for ever for a perfect match. Pure: the
 * caller reads who waits and makes the games. Guests and accounts without a rating count as
 * {@link #DEFAULT_RATING}, so until ratings exist everyone waiting for the same game is paired.
 */
public final class PairingWave {
  public static final int DEFAULT_RATING = 1500;
  /** The rating gap accepted at once. */
  static final int START_RANGE = 100;
  /** How much the accepted gap grows for every second waited. */
  static final int WIDENING_PER_SECOND = 20;
  /** The widest gap accepted, however long the wait. */
  static final int MAX_RANGE = 600;

  /** A player waiting: the pool (what they asked to play) and since when (epoch milliseconds). */
  public record Waiting(String id, String pool, int rating, long since) {}

  /** Two players to seat in one game; {@code first} has waited at least as long as {@code second}. */
  public record Pair(Waiting first, Waiting second) {}

  private PairingWave() {}

  /** The gap in rating {@code w} accepts at {@code now}. */
  static int range(Waiting w, long now) {
    long waitedSeconds = Math.max(0, now - w.since()) / 1000;
    return (int) Math.min(MAX_RANGE, START_RANGE + WIDENING_PER_SECOND * waitedSeconds);
  }

  /**
   * The pairs this wave makes: the longest-waiting player first takes the closest rating in its
   * pool that both accept (ties: the one waiting longer); each player is in one pair at most.
   */
  public static List<Pair> pair(List<Waiting> waiting, long now) {
    List<Waiting> order = new ArrayList<>(waiting);
    order.sort(Comparator.comparingLong(Waiting::since).thenComparing(Waiting::id));
    boolean[] taken = new boolean[order.size()];
    List<Pair> pairs = new ArrayList<>();
    for (int i = 0; i < order.size(); i++) {
      if (taken[i]) continue;
      Waiting a = order.get(i);
      int best = -1;
      for (int j = i + 1; j < order.size(); j++) {
        Waiting b = order.get(j);
        if (taken[j] || !b.pool().equals(a.pool()) || b.id().equals(a.id())) continue;
        int gap = Math.abs(a.rating() - b.rating());
        if (gap > range(a, now) || gap > range(b, now)) continue;
        if (best < 0 || gap < Math.abs(a.rating() - order.get(best).rating())) best = j;
      }
      if (best >= 0) {
        taken[i] = taken[best] = true;
        pairs.add(new Pair(a, order.get(best)));
      }
    }
    return pairs;
  }
}
