package org.jacquet.server.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Who plays whom among the free players of an arena: the free players ordered by points, then
 * rating (then who joined first), each paired with the next one down that is not the opponent it
 * just played, so that players of close scores meet and nobody is offered an immediate rematch
 * while someone else is free. Two players left alone together may play again (rather than wait
 * for the end). A player left over waits for the next wave.
 */
public final class ArenaPairing {
  private ArenaPairing() {}

  /** A free player: its points, rating and last opponent (null: none yet). */
  public record Free(String id, int points, double rating, long joinedAt, String lastOpponent) {}

  public record Pair(Free first, Free second) {}

  public static List<Pair> pair(List<Free> free) {
    List<Free> left = new ArrayList<>(free);
    left.sort(Comparator.comparingInt(Free::points).reversed()
        .thenComparing(Comparator.comparingDouble(Free::rating).reversed())
        .thenComparingLong(Free::joinedAt).thenComparing(Free::id));
    List<Pair> pairs = new ArrayList<>();
    while (left.size() >= 2) {
      Free a = left.remove(0);
      int chosen = -1;
      for (int i = 0; i < left.size() && chosen < 0; i++) {
        if (!rematch(a, left.get(i))) chosen = i;
      }
      if (chosen < 0) {
        if (left.size() == 1 && free.size() == 2) chosen = 0; // the only two: they play again
        else continue; // only its last opponent is free: a waits for someone else
      }
      pairs.add(new Pair(a, left.remove(chosen)));
    }
    return pairs;
  }

  private static boolean rematch(Free a, Free b) {
    return b.id().equals(a.lastOpponent()) || a.id().equals(b.lastOpponent());
  }
}
