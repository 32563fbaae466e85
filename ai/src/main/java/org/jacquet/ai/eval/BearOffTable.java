package org.jacquet.ai.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.jacquet.engine.rules.Scoring;
import org.jacquet.engine.rules.UnusedDice;

/**
 * Exact bear-off odds. Once both sides have every checker in their last quadrant (route points
 * 19..24) they can never meet again: each side's race is its own. For every one of the 54,264
 * ways to have up to 15 checkers on those six points, the table holds the distribution of the
 * number of turns to bear them all off (playing to minimise the expected number), and of the
 * turns to bear off the first one; two distributions give the exact chances of each result.
 *
 * <p>Built on first use (about a CPU-second, on every core: {@link BearOffMoves}), per doubles
 * rule, and kept in the user's cache folder for the next run ({@link BearOffCache}). Not used
 * when unused dice pass to the opponent (Versailles), since the two races are then no longer
 * independent.
 */
public final class BearOffTable {
  static final int POINTS = 6;
  static final int MAX_CHECKERS = 15;
  static final int TURNS = 40;
  private static final int[][] CHOOSE = new int[MAX_CHECKERS + POINTS + 1][POINTS + 1];
  private static final Map<String, BearOffTable> TABLES = new ConcurrentHashMap<>();

  static {
    for (int n = 0; n < CHOOSE.length; n++) {
      CHOOSE[n][0] = 1;
      for (int k = 1; k <= Math.min(n, POINTS); k++) {
        CHOOSE[n][k] = CHOOSE[n - 1][k - 1] + (k <= n - 1 ? CHOOSE[n - 1][k] : 0);
      }
    }
  }

  /**
   * RANK[(i·16 + left)·16 + c]: what {@code c} checkers on home point i (of six), with
   * {@code left} still to place from there on, add to a position's index.
   */
  private static final int[] RANK = new int[POINTS * (MAX_CHECKERS + 1) * (MAX_CHECKERS + 1)];

  static {
    for (int i = 0; i < POINTS; i++) {
      int binsAfter = POINTS - 1 - i;
      for (int left = 0; left <= MAX_CHECKERS; left++) {
        int sum = 0;
        for (int c = 0; c <= left; c++) {
          RANK[(i * (MAX_CHECKERS + 1) + left) * (MAX_CHECKERS + 1) + c] = sum;
          sum += CHOOSE[left - c + binsAfter][binsAfter];
        }
      }
    }
  }

  /** Number of positions: up to 15 checkers on 6 points. */
  static final int SIZE = CHOOSE[MAX_CHECKERS + POINTS][POINTS];

  /** off[i * TURNS + n]: probability that position i bears its last checker off on turn n. */
  final float[] off;
  /** first[i * TURNS + n]: probability that position i bears its first checker off on turn n. */
  final float[] first;
  final float[] expectedTurns;
  /** The expected number of turns to bear off the first checker (0 once one is off): how the build picks plays for {@link #first}. */
  final float[] expectedFirst;

  BearOffTable(float[] off, float[] first, float[] expectedTurns, float[] expectedFirst) {
    this.off = off;
    this.first = first;
    this.expectedTurns = expectedTurns;
    this.expectedFirst = expectedFirst;
  }

  /**
   * Whether the table is exact under {@code rules}: not when unused dice pass to the opponent, nor
   * under spanish scoring, which counts the checkers the loser has left (the table knows only
   * whether it bore any off).
   */
  public static boolean applies(Rules rules) {
    return rules.unusedDice() == UnusedDice.LOST && rules.scoring() != Scoring.SPANISH;
  }

  /** The table for {@code rules} (same for all rules with the same doubles), built once. */
  public static BearOffTable forRules(Rules rules) {
    if (!applies(rules)) throw new IllegalArgumentException("no exact bear-off table under " + rules);
    return TABLES.computeIfAbsent(rules.doubles().text(), d -> BearOffCache.loadOrBuild(rules));
  }

  /** Whether both sides have all their checkers in their last quadrant (or borne off). */
  public static boolean isRace(Position p) {
    for (Side s : Side.values()) {
      for (int r = 1; r < 19; r++) if (p.count(s, r) > 0) return false;
    }
    return true;
  }

