package org.jacquet.ai.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.match.MatchContext;
import org.jacquet.ai.match.MatchEquityTable;
import org.jacquet.ai.match.Objective;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.jacquet.engine.rules.Scoring;
import org.jacquet.engine.rules.UnusedDice;

/**
 * Expectimax over the dice: a position evaluated at n plies is the average, over the 21
 * distinct throws (doubles weigh 1/36, others 2/36), of the best play of its side to move, the
 * plays being screened at 0-ply and the best few looked at n−1 plies deeper. Choosing a play at
 * n plies evaluates each candidate's resulting position at n plies ("0-ply" is the evaluator
 * alone, "1-ply" looks at every reply to every throw of the opponent, as in GNU Backgammon).
 *
 * <p>"Best" is what each side maximises ({@link Objective}): its expected points, or in a match
 * its chance of winning the match at the score of the {@link MatchContext} given.
 *
 * <p>Jacquet de Versailles' dice transfer is searched: when a throw leaves dice unused, the
 * opponent first plays them (the best play for it, chosen at 0-ply) and then throws; a side
 * playing dice passed to it throws next, and that throw is searched too (at least 1 ply, for the
 * best few plays after a 0-ply screen). Not thread-safe.
 */
public final class Search {
  private final Evaluator evaluator;
  private final MoveFilter filter;
  private final int size;
  private final boolean transfers;
  private final boolean searchTransfers;
  private final List<DiceToPlay> throwsToPlay;
  private final PlayGenerator[] generators = new PlayGenerator[8];
  private final PlayGenerator[] transferGenerators = new PlayGenerator[8];
  /** How many plays of dice passed to the mover are searched after the screen, and within how many points. */
  private static final int PASSED_KEEP = 6;
  private static final double PASSED_WITHIN = 0.25;
  private MatchContext context;
  private Objective[] objectives;

  public Search(Evaluator evaluator, MoveFilter filter) {
    this(evaluator, filter, true);
  }

  /**
   * A search that, with {@code searchTransfers} false, treats dice left unused as lost even under
   * Versailles, and a side playing dice passed to it as handing the turn over: the search as it
   * was before transfers were searched, kept to measure what searching them gains.
   */
  public Search(Evaluator evaluator, MoveFilter filter, boolean searchTransfers) {
    this.evaluator = evaluator;
    this.filter = filter;
    this.size = evaluator.size();
    Rules rules = evaluator.rules();
    this.searchTransfers = searchTransfers;
    this.transfers = searchTransfers && rules.unusedDice() == UnusedDice.PASSED;
    this.throwsToPlay = DiceToPlay.distinctThrows(rules);
    for (int d = 0; d < generators.length; d++) {
      generators[d] = new PlayGenerator(rules);
      transferGenerators[d] = new PlayGenerator(rules);
    }
    use(MatchContext.MONEY);
  }

  public Evaluator evaluator() {
    return evaluator;
  }

  public MoveFilter filter() {
    return filter;
  }

  /** Whether Versailles' dice transfers are searched (see the constructors). */
  public boolean searchesTransfers() {
    return searchTransfers;
  }

  /** What {@code side} maximises in {@code context} (its expected points, or its match winning chance). */
  public Objective objective(MatchContext context, Side side) {
    use(context);
    return objectives[side.ordinal()];
  }

  /** {@link #rank(LegalPlays, int, MatchContext)} for a game played for its points. */
  public List<RankedPlay> rank(LegalPlays legal, int plies) {
    return rank(legal, plies, MatchContext.MONEY);
  }

  /**
   * Every legal play ranked best first for the side to move, the best few searched {@code plies}
   * deep; a play's equity is its expected points, or in a match its chance of winning the match.
   */
  public List<RankedPlay> rank(LegalPlays legal, int plies, MatchContext context) {
    use(context);
    Objective mine = objectives[legal.position().turn().ordinal()];
    boolean passedToMover = legal.dice().transferred() && searchTransfers;
    List<RankedPlay> screened = new ArrayList<>(legal.plays().size());
    for (Play play : legal.plays()) {
      screened.add(passedToMover ? handedOver(play, mine) : afterPlay(legal, play, 0, mine));
    }
    screened.sort(Comparator.comparingDouble(RankedPlay::equity).reversed());
    // Dice passed to the mover are searched a ply deeper (see afterPlay), the best few only.
    int depth = passedToMover ? Math.max(1, plies) : plies;
    if (depth == 0 || (screened.size() == 1 && !passedToMover)) return screened;
    int keep = passedToMover ? Math.min(filter.rootKeep(), PASSED_KEEP) : filter.rootKeep();
    double within = (passedToMover ? Math.min(filter.rootWithin(), PASSED_WITHIN) : filter.rootWithin()) * mine.perPoint();
    double best = screened.get(0).equity();
    List<RankedPlay> ranked = new ArrayList<>(screened.size());
    for (int i = 0; i < screened.size(); i++) {
      RankedPlay r = screened.get(i);
      ranked.add(i < keep && best - r.equity() <= within ? afterPlay(legal, r.play(), depth, mine) : r);
    }
    // Deeper evaluations come first: a play only screened at 0-ply never outranks a searched one.
    ranked.sort(Comparator.comparingInt(RankedPlay::plies).reversed()
        .thenComparing(Comparator.comparingDouble(RankedPlay::equity).reversed()));
    return ranked;
  }

  /** A play of dice passed to the mover screened as if the opponent moved next (a cheap first sort). */
  private RankedPlay handedOver(Play play, Objective objective) {
    float[] theirs = new float[size];
    float[] mine = new float[size];
    evaluator.evaluate(play.result(), theirs);
    Outcomes.flip(theirs, mine, size);
    return new RankedPlay(play, mine, objective.value(mine), 0);
  }

