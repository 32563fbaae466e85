package org.jacquet.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jacquet.ai.analysis.GameAnalysis;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Match;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jacquet analyze RECORD}: every play of a game or match reviewed at the strongest level. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
    description = {"Reviews a game record: each play's cost, each throw's luck, each player's rating.",
        "The best play and what each play cost (marked doubtful / bad / very bad), the luck of each",
        "throw, and per player the error rate, a rating and the luck-adjusted result."})
final class AnalyzeCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RECORD") Path file;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Option(names = "--all", description = "List every turn, not only the marked ones.")
  boolean all;

  @Option(names = "--html", paramLabel = "FILE", description = "Also write a standalone HTML report (graph, boards of the marked plays).")
  Path html;

  @Option(names = "--points", description = "Judge each game for its own points, not for the match.")
  boolean points;

  @Option(names = "--graph", paramLabel = "FILE", description = "Also write the winning-chances graph: FILE.svg or FILE.png.")
  Path graph;

  @Override
  public Integer call() throws Exception {
    if (graph != null) {
      String name = graph.getFileName() == null ? "" : graph.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
      if (!name.endsWith(".svg") && !name.endsWith(".png")) {
        throw new IllegalArgumentException("--graph writes .svg or .png files, not '" + graph.getFileName() + "'");
      }
      Inputs.writable(graph, "--graph", false);
    }
    if (html != null) Inputs.writable(html, "--html", false);
    GameRecord.Parsed parsed = Inputs.record(file);
    Match match = parsed.match();
    int turns = (int) match.games().stream().flatMap(g -> g.events().stream())
        .filter(e -> e instanceof org.jacquet.engine.game.GameEvent.Turn).count();
    Progress progress = new Progress("analyze", turns);
    long start = System.nanoTime();
    GameAnalysis.Result r = new GameAnalysis(match.rules()).analyze(match, !points, n -> progress.update(n, ""));
    double seconds = (System.nanoTime() - start) / 1e9;
    try {
      if (html != null) AnalysisReport.html(r, "Analysis of " + file.getFileName(), html);
      if (graph != null) {
        if (graph.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".png")) AnalysisReport.png(r.turns(), graph);
        else Files.writeString(graph, AnalysisReport.svg(r.turns()), StandardCharsets.UTF_8);
      }
    } catch (java.io.IOException e) {
      throw new CommandFailure("cannot write the report: " + Inputs.reason(e));
    }
    if (json) {
      System.out.println(Json.line(json(r, seconds)));
      return 0;
    }
    System.out.printf("Analysis of %s (%s, %s, %.1f s), world-class level; %s%n",
        file.getFileName(), match.rules(), Checks.count(turns, "turn"), seconds, points ? "equities in points per game"
            : "for the match to " + match.length() + ": errors in equivalent points, MWC = chance of winning the match");
    int game = 0;
    for (GameAnalysis.Turn t : r.turns()) {
      if (t.game() != game) {
        game = t.game();
        System.out.printf("%nGame %d%n", game);
      }
      if (!all && t.mark() == org.jacquet.ai.analysis.Mark.NONE) continue;
      System.out.printf("%4d) %-5s %-7s %-22s %s%n", t.number(), t.side().key(), t.dice(), t.played(),
          t.mark() == org.jacquet.ai.analysis.Mark.NONE ? luck(t)
              : String.format("%-9s -%.3f%s  best %s%s", t.mark().text(), t.error(),
                  t.playedMwc() == null ? "" : String.format(" (MWC %+.1f%%)", 100 * (t.playedMwc() - t.bestMwc())),
                  t.best(), "  " + luck(t)));
    }
    System.out.printf("%n%-28s %14s %14s%n", "", "white", "black");
    GameAnalysis.Player w = r.players().get(0);
    GameAnalysis.Player b = r.players().get(1);
    row("Decisions", w.decisions(), b.decisions());
    row("Doubtful / bad / very bad", w.doubtful() + " / " + w.bad() + " / " + w.veryBad(),
        b.doubtful() + " / " + b.bad() + " / " + b.veryBad());
    row("Total error (points)", String.format("%.3f", w.totalError()), String.format("%.3f", b.totalError()));
    row("Error rate (mpts/decision)", String.format("%.1f", w.errorRate()), String.format("%.1f", b.errorRate()));
    row("Rating", w.rating().text(), b.rating().text());
    row("Luck (points)", String.format("%+.3f", w.luck()), String.format("%+.3f", b.luck()));
    row("Result (points)", String.format("%+.0f", w.points()), String.format("%+.0f", b.points()));
    row("Luck-adjusted result", String.format("%+.3f", w.luckAdjusted()), String.format("%+.3f", b.luckAdjusted()));
    return 0;
  }

  private static String luck(GameAnalysis.Turn t) {
    return t.luck() == null ? "" : String.format("luck %+.3f", t.luck());
  }

  private static void row(String name, Object w, Object b) {
    System.out.printf("%-28s %14s %14s%n", name, w, b);
  }

  private static ObjectNode json(GameAnalysis.Result r, double seconds) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("rules", r.rules().toString()).put("seconds", seconds);
    ArrayNode turns = o.putArray("turns");
    for (GameAnalysis.Turn t : r.turns()) {
      ObjectNode n = turns.addObject();
      n.put("game", t.game()).put("turn", t.number()).put("side", t.side().key()).put("dice", t.dice())
          .put("position", t.before().toString()).put("played", t.played()).put("best", t.best())
          .put("played_equity", t.playedEquity()).put("best_equity", t.bestEquity()).put("error", t.error())
          .put("mark", t.mark().text()).put("decision", t.decision()).put("white_win_after", t.winAfter());
      if (t.playedMwc() != null) n.put("played_mwc", t.playedMwc()).put("best_mwc", t.bestMwc());
      if (t.luck() == null) n.putNull("luck");
      else n.put("luck", t.luck());
    }
    ArrayNode players = o.putArray("players");
    for (GameAnalysis.Player p : r.players()) {
      players.addObject().put("side", p.side().key()).put("decisions", p.decisions())
          .put("total_error", p.totalError()).put("error_rate_millipoints", p.errorRate())
          .put("rating", p.rating().text()).put("luck", p.luck()).put("points", p.points())
          .put("luck_adjusted", p.luckAdjusted()).put("doubtful", p.doubtful()).put("bad", p.bad())
          .put("very_bad", p.veryBad());
    }
    return o;
  }
}