  /** Expected turns for {@code side} to bear off everything from its home in {@code p}. */
  public double expectedTurns(Position p, Side side) {
    return expectedTurns[index(p, side)];
  }

  /**
   * Writes the exact outcomes of a race position for its side to move (layout of
   * {@link Outcomes}): P(win), then the double win (loser has borne off nothing) and loss.
   * Wins by 3 points or more cannot happen from here.
   */
  public void evaluate(Position p, float[] out, int size) {
    int a = index(p, p.turn());
    int b = index(p, p.turn().opponent());
    double win = 0;
    double doubleWin = 0;
    double doubleLoss = 0;
    // A side that has already borne a checker off has its first one "off at turn 0".
    double bNotDoneBefore = 1; // P(b needs at least n turns), for n = 1..
    double bNoneOffBefore = 1 - first[b * TURNS]; // P(b's first checker needs at least n turns)
    double aNotDone = 1; // P(a needs more than n turns)
    double aNoneOff = 1 - first[a * TURNS]; // P(a's first checker needs more than n turns)
    for (int n = 1; n < TURNS; n++) {
      double aFinishes = off[a * TURNS + n];
      win += aFinishes * bNotDoneBefore;
      doubleWin += aFinishes * bNoneOffBefore;
      aNotDone -= aFinishes;
      aNoneOff -= first[a * TURNS + n];
      double bFinishes = off[b * TURNS + n];
      doubleLoss += bFinishes * Math.max(0, aNoneOff);
      bNotDoneBefore -= bFinishes;
      bNoneOffBefore -= first[b * TURNS + n];
    }
    Arrays.fill(out, 0, size, 0f);
    out[0] = (float) win;
    int n = (size + 1) / 2;
    out[1] = (float) doubleWin;
    out[n] = (float) doubleLoss;
    Outcomes.sanitize(out, size);
  }

  static int index(Position p, Side side) {
    int rank = 0;
    int left = MAX_CHECKERS;
    for (int i = 0; i < POINTS; i++) {
      int c = p.count(side, 19 + i);
      rank += RANK[(i * (MAX_CHECKERS + 1) + left) * (MAX_CHECKERS + 1) + c];
      left -= c;
    }
    return rank;
  }

  /** {@link #index} of a side with {@code home[i]} checkers on point 19 + i. */
  static int indexOfHome(int[] home) {
    int rank = 0;
    int left = MAX_CHECKERS;
    for (int i = 0; i < POINTS; i++) {
      int n = home[i];
      rank += RANK[(i * (MAX_CHECKERS + 1) + left) * (MAX_CHECKERS + 1) + n];
      left -= n;
    }
    return rank;
  }

  static BearOffTable build(Rules rules) {
    int[][] homes = homes();
    int[] pips = new int[SIZE];
    for (int idx = 0; idx < SIZE; idx++) {
      for (int i = 0; i < POINTS; i++) pips[idx] += homes[idx][i] * (POINTS - i);
    }
    Integer[] order = new Integer[SIZE];
    for (int i = 0; i < SIZE; i++) order[i] = i;
    Arrays.sort(order, (x, y) -> Integer.compare(pips[x], pips[y]));

    BearOffTable table = new BearOffTable(new float[SIZE * TURNS], new float[SIZE * TURNS], new float[SIZE],
        new float[SIZE]);
    List<DiceToPlay> rolls = DiceToPlay.distinctThrows(rules);
    ThreadLocal<Entry> entries = ThreadLocal.withInitial(Entry::new);
    // Every play lowers the pip count, so the positions of one pip count depend only on those of
    // lower counts: each level is computed on every core once the levels below it are done.
    int from = 0;
    while (from < SIZE) {
      int pip = pips[order[from]];
      int to = from;
      while (to < SIZE && pips[order[to]] == pip) to++;
      java.util.stream.IntStream.range(from, to).parallel().forEach(j -> {
        int idx = order[j];
        Entry entry = entries.get();
        entry.compute(homes[idx], rolls, table);
        entry.copyTo(idx, table);
      });
      from = to;
    }
    return table;
  }

