package org.jacquet.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jacquet.ai.Level;
import org.jacquet.ai.benchmark.BenchmarkScore;
import org.jacquet.ai.benchmark.NoiseCalibration;
import org.jacquet.ai.benchmark.SearchReference;
import org.jacquet.ai.eval.Nets;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jacquet benchmark calibrate}: the noise that puts each noisy level in the middle of the
 * band of GNU Backgammon's scale it is named after, measured as the game review measures players
 * (against world class's search). Its output is the row of {@code LevelNoise} for the network.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
    description = {"Finds, for each level that errs on purpose, the noise that puts its error rate in the middle of "
        + "the band of GNU Backgammon's scale it is named after (advanced 8-12, intermediate 12-18, casual 18-26, "
        + "beginner 26-35 thousandths of a point per decision), measured against world class's search on decisions "
        + "drawn from self-play, as the game review measures players.",
        "Prints each level's error with the noise it has and with the noise found."})
final class BenchmarkCalibrate implements Callable<Integer> {
  @Mixin RulesOption rulesOption;

  @Option(names = "--level", defaultValue = "advanced,intermediate,casual,beginner", split = ",",
      description = "Levels to calibrate, comma-separated (default: ${DEFAULT-VALUE}).")
  List<String> levelTexts;

  @Option(names = "--decisions", defaultValue = "2000", description = "Decisions drawn from self-play, 2 to 1,000,000 (default: ${DEFAULT-VALUE}).")
  int decisions;

  @Option(names = "--seed", defaultValue = "5", description = "Seed of the decisions and of the levels' noise (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--threads", description = "Threads, 1 to 256 (default: every core).") Integer threads;

  @Option(names = "--json", description = "Print one JSON object per level.") boolean json;

  @Override
  public Integer call() throws Exception {
    Rules rules = rulesOption.rules();
    int threadCount = Checks.threads(threads);
    Checks.between("--decisions", decisions, 2, 1_000_000);
    Checks.someLevel(levelTexts);
    List<Level> levels = new ArrayList<>();
    for (String t : levelTexts) {
      Level level;
      try {
        level = Checks.level(t);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--level: " + e.getMessage(), e);
      }
      if (!level.isNoisy()) {
        throw new IllegalArgumentException("--level " + level.key() + ": only the levels that err on purpose have a noise "
            + "to calibrate (beginner, casual, intermediate, advanced)");
      }
      if (!levels.contains(level)) levels.add(level);
    }
    SearchReference reference = new SearchReference(rules, Level.WORLD_CLASS, Level.EXPERT_V1, decisions, seed, threadCount);
    NoiseCalibration calibration = new NoiseCalibration(reference, rules, seed, threadCount);
    if (!json) {
      System.out.printf(Locale.ROOT, "Noise of the levels under %s (network: %s), against world class's search on %d decisions, seed %d%n",
          rules, Nets.presetFor(rules), decisions, seed);
      System.out.println("  level          band    aim    noise now  its error        noise found  its error");
    }
    for (Level level : levels) {
      double[] band = level.band();
      double target = (band[0] + band[1]) / 2;
      int now = (int) Math.round(level.noise(rules) * 1000);
      BenchmarkScore.Line before = calibration.errorAt(level, now).all();
      NoiseCalibration.Result found = calibration.calibrate(level, target);
      BenchmarkScore.Line after = found.chosen().all();
      if (json) {
        var o = Json.MAPPER.createObjectNode();
        o.put("level", level.key()).put("rules", rules.toString()).put("network", Nets.presetFor(rules))
            .put("decisions", decisions).put("seed", seed).put("band_low", band[0]).put("band_high", band[1]).put("aim", target)
            .put("noise_now", now / 1000.0).put("error_now", before.milliPerDecision()).put("error_now_se", before.standardError())
            .put("noise_found", found.chosenMilli() / 1000.0).put("error_found", after.milliPerDecision())
            .put("error_found_se", after.standardError());
        System.out.println(Json.line(o));
      } else {
        System.out.println(String.format(Locale.ROOT, "  %-13s %2.0f-%-2.0f  %5.1f    %.3f      %5.2f ± %.2f     %.3f        %5.2f ± %.2f",
            level.key(), band[0], band[1], target, now / 1000.0, before.milliPerDecision(), before.standardError(),
            found.chosenMilli() / 1000.0, after.milliPerDecision(), after.standardError()));
      }
    }
    return 0;
  }
}