  /**
   * One play of {@code legal} evaluated for the side playing it at {@code plies}, as
   * {@link #rank} evaluates it (for a play the move filter left unsearched).
   */
  public RankedPlay evaluatePlay(LegalPlays legal, Play play, int plies, MatchContext context) {
    use(context);
    return afterPlay(legal, play, plies, objectives[legal.position().turn().ordinal()]);
  }

  private RankedPlay afterPlay(LegalPlays legal, Play play, int plies, Objective objective) {
    float[] theirs = new float[size];
    float[] mine = new float[size];
    Side mover = legal.position().turn();
    if (legal.dice().transferred() && searchTransfers) {
      // Dice passed to the mover: having played them, it throws for its own turn. That throw is
      // searched too (at least 1 ply), so that the position is judged, as after any other play,
      // with the opponent to move: the network's 0-ply view of a side about to throw again
      // ranked these plays worse than the old hand-over view (measured: duel in docs/strength.md).
      plies = Math.max(1, plies);
      evaluateAt(play.result().withTurn(mover), plies, mine);
    } else {
      if (transfers && !legal.unused().isEmpty()) {
        evaluateWithTransfer(play.result(), DiceToPlay.transferred(legal.unused()), plies, theirs);
      } else {
        evaluateAt(play.result(), plies, theirs);
      }
      Outcomes.flip(theirs, mine, size);
    }
    return new RankedPlay(play, mine, objective.value(mine), plies);
  }

  /** {@link #evaluate(Position, int, float[], MatchContext)} for a game played for its points. */
  public void evaluate(Position p, int plies, float[] out) {
    evaluate(p, plies, out, MatchContext.MONEY);
  }

  /**
   * Writes the outcomes of {@code p} for its side to move, about to throw, looking {@code plies}
   * throws ahead, each side playing for what it maximises in {@code context}.
   */
  public void evaluate(Position p, int plies, float[] out, MatchContext context) {
    use(context);
    evaluateAt(p, plies, out);
  }

  private void use(MatchContext c) {
    if (c.equals(context)) return;
    Rules rules = evaluator.rules();
    MatchEquityTable table = c.isMatch() ? MatchEquityTable.forRules(rules) : null;
    // A spanish game is worth about ten points: its errors count in games, as in the other scorings.
    double moneyUnit = rules.scoring() == Scoring.SPANISH ? MatchEquityTable.forRules(rules).meanPoints() : 1;
    objectives = Objective.forBothSides(c, table, size, moneyUnit);
    context = c;
  }

  private void evaluateAt(Position p, int plies, float[] out) {
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
      List<Integer> unused = transfers ? gen.unusedDice() : List.of();
      DiceToPlay passed = unused.isEmpty() ? null : DiceToPlay.transferred(unused);
      bestReply(gen, n, plies - 1, passed, objectives[p.turn().ordinal()], theirs);
      Outcomes.flip(theirs, mine, size);
      for (int k = 0; k < size; k++) sum[k] += d.weight() * mine[k];
    }
    for (int k = 0; k < size; k++) out[k] = sum[k] / 36f;
  }

  /**
   * The outcomes of {@code p} for its side to move, which first plays the dice {@code passed} to
   * it (its best play at 0-ply) and then throws, at {@code plies}.
   */
  private void evaluateWithTransfer(Position p, DiceToPlay passed, int plies, float[] out) {
    if (p.isOver()) {
      evaluator.evaluate(p, out);
      return;
    }
    Side side = p.turn();
    Objective objective = objectives[side.ordinal()];
    PlayGenerator gen = transferGenerators[plies];
    int n = gen.generate(p, passed);
    float[] e = new float[size];
    Position best = null;
    double bestValue = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      Position r = gen.result(i).withTurn(side);
      evaluator.evaluate(r, e);
      double v = objective.value(e);
      if (v > bestValue) {
        bestValue = v;
        best = r;
        if (plies == 0) System.arraycopy(e, 0, out, 0, size);
      }
    }
    if (plies > 0) evaluateAt(best, plies, out);
  }

  /** The outcomes of {@code r} (a play's result) for the side to move next, with any dice passed to it. */
  private void evaluateResult(Position r, DiceToPlay passed, int plies, float[] out) {
    if (passed == null) evaluateAt(r, plies, out);
    else evaluateWithTransfer(r, passed, plies, out);
  }

  /**
   * Among the {@code n} plays in {@code gen}, the one best for the side playing it (by its
   * {@code objective}); writes the evaluation of its result (for the opponent, who moves next,
   * first playing the dice {@code passed} if any) at {@code depth} plies.
   */
  private void bestReply(PlayGenerator gen, int n, int depth, DiceToPlay passed, Objective objective, float[] out) {
    float[] e = new float[size];
    if (n == 1) {
      evaluateResult(gen.result(0), passed, depth, out);
      return;
    }
    int keep = depth == 0 ? 1 : Math.min(n, filter.innerKeep());
    Position[] kept = new Position[keep];
    double[] keptScore = new double[keep];
    java.util.Arrays.fill(keptScore, Double.NEGATIVE_INFINITY);
    float[] bestStatic = new float[size];
    for (int i = 0; i < n; i++) {
      Position r = gen.result(i);
      if (passed == null) evaluator.evaluate(r, e);
      else evaluateWithTransfer(r, passed, 0, e);
      double mover = objective.valueOfOpponentView(e);
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
      evaluateResult(kept[i], passed, depth, e);
      double mover = objective.valueOfOpponentView(e);
      if (mover > best) {
        best = mover;
        System.arraycopy(e, 0, out, 0, size);
      }
    }
  }
}
