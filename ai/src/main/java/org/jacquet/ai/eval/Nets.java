package org.jacquet.ai.eval;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jacquet.engine.rules.Rules;

/**
 * The trained networks shipped as resources, one per preset ({@code /org/jacquet/ai/nets/P.jqnn}).
 * Rules that are not a preset use the network of the preset closest to them with the same
 * scoring layout. The first version's networks (commit 08fbb71) stay shipped under
 * {@code nets/v1/} so that any later network can be measured against them ({@link #firstVersion}).
 */
public final class Nets {
  private static final Map<String, NeuralNet> CACHE = new ConcurrentHashMap<>();

  private Nets() {}

  /** The preset whose network serves {@code rules}. */
  public static String presetFor(Rules rules) {
    String best = null;
    int bestDiff = Integer.MAX_VALUE;
    for (Map.Entry<String, Rules> preset : Rules.PRESETS.entrySet()) {
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

  /** The first version's network for {@code rules} (as shipped at commit 08fbb71), loaded once. */
  public static NeuralNet firstVersion(Rules rules) {
    return CACHE.computeIfAbsent(FIRST_VERSION + presetFor(rules), Nets::load);
  }

  public static NetEvaluator evaluator(Rules rules) {
    return new NetEvaluator(rules, forRules(rules));
  }

  /** A network read from a file (for {@code --net FILE}), checked against {@code rules}. */
  public static NeuralNet read(java.nio.file.Path file, Rules rules) {
    NeuralNet net;
    try (InputStream in = java.nio.file.Files.newInputStream(file)) {
      net = NeuralNet.read(in);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read the network " + file + ": " + e.getMessage());
    }
    if (net.outputs != Outcomes.size(rules) || net.inputs != NetInputs.SIZE) {
      throw new IllegalArgumentException("the network " + file + " (for " + net.rules() + ") does not fit rules " + rules);
    }
    return net;
  }

  private static final String FIRST_VERSION = "v1/";

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