  /** Every home position, by index: {@code homes()[i][k]} checkers on point 19 + k. */
  static int[][] homes() {
    List<int[]> all = new ArrayList<>(SIZE);
    enumerate(new int[POINTS], 0, MAX_CHECKERS, all);
    int[][] homes = new int[SIZE][];
    for (int[] c : all) homes[indexOfHome(c)] = c;
    return homes;
  }

  /**
   * Whether the entries of {@code table} at the indices {@code 0, stride, 2·stride…} are exactly
   * what the build computes from their children's entries in the same table: a check of a table
   * read back from a file ({@link BearOffCache}), which catches a file from another build.
   */
  static boolean agreesWithItsBuild(BearOffTable table, Rules rules, int stride) {
    int[][] homes = homes();
    List<DiceToPlay> rolls = DiceToPlay.distinctThrows(rules);
    Entry entry = new Entry();
    for (int idx = 0; idx < SIZE; idx += stride) {
      entry.compute(homes[idx], rolls, table);
      if (!entry.equalsEntry(idx, table)) return false;
    }
    return true;
  }

  /** One position's entry, computed from its children's (a step of the build). One per thread. */
  private static final class Entry {
    private final BearOffMoves plays = new BearOffMoves();
    private final float[] off = new float[TURNS];
    private final float[] first = new float[TURNS];
    private float expected;
    private float expectedFirst;

    void compute(int[] home, List<DiceToPlay> rolls, BearOffTable children) {
      Arrays.fill(off, 0f);
      Arrays.fill(first, 0f);
      expected = 0f;
      expectedFirst = 0f;
      int onBoard = 0;
      for (int n : home) onBoard += n;
      if (onBoard == 0) {
        off[0] = 1f;
        first[0] = 1f;
        return;
      }
      boolean someOff = onBoard < MAX_CHECKERS;
      if (someOff) first[0] = 1f;
      double e = 1;
      double eFirst = 1;
      for (DiceToPlay roll : rolls) {
        int n = plays.plays(home, roll);
        int best = -1;
        int bestFirst = -1;
        for (int i = 0; i < n; i++) {
          int child = plays.result(i);
          if (best < 0 || children.expectedTurns[child] < children.expectedTurns[best]) best = child;
          if (bestFirst < 0 || children.expectedFirst[child] < children.expectedFirst[bestFirst]) bestFirst = child;
        }
        float w = roll.weight() / 36f;
        e += w * children.expectedTurns[best];
        eFirst += w * children.expectedFirst[bestFirst];
        for (int k = 1; k < TURNS; k++) {
          off[k] += w * children.off[best * TURNS + k - 1];
          if (!someOff) first[k] += w * children.first[bestFirst * TURNS + k - 1];
        }
      }
      expected = (float) e;
      expectedFirst = someOff ? 0f : (float) eFirst;
    }

    void copyTo(int idx, BearOffTable table) {
      System.arraycopy(off, 0, table.off, idx * TURNS, TURNS);
      System.arraycopy(first, 0, table.first, idx * TURNS, TURNS);
      table.expectedTurns[idx] = expected;
      table.expectedFirst[idx] = expectedFirst;
    }

    boolean equalsEntry(int idx, BearOffTable table) {
      return Arrays.equals(off, 0, TURNS, table.off, idx * TURNS, (idx + 1) * TURNS)
          && Arrays.equals(first, 0, TURNS, table.first, idx * TURNS, (idx + 1) * TURNS)
          && Float.compare(expected, table.expectedTurns[idx]) == 0
          && Float.compare(expectedFirst, table.expectedFirst[idx]) == 0;
    }
  }

  private static void enumerate(int[] c, int point, int left, List<int[]> out) {
    if (point == POINTS) {
      out.add(c.clone());
      return;
    }
    for (int k = 0; k <= left; k++) {
      c[point] = k;
      enumerate(c, point + 1, left - k, out);
    }
    c[point] = 0;
  }
}
