package org.jacquet.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jacquet.ai.analysis.GameAnalysis;
import org.jacquet.ai.analysis.Mark;
import org.jacquet.cli.play.Texts;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Match;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jacquet analyze RECORD}: every play of a game or match reviewed at the strongest level. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
    description = {"Reviews a game record: each play's cost, each throw's luck, each player's rating.",
        "The best play and what each play cost (marked doubtful / bad / very bad), the luck of each "
            + "throw, and per player the error rate, a rating and the luck-adjusted result."})
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

  @picocli.CommandLine.Mixin LangOption langOption;

  @picocli.CommandLine.Mixin PointNamesOption pointNames;

  @Option(names = "--graph", paramLabel = "FILE", description = "Also write the winning-chances graph: FILE.svg or FILE.png.")
  Path graph;

  @Override
  public Integer call() throws Exception {
    Texts texts = AnalysisReport.texts(langOption.locale());
    pointNames.naming(); // a bad --point-names is refused before the analysis, not after it
    if (graph != null) {
      Inputs.writable(graph, "--graph", false); // first: a folder is said to be one, not a name without .svg
      String name = graph.getFileName() == null ? "" : graph.getFileName().toString().toLowerCase(Locale.ROOT);
      if (!name.endsWith(".svg") && !name.endsWith(".png")) {
        throw new IllegalArgumentException(Words.get("analyze.graph.name", graph.getFileName()));
      }
    }
    if (html != null) Inputs.writable(html, "--html", false);
    // The record is never written over, nor one report by the other.
    Inputs.distinct("--html", html, Words.get("the.record"), file);
    Inputs.distinct("--graph", graph, Words.get("the.record"), file, "--html", html);
    GameRecord.Parsed parsed = Inputs.record(file);
    Match match = parsed.match();
    int turns = (int) match.games().stream().flatMap(g -> g.events().stream())
        .filter(e -> e instanceof org.jacquet.engine.game.GameEvent.Turn).count();
    Progress progress = new Progress("analyze", turns);
    long start = System.nanoTime();
    GameAnalysis.Result r = new GameAnalysis(match.rules()).analyze(match, !points, n -> progress.update(n, ""));
    double seconds = (System.nanoTime() - start) / 1e9;
    String scope = points ? texts.get("analysis.header.points") : texts.get("analysis.header.match", match.length());
    Path writing = html; // the file being written, named if it cannot be (a full disk)
    try {
      if (html != null) AnalysisReport.html(r, texts, texts.get("analysis.title", file.getFileName()), scope, pointNames.naming(), html);
      writing = graph;
      if (graph != null) {
        if (graph.toString().toLowerCase(Locale.ROOT).endsWith(".png")) AnalysisReport.png(r.turns(), texts, graph);
        else Files.writeString(graph, AnalysisReport.svg(r.turns(), texts, pointNames.naming()), StandardCharsets.UTF_8);
      }
    } catch (java.io.IOException e) {
      throw new CommandFailure(Words.get("analyze.cannot.write", writing, Inputs.reason(e)));
    }
    if (json) {
      System.out.println(Json.line(json(r, seconds)));
      return 0;
    }
    print(match, r, texts, turns, seconds, scope);
    return 0;
  }

  /** The review as a player reads it, in their language; numbers written its way (0,093 in French), as in the web app. */
  private void print(Match match, GameAnalysis.Result r, Texts texts, int turns, double seconds, String scope) {
    System.out.println(texts.get("analysis.header", file.getFileName(), texts.rules(match.rules()), texts.get("analysis.turns", turns),
        f(texts, "%.1f", seconds),
        scope));
    String white = texts.get("analysis.white");
    String black = texts.get("analysis.black");
    int sideWidth = Math.max(5, Math.max(white.length(), black.length()));
    int markWidth = 9;
    for (Mark m : Mark.values()) if (m != Mark.NONE) markWidth = Math.max(markWidth, AnalysisReport.mark(texts, m).length());
    int game = 0;
    for (GameAnalysis.Turn t : r.turns()) {
      if (t.game() != game) {
        game = t.game();
        System.out.printf("%n%s%n", texts.get("analysis.game", game));
      }
      if (!all && t.mark() == Mark.NONE) continue;
      String side = t.side() == Side.WHITE ? white : black;
      System.out.printf("%4d) %-" + sideWidth + "s %-7s %-22s %s%n", t.number(), side, t.dice(), pointNames.naming().write(t.played(), t.side()),
          t.mark() == Mark.NONE ? luck(texts, t)
              : String.format(texts.locale(), "%-" + markWidth + "s -%.3f%s  %s  %s", AnalysisReport.mark(texts, t.mark()), t.error(),
                  t.playedMwc() == null ? "" : " " + texts.get("analysis.mwc", f(texts, "%+.1f", 100 * (t.playedMwc() - t.bestMwc()))),
                  texts.get("analysis.best", pointNames.naming().write(t.best(), t.side())), luck(texts, t)));
    }
    GameAnalysis.Player w = r.players().get(0);
    GameAnalysis.Player b = r.players().get(1);
    String[][] rows = {
        {texts.get("analysis.decisions"), Integer.toString(w.decisions()), Integer.toString(b.decisions())},
        {texts.get("analysis.marks"), w.doubtful() + " / " + w.bad() + " / " + w.veryBad(), b.doubtful() + " / " + b.bad() + " / " + b.veryBad()},
        {texts.get("analysis.total.error"), f(texts, "%.3f", w.totalError()), f(texts, "%.3f", b.totalError())},
        {texts.get("analysis.error.rate"), f(texts, "%.1f", w.errorRate()), f(texts, "%.1f", b.errorRate())},
        {texts.get("analysis.rating"), AnalysisReport.rating(texts, w.rating()), AnalysisReport.rating(texts, b.rating())},
        {texts.get("analysis.luck.points"), f(texts, "%+.3f", w.luck()), f(texts, "%+.3f", b.luck())},
        {texts.get("analysis.result.points"), f(texts, "%+.0f", w.points()), f(texts, "%+.0f", b.points())},
        {texts.get("analysis.luck.adjusted"), f(texts, "%+.3f", w.luckAdjusted()), f(texts, "%+.3f", b.luckAdjusted())}};
    int labelWidth = 28;
    int valueWidth = 14;
    for (String[] row : rows) {
      labelWidth = Math.max(labelWidth, row[0].length());
      valueWidth = Math.max(valueWidth, Math.max(row[1].length(), row[2].length()));
    }
    String format = "%-" + labelWidth + "s %" + valueWidth + "s %" + valueWidth + "s%n";
    System.out.printf("%n" + format, "", white, black);
    for (String[] row : rows) System.out.printf(format, (Object[]) row);
  }

  /** {@code x} written as the report's reader writes numbers (a decimal comma in French). */
  private static String f(Texts texts, String format, double x) {
    return String.format(texts.locale(), format, x);
  }

  private static String luck(Texts texts, GameAnalysis.Turn t) {
    return t.luck() == null ? "" : texts.get("analysis.luck", f(texts, "%+.3f", t.luck()));
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
