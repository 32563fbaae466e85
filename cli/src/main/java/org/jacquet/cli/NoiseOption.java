package org.jacquet.cli;

import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Option;

/**
 * The {@code --noise} option of the commands that measure a level (duel, benchmark score): the
 * level plays with this noise on each play's value instead of its own, to see what a level
 * would measure with another noise — how the expert's noise-free play was weighed against the
 * band it is named after (docs/strength.md, <i>The levels, measured</i>). A picocli mixin.
 */
final class NoiseOption {
  /** The largest noise: the most {@code benchmark calibrate} tries ({@link org.jacquet.ai.benchmark.NoiseCalibration#MAX_MILLI}). */
  static final double MAX = org.jacquet.ai.benchmark.NoiseCalibration.MAX_MILLI / 1000.0;

  @Option(names = "--noise", paramLabel = "POINTS",
      description = "The level measured (A in a duel) plays with this noise on each play's value, in points (a standard deviation), 0 to 0.5, instead of its own (on modern: beginner 0.107, expert 0).")
  Double noise;

  /** Refuses a noise out of range, or one given for a level that does not evaluate plays, before any work. */
  void check(String option, Level level) {
    if (noise == null) return;
    Checks.between("--noise", noise, 0, MAX);
    if (level == Level.RANDOM) {
      throw new IllegalArgumentException(Words.get("noise.random", option));
    }
  }

  /** {@code level}'s bot, with the noise given if any. */
  Bot bot(Level level, Rules rules, long seed) {
    return noise == null ? level.create(rules, seed) : level.withNoise(rules, seed, noise);
  }

  /** The player's name in reports and their JSON, as its level's key is: the same in every language. */
  String name(Level level) {
    return noise == null ? level.key() : level.key() + " with noise " + Checks.plain(noise);
  }
}
