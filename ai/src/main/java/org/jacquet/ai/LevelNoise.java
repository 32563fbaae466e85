package org.jacquet.ai;

import java.util.Map;
import org.jacquet.ai.eval.Nets;
import org.jacquet.engine.rules.Rules;

/**
 * The noise of the levels that err on purpose (beginner to advanced), for each shipped network:
 * the deviation of the Gaussian noise added to each play's value, in points (in games of the
 * average points under spanish scoring, in equivalent points in a match: {@link SearchBot}).
 *
 * <p>Each row is what {@code jacquet benchmark calibrate --rules PRESET} found: the noise that puts
 * the level's error rate, measured against world class's search as the game review measures it,
 * in the middle of the band of GNU Backgammon's scale the level is named after
 * ({@link Level#band()}). The same noise errs more or less under other rules (a preset's plays are
 * closer or further apart, its network knows them better or worse), so one row per network.
 * Rules that are not a preset use the row of the network that serves them ({@link Nets#presetFor}).
 */
final class LevelNoise {
  private LevelNoise() {}

  /**
   * Beginner, casual, intermediate, advanced: {@code ./jacquet benchmark calibrate --rules PRESET}
   * (2,000 decisions, seed 5; spanish: {@code --rules modern+scoring=spanish}).
   */
  private static final Map<String, double[]> BY_NETWORK = Map.of(
      "original", new double[] {0.104, 0.068, 0.044, 0.028},
      "modern", new double[] {0.107, 0.072, 0.046, 0.028},
      "advanced", new double[] {0.092, 0.059, 0.035, 0.017},
      "moultezim", new double[] {0.098, 0.066, 0.043, 0.027},
      "versailles", new double[] {0.100, 0.068, 0.042, 0.027},
      "spanish", new double[] {0.089, 0.061, 0.040, 0.025});

  static double of(Level level, Rules rules) {
    double[] row = BY_NETWORK.getOrDefault(Nets.presetFor(rules), BY_NETWORK.get("modern"));
    return switch (level) {
      case BEGINNER -> row[0];
      case CASUAL -> row[1];
      case INTERMEDIATE -> row[2];
      case ADVANCED -> row[3];
      default -> throw new IllegalArgumentException("the " + level.key() + " level has no noise");
    };
  }
}
