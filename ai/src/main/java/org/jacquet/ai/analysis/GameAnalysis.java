package org.jacquet.ai.analysis;

import java.util.ArrayList;
import java.util.List;
import org.jacquet.ai.Level;
import org.jacquet.ai.SearchBot;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.match.MatchContext;
import org.jacquet.ai.match.Objective;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.ai.search.Search;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.rules.Rules;

/**
 * Reviews a game or match: each decision against the best play found at the strongest level
 * (what it cost, how it is marked), the luck of each throw (its value against the average
 * throw, at 0-ply), and per player the totals, the error rate and a rating.
 *
 * <p>In a match the plays are ranked by the chance of winning the match at each game's score
 * (kept in {@link Turn#playedMwc()} and {@link Turn#bestMwc()}); the equities and errors are
 * then in equivalent points ({@link Objective#equivalentPoints}), so that marks and ratings keep
 * one scale. Reviewed with {@code forMatch} false, every game is judged for its own points.
 */
public final class GameAnalysis {
  /**
   * One turn reviewed. Equities are expected points for the side that played (in a match,
   * equivalent points); {@code playedMwc} and {@code bestMwc} are its chances of winning the
   * match, null when the game is not part of a match.
   */
  public record Turn(int game, int number, Side side, String dice, Position before, String played,
      String best, double playedEquity, double bestEquity, double error, Mark mark, boolean decision,
      Double luck, double winAfter, Double playedMwc, Double bestMwc) {
    /** A turn of a game reviewed for its points (no match winning chances). */
    public Turn(int game, int number, Side side, String dice, Position before, String played, String best,
        double playedEquity, double bestEquity, double error, Mark mark, boolean decision, Double luck, double winAfter) {
      this(game, number, side, dice, before, played, best, playedEquity, bestEquity, error, mark, decision, luck, winAfter,
          null, null);
    }
  }

  /** Per player. Error rate in thousandths of a point per decision. */
  public record Player(Side side, int decisions, double totalError, double errorRate, Rating rating,
      double luck, double points, double luckAdjusted, int doubtful, int bad, int veryBad) {}

  public record Result(Rules rules, List<Turn> turns, List<Player> players) {}

  private final Rules rules;
  private final SearchBot strongest;
  private final Search zeroPly;
  private final int size;
  private final List<DiceToPlay> throwsToPlay;

  public GameAnalysis(Rules rules) {
    this.rules = rules;
    this.strongest = Level.WORLD_CLASS.ranker(rules);
    Evaluator eval = Level.EXPERT.evaluator(rules);
    this.zeroPly = new Search(eval, org.jacquet.ai.search.MoveFilter.NONE);
    this.size = eval.size();
    this.throwsToPlay = DiceToPlay.distinctThrows(rules);
  }

  /**
   * Reviews every turn of every game, for the match (each game at its score) or, with
   * {@code forMatch} false, for the points of each game; {@code progress} hears the number of
   * turns done.
   */
  public Result analyze(Match match, boolean forMatch, java.util.function.IntConsumer progress) {
    List<Turn> turns = new ArrayList<>();
    int done = 0;
    for (int g = 0; g < match.games().size(); g++) {
      Game game = match.games().get(g);
      Position board = g == 0 && match.start() != null ? match.start() : Position.start(Side.WHITE);
      int number = 0;
      MatchContext context = forMatch ? MatchContext.before(match, g) : MatchContext.MONEY;
      for (GameEvent e : game.events()) {
        if (!(e instanceof GameEvent.Turn t)) continue;
        number++;
        Position before = board.withTurn(t.side());
        turns.add(review(g + 1, number, t, before, context));
        board = t.play().result();
        if (progress != null) progress.accept(++done);
      }
    }
    return new Result(rules, turns, players(match, turns));
  }

  /** Reviews a match for the match (a match to one point too: only winning it counts). */
  public Result analyze(Match match, java.util.function.IntConsumer progress) {
    return analyze(match, true, progress);
  }

