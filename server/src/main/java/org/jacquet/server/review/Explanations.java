package org.jacquet.server.review;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.format.PlayNotation;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.game.StateView;
import org.jacquet.server.refusal.Problems;

/**
 * Why something cannot be played, as data the page words in the player's language: why a
 * throw (or one of its dice) was lost, and why a checker of the player to move may not move.
 * Each reason is {@code {"code", "params", "message"}} like every refusal (docs/PROTOCOL.md),
 * its points in the mover's own frame.
 */
public final class Explanations {
  private Explanations() {}

  /**
   * A refusal of the engine as {code, params, message}, named as every refusal is (Problems); its
   * message in English: a state goes to every socket of the game, whatever their languages.
   */
  static ObjectNode reason(IllegalPlayException e) {
    return Problems.json(Problems.illegal(e), false, java.util.Locale.ENGLISH);
  }

  /**
   * The last turn of the game when dice of it could not be used (a pass, or a die lost): the
   * side, the dice, the dice lost, and the distinct reasons their steps were refused.
   */
  public static ObjectNode lostDice(Rules rules, List<GameEvent> events) {
    GameEvent.Turn turn = null;
    for (int i = events.size() - 1; i >= 0 && turn == null; i--) {
      if (events.get(i) instanceof GameEvent.Turn t) turn = t;
      else if (!(events.get(i) instanceof GameEvent.Resignation)) break;
    }
    if (turn == null || turn.unused().isEmpty()) return null;
    if (turn.play().result().winner() == turn.side()) return null; // the last checker is off: nothing was lost
    // Every state sent until the next turn carries it: worked out once per turn.
    String key = rules + "|" + turn.play().result() + "|" + turn.side() + "|" + turn.dice() + "|" + turn.unused();
    synchronized (LOST) {
      ObjectNode known = LOST.get(key);
      if (known != null) return known.deepCopy();
    }
    ObjectNode o = explainLost(rules, turn);
    synchronized (LOST) {
      LOST.put(key, o);
    }
    return o.deepCopy();
  }

  /** The last explanations of lost dice (a few per game being played, a few hundred in all). */
  private static final Map<String, ObjectNode> LOST = new java.util.LinkedHashMap<>(64, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, ObjectNode> eldest) {
      return size() > 256;
    }
  };

  private static ObjectNode explainLost(Rules rules, GameEvent.Turn turn) {
    ObjectNode o = StateView.JSON.createObjectNode();
    o.put("side", turn.side().key()).put("dice", turn.dice().toString()).put("pass", turn.play().isPass());
    ArrayNode lost = o.putArray("unused");
    for (int d : turn.unused()) lost.add(d);
    // After the play (nothing, for a pass) the lost dice are what is left: each step they
    // would make is refused for a reason; keep the distinct ones, in route order.
    Position after = turn.play().result().withTurn(turn.side());
    ArrayNode reasons = o.putArray("reasons");
    Set<String> seen = new LinkedHashSet<>();
    for (int from = 1; from <= 24; from++) {
      if (after.count(turn.side(), from) == 0) continue;
      for (int die : new TreeSet<>(turn.unused())) {
        String step = from + "/" + (from + die >= Position.OFF ? "off" : Integer.toString(from + die));
        try {
          PlayNotation.parse(step, rules, after, turn.dice());
        } catch (IllegalPlayException e) {
          ObjectNode r = reason(e);
          if (e.reason() == IllegalReason.MUST_USE_MORE_DICE || e.reason() == IllegalReason.NOTHING_TO_PLAY) continue;
          if (seen.add(r.get("code") + r.get("params").toString())) reasons.add(r.put("from", from).put("die", die));
        }
      }
    }
    return o;
  }

  /**
   * For the player to move: each point holding a checker of theirs that may not move now, with
   * why: the reason for each die left ({@code byDie}, one per distinct die, in rising order),
   * the first of them also at the top level.
   */
  public static ObjectNode blocked(TurnBuilder turn, Side side, Position now) {
    ObjectNode o = StateView.JSON.createObjectNode();
    Map<Integer, List<Integer>> movable = turn.moves();
    List<Integer> dice = turn.diceLeft();
    if (dice.isEmpty()) return o;
    for (int from = 1; from <= 24; from++) {
      if (now.count(side, from) == 0 || movable.containsKey(from)) continue;
      ArrayNode byDie = StateView.JSON.createArrayNode();
      for (int die : new TreeSet<>(dice)) {
        try {
          turn.add(from, Math.min(from + die, Position.OFF));
          turn.undo(); // cannot happen for a checker with no destination; leave the turn as it was
        } catch (IllegalPlayException e) {
          byDie.add(reason(e).put("die", die));
        }
      }
      if (byDie.isEmpty()) continue;
      ObjectNode why = ((ObjectNode) byDie.get(0)).deepCopy();
      why.set("byDie", byDie);
      o.set(Integer.toString(from), why);
    }
    return o;
  }
}
