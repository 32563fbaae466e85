package org.jacquet.ai;

import java.util.Arrays;
import java.util.Locale;
import org.jacquet.ai.eval.Evaluator;
import org.jacquet.ai.eval.HeuristicEvaluator;
import org.jacquet.ai.eval.Nets;
import org.jacquet.ai.eval.RaceAwareEvaluator;
import org.jacquet.ai.search.MoveFilter;
import org.jacquet.ai.search.Search;
import org.jacquet.engine.rules.Rules;

/**
 * The computer's levels, from the baselines to world class, named in English and French.
 * Beginner and intermediate are the expert's network with noise on its evaluations, so they
 * err like people of that level: often between close plays, rarely on clear ones.
 */
public enum Level {
  RANDOM("random", "Random", "Au hasard"),
  HEURISTIC("heuristic", "Heuristic", "Heuristique"),
  BEGINNER("beginner", "Beginner", "Débutant"),
  INTERMEDIATE("intermediate", "Intermediate", "Intermédiaire"),
  EXPERT("expert", "Expert", "Expert"),
  WORLD_CLASS("world-class", "World class", "Classe mondiale");

  private final String key;
  private final String english;
  private final String french;

  Level(String key, String english, String french) {
    this.key = key;
    this.english = english;
    this.french = french;
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
    return switch (this) {
      case RANDOM -> new RandomBot(seed);
      case HEURISTIC, EXPERT -> searchBot(rules, MoveFilter.NONE, 0, 0, seed);
      case BEGINNER -> searchBot(rules, MoveFilter.NONE, 0, 0.25, seed);
      case INTERMEDIATE -> searchBot(rules, MoveFilter.NONE, 0, 0.08, seed);
      case WORLD_CLASS -> searchBot(rules, MoveFilter.WORLD_CLASS, 2, 0, seed);
    };
  }

  private SearchBot searchBot(Rules rules, MoveFilter filter, int plies, double noise, long seed) {
    return new SearchBot(key, new Search(evaluator(rules), filter), plies, noise, seed);
  }

  /**
   * The level whose evaluation ranks plays for this one: the level itself, but the expert for
   * beginner and intermediate, whose noise is for playing, not for advice.
   */
  public Level ranking() {
    if (this == RANDOM) throw new IllegalArgumentException("the random level does not evaluate plays");
    return this == BEGINNER || this == INTERMEDIATE ? EXPERT : this;
  }

  /** A bot that ranks plays, without noise, as {@link #ranking()} does (for hints and reviews). */
  public SearchBot ranker(Rules rules) {
    return (SearchBot) ranking().create(rules, 0);
  }

  /** The evaluator behind this level (a new instance). */
  public Evaluator evaluator(Rules rules) {
    return needsNetwork() ? new RaceAwareEvaluator(Nets.evaluator(rules)) : new HeuristicEvaluator(rules);
  }
}
