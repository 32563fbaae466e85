package org.jacquet.engine;

import org.jacquet.engine.rules.Rules;

/**
 * A step the generator refused, worded for a player: the rule broken and the points concerned.
 * One wording for every reader of steps ({@link PlayFinder}, {@link TurnBuilder}, {@link
 * StartingPosition}).
 */
final class Refusals {
  private Refusals() {}

  /** Throws the worded refusal of one step the generator refused with {@code code}. */
  static void explainStep(Rules rules, Position position, DiceToPlay dice, int from, int die, int code) {
    PlayGenerator gen = new PlayGenerator(rules);
    gen.load(position, dice);
    throw explain(gen, code, from, die);
  }

  /** Turns a generator refusal into an exception with the points a player needs to see. */
  static IllegalPlayException explain(PlayGenerator gen, int code, int from, int die) {
    IllegalReason reason = PlayGenerator.reason(code);
    int to = Math.min(from + die, Position.OFF);
    int held = gen.held();
    int heldAfter = held;
    if (reason.name().startsWith("BLOCK")) {
      heldAfter = gen.heldAfter(from, to);
    }
    switch (reason) {
      case NO_CHECKER:
        return new IllegalPlayException(reason, from);
      case POINT_HELD_BY_OPPONENT:
        return new IllegalPlayException(reason, to);
      case POSTILION_FIRST:
        return new IllegalPlayException(reason, gen.entry(), gen.ownPostilionPoint());
      case BEAR_OFF_NOT_ALL_HOME:
        return new IllegalPlayException(reason, Integer.numberOfTrailingZeros(held) + 1);
      case BEAR_OFF_NOT_REARMOST:
        return new IllegalPlayException(reason, from, die, Integer.numberOfTrailingZeros(held) + 1);
      default:
        return explainBlock(gen, reason, heldAfter);
    }
  }

  /** A block rule broken by the loaded side holding {@code held}, with the points concerned. */
  static IllegalPlayException explainBlock(PlayGenerator gen, IllegalReason reason, int held) {
    String returnPoints = gen.returnMask() == (1 << 23) ? "24" : "23 & 24";
    switch (reason) {
      case BLOCK_FIRST_QUADRANT_NEEDS_RETURN:
        return new IllegalPlayException(reason, returnPoints);
      case BLOCK_NEEDS_RETURN: {
        int q = Integer.numberOfTrailingZeros(PlayGenerator.blockStarts(held)) + 1;
        return new IllegalPlayException(
            reason, returnPoints, Side.otherFrame(q), Side.otherFrame(q + 5));
      }
      case BLOCK_SHUTS_OUT_POSTILION: {
        int starts = PlayGenerator.blockStarts(held) & gen.protectedRuns();
        int q = Integer.numberOfTrailingZeros(starts) + 1;
        return new IllegalPlayException(reason, Side.otherFrame(q), Side.otherFrame(q + 5));
      }
      default:
        return new IllegalPlayException(reason);
    }
  }
}
