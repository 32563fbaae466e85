package org.jacquet.ai.eval;

import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;

/**
 * A hand-made evaluator: the race, how much each side's checkers are hemmed in by the other's
 * points (blocks and their restrictions decide Jacquet), the postilion's progress, and the
 * bear-off. It turns a score into probabilities with a logistic curve; the double-win
 * estimates compare the winner's race with the loser's way to its first checker off.
 *
 * <p>Each side's terms are summed from its own counts once ({@link Summary}); only how hemmed
 * in each side is by the other needs both. A screen of many plays from one position
 * ({@link #prepareSideToMove}, {@link #evaluateAgainst}) therefore summarises the side that did
 * not move once, and gives exactly what {@link #evaluate} gives.
 */
public final class HeuristicEvaluator implements Evaluator {
  private final Rules rules;
  private final int size;
  private final int entry;
  private final boolean needsReturn;
  private final int[] me = new int[25];
  private final int[] them = new int[25];
  private final Summary mine = new Summary();
  private final Summary theirs = new Summary();
  private final Summary prepared = new Summary();
  private final int[] preparedCounts = new int[25];
  /** The prepared side's occupied points 1..23, {@code preparedPoints} of them. */
  private final int[] preparedPoint = new int[24];
  private int preparedPoints;
  /** The screen's mover before its play ({@link #prepareScreen}): counts (index 25: off) and terms. */
  private final int[] moverCounts = new int[26];
  private final int[] aheadSquared = new int[26];
  private int moverPips;
  private int moverOnBoard;
  private int moverHeld;
  private int moverHemmed;

  public HeuristicEvaluator(Rules rules) {
    this.rules = rules;
    this.size = Outcomes.size(rules);
    this.entry = rules.postilionEntry();
    this.needsReturn = rules.blocking() == org.jacquet.engine.rules.Blocking.FIRST_QUADRANT_NEEDS_RETURN
        || rules.blocking() == org.jacquet.engine.rules.Blocking.ANY_NEEDS_RETURN;
  }

  @Override
  public Rules rules() {
    return rules;
  }

  @Override
  public Evaluator copy() {
    return new HeuristicEvaluator(rules);
  }

  @Override
  public String name() {
    return "heuristic";
  }

  @Override
  public void evaluate(Position p, float[] out) {
    Side mover = p.turn();
    p.copyCounts(mover, me);
    p.copyCounts(mover.opponent(), them);
    if (Terminal.evaluate(rules, p, out, size)) return;
    summarize(me, mine, true);
    summarize(them, theirs, true);
    outcomes(mine, theirs, Features.containment(them, mine.held), Features.containment(me, theirs.held), out);
  }

  /** Summarises {@code side}'s checkers in {@code p}: the side to move of the next {@link #evaluateAgainst}s. */
  public void prepareSideToMove(Position p, Side side) {
    p.copyCounts(side, preparedCounts);
    summarize(preparedCounts, prepared, true);
    preparedPoints = 0;
    for (int r = 1; r <= 23; r++) if (preparedCounts[r] > 0) preparedPoint[preparedPoints++] = r;
  }

  /**
   * Writes what {@link #evaluate} writes for the position where the prepared side is to move and
   * its opponent's checkers are {@code opponent} (its own frame, index 1..24); the opponent must
   * still have a checker on the board (a finished game is {@link #evaluate}'s).
   */
  public void evaluateAgainst(int[] opponent, float[] out) {
    summarize(opponent, theirs, true);
    outcomes(prepared, theirs, Features.containment(opponent, prepared.held),
        Features.containment(preparedCounts, theirs.held), out);
  }

