package org.jacquet.server.game;

import java.util.List;
import java.util.Map;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.format.PlayNotation;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * Steps laid on a board so far, as the puzzle and lesson routes take them and as a game's
 * unconfirmed steps are stored: the play notation of RULES.md §1 ({@code 1/4 4/9}, commas
 * allowed, {@code off} or 25), read by the engine's own {@link PlayNotation#segments} so that
 * what a player types and what a board sends are one language; then laid on a turn one by one,
 * each checked as a game checks it. (A socket's step is {@code {from, to}}: numbers, no text.)
 */
public final class LaidSteps {
  /** More steps than any throw gives (a Versailles double six is six); a longer list is refused unlaid. */
  public static final int MAX_STEPS = 8;

  private LaidSteps() {}

  /** {@code text}'s steps as (from, to) pairs; refused {@code bad-steps} when it is no play notation or too long. */
  public static List<int[]> read(String text) {
    List<int[]> steps;
    try {
      steps = PlayNotation.segments(text);
    } catch (IllegalPlayException e) {
      throw bad(text);
    }
    if (steps.size() > MAX_STEPS) throw bad(text);
    return steps;
  }

  /** A turn at {@code legal}'s position with {@code text}'s steps laid; the rule's own refusal for an illegal one. */
  public static TurnBuilder lay(Rules rules, LegalPlays legal, String text) {
    return lay(rules, legal, read(text));
  }

  /** A turn at {@code legal}'s position with {@code steps} laid; the rule's own refusal for an illegal one. */
  public static TurnBuilder lay(Rules rules, LegalPlays legal, List<int[]> steps) {
    TurnBuilder turn = new TurnBuilder(rules, legal);
    try {
      for (int[] s : steps) turn.add(s[0], s[1]);
    } catch (IllegalPlayException e) {
      throw Problems.illegal(e);
    }
    return turn;
  }

  private static Refusal bad(String text) {
    return new Refusal("bad-steps", Map.of("text", Excerpt.of(text), "max", MAX_STEPS),
        "steps are written from/to (1/4 4/9), separated by spaces or commas, at most " + MAX_STEPS);
  }
}
