package org.jacquet.engine;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jacquet.engine.rules.Rules;

/**
 * A play entered one step at a time, as a player does with the checkers: each step is checked
 * at once (the rule it breaks, or that it would leave no way to finish a legal play), steps can
 * be taken back until the play is complete, and {@link #destinations} tells where a checker may
 * go next — what a board lights up. The position it started from is never changed.
 */
public final class TurnBuilder {
  private final Rules rules;
  private final Position start;
  private final DiceToPlay dice;
  private final LegalPlays legal;
  private final Set<Position> legalResults = new HashSet<>();
  private final int stepsNeeded;
  private final PlayGenerator generator;
  private final List<Step> steps = new ArrayList<>();
  private final List<Integer> diceUsed = new ArrayList<>();
  /** The board after each number of steps (the first is the start): undo just drops the last. */
  private final List<Position> boards = new ArrayList<>();

  public TurnBuilder(Rules rules, LegalPlays legal) {
    this.rules = rules;
    this.start = legal.position();
    this.dice = legal.dice();
    this.legal = legal;
    for (Play p : legal.plays()) legalResults.add(p.result());
    this.stepsNeeded = legal.plays().get(0).steps().size();
    this.generator = new PlayGenerator(rules);
    boards.add(start);
  }

  /** Whether this builder is for these legal plays (the same turn). */
  public boolean matches(LegalPlays plays) {
    return plays == legal;
  }

  public List<Step> steps() {
    return List.copyOf(steps);
  }

  /** The dice values still to play, higher first. */
  public List<Integer> diceLeft() {
    List<Integer> left = new ArrayList<>(dice.values());
    for (Integer d : diceUsed) left.remove(d);
    return left;
  }

  /** The board as the steps so far leave it, still the mover's turn. */
  public Position current() {
    return boards.get(boards.size() - 1);
  }

  private static Position after(Position board, Step s) {
    Side mover = board.turn();
    int[] mine = board.countsOf(mover);
    mine[s.from()]--;
    if (!s.bearsOff()) mine[s.to()]++;
    int[] theirs = board.countsOf(mover.opponent());
    return mover == Side.WHITE ? Position.of(mine, theirs, mover) : Position.of(theirs, mine, mover);
  }

  /**
   * Whether the steps make a whole legal play: they lead where a legal play leads (two plays
   * are the same play when they lead to the same position, RULES.md §1).
   */
  public boolean isComplete() {
    return !steps.isEmpty() && legalResults.contains(current().withTurn(start.turn().opponent()));
  }

  /** The legal play the steps make; only when {@link #isComplete()}. */
  public Play play() {
    if (!isComplete()) throw new GameStateException("play-not-complete");
    return legal.leadingTo(current().withTurn(start.turn().opponent())).orElseThrow();
  }

  /**
   * Adds a step from {@code from} to {@code to} (25 = off), choosing the die that fits; refuses
   * it, changing nothing, with the rule it breaks.
   */
  public void add(int from, int to) {
    if (steps.size() >= stepsNeeded) throw new IllegalPlayException(IllegalReason.TOO_MANY_STEPS, dice);
    if (to <= from) throw new IllegalPlayException(IllegalReason.BACKWARD, from, to == Position.OFF ? "off" : to);
    IllegalPlayException refusal = null;
    for (int die : new TreeSet<>(diceLeft())) {
      boolean fits = to == Position.OFF ? from + die >= Position.OFF : from + die == to;
      if (!fits) continue;
      IllegalPlayException why = tryAdd(from, die);
      if (why == null) return;
      if (refusal == null) refusal = why;
    }
    if (refusal != null) throw refusal;
    throw new IllegalPlayException(IllegalReason.NO_SUCH_DIE, from, to == Position.OFF ? "off" : to,
        diceLeftText());
  }

  /** Takes back the last step; false when there is none. */
  public boolean undo() {
    if (steps.isEmpty()) return false;
    steps.remove(steps.size() - 1);
    diceUsed.remove(diceUsed.size() - 1);
    boards.remove(boards.size() - 1);
    return true;
  }

  /** Where a checker on {@code from} may go with one of the dice left (25 = off), in order. */
  public List<Integer> destinations(int from) {
    List<Integer> out = new ArrayList<>();
    for (int die : new TreeSet<>(diceLeft())) {
      int to = Math.min(from + die, Position.OFF);
      if (out.contains(to)) continue;
      if (tryAdd(from, die) == null) {
        out.add(to);
        undo();
      }
    }
    return out;
  }

  /** Points holding a checker that can move now. */
  public List<Integer> movableFrom() {
    return new ArrayList<>(moves().keySet());
  }

  /** Every checker that can move now, with where it may go: what a board lights up. */
  public java.util.Map<Integer, List<Integer>> moves() {
    java.util.Map<Integer, List<Integer>> out = new java.util.LinkedHashMap<>();
    Position now = current();
    for (int r = 1; r <= 24; r++) {
      if (now.count(start.turn(), r) == 0) continue;
      List<Integer> to = destinations(r);
      if (!to.isEmpty()) out.put(r, to);
    }
    return out;
  }

  private IllegalPlayException tryAdd(int from, int die) {
    Position now = current();
    generator.load(now, remaining());
    int code = generator.tryStep(from, die);
    if (code != PlayGenerator.OK) return refusal(code, from, die);
    int to = generator.lastTo();
    Step step = new Step(from, to);
    steps.add(step);
    diceUsed.add(die);
    boards.add(after(now, step));
    if (!completable()) {
      undo();
      return stepsNeeded == 1 && dice.isPair() && die != dice.high()
          ? new IllegalPlayException(IllegalReason.MUST_USE_HIGHER_DIE, dice.high())
          : new IllegalPlayException(IllegalReason.MUST_USE_MORE_DICE, stepsNeeded);
    }
    return null;
  }

  /** Whether the steps so far make, or can still end in, one of the legal plays. */
  private boolean completable() {
    Position now = current();
    if (legalResults.contains(now.withTurn(start.turn().opponent()))) return true;
    if (steps.size() >= stepsNeeded) return false;
    int n = generator.generate(now, remaining());
    for (int i = 0; i < n; i++) {
      if (generator.stepCount(i) == stepsNeeded - steps.size() && legalResults.contains(generator.result(i))) {
        return true;
      }
    }
    return false;
  }

  private DiceToPlay remaining() {
    List<Integer> left = diceLeft();
    if (left.size() == 2 && !left.get(0).equals(left.get(1))) return new DiceToPlay(left.get(0), left.get(1), 2, dice.transferred());
    int v = left.isEmpty() ? dice.high() : left.get(0);
    return new DiceToPlay(v, v, Math.max(1, left.size()), dice.transferred());
  }

  private IllegalPlayException refusal(int code, int from, int die) {
    // Refusals words every refusal; ask it about this one step.
    try {
      Refusals.explainStep(rules, current(), remaining(), from, die, code);
    } catch (IllegalPlayException e) {
      return e;
    }
    return new IllegalPlayException(PlayGenerator.reason(code));
  }

  private String diceLeftText() {
    StringBuilder s = new StringBuilder();
    for (int d : diceLeft()) {
      if (s.length() > 0) s.append('-');
      s.append(d);
    }
    return s.toString();
  }
}
