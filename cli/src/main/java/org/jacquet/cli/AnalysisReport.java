package org.jacquet.cli;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jacquet.ai.analysis.GameAnalysis;
import org.jacquet.ai.analysis.Mark;
import org.jacquet.ai.analysis.Rating;
import org.jacquet.cli.play.BoardView;
import org.jacquet.cli.play.Texts;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.PointNaming;

/** The analysis as a standalone HTML page, and the winning-chances graph as SVG or PNG. */
final class AnalysisReport {
  private static final int W = 720;
  private static final int H = 240;
  private static final int PAD = 30;

  private AnalysisReport() {}

  /**
   * Where each turn goes on the graph: the games of a match side by side, each with its own
   * stretch of the turn axis, separated by a line and labelled, its turns numbered below.
   */
  private record Layout(List<GameAnalysis.Turn> turns, double[] xs, List<int[]> games) {
    static Layout of(List<GameAnalysis.Turn> turns) {
      List<int[]> games = new java.util.ArrayList<>(); // {first index, last index} per game
      for (int i = 0; i < turns.size(); i++) {
        if (i == 0 || turns.get(i).game() != turns.get(i - 1).game()) games.add(new int[] {i, i});
        else games.get(games.size() - 1)[1] = i;
      }
      double[] xs = new double[turns.size()];
      double slots = Math.max(1, turns.size() - 1 + games.size() - 1); // a gap between games
      int slot = 0;
      for (int g = 0; g < games.size(); g++) {
        if (g > 0) slot++;
        for (int i = games.get(g)[0]; i <= games.get(g)[1]; i++) xs[i] = PAD + (W - PAD - 10) * (slot++) / slots;
      }
      return new Layout(turns, xs, games);
    }

    /** Turn numbers worth labelling in a game: its first, then every tenth. */
    boolean labelled(int i) {
      int n = turns.get(i).number();
      return n == 1 || n % 10 == 0;
    }
  }

  /** The review's words in {@code locale} (French or English), beside the game's vocabulary. */
  static Texts texts(Locale locale) {
    return new Texts(locale).with("org.jacquet.cli.analysis_messages");
  }

  /** A mark's word in the reader's language ("doubtful", "douteux"). */
  static String mark(Texts texts, Mark mark) {
    return texts.get("analysis.mark." + mark.name().toLowerCase(Locale.ROOT));
  }

  /** A rating's words in the reader's language ("casual player", "joueur occasionnel"). */
  static String rating(Texts texts, Rating rating) {
    return texts.get("analysis.rating." + rating.name().toLowerCase(Locale.ROOT));
  }

  private static String side(Texts texts, Side side) {
    return texts.get(side == Side.WHITE ? "analysis.white" : "analysis.black");
  }

