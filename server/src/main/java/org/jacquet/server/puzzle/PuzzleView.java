package org.jacquet.server.puzzle;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.jacquet.ai.benchmark.BenchmarkEntry;
import org.jacquet.ai.puzzle.Puzzle;
import org.jacquet.ai.puzzle.Theme;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.game.StateView;
import org.jacquet.server.game.LaidSteps;

/**
 * A puzzle as the page shows it: its board with the learner's steps so far, as a game's state
 * is drawn (the same moves, blocked points and dice), and once the play is complete, the answer:
 * each candidate's rolled-out expected points with the 95% half-width of its gap to the best.
 */
final class PuzzleView {
  private PuzzleView() {}

  /** The puzzle and its board after {@code steps} (the mover's route points in play notation, {@code 1/4 4/9}; empty or null for none). */
  static ObjectNode of(String preset, Rules rules, Puzzle p, String steps) {
    LegalPlays legal = PlayGenerator.legalPlays(rules, p.position(), p.dice());
    TurnBuilder turn = LaidSteps.lay(rules, legal, steps);
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
    TurnBuilder turn = LaidSteps.lay(rules, legal, steps);
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
}
