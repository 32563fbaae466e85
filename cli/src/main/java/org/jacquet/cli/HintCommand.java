package org.jacquet.cli;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jacquet.ai.Level;
import org.jacquet.ai.search.RankedPlay;
import org.jacquet.ai.stats.Interval;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jacquet hint}: the legal plays ranked, with expected points and win probabilities. */
@Command(name = "hint", mixinStandardHelpOptions = true,
    description = "Ranks the legal plays with expected points and win, double-win and double-loss probabilities.")
final class HintCommand implements Callable<Integer> {
  @picocli.CommandLine.Mixin RulesOption rulesOption;
  @picocli.CommandLine.Mixin MatchOption matchOption;
  @picocli.CommandLine.Mixin LangOption langOption;

  @Option(names = "--position", required = true, paramLabel = "TEXT", description = "Position text.")
  String positionText;

  @Option(names = "--dice", required = true, paramLabel = "D1-D2", description = "The dice, e.g. 6-5.")
  String diceText;

  @Option(names = "--level", defaultValue = "world-class",
      description = "Level whose evaluation ranks the plays, without its noise (default: ${DEFAULT-VALUE}).")
  String levelText;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Option(names = "--rollout", description = "Rank the best plays again by rollouts at the expert level.")
  boolean rollout;

  @Option(names = "--rollout-plays", defaultValue = "3", description = "Plays rolled out with --rollout, 1 to 20 (default: ${DEFAULT-VALUE}).")
  int rolloutPlays;

  @Option(names = "--rollout-games", defaultValue = "648", description = "Trials per play with --rollout, 36 to 1,000,000 (default: ${DEFAULT-VALUE}).")
  int rolloutGames;

  @Override
  public Integer call() throws Exception {
    langOption.locale(); // a bad --lang is refused, not ignored
    Rules rules = rulesOption.rules();
    Level ranking = Checks.level(levelText).ranking();
    RolloutCommand.trials("--rollout-games", rolloutGames); // checked even without --rollout: a bad value is never ignored
    Checks.between("--rollout-plays", rolloutPlays, 1, 20);
    Position position = Position.parse(positionText);
    Batch.playable(rules, position); // a position that breaks a block rule or locks is named, not played out
    Dice dice = Dice.parse(diceText);
    LegalPlays legal = PlayGenerator.legalPlays(rules, position, DiceToPlay.of(dice, rules));
    org.jacquet.ai.match.MatchContext context = matchOption.context();
    List<RankedPlay> ranked = ranking.ranker(rules).rank(legal, context);
    if (rollout && context.isMatch()) throw new IllegalArgumentException(Words.get("hint.rollout.match"));
    if (context.isMatch()) return matchHint(rules, ranking, position, dice, legal, ranked, context);
    if (rollout && !legal.isPass()) return rollouts(rules, position, dice, ranked);
    if (json) {
      var o = Json.MAPPER.createObjectNode();
      o.put("position", position.toString()).put("dice", dice.toString()).put("rules", rules.toString())
          .put("level", ranking.key());
      var plays = o.putArray("plays");
      for (RankedPlay r : ranked) {
        var p = plays.addObject();
        p.put("play", r.play().notation()).put("result", r.play().result().toString())
            .put("equity", round(r.equity())).put("win", round(r.winProbability()))
            .put("double_win", round(r.doubleWinProbability()))
            .put("double_loss", round(r.doubleLossProbability())).put("plies", r.plies());
        var outcomes = p.putArray("outcomes");
        for (float f : r.outcomes()) outcomes.add(round(f));
      }
      System.out.println(Json.line(o));
      return 0;
    }
    System.out.println(Words.get("hint.heading", Words.texts().side(position.turn()), dice, rules, ranking.displayName(Words.locale())));
    if (legal.isPass()) {
      System.out.println(Words.get("hint.pass"));
      return 0;
    }
    int width = Math.max(ranked.stream().mapToInt(r -> r.play().notation().length()).max().orElse(4), Words.get("hint.play").length());
    Locale l = Words.locale();
    System.out.printf(l, "     %-" + width + "s  %7s  %6s  %6s  %6s  %s%n", Words.get("hint.play"), Words.get("hint.points"),
        Words.get("hint.win"), Words.get("hint.win2"), Words.get("hint.lose2"), Words.get("hint.depth"));
    double best = ranked.get(0).equity();
    int n = 0;
    for (RankedPlay r : ranked) {
      System.out.printf(l, "%3d. %-" + width + "s  %+7.3f  %5.1f%%  %5.1f%%  %6.1f%%  %s%s%n", ++n,
          r.play().notation(), r.equity(), 100 * r.winProbability(), 100 * r.doubleWinProbability(),
          100 * r.doubleLossProbability(), Words.get("hint.plies", r.plies()), n == 1 ? "" : String.format(l, "  (%+.3f)", r.equity() - best));
    }
    return 0;
  }