  private Turn review(int game, int number, GameEvent.Turn t, Position before, MatchContext context) {
    DiceToPlay dice = t.dice();
    LegalPlays legal = PlayGenerator.legalPlays(rules, before, dice);
    boolean decision = legal.plays().size() > 1;
    String played = t.play().notation();
    Objective objective = strongest.search().objective(context, t.side());
    double playedValue;
    double bestValue;
    String best = played;
    if (decision) {
      List<RankedPlay> ranked = strongest.rank(legal, context);
      RankedPlay top = ranked.get(0);
      best = top.play().notation();
      bestValue = top.equity();
      RankedPlay same = ranked.stream().filter(r -> r.play().result().equals(t.play().result())).findFirst().orElseThrow();
      // Filtered out before the deep search: look at it as deep as the best one.
      playedValue = same.plies() == top.plies() ? same.equity()
          : strongest.search().evaluatePlay(legal, same.play(), top.plies(), context).equity();
    } else {
      Play only = legal.plays().get(0);
      playedValue = bestValue = zeroPly.evaluatePlay(legal, only, 0, context).equity();
    }
    double playedEquity = objective.equivalentPoints(playedValue);
    double bestEquity = objective.equivalentPoints(bestValue);
    double error = Math.max(0, bestEquity - playedEquity);
    float[] theirs = new float[size];
    zeroPly.evaluate(t.play().result(), 0, theirs);
    double winAfter = t.side() == Side.WHITE ? 1 - theirs[0] : theirs[0];
    Double luck = t.dice().transferred() ? null : luck(before, t.dice());
    Double playedMwc = context.isMatch() ? playedValue : null;
    Double bestMwc = context.isMatch() ? bestValue : null;
    return new Turn(game, number, t.side(), t.dice().toString(), before, played.isEmpty() ? "pass" : played,
        best.isEmpty() ? "pass" : best, playedEquity, bestEquity, error, decision ? Mark.of(error) : Mark.NONE,
        decision, luck, winAfter, playedMwc, bestMwc);
  }

  /** The throw's value for the side to move against the average of the 21 throws, at 0-ply. */
  private double luck(Position before, DiceToPlay thrown) {
    double average = 0;
    double actual = Double.NaN;
    for (DiceToPlay d : throwsToPlay) {
      double v = bestValue(before, d);
      average += d.weight() * v / 36.0;
      if (d.equals(thrown)) actual = v;
    }
    if (Double.isNaN(actual)) actual = bestValue(before, thrown);
    return actual - average;
  }

  private double bestValue(Position before, DiceToPlay dice) {
    LegalPlays legal = PlayGenerator.legalPlays(rules, before, dice);
    return zeroPly.rank(legal, 0).get(0).equity();
  }

  private static Player withAdjusted(Player p, double adjusted) {
    return new Player(p.side(), p.decisions(), p.totalError(), p.errorRate(), p.rating(), p.luck(), p.points(),
        adjusted, p.doubtful(), p.bad(), p.veryBad());
  }

  private List<Player> players(Match match, List<Turn> turns) {
    List<Player> out = new ArrayList<>();
    for (Side side : Side.values()) {
      int decisions = 0;
      double error = 0;
      double luck = 0;
      int[] marks = new int[Mark.values().length];
      for (Turn t : turns) {
        if (t.side() != side) continue;
        if (t.decision()) {
          decisions++;
          error += t.error();
          marks[t.mark().ordinal()]++;
        }
        if (t.luck() != null) luck += t.luck();
      }
      double rate = decisions == 0 ? 0 : 1000 * error / decisions;
      double points = 0;
      for (Game g : match.games()) {
        if (!g.isOver()) continue;
        points += g.result().winner() == side ? g.result().points() : -g.result().points();
      }
      out.add(new Player(side, decisions, error, rate, Rating.of(rate, decisions), luck, points, Double.NaN,
          marks[Mark.DOUBTFUL.ordinal()], marks[Mark.BAD.ordinal()], marks[Mark.VERY_BAD.ordinal()]));
    }
    // The result with the luck taken out: each side's own luck less the opponent's.
    Player w = out.get(0);
    Player b = out.get(1);
    double net = w.luck() - b.luck();
    return List.of(withAdjusted(w, w.points() - net), withAdjusted(b, b.points() + net));
  }
}
