package org.jacquet.ai.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bear-off table built from its own six-point play search ({@link BearOffMoves}) is, bit for
 * bit and for every one of its positions, the table built as first written: each position set
 * on a board and its plays found by the engine's {@link PlayGenerator}. The table is finite, so
 * this compares everything it holds.
 */
class BearOffBuildTest {

  @ParameterizedTest
  @ValueSource(strings = {"modern", "modern+doubles=squared"})
  void theFastBuildIsExactlyTheGeneratorsBuild(String rules) {
    Rules r = Rules.parse(rules);
    BearOffTable fast = BearOffTable.build(r);
    BearOffTable plain = buildWithTheGenerator(r);
    assertThat(Arrays.equals(fast.expectedTurns, plain.expectedTurns)).isTrue();
    assertThat(Arrays.equals(fast.off, plain.off)).isTrue();
    assertThat(Arrays.equals(fast.first, plain.first)).isTrue();
    assertThat(Arrays.equals(fast.expectedFirst, plain.expectedFirst)).isTrue();
  }

  /** The build as first written (commit a33920c), kept as the reference. */
  private static BearOffTable buildWithTheGenerator(Rules rules) {
    int size = BearOffTable.SIZE;
    int turns = BearOffTable.TURNS;
    List<int[]> all = new ArrayList<>(size);
    enumerate(new int[BearOffTable.POINTS], 0, BearOffTable.MAX_CHECKERS, all);
    Position[] positions = new Position[size];
    int[] pips = new int[size];
    int[] blackCounts = new int[25];
    blackCounts[19] = BearOffTable.MAX_CHECKERS; // white's point 7
    for (int[] c : all) {
      int[] white = new int[25];
      int pip = 0;
      for (int i = 0; i < BearOffTable.POINTS; i++) {
        white[19 + i] = c[i];
        pip += c[i] * (BearOffTable.POINTS - i);
      }
      Position p = Position.of(white, blackCounts, Side.WHITE);
      int idx = BearOffTable.index(p, Side.WHITE);
      positions[idx] = p;
      pips[idx] = pip;
    }
    Integer[] order = new Integer[size];
    for (int i = 0; i < size; i++) order[i] = i;
    Arrays.sort(order, (x, y) -> Integer.compare(pips[x], pips[y]));
    float[] off = new float[size * turns];
    float[] first = new float[size * turns];
    float[] expected = new float[size];
    float[] expectedFirst = new float[size];
    List<DiceToPlay> rolls = DiceToPlay.distinctThrows(rules);
    PlayGenerator gen = new PlayGenerator(rules);
    int[] counts = new int[25];
    int[] home = new int[BearOffTable.POINTS];
    for (int j = 0; j < size; j++) {
      int idx = order[j];
      Position p = positions[idx];
      int onBoard = p.onBoard(Side.WHITE);
      if (onBoard == 0) {
        off[idx * turns] = 1f;
        first[idx * turns] = 1f;
        continue;
      }
      boolean someOff = onBoard < BearOffTable.MAX_CHECKERS;
      if (someOff) first[idx * turns] = 1f;
      double e = 1;
      double eFirst = 1;
      for (DiceToPlay roll : rolls) {
        int n = gen.generate(p, roll);
        int best = -1;
        int bestFirst = -1;
        for (int i = 0; i < n; i++) {
          gen.resultCounts(i, counts);
          System.arraycopy(counts, 19, home, 0, BearOffTable.POINTS);
          int child = BearOffTable.indexOfHome(home);
          if (best < 0 || expected[child] < expected[best]) best = child;
          if (bestFirst < 0 || expectedFirst[child] < expectedFirst[bestFirst]) bestFirst = child;
        }
        float w = roll.weight() / 36f;
        e += w * expected[best];
        eFirst += w * expectedFirst[bestFirst];
        for (int k = 1; k < turns; k++) {
          off[idx * turns + k] += w * off[best * turns + k - 1];
          if (!someOff) first[idx * turns + k] += w * first[bestFirst * turns + k - 1];
        }
      }
      expected[idx] = (float) e;
      expectedFirst[idx] = someOff ? 0f : (float) eFirst;
    }
    return new BearOffTable(off, first, expected, expectedFirst);
  }

  private static void enumerate(int[] c, int point, int left, List<int[]> out) {
    if (point == BearOffTable.POINTS) {
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
