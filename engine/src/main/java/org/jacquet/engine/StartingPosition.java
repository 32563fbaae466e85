package org.jacquet.engine;

import org.jacquet.engine.rules.Rules;

/**
 * Whether a game may start from a set-up position. Every rule of RULES.md §4 is checked after
 * each step of a game, so a position reached in play never breaks one; a position typed in
 * (command line, web lobby, record header) may, and then every step that keeps the offending
 * block is refused for ever and the game can lock. {@link org.jacquet.engine.game.Game}s
 * and {@link org.jacquet.engine.game.Match}es built from a position call {@link #check} themselves.
 */
public final class StartingPosition {
  private StartingPosition() {}

  /**
   * Refuses a position a game cannot be played from, naming why: a side has already borne off
   * every checker ({@link IllegalReason#GAME_ALREADY_OVER}); a side's checkers already break a
   * block rule of {@code rules} (the block reason, its parameters and the side); or neither side
   * could ever move ({@link IllegalReason#NO_SIDE_CAN_EVER_MOVE}). Positions that merely could
   * not arise in play (a checker borne off while others are still far back) are accepted: they
   * are useful for study and no rule forbids playing them on.
   *
   * @throws IllegalPositionException with the reason code and parameters
   */
  public static void check(Rules rules, Position position) {
    if (position.isOver()) throw new IllegalPositionException(IllegalReason.GAME_ALREADY_OVER, null);
    PlayGenerator gen = new PlayGenerator(rules);
    for (Side side : new Side[] {position.turn(), position.turn().opponent()}) {
      gen.loadSide(position, side);
      int code = gen.blockViolationNow();
      if (code != PlayGenerator.OK) {
        IllegalPlayException e = Refusals.explainBlock(gen, PlayGenerator.reason(code), gen.held());
        throw new IllegalPositionException(e.reason(), side, e.args().toArray());
      }
    }
    if (stuck(gen, position)) throw new IllegalPositionException(IllegalReason.NO_SIDE_CAN_EVER_MOVE, null);
  }

  /**
   * Whether neither side can ever move again: no single step of any die value is legal for
   * either side. Then the position can never change (dice only ever give steps of 1 to 6), and
   * conversely, while one side has such a step, the game is not locked: every step moves a
   * checker forward, so a game can pass only finitely often before it reaches such a position.
   */
  public static boolean stuck(Rules rules, Position position) {
    return stuck(new PlayGenerator(rules), position);
  }

  /** {@link #stuck(Rules, Position)} with a generator of those rules (its state is overwritten). */
  public static boolean stuck(PlayGenerator gen, Position position) {
    for (Side side : Side.values()) {
      gen.loadSide(position, side);
      if (gen.anyStep()) return false;
    }
    return true;
  }
}
