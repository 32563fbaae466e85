package org.jacquet.ai.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;

/**
 * Expectimax over the dice: a position evaluated at n plies is the average, over the 21
 * distinct throws (doubles weigh 1/36, others 2/36), of the best play of its side to move, the
 * plays being screened at 0-ply and the best few looked at n−1 plies deeper. Choosing a play at
 * n plies evaluates each candidate's resulting position at n plies ("0-ply" is the evaluator
 * alone, "1-ply" looks at every reply to every throw of the opponent, as in GNU Backgammon).
 *
 * <p>Jacquet de Versailles' dice transfer is not searched: looking ahead, dice a play leaves
 * unused are treated as lost. Not thread-safe.
 */
public final class Search {
  private final Evaluator evaluator;
  private final MoveFilter filter;
  private final int size;
  private final List<DiceToPlay> throwsToPlay;
  private final PlayGenerator[] generators = new PlayGenerator[8];

  public Search(Evaluator evaluator, MoveFilter filter) {
    this.evaluator = evaluator;
    this.filter = filter;
    this.size = evaluator.size();
    Rules rules = evaluator.rules();
    this.throwsToPlay = DiceToPlay.distinctThrows(rules);
    for (int d = 0; d < generators.length; d++) generators[d] = new PlayGenerator(rules);
  }

  public Evaluator evaluator() {
    return evaluator;
  }

  /** Every legal play ranked best first for the side to move, the best few searched {@code plies} deep. */
  public List<RankedPlay> rank(LegalPlays legal, int plies) {
    List<RankedPlay> screened = new ArrayList<>(legal.plays().size());
    float[] theirs = new float[size];
    float[] mine = new float[size];
    for (Play play : legal.plays()) {
      evaluator.evaluate(play.result(), theirs);
      Outcomes.flip(theirs, mine, size);
      screened.add(new RankedPlay(play, mine, Outcomes.equity(mine, size), 0));
    }
    screened.sort(Comparator.comparingDouble(RankedPlay::equity).reversed());
    if (plies == 0 || screened.size() == 1) return screened;
    double best = screened.get(0).equity();
    List<RankedPlay> ranked = new ArrayList<>(screened.size());
    for (int i = 0; i < screened.size(); i++) {
      RankedPlay r = screened.get(i);
      if (i < filter.rootKeep() && best - r.equity() <= filter.rootWithin()) {
        evaluate(r.play().result(), plies, theirs);
        Outcomes.flip(theirs, mine, size);
        ranked.add(new RankedPlay(r.play(), mine, Outcomes.equity(mine, size), plies));
      } else {
        ranked.add(r);
      }
    }
    // Deeper evaluations come first: a play only screened at 0-ply never outranks a searched one.
    ranked.sort(Comparator.comparingInt(RankedPlay::plies).reversed()
        .thenComparing(Comparator.comparingDouble(RankedPlay::equity).reversed()));
    return ranked;
  }

  /** Writes the outcomes of {@code p} for its side to move, looking {@code plies} throws ahead. */
  public void evaluate(Position p, int plies, float[] out) {
    if (plies == 0 || p.isOver()) {
      evaluator.evaluate(p, out);
      return;
    }
    float[] sum = new float[size];
    float[] theirs = new float[size];
    float[] mine = new float[size];
    PlayGenerator gen = generators[plies];
    for (DiceToPlay d : throwsToPlay) {
      int n = gen.generate(p, d);
      bestReply(gen, n, plies - 1, theirs);
      Outcomes.flip(theirs, mine, size);
      for (int k = 0; k < size; k++) sum[k] += d.weight() * mine[k];
    }
    for (int k = 0; k < size; k++) out[k] = sum[k] / 36f;
  }

  /**
   * Among the {@code n} plays in {@code gen}, the one best for the side playing it; writes the
   * evaluation of its result (for the opponent, who moves next) at {@code depth} plies.
   */
  private void bestReply(PlayGenerator gen, int n, int depth, float[] out) {
    float[] e = new float[size];
    if (n == 1) {
      evaluate(gen.result(0), depth, out);
      return;
    }
    int keep = depth == 0 ? 1 : Math.min(n, filter.innerKeep());
    Position[] kept = new Position[keep];
    double[] keptScore = new double[keep];
    java.util.Arrays.fill(keptScore, Double.NEGATIVE_INFINITY);
    float[] bestStatic = new float[size];
    for (int i = 0; i < n; i++) {
      Position r = gen.result(i);
      evaluator.evaluate(r, e);
      double mover = -Outcomes.equity(e, size);
      if (mover <= keptScore[keep - 1]) continue;
      int at = keep - 1;
      while (at > 0 && keptScore[at - 1] < mover) {
        keptScore[at] = keptScore[at - 1];
        kept[at] = kept[at - 1];
        at--;
      }
      keptScore[at] = mover;
      kept[at] = r;
      if (at == 0) System.arraycopy(e, 0, bestStatic, 0, size);
    }
    if (depth == 0) {
      System.arraycopy(bestStatic, 0, out, 0, size);
      return;
    }
    double best = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < keep && kept[i] != null; i++) {
      evaluate(kept[i], depth, e);
      double mover = -Outcomes.equity(e, size);
      if (mover > best) {
        best = mover;
        System.arraycopy(e, 0, out, 0, size);
      }
    }
  }
}