  /**
   * The heuristic's score, in logits, of the position where the prepared side is to move and its
   * opponent's checkers are {@code opponent}: its winning chance is the logistic of it (what
   * {@link #evaluateAgainst} starts from), without the cost of the double-win estimates.
   */
  public double winScoreAgainst(int[] opponent) {
    // One pass over the opponent's points: its own terms and how hemmed in it is (the same
    // integers as summarize and Features.containment, so the same score).
    int pips = 0;
    int onBoard = 0;
    int held = 0;
    int hemmed = 0;
    int heldFirst = 0;
    int preparedHeld = prepared.held;
    for (int r = 1; r <= 24; r++) {
      int n = opponent[r];
      if (n == 0) continue;
      pips += n * (25 - r);
      onBoard += n;
      held |= 1 << ((r <= 12 ? r + 12 : r - 12) - 1);
      if (r <= 6) heldFirst++;
      if (r <= 23) {
        int ahead = Integer.bitCount((preparedHeld >>> r) & 0x3F);
        hemmed += n * ahead * ahead;
      }
    }
    boolean bound = opponent[1] >= 14 && Features.postilionBound(opponent, entry);
    boolean returnsReady = heldFirst >= 5 && opponent[24] > 0 && (rules.returnCheckers() == 1 || opponent[23] > 0);
    return winScore(pips, onBoard, hemmed, held, bound, bound ? Features.postilionPoint(opponent) : 0, returnsReady);
  }

  /**
   * Prepares a screen of the plays of {@code p}'s side to move ({@link #winScoreOfPlay}): the
   * side that does not move is summarised as by {@link #prepareSideToMove}, and the mover's own
   * terms before its play are kept, so that each play only adds what its steps change.
   */
  public void prepareScreen(Position p) {
    prepareSideToMove(p, p.turn().opponent());
    p.copyCounts(p.turn(), moverCounts);
    moverCounts[Position.OFF] = Position.CHECKERS - Features.onBoard(moverCounts);
    int preparedHeld = prepared.held;
    for (int r = 1; r <= 23; r++) {
      int ahead = Integer.bitCount((preparedHeld >>> r) & 0x3F);
      aheadSquared[r] = ahead * ahead;
    }
    moverPips = Features.pips(moverCounts);
    moverOnBoard = Features.onBoard(moverCounts);
    moverHeld = Features.heldMask(moverCounts);
    int hemmed = 0;
    for (int r = 1; r <= 23; r++) hemmed += moverCounts[r] * aheadSquared[r];
    moverHemmed = hemmed;
  }

  /**
   * {@link #winScoreAgainst} of the mover's checkers after play {@code play} of {@code gen}, which
   * generated the plays of the position given to {@link #prepareScreen}: the same score, from the
   * play's steps instead of a pass over the board (pips, checkers off and how hemmed in the mover
   * is change by what each step moves). Negative infinity when the play bears off the mover's
   * last checker (the prepared side has lost).
   */
  public double winScoreOfPlay(PlayGenerator gen, int play) {
    int[] c = moverCounts;
    int steps = gen.stepCount(play);
    int pips = moverPips;
    int onBoard = moverOnBoard;
    int hemmed = moverHemmed;
    int held = moverHeld;
    for (int s = 0; s < steps; s++) {
      int from = gen.stepFrom(play, s);
      int to = gen.stepTo(play, s);
      pips -= to - from;
      hemmed += aheadSquared[to] - aheadSquared[from];
      if (--c[from] == 0) held &= ~(1 << (from - 1));
      if (to <= 24) {
        held |= 1 << (to - 1);
      } else {
        onBoard--;
      }
      c[to]++;
    }
    double score = Double.NEGATIVE_INFINITY;
    if (onBoard > 0) {
      boolean bound = c[1] >= 14 && Features.postilionBound(c, entry);
      int heldFirst = Integer.bitCount(held & Features.FIRST_QUADRANT);
      boolean returnsReady = heldFirst >= 5 && c[24] > 0 && (rules.returnCheckers() == 1 || c[23] > 0);
      score = winScore(pips, onBoard, hemmed, Features.alongOtherRoute(held), bound,
          bound ? Features.postilionPoint(c) : 0, returnsReady);
    }
    for (int s = steps - 1; s >= 0; s--) {
      c[gen.stepTo(play, s)]--;
      c[gen.stepFrom(play, s)]++;
    }
    return score;
  }

