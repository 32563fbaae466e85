package org.jacquet.engine;

import java.util.ArrayList;
import java.util.List;
import org.jacquet.engine.rules.Rules;

/**
 * The legal play that a player's checker moves make, or the exact rule they break: what reading
 * a typed play ({@link org.jacquet.engine.format.PlayNotation#parse}) leaves to the rules. Each
 * move is a checker's {@code {from, to}} (to = 25 for off), by one die or by several whose every
 * stop is legal; moves in an order whose stops are not all legal are still the same play if
 * another order of them is.
 */
public final class PlayFinder {
  private PlayFinder() {}

  /**
   * The legal play of {@code position} (its side to move) with {@code dice} that makes {@code
   * moves}; no moves is a pass.
   *
   * @throws IllegalPlayException naming the broken rule and the point concerned
   */
  public static Play find(Rules rules, Position position, DiceToPlay dice, List<int[]> moves) {
    PlayGenerator gen = new PlayGenerator(rules);
    LegalPlays legal = gen.legalPlays(position, dice);
    int stepsNeeded = gen.stepsUsed();
    if (moves.isEmpty()) {
      if (legal.isPass()) return legal.plays().get(0);
      throw new IllegalPlayException(IllegalReason.MUST_USE_MORE_DICE, stepsNeeded);
    }
    // Steps typed in an order whose stops are not all legal are still the same play if another
    // order of them is: try the typed order first, and report its fault if no order works.
    IllegalPlayException typedOrderFault = null;
    for (List<int[]> order : orders(moves)) {
      try {
        Replayed replayed = replay(gen, position, dice, order);
        var match = legal.leadingTo(replayed.result());
        if (match.isPresent()) return match.get();
        throw legal.isPass() ? new IllegalPlayException(IllegalReason.NOTHING_TO_PLAY)
            : replayed.steps() < stepsNeeded
                ? new IllegalPlayException(IllegalReason.MUST_USE_MORE_DICE, stepsNeeded)
                : new IllegalPlayException(IllegalReason.MUST_USE_HIGHER_DIE, dice.high());
      } catch (IllegalPlayException e) {
        if (typedOrderFault == null) typedOrderFault = e;
      }
    }
    throw typedOrderFault;
  }

  private record Replayed(Position result, int steps) {}

  /** Plays the segments in order from {@code position}: the position reached, steps used. */
  private static Replayed replay(PlayGenerator gen, Position position, DiceToPlay dice, List<int[]> order) {
    gen.load(position, dice);
    List<Integer> left = new ArrayList<>(dice.values());
    for (int[] segment : order) {
      int from = segment[0];
      int to = segment[1];
      if (to <= from) throw new IllegalPlayException(IllegalReason.BACKWARD, from, to(to));
      for (Integer die : playSegment(gen, from, to, left, dice)) left.remove(die);
    }
    return new Replayed(gen.current(), dice.count() - left.size());
  }

  /** The typed order, then every other order of the segments (at most 6 of them). */
  private static List<List<int[]>> orders(List<int[]> segments) {
    List<List<int[]>> out = new ArrayList<>();
    out.add(segments);
    if (segments.size() <= 6) permute(new ArrayList<>(segments), 0, out);
    return out;
  }

  private static void permute(List<int[]> items, int k, List<List<int[]>> out) {
    if (k == items.size()) {
      if (!sameOrder(items, out.get(0))) out.add(new ArrayList<>(items));
      return;
    }
    for (int i = k; i < items.size(); i++) {
      java.util.Collections.swap(items, k, i);
      permute(items, k + 1, out);
      java.util.Collections.swap(items, k, i);
    }
  }

  private static boolean sameOrder(List<int[]> a, List<int[]> b) {
    for (int i = 0; i < a.size(); i++) if (!java.util.Arrays.equals(a.get(i), b.get(i))) return false;
    return true;
  }

  /**
   * Plays one typed segment with some of the dice left: a single die if one fits, else a
   * combination whose every stop is legal. Returns the dice used, in order.
   */
  private static List<Integer> playSegment(
      PlayGenerator gen, int from, int to, List<Integer> left, DiceToPlay dice) {
    List<List<Integer>> candidates = decompositions(from, to, left);
    if (candidates.isEmpty()) {
      if (left.isEmpty()) throw new IllegalPlayException(IllegalReason.TOO_MANY_STEPS, dice);
      throw new IllegalPlayException(IllegalReason.NO_SUCH_DIE, from, to(to), diceText(left));
    }
    IllegalPlayException first = null;
    for (List<Integer> dieOrder : candidates) {
      int at = from;
      int done = 0;
      IllegalPlayException failure = null;
      for (int die : dieOrder) {
        int code = gen.tryStep(at, die);
        if (code != PlayGenerator.OK) {
          failure = Refusals.explain(gen, code, at, die);
          break;
        }
        at = gen.lastTo();
        done++;
      }
      if (failure == null) return dieOrder;
      // Undo the partial combination before trying the next one.
      int back = from;
      int[] stops = new int[done + 1];
      stops[0] = from;
      for (int i = 0; i < done; i++) {
        back = Math.min(back + dieOrder.get(i), Position.OFF);
        stops[i + 1] = back;
      }
      for (int i = done - 1; i >= 0; i--) gen.undo(stops[i], stops[i + 1]);
      if (first == null) first = failure;
    }
    throw first;
  }

  /** Orders of the dice left that carry a checker from {@code from} exactly to {@code to}. */
  private static List<List<Integer>> decompositions(int from, int to, List<Integer> left) {
    List<List<Integer>> out = new ArrayList<>();
    collect(from, to, left, new ArrayList<>(), out);
    out.sort((x, y) -> x.size() - y.size());
    return out;
  }

  private static void collect(
      int at, int to, List<Integer> left, List<Integer> chosen, List<List<Integer>> out) {
    for (int i = 0; i < left.size(); i++) {
      int die = left.get(i);
      if (i > 0 && left.subList(0, i).contains(die)) continue; // same value, same order
      int next = at + die;
      boolean arrives = to == Position.OFF ? next >= Position.OFF : next == to;
      if (!arrives && next >= to) continue;
      List<Integer> rest = new ArrayList<>(left);
      rest.remove(i);
      chosen.add(die);
      if (arrives) out.add(new ArrayList<>(chosen));
      else collect(next, to, rest, chosen, out);
      chosen.remove(chosen.size() - 1);
    }
  }

  private static String to(int to) {
    return to == Position.OFF ? "off" : Integer.toString(to);
  }

  private static String diceText(List<Integer> dice) {
    StringBuilder s = new StringBuilder();
    for (int d : dice) {
      if (s.length() > 0) s.append('-');
      s.append(d);
    }
    return s.toString();
  }
}
