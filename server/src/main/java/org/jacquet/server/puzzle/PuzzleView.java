package org.jacquet.server.puzzle;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.regex.Pattern;
import org.jacquet.ai.benchmark.BenchmarkEntry;
import org.jacquet.ai.puzzle.Puzzle;
import org.jacquet.ai.puzzle.Theme;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.game.StateView;

/**
 * A puzzle as the page shows it: its board with the learner's steps so far, as a game's state
 * is drawn (the same moves, blocked points and dice), and once the play is complete, the answer:
 * each candidate's rolled-out expected points with the 95% half-width of its gap to the best.
 */
final class PuzzleView {
  /** The most steps a play has (a double played four times); a longer list is refused unread. */
  static final int MAX_STEPS = 4;
  private static final Pattern STEPS = Pattern.compile("([0-9]{1,2}-[0-9]{1,2})(,[0-9]{1,2}-[0-9]{1,2}){0,3}");

  private PuzzleView() {}

  /** The puzzle and its board after {@code steps} (the mover's route points, {@code 1-4,4-9}; empty or null for none). */
  static ObjectNode of(String preset, Rules rules, Puzzle p, String steps) {
    LegalPlays legal = PlayGenerator.legalPlays(rules, p.position(), p.dice());
    TurnBuilder turn = turn(rules, legal, steps);
    ObjectNode o = StateView.JSON.createObjectNode();
    o.put("rules", preset).put("index", p.index());
    ArrayNode themes = o.putArray("themes");
    for (Theme t : Theme.values()) if (p.themes().contains(t)) themes.add(t.key());
    o.set("state", StateView.puzzle(rules, legal, turn));
    return o;
  }

  /** The answer to the play {@code steps} make: refused until they make a whole play. */
  static ObjectNode answer(String preset, Rules rules, Puzzle p, String steps) {
    LegalPlays legal = PlayGenerator.legalPlays(rules, p.position(), p.dice());
    TurnBuilder turn = turn(rules, legal, steps);
    if (!turn.isComplete()) {
      throw new Refusal("puzzle-incomplete", Map.of("steps", turn.steps().size()), "the play is not complete yet");
    }
    Play made = turn.play();
    ObjectNode o = StateView.JSON.createObjectNode();
    o.put("rules", preset).put("index", p.index());
    o.put("solved", p.solvedBy(made.result()));
    o.put("play", made.notation());
    o.put("expertWrong", p.expertWrong());
    o.put("trials", p.trials());
    o.put("gap", p.gap());
    ArrayNode candidates = o.putArray("candidates");
    for (BenchmarkEntry.Candidate c : p.candidates()) {
      Play play = legal.leadingTo(c.result()).orElseThrow(() -> new IllegalStateException("a shipped puzzle's candidate is not a legal play"));
      candidates.addObject().put("play", play.notation()).put("equity", c.equity())
          .put("halfWidth", 1.96 * c.standardError()).put("best", c == p.best())
          .put("yours", c.result().equals(made.result()));
    }
    return o;
  }

  /** A turn at the puzzle's start with {@code steps} taken, each checked as a game checks it. */
  private static TurnBuilder turn(Rules rules, LegalPlays legal, String steps) {
    TurnBuilder turn = new TurnBuilder(rules, legal);
    if (steps == null || steps.isEmpty()) return turn;
    if (steps.length() > 6 * MAX_STEPS || !STEPS.matcher(steps).matches()) {
      throw new Refusal("bad-steps", Map.of("text", org.jacquet.engine.Excerpt.of(steps), "max", MAX_STEPS),
          "steps are written from-to, separated by commas, at most " + MAX_STEPS);
    }
    for (String step : steps.split(",")) {
      String[] ends = step.split("-");
      int from = Integer.parseInt(ends[0]);
      int to = Integer.parseInt(ends[1]);
      if (from < 1 || from > 24 || to < 2 || to > 25) {
        throw new Refusal("bad-steps", Map.of("text", step, "max", MAX_STEPS), "a step goes from a point 1 to 24 to a point 2 to 25 (off)");
      }
      try {
        turn.add(from, to);
      } catch (IllegalPlayException e) {
        throw Problems.illegal(e);
      }
    }
    return turn;
  }
}
