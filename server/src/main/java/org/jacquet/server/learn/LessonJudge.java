package org.jacquet.server.learn;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jacquet.engine.format.PointNaming;
import org.jacquet.server.game.TypedPlayText;
import org.jacquet.ai.Level;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.game.GameResult;
import org.jacquet.engine.game.Scorer;
import org.jacquet.engine.format.PlayNotation;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.game.StateView;
import org.jacquet.server.game.LaidSteps;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * Judges a learner's play on a lesson's step with the engine: an illegal step or play is
 * refused with the engine's reason (as in a game), a legal one is accepted or not, and a
 * strategy step shows world class's equities, worked out when first asked, not written down.
 */
public final class LessonJudge {
  /** The engine's ranking of each strategy step, once: keyed by the course's own steps, so bounded by it. */
  private final Map<Lessons.Step, List<RankedPlay>> rankings = new ConcurrentHashMap<>();

  /** A step's position, dice and legal plays, read by the engine. */
  public record Board(Rules rules, Position position, DiceToPlay dice, LegalPlays legal) {
    public static Board of(Lessons.Step step) {
      Rules rules = Rules.parse(step.rules());
      Position position = Position.parse(step.position());
      DiceToPlay dice = DiceToPlay.parse(step.dice(), rules);
      return new Board(rules, position, dice, PlayGenerator.legalPlays(rules, position, dice));
    }

    /** The steps laid on the board in order, each checked by the engine as it comes (the page's way). */
    public TurnBuilder lay(List<int[]> steps) {
      return LaidSteps.lay(rules, legal, steps);
    }

    /** {@code text} as a play here; the engine's refusal when it is not one. */
    public Play play(String text) {
      return PlayNotation.parse(text, rules, position, dice);
    }
  }

  /**
   * The board after {@code steps} (from, to pairs, the mover's route points) as the page draws
   * it, with what may move next and why the rest may not; and, once a whole play is laid down
   * (or {@code typed}, in {@code naming}: {@link TypedPlayText}), the verdict. Throws a refusal (the engine's reason) for an illegal step.
   */
  public ObjectNode judge(Lessons.Step step, List<int[]> steps, String typed, PointNaming naming, Locale language) {
    Board b = Board.of(step);
    TurnBuilder turn = b.lay(steps);
    Play play;
    try {
      play = typed != null ? b.play(typedPlay(step, b, typed, naming)) : turn.isComplete() ? turn.play() : null;
    } catch (IllegalPlayException e) {
      throw Problems.illegal(e);
    }
    // Drawn as a puzzle's board is: a player's own turn, with its moves and blocked points.
    ObjectNode o = StateView.puzzle(b.rules(), b.legal(), turn);
    o.remove("legal"); // the answers are not given away
    if (play == null) {
      o.putNull("verdict");
      return o;
    }
    if (typed != null) o.set("position", StateView.position(play.result(), b.rules()));
    o.putObject("moves");
    o.set("verdict", verdict(step, b, play, language));
    return o;
  }

  /**
   * {@code typed} in the mover's numbers ({@link TypedPlayText}); a play typed in the other
   * naming is refused as in a game, and when it is the very play asked the refusal says so
   * ({@code what} {@code right-play}): the learner was right, only the naming differed.
   */
  private static String typedPlay(Lessons.Step step, Board b, String typed, PointNaming naming) {
    try {
      return TypedPlayText.read(typed, naming, b.position().turn());
    } catch (Refusal r) {
      Object meant = r.params().get("play");
      if (meant == null || !(r.code().equals("typed-letters") || r.code().equals("typed-mover")) || !accepted(step, b, meant.toString())) throw r;
      Map<String, Object> params = new java.util.LinkedHashMap<>(r.params());
      params.put("what", "right-play");
      throw new Refusal(r.code(), params, "that is the right play, only named the other way: " + r.getMessage());
    }
  }

  /** Whether {@code notation} (the mover's numbers) is a play here that the step accepts. */
  private static boolean accepted(Lessons.Step step, Board b, String notation) {
    try {
      return accepted(step, b, b.play(notation));
    } catch (IllegalPlayException e) {
      return false;
    }
  }

  private static boolean accepted(Lessons.Step step, Board b, Play play) {
    return step.accepted().stream().anyMatch(a -> b.play(a).result().equals(play.result()));
  }

  private ObjectNode verdict(Lessons.Step step, Board b, Play play, Locale language) {
    ObjectNode v = StateView.JSON.createObjectNode();
    boolean right = accepted(step, b, play);
    v.put("accepted", right).put("play", play.isPass() ? "pass" : play.notation());
    v.put("text", right ? step.explain().in(language) : null);
    for (Lessons.Wrong w : step.wrong()) {
      if (w.verdict().equals("worse") && b.play(w.play()).result().equals(play.result())) v.put("text", w.why().in(language));
    }
    if (step.stake() > 0) {
      GameResult stake = stake(b, play);
      v.put("points", stake.points()).put("wins", !stake.resigned());
    }
    if (step.strategy()) {
      List<RankedPlay> ranked = ranking(step, b);
      RankedPlay best = ranked.get(0);
      RankedPlay mine = ranked.stream().filter(r -> r.play().result().equals(play.result())).findFirst().orElse(best);
      v.put("equity", mine.equity()).put("best", best.play().notation()).put("bestEquity", best.equity());
      ArrayNode top = v.putArray("ranked");
      for (RankedPlay r : ranked.subList(0, Math.min(3, ranked.size()))) top.addObject().put("play", r.play().notation()).put("equity", r.equity());
    }
    return v;
  }

  /**
   * What {@code play} scores by the step's scoring, as the engine counts a game's end: won by the
   * mover when it bears off the last checker, else (marked resigned) what the mover would pay if
   * the opponent won now.
   */
  public static GameResult stake(Board b, Play play) {
    Side mover = b.position().turn();
    boolean over = play.result().isOver();
    return Scorer.score(b.rules(), play.result(), over ? mover : mover.opponent(), !over);
  }

  /** World class's ranking of a step's plays (the same ranker as hints and the analysis). */
  public List<RankedPlay> ranking(Lessons.Step step, Board b) {
    return rankings.computeIfAbsent(step, s -> Level.WORLD_CLASS.ranker(b.rules()).rank(b.legal()));
  }
}
