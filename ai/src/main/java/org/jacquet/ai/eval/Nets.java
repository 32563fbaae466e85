package org.jacquet.ai.eval;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jacquet.engine.rules.Rules;
import org.jacquet.engine.rules.Scoring;

/**
 * The trained networks shipped as resources, one per preset ({@code /org/jacquet/ai/nets/P.jqnn}).
 * Rules that are not a preset use the network of the preset closest to them with the same
 * scoring layout; spanish scoring, whose layout no preset has, has a network of its own
 * ({@code spanish.jqnn}, trained under {@code modern+scoring=spanish}). The first version's
 * networks (commit 08fbb71) stay shipped under {@code nets/v1/} so that any later network can be
 * measured against them ({@link #firstVersion}); the second version's (the 64-unit networks shipped
 * until the larger ones of issue 32, spanish included) under {@code nets/v2/} ({@link #secondVersion}).
 */
public final class Nets {
  private static final Map<String, NeuralNet> CACHE = new ConcurrentHashMap<>();
  /** Networks shipped beside the presets' own, for rules that need an outcome layout of their own. */
  private static final Map<String, Rules> EXTRA = Map.of("spanish", Rules.parse("modern+scoring=spanish"));

  private Nets() {}

  /** The preset whose network serves {@code rules}. */
  public static String presetFor(Rules rules) {
    String best = null;
    int bestDiff = Integer.MAX_VALUE;
    Map<String, Rules> candidates = new java.util.LinkedHashMap<>(Rules.PRESETS);
    candidates.putAll(EXTRA);
    for (Map.Entry<String, Rules> preset : candidates.entrySet()) {
      if (Outcomes.size(preset.getValue()) != Outcomes.size(rules)) continue;
      int diff = 0;
      for (String option : Rules.optionNames()) {
        if (!preset.getValue().option(option).equals(rules.option(option))) diff++;
      }
      if (diff < bestDiff) {
        best = preset.getKey();
        bestDiff = diff;
      }
    }
    return best;
  }

  /** Whether a trained network is shipped for {@code rules}. */
  public static boolean available(Rules rules) {
    return Nets.class.getResource(resource(presetFor(rules))) != null;
  }

  /** The shipped network for {@code rules}, loaded once. */
  public static NeuralNet forRules(Rules rules) {
    return CACHE.computeIfAbsent(presetFor(rules), Nets::load);
  }

  /**
   * The first version's network for {@code rules} (as shipped at commit 08fbb71), loaded once. It
   * had the presets' networks only: spanish scoring gets the simple one it was played with.
   */
  public static NeuralNet firstVersion(Rules rules) {
    Rules played = rules.scoring() == Scoring.SPANISH ? rules.withScoring(Scoring.SIMPLE) : rules;
    return CACHE.computeIfAbsent(FIRST_VERSION + presetFor(played), Nets::load);
  }

  /**
   * The second version's network for {@code rules} (the 64-unit networks shipped before issue 32's
   * larger ones, kept byte for byte under {@code nets/v2/}), loaded once.
   */
  public static NeuralNet secondVersion(Rules rules) {
    return CACHE.computeIfAbsent(SECOND_VERSION + presetFor(rules), Nets::load);
  }

  public static NetEvaluator evaluator(Rules rules) {
    return new NetEvaluator(rules, forRules(rules));
  }

  private static final String FIRST_VERSION = "v1/";
  private static final String SECOND_VERSION = "v2/";

  private static String resource(String preset) {
    return "/org/jacquet/ai/nets/" + preset + ".jqnn";
  }

  private static NeuralNet load(String preset) {
    try (InputStream in = Nets.class.getResourceAsStream(resource(preset))) {
      if (in == null) {
        throw new IllegalStateException("no trained network is shipped for the " + preset
            + " rules; train one with: jacquet train --rules " + preset);
      }
      return NeuralNet.read(in);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the network for " + preset + ": " + e.getMessage(), e);
    }
  }
}
