package org.jacquet.engine;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jacquet.engine.rules.BearOff;
import org.jacquet.engine.rules.Rules;

/**
 * A slow, literal second reading of RULES.md §3–5, written without the generator's bit tricks,
 * to check it: step legality on plain arrays, and every play by brute force.
 */
final class ReferenceRules {
  private ReferenceRules() {}

  /** mine[r], theirs[r] in each side's own frame, r = 1..24. */
  static String stepError(Rules rules, int[] mine, int[] theirs, int from, int die) {
    if (mine[from] == 0) return "no checker";
    int entry = rules.postilionEntry();
    if (bound(mine, entry)) {
      boolean allOnTalon = mine[1] == 15;
      if (allOnTalon && from != 1) return "postilion";
      if (!allOnTalon && from == 1) return "postilion";
    }
    int to = from + die;
    if (to <= 24) {
      if (theirs[Side.otherFrame(to)] > 0) return "opponent point";
    } else {
      for (int r = 1; r <= 18; r++) if (mine[r] > 0) return "not all home";
      if (to > 25) {
        for (int r = 19; r < from; r++) if (mine[r] > 0) return "not rearmost";
      }
      if (rules.bearOff() == BearOff.OPPONENT_TALON && theirs[1] > 0) return "opponent talon";
    }
    int[] after = mine.clone();
    after[from]--;
    if (to <= 24) after[to]++;
    String block = blockError(rules, after, theirs);
    return block;
  }

  /**
   * RULES.md §3 word for word: the talon holds 14 or 15 checkers and no checker is at or beyond
   * the entry point, a borne-off checker standing at route point 25 (§1), beyond every entry.
   */
  static boolean bound(int[] mine, int entry) {
    if (mine[1] < 14) return false;
    int onBoard = 0;
    for (int r = 1; r <= 24; r++) onBoard += mine[r];
    if (onBoard < 15) return false; // a checker borne off is beyond the entry point
    for (int r = entry; r <= 24; r++) if (mine[r] > 0) return false;
    return true;
  }

  static String blockError(Rules rules, int[] mine, int[] theirs) {
    boolean firstQuadrant = true;
    for (int r = 1; r <= 6; r++) firstQuadrant &= mine[r] > 0;
    boolean returns = mine[24] > 0 && (rules.returnCheckers() == 1 || mine[23] > 0);
    List<Integer> blocks = blockStartsInOpponentFrame(mine);
    switch (rules.blocking()) {
      case FIRST_QUADRANT_NEEDS_RETURN -> {
        if (firstQuadrant && !returns) return "first quadrant without return";
      }
      case ANY_NEEDS_RETURN -> {
        if (!blocks.isEmpty() && !returns) return "block without return";
      }
      case FIRST_QUADRANT_FORBIDDEN -> {
        if (firstQuadrant) return "first quadrant";
      }
      case FREE -> { }
    }
    if (rules.postilionProtection() && bound(theirs, rules.postilionEntry())) {
      int p = 1;
      if (theirs[1] == 14) for (int r = 2; r <= 24; r++) if (theirs[r] > 0) p = r;
      for (int q : blocks) {
        if (p < q && q <= rules.postilionEntry()) return "shuts out postilion";
      }
    }
    return null;
  }

  /** Starts q (opponent frame) of six consecutive points held along the opponent's route. */
  static List<Integer> blockStartsInOpponentFrame(int[] mine) {
    List<Integer> starts = new ArrayList<>();
    for (int q = 1; q <= 19; q++) {
      boolean all = true;
      for (int s = q; s < q + 6; s++) all &= mine[Side.otherFrame(s)] > 0;
      if (all) starts.add(q);
    }
    return starts;
  }

  /** Every legal resulting position, by brute force over every order of the dice. */
  static Set<Position> plays(Rules rules, Position position, DiceToPlay dice) {
    Side mover = position.turn();
    int[] mine = position.countsOf(mover);
    int[] theirs = position.countsOf(mover.opponent());
    List<List<Integer>> orders = new ArrayList<>();
    List<Integer> values = dice.values();
    if (dice.isPair()) {
      orders.add(List.of(values.get(0), values.get(1)));
      orders.add(List.of(values.get(1), values.get(0)));
    } else {
      orders.add(values);
    }
    int[] best = {0};
    Set<Position> results = new HashSet<>();
    Set<Integer> firstDice = new HashSet<>();
    List<int[]> states = new ArrayList<>();
    List<Integer> depths = new ArrayList<>();
    List<Integer> firsts = new ArrayList<>();
    for (List<Integer> order : orders) explore(rules, mine, theirs, order, 0, 0, states, depths, firsts);
    for (int d : depths) best[0] = Math.max(best[0], d);
    boolean higherPlayable = false;
    for (int i = 0; i < states.size(); i++) {
      if (depths.get(i) == best[0] && firsts.get(i) == dice.high()) higherPlayable = true;
    }
    for (int i = 0; i < states.size(); i++) {
      if (depths.get(i) != best[0]) continue;
      if (dice.isPair() && best[0] == 1 && higherPlayable && firsts.get(i) != dice.high()) continue;
      firstDice.add(firsts.get(i));
      int[] s = states.get(i);
      results.add(mover == Side.WHITE ? Position.of(s, theirs, Side.BLACK) : Position.of(theirs, s, Side.WHITE));
    }
    return results;
  }

  private static void explore(Rules rules, int[] mine, int[] theirs, List<Integer> order, int k,
      int first, List<int[]> states, List<Integer> depths, List<Integer> firsts) {
    boolean any = false;
    if (k < order.size()) {
      int die = order.get(k);
      for (int from = 1; from <= 24; from++) {
        if (stepError(rules, mine, theirs, from, die) != null) continue;
        any = true;
        int[] after = mine.clone();
        after[from]--;
        if (from + die <= 24) after[from + die]++;
        explore(rules, after, theirs, order, k + 1, k == 0 ? die : first, states, depths, firsts);
      }
    }
    if (!any) {
      states.add(mine);
      depths.add(k);
      firsts.add(first);
    }
  }
}
