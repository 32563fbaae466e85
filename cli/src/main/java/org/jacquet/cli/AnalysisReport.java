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
import org.jacquet.cli.play.BoardView;
import org.jacquet.cli.play.Texts;
import org.jacquet.engine.Side;

/** The analysis as a standalone HTML page, and the winning-chances graph as SVG or PNG. */
final class AnalysisReport {
  private static final int W = 720;
  private static final int H = 220;
  private static final int PAD = 30;

  private AnalysisReport() {}

  /** White's winning chances after each turn, as an SVG plot. */
  static String svg(List<GameAnalysis.Turn> turns) {
    StringBuilder s = new StringBuilder();
    s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\">", W, H, W, H));
    s.append(String.format(Locale.ROOT, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fbf7ee\"/>", W, H));
    for (int pct = 0; pct <= 100; pct += 25) {
      double y = y(pct / 100.0);
      s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>", PAD, y, W - 10, y, pct == 50 ? "#999" : "#e3dccb"));
      s.append(String.format(Locale.ROOT, "<text x=\"2\" y=\"%.1f\" font-size=\"10\" fill=\"#555\">%d%%</text>", y + 3, pct));
    }
    StringBuilder points = new StringBuilder();
    for (int i = 0; i < turns.size(); i++) {
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x(i, turns.size()), y(turns.get(i).winAfter())));
      if (turns.get(i).mark() != Mark.NONE) {
        s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%d) %s %s: %s (%s)</title></circle>",
            x(i, turns.size()), y(turns.get(i).winAfter()), turns.get(i).side() == Side.WHITE ? "#c8102e" : "#1d1d1d",
            turns.get(i).number(), turns.get(i).side().key(), turns.get(i).dice(), turns.get(i).played(), turns.get(i).mark().text()));
      }
    }
    s.append("<polyline fill=\"none\" stroke=\"#1f5a3a\" stroke-width=\"2\" points=\"").append(points).append("\"/>");
    s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"14\" font-size=\"11\" fill=\"#333\">White's chance of winning after each turn (dots: marked plays)</text>", PAD));
    return s.append("</svg>").toString();
  }

  static void png(List<GameAnalysis.Turn> turns, Path file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(new Color(0xfbf7ee));
    g.fillRect(0, 0, W, H);
    for (int pct = 0; pct <= 100; pct += 25) {
      g.setColor(pct == 50 ? new Color(0x999999) : new Color(0xe3dccb));
      g.drawLine(PAD, (int) y(pct / 100.0), W - 10, (int) y(pct / 100.0));
      g.setColor(new Color(0x555555));
      g.drawString(pct + "%", 2, (int) y(pct / 100.0) + 4);
    }
    g.setColor(new Color(0x1f5a3a));
    g.setStroke(new BasicStroke(2f));
    for (int i = 1; i < turns.size(); i++) {
      g.drawLine((int) x(i - 1, turns.size()), (int) y(turns.get(i - 1).winAfter()), (int) x(i, turns.size()), (int) y(turns.get(i).winAfter()));
    }
    for (int i = 0; i < turns.size(); i++) {
      if (turns.get(i).mark() == Mark.NONE) continue;
      g.setColor(turns.get(i).side() == Side.WHITE ? new Color(0xc8102e) : new Color(0x1d1d1d));
      g.fillOval((int) x(i, turns.size()) - 3, (int) y(turns.get(i).winAfter()) - 3, 7, 7);
    }
    g.setColor(new Color(0x333333));
    g.drawString("White's chance of winning after each turn (dots: marked plays)", PAD, 14);
    g.dispose();
    javax.imageio.ImageIO.write(img, "png", file.toFile());
  }

  static void html(GameAnalysis.Result r, String title, Path file) throws IOException {
    StringBuilder h = new StringBuilder("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
        .append(escape(title)).append("</title><style>body{font-family:Georgia,serif;max-width:900px;margin:2em auto;color:#222}"
            + "table{border-collapse:collapse}td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:right}"
            + "th:first-child,td:first-child{text-align:left}pre{background:#f4efe2;padding:8px;font-size:12px;line-height:1.15}"
            + ".very{color:#b00020}.bad{color:#c25400}.doubtful{color:#7a6a00}</style></head><body>");
    h.append("<h1>").append(escape(title)).append("</h1><p>Rules ").append(escape(r.rules().toString()))
        .append(". Plays checked at the world-class level; equities in points per game. Marks: doubtful ≥ 0.040, bad ≥ 0.080, very bad ≥ 0.160.</p>");
    h.append(svg(r.turns()));
    h.append("<h2>Summary</h2><table><tr><th></th><th>White</th><th>Black</th></tr>");
    GameAnalysis.Player w = r.players().get(0);
    GameAnalysis.Player b = r.players().get(1);
    row(h, "Decisions", w.decisions(), b.decisions());
    row(h, "Doubtful / bad / very bad", w.doubtful() + " / " + w.bad() + " / " + w.veryBad(), b.doubtful() + " / " + b.bad() + " / " + b.veryBad());
    row(h, "Total error", String.format(Locale.ROOT, "%.3f", w.totalError()), String.format(Locale.ROOT, "%.3f", b.totalError()));
    row(h, "Error rate (thousandths per decision)", String.format(Locale.ROOT, "%.1f", w.errorRate()), String.format(Locale.ROOT, "%.1f", b.errorRate()));
    row(h, "Rating", w.rating().text(), b.rating().text());
    row(h, "Luck", String.format(Locale.ROOT, "%+.3f", w.luck()), String.format(Locale.ROOT, "%+.3f", b.luck()));
    row(h, "Result", String.format(Locale.ROOT, "%+.0f", w.points()), String.format(Locale.ROOT, "%+.0f", b.points()));
    row(h, "Luck-adjusted result", String.format(Locale.ROOT, "%+.3f", w.luckAdjusted()), String.format(Locale.ROOT, "%+.3f", b.luckAdjusted()));
    h.append("</table><h2>Marked plays</h2>");
    BoardView board = new BoardView(new Texts(Locale.ENGLISH), false);
    for (GameAnalysis.Turn t : r.turns()) {
      if (t.mark() == Mark.NONE) continue;
      String css = t.mark() == Mark.VERY_BAD ? "very" : t.mark() == Mark.BAD ? "bad" : "doubtful";
      h.append("<h3>Game ").append(t.game()).append(", turn ").append(t.number()).append(": ").append(t.side().key())
          .append(" to play ").append(t.dice()).append("</h3><p>Played <b>").append(escape(t.played())).append("</b> (")
          .append(f(t.playedEquity())).append("), <span class=\"").append(css).append("\">").append(t.mark().text())
          .append(", −").append(String.format(Locale.ROOT, "%.3f", t.error())).append("</span>. Best: <b>").append(escape(t.best())).append("</b> (")
          .append(f(t.bestEquity())).append(").</p><pre>");
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

  private static String f(double x) {
    return String.format(Locale.ROOT, "%+.3f", x);
  }

  private static double x(int i, int n) {
    return PAD + (n <= 1 ? 0 : (W - PAD - 10) * i / (double) (n - 1));
  }

  private static double y(double p) {
    return 20 + (H - 30) * (1 - p);
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