  /** White's winning chances after each turn, as an SVG plot, labelled in the reader's language. */
  static String svg(List<GameAnalysis.Turn> turns, Texts texts, PointNaming naming) {
    Layout l = Layout.of(turns);
    StringBuilder s = new StringBuilder();
    s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\">", W, H, W, H));
    s.append(String.format(Locale.ROOT, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fbf7ee\"/>", W, H));
    for (int pct = 0; pct <= 100; pct += 25) {
      double y = y(pct / 100.0);
      s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>", PAD, y, W - 10, y, pct == 50 ? "#999" : "#e3dccb"));
      s.append(String.format(Locale.ROOT, "<text x=\"2\" y=\"%.1f\" font-size=\"10\" fill=\"#555\">%d%s</text>", y + 3, pct, escape(texts.get("percent.sign"))));
    }
    for (int g = 0; g < l.games().size(); g++) {
      int first = l.games().get(g)[0];
      double x0 = l.xs()[first];
      if (g > 0) {
        double sep = (l.xs()[first - 1] + x0) / 2;
        s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#8a7f66\" stroke-dasharray=\"4 3\"/>", sep, y(1), sep, y(0)));
      }
      if (l.games().size() > 1) {
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#333\">%s</text>", x0 + 2, y(1) + 10, escape(texts.get("analysis.game", turns.get(first).game()))));
      }
      StringBuilder points = new StringBuilder();
      for (int i = first; i <= l.games().get(g)[1]; i++) {
        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", l.xs()[i], y(turns.get(i).winAfter())));
        if (l.labelled(i)) {
          s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#555\"/>", l.xs()[i], y(0), l.xs()[i], y(0) + 4));
          s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" fill=\"#555\" text-anchor=\"middle\">%d</text>", l.xs()[i], y(0) + 14, turns.get(i).number()));
        }
      }
      s.append("<polyline fill=\"none\" stroke=\"#1f5a3a\" stroke-width=\"2\" points=\"").append(points).append("\"/>");
    }
    for (int i = 0; i < turns.size(); i++) {
      GameAnalysis.Turn t = turns.get(i);
      if (t.mark() == Mark.NONE) continue;
      String title = texts.get("analysis.graph.dot", texts.get("analysis.game", t.game()), t.number(), side(texts, t.side()), t.dice(),
          naming.write(t.played(), t.side()), mark(texts, t.mark()));
      s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%s</title></circle>",
          l.xs()[i], y(t.winAfter()), t.side() == Side.WHITE ? "#c8102e" : "#1d1d1d", escape(title)));
    }
    s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#555\">%s</text>", 2, H - 6, escape(texts.get("analysis.graph.turn"))));
    s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"14\" font-size=\"11\" fill=\"#333\">%s</text>", PAD, escape(texts.get("analysis.graph.title"))));
    return s.append("</svg>").toString();
  }

  static void png(List<GameAnalysis.Turn> turns, Texts texts, Path file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    Layout l = Layout.of(turns);
    BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(new Color(0xfbf7ee));
    g.fillRect(0, 0, W, H);
    for (int pct = 0; pct <= 100; pct += 25) {
      g.setColor(pct == 50 ? new Color(0x999999) : new Color(0xe3dccb));
      g.drawLine(PAD, (int) y(pct / 100.0), W - 10, (int) y(pct / 100.0));
      g.setColor(new Color(0x555555));
      g.drawString(pct + texts.get("percent.sign"), 2, (int) y(pct / 100.0) + 4);
    }
    for (int k = 0; k < l.games().size(); k++) {
      int first = l.games().get(k)[0];
      int last = l.games().get(k)[1];
      if (k > 0) {
        int sep = (int) ((l.xs()[first - 1] + l.xs()[first]) / 2);
        g.setColor(new Color(0x8a7f66));
        g.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 3f}, 0f));
        g.drawLine(sep, (int) y(1), sep, (int) y(0));
      }
      g.setStroke(new BasicStroke(1f));
      g.setColor(new Color(0x333333));
      if (l.games().size() > 1) g.drawString(texts.get("analysis.game", turns.get(first).game()), (int) l.xs()[first] + 2, (int) y(1) + 10);
      g.setColor(new Color(0x555555));
      for (int i = first; i <= last; i++) {
        if (!l.labelled(i)) continue;
        g.drawLine((int) l.xs()[i], (int) y(0), (int) l.xs()[i], (int) y(0) + 4);
        String n = Integer.toString(turns.get(i).number());
        g.drawString(n, (int) l.xs()[i] - g.getFontMetrics().stringWidth(n) / 2, (int) y(0) + 15);
      }
      g.setColor(new Color(0x1f5a3a));
      g.setStroke(new BasicStroke(2f));
      for (int i = first + 1; i <= last; i++) {
        g.drawLine((int) l.xs()[i - 1], (int) y(turns.get(i - 1).winAfter()), (int) l.xs()[i], (int) y(turns.get(i).winAfter()));
      }
    }
    for (int i = 0; i < turns.size(); i++) {
      if (turns.get(i).mark() == Mark.NONE) continue;
      g.setColor(turns.get(i).side() == Side.WHITE ? new Color(0xc8102e) : new Color(0x1d1d1d));
      g.fillOval((int) l.xs()[i] - 3, (int) y(turns.get(i).winAfter()) - 3, 7, 7);
    }
    g.setColor(new Color(0x555555));
    g.drawString(texts.get("analysis.graph.turn"), 2, H - 6);
    g.setColor(new Color(0x333333));
    g.drawString(texts.get("analysis.graph.title"), PAD, 14);
    g.dispose();
    if (!javax.imageio.ImageIO.write(img, "png", file.toFile())) throw new IOException("no PNG writer in this Java");
  }

  /** The review as a standalone page in the reader's language; numbers with a decimal dot, as in the web app. */
  /** {@code scope} says what the equities are: points per game, or for the match (the text report's words). */
  static void html(GameAnalysis.Result r, Texts texts, String title, String scope, PointNaming naming, Path file) throws IOException {
    StringBuilder h = new StringBuilder("<!doctype html><html lang=\"").append(texts.locale().getLanguage())
        .append("\"><head><meta charset=\"utf-8\"><title>")
        .append(escape(title)).append("</title><style>body{font-family:Georgia,serif;max-width:900px;margin:2em auto;color:#222}"
            + "table{border-collapse:collapse}td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:right}"
            + "th:first-child,td:first-child{text-align:left}pre{background:#f4efe2;padding:8px;font-size:12px;line-height:1.15}"
            + ".very{color:#b00020}.bad{color:#c25400}.doubtful{color:#7a6a00}</style></head><body>");
    h.append("<h1>").append(escape(title)).append("</h1><p>").append(escape(texts.get("analysis.html.intro", texts.rules(r.rules()), scope)))
        .append("</p>");
    h.append(svg(r.turns(), texts, naming));
    h.append("<h2>").append(escape(texts.get("analysis.html.summary"))).append("</h2><table><tr><th></th><th>")
        .append(escape(texts.get("analysis.html.white"))).append("</th><th>").append(escape(texts.get("analysis.html.black")))
        .append("</th></tr>");
    GameAnalysis.Player w = r.players().get(0);
    GameAnalysis.Player b = r.players().get(1);
    row(h, texts.get("analysis.decisions"), w.decisions(), b.decisions());
    row(h, texts.get("analysis.marks"), w.doubtful() + " / " + w.bad() + " / " + w.veryBad(), b.doubtful() + " / " + b.bad() + " / " + b.veryBad());
    row(h, texts.get("analysis.html.total.error"), String.format(texts.locale(), "%.3f", w.totalError()), String.format(texts.locale(), "%.3f", b.totalError()));
    row(h, texts.get("analysis.html.error.rate"), String.format(texts.locale(), "%.1f", w.errorRate()), String.format(texts.locale(), "%.1f", b.errorRate()));
    row(h, texts.get("analysis.rating"), rating(texts, w.rating()), rating(texts, b.rating()));
    row(h, texts.get("analysis.html.luck"), texts.signed(w.luck()), texts.signed(b.luck()));
    row(h, texts.get("analysis.html.result"), String.format(texts.locale(), "%+.0f", w.points()), String.format(texts.locale(), "%+.0f", b.points()));
    row(h, texts.get("analysis.luck.adjusted"), texts.signed(w.luckAdjusted()), texts.signed(b.luckAdjusted()));
    h.append("</table><h2>").append(escape(texts.get("analysis.html.marked"))).append("</h2>");
    BoardView board = new BoardView(new Texts(texts.locale()), false);
    for (GameAnalysis.Turn t : r.turns()) {
      if (t.mark() == Mark.NONE) continue;
      String css = t.mark() == Mark.VERY_BAD ? "very" : t.mark() == Mark.BAD ? "bad" : "doubtful";
      h.append("<h3>").append(escape(texts.get("analysis.html.turn", t.game(), t.number(), side(texts, t.side()), t.dice()))).append("</h3><p>");
      // The bundle's sentence holds no markup (no <, & or "): its parts are HTML made here.
      String cost = "<span class=\"" + css + "\">" + escape(mark(texts, t.mark())) + ", −" + String.format(texts.locale(), "%.3f", t.error()) + "</span>";
      h.append(texts.get("analysis.html.play", "<b>" + escape(naming.write(t.played(), t.side())) + "</b>", texts.signed(t.playedEquity()), cost,
          "<b>" + escape(naming.write(t.best(), t.side())) + "</b>", texts.signed(t.bestEquity())));
      h.append("</p><pre>");
      for (String line : board.render(t.before(), r.rules(), t.side())) h.append(escape(line)).append('\n');
      h.append("</pre>");
    }
    h.append("</body></html>\n");
    Files.writeString(file, h.toString(), StandardCharsets.UTF_8);
  }

  private static void row(StringBuilder h, String name, Object w, Object b) {
    h.append("<tr><td>").append(escape(name)).append("</td><td>").append(escape(String.valueOf(w))).append("</td><td>")
        .append(escape(String.valueOf(b))).append("</td></tr>");
  }

  private static double y(double p) {
    return 20 + (H - 50) * (1 - p); // room below for the turn axis
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
