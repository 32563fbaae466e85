package org.jacquet.ai;

import java.util.Arrays;
import java.util.Locale;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.FastNets;
import org.jacquet.ai.eval.HeuristicEvaluator;
import org.jacquet.ai.eval.NetEvaluator;
import org.jacquet.ai.eval.Nets;
import org.jacquet.ai.eval.RaceAwareEvaluator;
import org.jacquet.ai.eval.SpreadEvaluator;
import org.jacquet.ai.match.MatchEquityTable;
import org.jacquet.ai.search.MoveFilter;
import org.jacquet.ai.search.Search;
import org.jacquet.engine.rules.Rules;
import org.jacquet.engine.rules.Scoring;

/**
 * The computer's levels, from the baselines to world class, named in English and French after
 * the bands of GNU Backgammon's rating scale (thousandths of a point lost per decision; the
 * docs/strength.md shows each level's measured rate). Beginner to advanced are the expert's network with
 * noise on its evaluations, so they err like people of that level: often between close plays,
 * rarely on clear ones. {@code expert-v1} is the expert of the first version (its networks as
 * shipped at commit 08fbb71), kept so that any later network can be measured against it;
 * {@code expert-v2} the expert of the second version (the 64-unit networks shipped before issue
 * 32's larger ones), kept for the same reason: the bar a new network must clear.
 */
public enum Level {
  RANDOM("random", "Random", "Au hasard", 0, false, null),
  HEURISTIC("heuristic", "Heuristic", "Heuristique", 0, false, null),
  BEGINNER("beginner", "Beginner", "Débutant", 0, true, new double[] {26, 35}),
  CASUAL("casual", "Casual", "Occasionnel", 0, true, new double[] {18, 26}),
  INTERMEDIATE("intermediate", "Intermediate", "Intermédiaire", 0, true, new double[] {12, 18}),
  ADVANCED("advanced", "Advanced", "Avancé", 0, true, new double[] {8, 12}),
  EXPERT("expert", "Expert", "Expert", 0, false, new double[] {5, 8}),
  WORLD_CLASS("world-class", "World class", "Classe mondiale", 2, false, new double[] {2, 5}),
  EXPERT_V1("expert-v1", "Expert (first version)", "Expert (première version)", 0, false, null),
  EXPERT_V2("expert-v2", "Expert (second version)", "Expert (deuxième version)", 0, false, null);

  private final String key;
  private final String english;
  private final String french;
  private final int plies;
  private final boolean noisy;
  private final double[] band;

  Level(String key, String english, String french, int plies, boolean noisy, double[] band) {
    this.key = key;
    this.english = english;
    this.french = french;
    this.plies = plies;
    this.noisy = noisy;
    this.band = band;
  }

  public String key() {
    return key;
  }

  /** The level's name in French for a French locale, in English otherwise. */
  public String displayName(Locale locale) {
    return "fr".equals(locale.getLanguage()) ? french : english;
  }

  public static Level parse(String text) {
    for (Level l : values()) if (l.key.equalsIgnoreCase(text.trim())) return l;
    throw new IllegalArgumentException("unknown level '" + text + "'; valid levels: "
        + String.join(", ", Arrays.stream(values()).map(Level::key).toList()));
  }

  /** Whether this level needs the trained network. */
  public boolean needsNetwork() {
    return this.compareTo(BEGINNER) >= 0;
  }

  /** A new bot of this level for {@code rules}; its choices replay from {@code seed}. */
  public Bot create(Rules rules, long seed) {
    if (this == RANDOM) return new RandomBot(seed);
    return withNoise(rules, seed, noise(rules));
  }

  /**
   * This level's bot with noise of deviation {@code noise} (in points: see {@link LevelNoise})
   * instead of its own: how {@code benchmark calibrate} finds each level's noise.
   */
  public SearchBot withNoise(Rules rules, long seed, double noise) {
    if (this == RANDOM) throw new IllegalArgumentException("the random level does not evaluate plays");
    return searchBot(evaluator(rules), noise, seed);
  }

  /**
   * A bot of this level (its depth and noise) that evaluates with {@code net} instead of the
   * shipped network: to measure a new network, or the first version's, as that level.
   */
  public Bot create(Rules rules, long seed, org.jacquet.ai.eval.NeuralNet net) {
    if (!needsNetwork()) throw new IllegalArgumentException("the " + key + " level does not use a network");
    return searchBot(new RaceAwareEvaluator(FastNets.evaluator(rules, net)), noise(rules), seed);
  }

  /** This level's search (its depth, and world class's move filter when it searches) over {@code evaluator}. */
  private SearchBot searchBot(Evaluator evaluator, double noise, long seed) {
    return new SearchBot(key, new Search(evaluator, plies > 0 ? MoveFilter.WORLD_CLASS : MoveFilter.NONE), plies, noise, seed);
  }

  /** How many plies this level searches (0: the network alone). */
  public int plies() {
    return plies;
  }

  /** Whether this level adds noise to its evaluations (beginner to advanced), to err as people do. */
  public boolean isNoisy() {
    return noisy;
  }

  /**
   * The deviation of the noise on each play's value under {@code rules} (0 for the levels that
   * play their best): set for each network by {@code jacquet benchmark calibrate} so that the
   * level's error rate is the middle of its {@link #band()}.
   */
  public double noise(Rules rules) {
    return noisy ? LevelNoise.of(this, rules) : 0;
  }

  /**
   * The band of GNU Backgammon's rating scale this level is named after, in thousandths of a
   * point given up per decision ({@code {low, high}}), or null for the levels outside the scale.
   */
  public double[] band() {
    return band == null ? null : band.clone();
  }

  /**
   * The level whose evaluation ranks plays for this one: the level itself, but the expert for
   * the levels with noise, whose noise is for playing, not for advice.
   */
  public Level ranking() {
    if (this == RANDOM) throw new IllegalArgumentException("the random level does not evaluate plays");
    return noisy ? EXPERT : this;
  }

  /** A bot that ranks plays, without noise, as {@link #ranking()} does (for hints and reviews). */
  public SearchBot ranker(Rules rules) {
    return (SearchBot) ranking().create(rules, 0);
  }

  /** The evaluator behind this level (a new instance). */
  public Evaluator evaluator(Rules rules) {
    if (!needsNetwork()) return new HeuristicEvaluator(rules);
    if (this == EXPERT_V1 && rules.scoring() == Scoring.SPANISH) {
      // The first version had no spanish network: it played spanish scoring with its simple one.
      return new SpreadEvaluator(EXPERT_V1.evaluator(rules.withScoring(Scoring.SIMPLE)), rules,
          MatchEquityTable.forRules(rules).atLeast(Scoring.SPANISH.maxPoints()));
    }
    if (this == EXPERT_V1) return new RaceAwareEvaluator(new NetEvaluator(rules, Nets.firstVersion(rules)));
    if (this == EXPERT_V2) return new RaceAwareEvaluator(new NetEvaluator(rules, Nets.secondVersion(rules)));
    return new RaceAwareEvaluator(Nets.evaluator(rules));
  }
}
