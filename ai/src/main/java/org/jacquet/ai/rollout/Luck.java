package org.jacquet.ai.rollout;

import java.util.List;
import org.jacquet.ai.Level;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.HeuristicEvaluator;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;

/**
 * The luck of a throw, for the rollout's control variate: the value, at 0-ply, of the throw's
 * best play against the average over the 36 throws. "Best" is a fixed rule — the heuristic's
 * winning score shortlists {@link #SHORTLIST} plays and the expert's network picks among them —
 * so the luck averages exactly zero over the dice and the corrected rollout stays unbiased.
 *
 * <p>Most of a rollout's time goes here (21 throws screened per throw of the game), so the
 * screen summarises the side that did not move once per position, scores each play from its
 * steps (what they change in the mover's pips, checkers off and how hemmed in it is: {@link
 * HeuristicEvaluator#winScoreOfPlay}), and ranks by the heuristic's score alone (its logit of
 * the win: the double-win estimates cost two exponentials a play and barely move a shortlist of
 * three). One per thread.
 */
final class Luck {
  /** Plays the heuristic shortlists for the network, per throw. */
  static final int SHORTLIST = 3;

  private final int size;
  private final Evaluator network;
  private final HeuristicEvaluator heuristic;
  private final PlayGenerator gen;
  private final List<DiceToPlay> distinct;
  private final int[] shortlist = new int[SHORTLIST];
  private final double[] shortlistScore = new double[SHORTLIST];
  private final float[] theirs;
  private final float[] best;
  private final float[] mine;
  private final double[] average;
  private final double[] actual;
  private final double[] value;

  Luck(Rules rules) {
    this.size = Outcomes.size(rules);
    this.network = Level.EXPERT.evaluator(rules);
    this.heuristic = new HeuristicEvaluator(rules);
    this.gen = new PlayGenerator(rules);
    this.distinct = DiceToPlay.distinctThrows(rules);
    this.theirs = new float[size];
    this.best = new float[size];
    this.mine = new float[size];
    this.average = new double[size];
    this.actual = new double[size];
    this.value = new double[size];
  }

  /** Adds the luck of {@code thrown} in {@code p} (for its side to move) to {@code luck}, seen by {@code me}. */
  void add(Position p, DiceToPlay thrown, Side me, double[] luck) {
    java.util.Arrays.fill(average, 0);
    boolean found = false;
    // Every play's result has the side that did not move to move: summarised once, and the
    // mover's terms before its play kept, each play adding what its steps change.
    heuristic.prepareScreen(p);
    for (DiceToPlay d : distinct) {
      bestOutcome(p, d, value);
      for (int k = 0; k < size; k++) average[k] += d.weight() * value[k] / 36;
      if (!found && d.equals(thrown)) {
        System.arraycopy(value, 0, actual, 0, size);
        found = true;
      }
    }
    if (!found) bestOutcome(p, thrown, actual);
    float[] diff = new float[size];
    for (int k = 0; k < size; k++) diff[k] = (float) (actual[k] - average[k]);
    // A difference of outcome vectors: seen by the other side, its wins and losses swap and
    // its win component changes sign.
    if (p.turn() == me) {
      for (int k = 0; k < size; k++) luck[k] += diff[k];
    } else {
      float[] flipped = new float[size];
      Outcomes.flip(diff, flipped, size);
      flipped[0] = -diff[0];
      for (int k = 0; k < size; k++) luck[k] += flipped[k];
    }
  }

  /**
   * Writes into {@code out} the network's outcome of {@code dice}'s best play for the side to
   * move in {@code p}, by the rule above. Needs {@link HeuristicEvaluator#prepareScreen} of
   * {@code p}.
   */
  private void bestOutcome(Position p, DiceToPlay dice, double[] out) {
    int n = gen.generate(p, dice);
    int listed = Math.min(SHORTLIST, n);
    java.util.Arrays.fill(shortlistScore, 0, listed, Double.NEGATIVE_INFINITY);
    for (int i = 0; i < n; i++) {
      // The mover ranks its plays by the other side's heuristic score, lowest first; a play
      // that bears off the last checker first of all (its score is negative infinity).
      double e = -heuristic.winScoreOfPlay(gen, i);
      int at = listed - 1;
      if (e <= shortlistScore[at]) continue;
      while (at > 0 && shortlistScore[at - 1] < e) {
        shortlistScore[at] = shortlistScore[at - 1];
        shortlist[at] = shortlist[at - 1];
        at--;
      }
      shortlistScore[at] = e;
      shortlist[at] = i;
    }
    double bestEquity = Double.NEGATIVE_INFINITY;
    for (int s = 0; s < listed; s++) {
      network.evaluate(gen.result(shortlist[s]), theirs);
      double e = -Outcomes.equity(theirs, size);
      if (e > bestEquity) {
        bestEquity = e;
        System.arraycopy(theirs, 0, best, 0, size);
      }
    }
    Outcomes.flip(best, mine, size);
    for (int k = 0; k < size; k++) out[k] = mine[k];
  }

}
