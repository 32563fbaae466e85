package org.jacquet.cli;

import java.util.concurrent.Callable;
import org.jacquet.ai.Level;
import org.jacquet.ai.duel.Duel;
import org.jacquet.ai.stats.Interval;
import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jacquet duel A B}: two levels play each other with duplicate dice, on every core. */
@Command(name = "duel", mixinStandardHelpOptions = true,
    description = {"Plays level A against level B with duplicate dice and reports A's win rate.",
        "Each dice sequence is played twice, sides swapped, on every core; A's win rate and points per "
            + "game are given with 95%% confidence intervals.",
        "Levels: random, heuristic, beginner, casual, intermediate, advanced, expert, world-class, expert-v1, expert-v2."})
final class DuelCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "A") String a;
  @Parameters(index = "1", paramLabel = "B") String b;

  @picocli.CommandLine.Mixin RulesOption rulesOption;
  @picocli.CommandLine.Mixin LangOption langOption;

  /** Enough for any real duel; beyond, the per-pair results alone would not fit in memory. */
  static final int MAX_GAMES = 10_000_000;

  /** Ten pairs: fewer say too little for an interval. */
  static final int MIN_GAMES = 2 * Interval.MIN_SAMPLES;

  @Option(names = "--games", defaultValue = "1000",
      description = "Games, rounded up to an even number, 20 to 10,000,000 (default: ${DEFAULT-VALUE}).")
  int games;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the dice and the bots (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--threads", description = "Threads, 1 to 256 (default: every core).")
  Integer threads;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Option(names = "--net", paramLabel = "FILE", description = "A plays its level with this network file instead of the shipped one.")
  java.nio.file.Path net;

  @Option(names = "--b-without-transfers",
      description = "B searches as before Versailles dice transfers were searched (unused dice treated as lost), to measure the gain.")
  boolean bWithoutTransfers;

  @picocli.CommandLine.Mixin NoiseOption noiseA;

  @Option(names = "--b-rules", paramLabel = "RULES",
      description = "B evaluates as under these rules, which must give the same moves (e.g. spanish scoring played with the simple scoring's net, as before it had its own).")
  String bRulesText;

  @Override
  public Integer call() throws Exception {
    langOption.locale(); // a bad --lang is refused, not ignored
    Rules rules = rulesOption.rules();
    Level la = Checks.level(a);
    Level lb = Checks.level(b);
    Checks.between("--games", games, MIN_GAMES, MAX_GAMES);
    int t = Checks.threads(threads);
    var netA = net == null ? null : Inputs.network(net, rules);
    Rules bRules = bRulesText == null ? rules : Rules.parse(bRulesText);
    for (String option : Rules.optionNames()) {
      if (!option.equals("scoring") && !bRules.option(option).equals(rules.option(option))) {
        throw new IllegalArgumentException(Words.get("duel.b.rules", option));
      }
    }
    // Options that cannot apply are refused, not ignored: a network for a level that uses none,
    // transfers left out where there are none to leave out, or by a level that does not search.
    if (net != null && !la.needsNetwork()) {
      throw new IllegalArgumentException(Words.get("duel.net.level", la.key()));
    }
    noiseA.check("A", la);
    if (net != null && noiseA.noise != null) {
      throw new IllegalArgumentException(Words.get("duel.noise.net"));
    }
    if (netA == null) la.create(rules, 0); // fails early, with its reason, when a network is missing
    org.jacquet.ai.Bot sample = lb.create(bRules, 0);
    if (bWithoutTransfers && rules.unusedDice() != org.jacquet.engine.rules.UnusedDice.PASSED) {
      throw new IllegalArgumentException(Words.get("duel.transfers.rules", rules));
    }
    if (bWithoutTransfers && !(sample instanceof org.jacquet.ai.SearchBot)) {
      throw new IllegalArgumentException(Words.get("duel.transfers.level", lb.key()));
    }
    String nameA = noiseA.name(la);
    Progress progress = new Progress("duel " + nameA + " vs " + lb.key(), (games + 1) / 2 * 2L);
    Duel.BotFactory b = bWithoutTransfers
        ? s -> lb.create(bRules, s) instanceof org.jacquet.ai.SearchBot sb ? sb.withoutTransferSearch() : lb.create(bRules, s)
        : s -> lb.create(bRules, s);
    Duel.Result r = Duel.run(rules, s -> netA == null ? noiseA.bot(la, rules, s) : la.create(rules, s, netA), b, games, seed, t,
        done -> progress.update(done, ""));
    // Wilson over the games: it ignores the pairing, which (duplicate dice) only narrows the truth.
    Interval win = Interval.wilson(r.winsA(), r.games());
    Interval points = Interval.ofMean(r.pointsPerGame(), r.pointsHalfWidth(), r.games() / 2);
    if (json) {
      var o = Json.MAPPER.createObjectNode();
      o.put("a", la.key());
      if (noiseA.noise != null) o.put("noise_a", noiseA.noise);
      o.put("b", lb.key()).put("rules", rules.toString()).put("seed", seed)
          .put("games", r.games()).put("wins_a", r.winsA())
          .put("win_rate", win.estimate()).put("win_rate_low", win.low()).put("win_rate_high", win.high())
          .put("win_rate_half_width", win.halfWidth())
          .put("points_per_game", points.estimate()).put("points_per_game_low", points.low())
          .put("points_per_game_high", points.high()).put("points_per_game_half_width", points.halfWidth())
          .put("seconds", r.seconds());
      System.out.println(Json.line(o));
    } else {
      java.util.Locale l = Words.locale();
      System.out.println(Words.get("duel.heading", nameA, lb.key(), rules, Words.count(r.games(), "count.game"), Long.toString(seed),
          Progress.duration(r.seconds())));
      System.out.println(Words.get("duel.wins", nameA, Words.count(r.winsA(), "count.game"), Words.texts().percent(win.estimate()),
          Words.texts().percent(win.low()), Words.texts().percent(win.high())));
      System.out.println(Words.get("duel.points", nameA, String.format(l, "%+.3f", points.estimate()),
          String.format(l, "%+.3f", points.low()), String.format(l, "%+.3f", points.high())));
    }
    return 0;
  }
}