  /**
   * The win score of the prepared side to move against an opponent with these terms ({@code
   * hemmed}: how hemmed in the opponent is by the prepared side; {@code along}: its points along
   * the prepared side's route).
   */
  private double winScore(int pips, int onBoard, int hemmed, int along, boolean postilionBound,
      int postilionPoint, boolean returnsReady) {
    Summary o = theirs;
    o.pips = pips;
    o.onBoard = onBoard;
    o.toFirstOff = 0;
    o.held = along;
    o.postilionBound = postilionBound;
    o.postilionPoint = postilionPoint;
    o.returnsReady = returnsReady;
    int preparedHemmed = 0;
    for (int k = 0; k < preparedPoints; k++) {
      int r = preparedPoint[k];
      int ahead = Integer.bitCount((along >>> r) & 0x3F);
      preparedHemmed += preparedCounts[r] * ahead * ahead;
    }
    return score(prepared, hemmed) - score(o, preparedHemmed) + 4.0 / 40;
  }

  /**
   * The outcomes for side {@code a} to move against {@code b}, where {@code bHemmed} is how
   * hemmed in b's checkers are by a's points and {@code aHemmed} the reverse.
   */
  private void outcomes(Summary a, Summary b, int bHemmed, int aHemmed, float[] out) {
    double score = score(a, bHemmed) - score(b, aHemmed) + 4.0 / 40; // the throw is worth ~4 pips
    double win = 1 / (1 + Math.exp(-score));
    out[0] = (float) win;
    int n = (size + 1) / 2;
    double meLead = (b.toFirstOff - a.pips / 2.0) / 20.0;
    double themLead = (a.toFirstOff - b.pips / 2.0) / 20.0;
    for (int k = 2; k <= n; k++) {
      out[k - 1] = (float) (win / (1 + Math.exp(-(meLead - 1.5 * (k - 2)))));
      out[k + n - 2] = (float) ((1 - win) / (1 + Math.exp(-(themLead - 1.5 * (k - 2)))));
    }
    Outcomes.sanitize(out, size);
  }

  /** How well placed a side is against the other, in logits; {@code hemsOther}: how hemmed in it holds the other. */
  private double score(Summary side, int hemsOther) {
    double s = -side.pips / 40.0;
    // Blocks: how hemmed in the other side's checkers are by this side's points.
    s += hemsOther / 60.0;
    if (side.postilionBound) s -= 0.5 + (entry - side.postilionPoint) / 20.0;
    // Return checkers: where the rules make a block of 1..6 need point 24 (and 23), holding
    // them while nearly holding 1..6 keeps the strongest block available.
    if (needsReturn && side.returnsReady) s += 0.3;
    // Bear-off: checkers already off are tempo the pip count undervalues.
    s += 0.02 * (15 - side.onBoard);
    return s;
  }

  /** A side's own terms, from its counts alone. */
  private static final class Summary {
    int pips;
    int onBoard;
    int toFirstOff;
    /** The side's points along the other side's route ({@link Features#heldAlongOtherRoute}). */
    int held;
    boolean postilionBound;
    int postilionPoint;
    boolean returnsReady;
  }

  /** Summarises {@code c} into {@code s}; {@code toFirstOff} only {@code forDoubles} (the double-win estimates' term). */
  private void summarize(int[] c, Summary s, boolean forDoubles) {
    s.pips = Features.pips(c);
    s.onBoard = Features.onBoard(c);
    s.toFirstOff = forDoubles ? Features.pipsToFirstOff(c) : 0;
    s.held = Features.heldAlongOtherRoute(c);
    s.postilionBound = Features.postilionBound(c, entry);
    s.postilionPoint = s.postilionBound ? Features.postilionPoint(c) : 0;
    int heldFirst = 0;
    for (int r = 1; r <= 6; r++) if (c[r] > 0) heldFirst++;
    boolean returns = c[24] > 0 && (rules.returnCheckers() == 1 || c[23] > 0);
    s.returnsReady = heldFirst >= 5 && returns;
  }
}
