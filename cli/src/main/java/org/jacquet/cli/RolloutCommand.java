package org.jacquet.cli;

import java.util.concurrent.Callable;
import org.jacquet.ai.Level;
import org.jacquet.ai.eval.Outcomes;
import org.jacquet.ai.rollout.Rollout;
import org.jacquet.ai.stats.Interval;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jacquet rollout}: a position played out many times, each result's chance with its interval. */
@Command(name = "rollout", mixinStandardHelpOptions = true,
    description = {"Plays a position out many times and reports the chance of each result.",
        "On every core, with quasi-random first throws and a luck correction; for the side to move, "
            + "each result's chance with a 95%% interval."})
final class RolloutCommand implements Callable<Integer> {
  @Mixin RulesOption rulesOption;
  @Mixin LangOption langOption;

  @Option(names = "--position", required = true, paramLabel = "TEXT|ID") String positionText;

  @Option(names = "--dice", paramLabel = "D1-D2", description = "A throw the side to move plays first.")
  String diceText;

  @Option(names = "--level", defaultValue = "expert", description = "Level of both sides (default: ${DEFAULT-VALUE}).")
  String levelText;

  /** One trial per first throw at least: the first throws are spread evenly over the 36. */
  static final int MIN_TRIALS = 36;

  /** Each trial keeps its results until the end: beyond this they would not fit in memory. */
  static final int MAX_TRIALS = 1_000_000;

  @Option(names = "--games", defaultValue = "1296", description = "Trials, 36 to 1,000,000 (default: ${DEFAULT-VALUE} = 36 × 36).")
  int games;

  @Option(names = "--seed", defaultValue = "1") long seed;

  @Option(names = "--threads", description = "Threads, 1 to 256 (default: every core).") Integer threads;

  @Option(names = "--no-variance-reduction", description = "Plain averages, without the luck correction.")
  boolean plain;

  @Option(names = "--json", description = "Print one JSON object.") boolean json;

  @Override
  public Integer call() throws Exception {
    langOption.locale(); // a bad --lang is refused, not ignored
    Rules rules = rulesOption.rules();
    Position position = Position.parse(positionText);
    Batch.playable(rules, position); // a position that breaks a block rule or locks is named, not played out
    trials("--games", games);
    int t = Checks.threads(threads);
    Level level = Checks.level(levelText);
    DiceToPlay first = diceText == null ? null : DiceToPlay.of(Dice.parse(diceText), rules);
    Progress progress = new Progress("rollout", games);
    Rollout.Result r = Rollout.run(rules, position, first, level, games, seed,
        t, !plain, n -> progress.update(n, ""));
    print(r, rules, position, json, plain);
    return 0;
  }

  /** Checks a number of trials: at least one per first throw, at most what fits in memory. */
  static int trials(String option, int trials) {
    if (trials < MIN_TRIALS) {
      throw new IllegalArgumentException(Words.get("rollout.trials.few", option, MIN_TRIALS, trials));
    }
    return Checks.between(option, trials, MIN_TRIALS, MAX_TRIALS);
  }

  /**
   * The 95% interval of outcome {@code k}'s chance, within 0–100%. With the luck correction the
   * estimate's own spread is used; a plain rollout, or one whose trials all agree (no spread to
   * measure), is a count of successes: Wilson's interval.
   */
  static Interval chance(Rollout.Result r, int k, boolean plain) {
    double p = r.outcomes()[k];
    double half = r.halfWidths()[k];
    if (plain || half == 0) return Interval.wilson(Math.max(0, Math.min(r.trials(), Math.round(p * r.trials()))), r.trials());
    return Interval.ofMean(p, half, r.trials()).within(0, 1);
  }

  /** The 95% interval of the expected points. */
  static Interval equity(Rollout.Result r) {
    return Interval.ofMean(r.equity(), r.equityHalfWidth(), r.trials());
  }

  static void print(Rollout.Result r, Rules rules, Position position, boolean json, boolean plain) {
    int n = (Outcomes.size(rules) + 1) / 2;
    Interval equity = equity(r);
    if (json) {
      var o = Json.MAPPER.createObjectNode();
      o.put("position", position.toString()).put("rules", rules.toString()).put("trials", r.trials())
          .put("equity", equity.estimate()).put("equity_low", equity.low()).put("equity_high", equity.high())
          .put("equity_half_width", equity.halfWidth()).put("seconds", r.seconds());
      var outcomes = o.putArray("outcomes");
      for (int k = 0; k < r.outcomes().length; k++) {
        Interval c = chance(r, k, plain);
        outcomes.addObject().put("name", name(k, n)).put("probability", c.estimate()).put("low", c.low())
            .put("high", c.high()).put("half_width", c.halfWidth());
      }
      System.out.println(Json.line(o));
      return;
    }
    java.util.Locale l = Words.locale();
    System.out.println(Words.get("rollout.heading", position, rules, Words.count(r.trials(), "count.trial"),
        String.format(l, "%.1f", r.seconds()), Words.texts().side(position.turn())));
    for (int k = 0; k < r.outcomes().length; k++) {
      Interval c = chance(r, k, plain);
      System.out.printf(l, "  %-14s %6.2f%%  (%.2f%% – %.2f%%)%n", shownName(k, n), 100 * c.estimate(), 100 * c.low(), 100 * c.high());
    }
    System.out.printf(l, "  %-14s %+7.3f  (%+.3f – %+.3f) %s%n", Words.get("rollout.expected"), equity.estimate(), equity.low(), equity.high(),
        Words.get("rollout.per.game"));
  }

  /** An outcome's name for programs (the JSON): win, win 2+, lose 2+. */
  private static String name(int k, int n) {
    if (k == 0) return "win";
    return k < n ? "win " + (k + 1) + "+" : "lose " + (k - n + 2) + "+";
  }

  /** An outcome's name for people, in their language. */
  private static String shownName(int k, int n) {
    if (k == 0) return Words.get("hint.win");
    return k < n ? Words.get("rollout.win.at.least", k + 1) : Words.get("rollout.lose.at.least", k - n + 2);
  }
}