  /** The best few plays rolled out from their resulting positions, ranked by the rollouts. */
  private int rollouts(Rules rules, Position position, Dice dice, List<RankedPlay> ranked) throws Exception {
    int k = Math.min(rolloutPlays, ranked.size());
    record Rolled(String play, Interval equity, Interval win) {}
    List<Rolled> rolled = new java.util.ArrayList<>();
    for (int i = 0; i < k; i++) {
      RankedPlay r = ranked.get(i);
      org.jacquet.ai.rollout.Rollout.Result out = org.jacquet.ai.rollout.Rollout.run(rules, r.play().result(), null,
          Level.EXPERT, rolloutGames, 1, Runtime.getRuntime().availableProcessors(), true, null);
      // The rollout is for the opponent, who moves next: its figures turned round.
      Interval eq = RolloutCommand.equity(out);
      Interval theirWin = RolloutCommand.chance(out, 0, false);
      rolled.add(new Rolled(r.play().notation(), new Interval(-eq.estimate(), -eq.high(), -eq.low()),
          new Interval(1 - theirWin.estimate(), 1 - theirWin.high(), 1 - theirWin.low())));
    }
    rolled.sort((a, b) -> Double.compare(b.equity().estimate(), a.equity().estimate()));
    if (json) {
      var o = Json.MAPPER.createObjectNode().put("position", position.toString()).put("dice", dice.toString())
          .put("rules", rules.toString()).put("trials_per_play", rolloutGames);
      var plays = o.putArray("plays");
      for (Rolled r : rolled) {
        plays.addObject().put("play", r.play()).put("equity", round(r.equity().estimate()))
            .put("equity_low", round(r.equity().low())).put("equity_high", round(r.equity().high()))
            .put("equity_half_width", round(r.equity().halfWidth())).put("win", round(r.win().estimate()))
            .put("win_low", round(r.win().low())).put("win_high", round(r.win().high()))
            .put("win_half_width", round(r.win().halfWidth()));
      }
      System.out.println(Json.line(o));
      return 0;
    }
    Locale l = Words.locale();
    System.out.println(Words.get("hint.rolled.heading", Words.texts().side(position.turn()), dice, rules, k, Checks.grouped(rolloutGames)));
    int n = 0;
    for (Rolled r : rolled) {
      System.out.println(String.format(l, "%3d. %-20s ", ++n, r.play()) + Words.get("hint.rolled.line",
          String.format(l, "%+7.3f (%+.3f – %+.3f)", r.equity().estimate(), r.equity().low(), r.equity().high()),
          Words.texts().percent(r.win().estimate()), Words.texts().percent(r.win().low()), Words.texts().percent(r.win().high())));
    }
    return 0;
  }

  /** The plays ranked by the chance of winning the match (MWC) at the score given. */
  private int matchHint(Rules rules, Level ranking, Position position, Dice dice, LegalPlays legal,
      List<RankedPlay> ranked, org.jacquet.ai.match.MatchContext context) {
    if (json) {
      var o = Json.MAPPER.createObjectNode();
      o.put("position", position.toString()).put("dice", dice.toString()).put("rules", rules.toString())
          .put("level", ranking.key()).put("match", context.length()).put("score", context.whiteScore() + "-" + context.blackScore());
      var plays = o.putArray("plays");
      for (RankedPlay r : ranked) {
        var p = plays.addObject();
        p.put("play", r.play().notation()).put("result", r.play().result().toString())
            .put("mwc", round(r.equity())).put("win", round(r.winProbability()))
            .put("double_win", round(r.doubleWinProbability()))
            .put("double_loss", round(r.doubleLossProbability())).put("plies", r.plies());
      }
      System.out.println(Json.line(o));
      return 0;
    }
    System.out.println(Words.get("hint.match.heading", Words.texts().side(position.turn()), dice, rules,
        Words.get("hint.match.score", context.length(), context.whiteScore() + "-" + context.blackScore()), ranking.displayName(Words.locale())));
    if (legal.isPass()) {
      System.out.println(Words.get("hint.pass"));
      return 0;
    }
    int width = Math.max(ranked.stream().mapToInt(r -> r.play().notation().length()).max().orElse(4), Words.get("hint.play").length());
    Locale l = Words.locale();
    System.out.printf(l, "     %-" + width + "s  %6s  %6s  %6s  %6s  %s%n", Words.get("hint.play"), Words.get("hint.mwc"),
        Words.get("hint.win"), Words.get("hint.win2"), Words.get("hint.lose2"), Words.get("hint.depth"));
    double best = ranked.get(0).equity();
    int n = 0;
    for (RankedPlay r : ranked) {
      System.out.printf(l, "%3d. %-" + width + "s  %5.1f%%  %5.1f%%  %5.1f%%  %6.1f%%  %s%s%n", ++n,
          r.play().notation(), 100 * r.equity(), 100 * r.winProbability(), 100 * r.doubleWinProbability(),
          100 * r.doubleLossProbability(), Words.get("hint.plies", r.plies()),
          n == 1 ? "" : String.format(l, "  (%+.1f%%)", 100 * (r.equity() - best)));
    }
    return 0;
  }

  private static double round(double x) {
    return Math.round(x * 10000) / 10000.0;
  }
}
