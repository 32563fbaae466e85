package org.jacquet.ai.match;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jacquet.engine.rules.Rules;
import org.jacquet.engine.rules.Scoring;

/**
 * The chance of winning a match from each score, for one scoring scheme. Jacquet has no doubling
 * cube, so a match is a sequence of independent games, each worth k points with probability
 * p(k) (measured on the expert's self-play from the start position) and won by either side with
 * probability ½ (who moves first is drawn): M(a, b), the chance of the side a points from
 * winning against one b points from it, is
 * <pre>  M(a, b) = Σk p(k) · (½ M(a−k, b) + ½ M(a, b−k)),  M(≤0, b) = 1,  M(a, ≤0) = 0.</pre>
 * Shipped as a text resource per scoring ({@code /org/jacquet/ai/match/SCORING.met}) that names
 * the command and seed that made it; the table is recomputed from its distribution on loading,
 * so any match length can be asked for. Immutable.
 */
public final class MatchEquityTable {
  private static final Map<Scoring, MatchEquityTable> SHIPPED = new ConcurrentHashMap<>();

  private final double[] points;
  private final double[][] table;
  private final String header;

  private MatchEquityTable(double[] points, double[][] table, String header) {
    this.points = points;
    this.table = table;
    this.header = header;
  }

  /**
   * The table for games worth k points with probability {@code points[k]} (index 0 unused; the
   * probabilities must sum to 1), computed for both sides up to {@code length} points away.
   */
  public static MatchEquityTable compute(double[] points, int length, String header) {
    double sum = 0;
    for (int k = 1; k < points.length; k++) {
      if (!(points[k] >= 0)) throw new IllegalArgumentException("a probability must be at least 0");
      sum += points[k];
    }
    if (Math.abs(sum - 1) > 1e-6 || points.length < 2 || points[0] != 0) {
      throw new IllegalArgumentException("the points distribution must sum to 1 (it sums to " + sum + ")");
    }
    if (length < 1) throw new IllegalArgumentException("a match is played to at least 1 point");
    double[][] m = new double[length + 1][length + 1];
    for (int a = 1; a <= length; a++) {
      for (int b = 1; b <= length; b++) {
        double v = 0;
        for (int k = 1; k < points.length; k++) {
          if (points[k] == 0) continue;
          double win = a - k <= 0 ? 1 : m[a - k][b];
          double lose = b - k <= 0 ? 0 : m[a][b - k];
          v += points[k] * (win + lose) / 2;
        }
        m[a][b] = v;
      }
    }
    return new MatchEquityTable(points.clone(), m, header == null ? "" : header);
  }

  /** The shipped table for the scoring of {@code rules}, loaded once. */
  public static MatchEquityTable forRules(Rules rules) {
    return SHIPPED.computeIfAbsent(rules.scoring(), MatchEquityTable::load);
  }

  /** Resource name of the shipped table for {@code scoring}. */
  public static String resource(Scoring scoring) {
    return "/org/jacquet/ai/match/" + scoring.text() + ".met";
  }

  private static MatchEquityTable load(Scoring scoring) {
    try (InputStream in = MatchEquityTable.class.getResourceAsStream(resource(scoring))) {
      if (in == null) {
        throw new IllegalStateException("no match equity table is shipped for " + scoring.text()
            + " scoring; make one with: jacquet met --rules RULES");
      }
      return read(in, 25);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the match equity table for " + scoring.text() + ": " + e.getMessage(), e);
    }
  }

  /** Most points away this table answers for without recomputing. */
  public int length() {
    return table.length - 1;
  }

  /** The probability that a game is worth {@code k} points. */
  public double pointsProbability(int k) {
    return k >= 1 && k < points.length ? points[k] : 0;
  }

  /** The points a game is worth on average. */
  public double meanPoints() {
    double mean = 0;
    for (int k = 1; k < points.length; k++) mean += k * points[k];
    return mean;
  }

  /** atLeast[k]: the chance that a game is worth {@code k} points or more, for k from 1 to {@code max}. */
  public double[] atLeast(int max) {
    double[] atLeast = new double[max + 1];
    double tail = 0;
    for (int k = max; k >= 1; k--) {
      tail += pointsProbability(k);
      atLeast[k] = tail;
    }
    return atLeast;
  }

  /** Highest points a game was seen to be worth. */
  public int maxPoints() {
    return points.length - 1;
  }

  /** The comment lines the table was written with (how it was made). */
  public String header() {
    return header;
  }

  /**
   * The chance that a side {@code away} points from winning the match wins it against an
   * opponent {@code opponentAway} points from it (1 when {@code away} ≤ 0, 0 when only the
   * opponent's is).
   */
  public double winChance(int away, int opponentAway) {
    if (away <= 0) return 1;
    if (opponentAway <= 0) return 0;
    if (away > length() || opponentAway > length()) {
      return compute(points, Math.max(away, opponentAway), header).winChance(away, opponentAway);
    }
    return table[away][opponentAway];
  }

  /** The table as text: the header, the distribution, then one row per points away. */
  public String write() {
    StringBuilder s = new StringBuilder(header);
    if (!header.isEmpty() && !header.endsWith("\n")) s.append('\n');
    s.append("# points k p(k): the probability that a game is worth k points\npoints");
    for (int k = 1; k < points.length; k++) s.append(' ').append(k).append(' ').append(fmt(points[k]));
    s.append("\n# row a, column b (1..").append(length())
        .append("): the chance that a side a points from winning the match beats one b points from it\n");
    for (int a = 1; a <= length(); a++) {
      s.append(a);
      for (int b = 1; b <= length(); b++) s.append(' ').append(String.format(Locale.ROOT, "%.4f", table[a][b]));
      s.append('\n');
    }
    return s.toString();
  }

  /** Reads {@link #write()}'s form: the distribution is taken, the rows recomputed to {@code length}. */
  public static MatchEquityTable read(InputStream in, int length) throws IOException {
    BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    StringBuilder header = new StringBuilder();
    double[] points = null;
    String line;
    boolean inHeader = true;
    while ((line = r.readLine()) != null) {
      if (line.startsWith("#")) {
        if (inHeader && !line.startsWith("# points k") ) header.append(line).append('\n');
        continue;
      }
      inHeader = false;
      if (line.startsWith("points")) {
        String[] f = line.trim().split("\\s+");
        List<double[]> pairs = new ArrayList<>();
        int max = 0;
        for (int i = 1; i + 1 < f.length; i += 2) {
          int k = Integer.parseInt(f[i]);
          pairs.add(new double[] {k, Double.parseDouble(f[i + 1])});
          max = Math.max(max, k);
        }
        points = new double[max + 1];
        for (double[] p : pairs) points[(int) p[0]] = p[1];
      }
    }
    if (points == null) throw new IOException("no 'points' line in the match equity table");
    return compute(normalised(points), length, header.toString());
  }

  /** The distribution rescaled to sum exactly 1 (the file rounds it). */
  private static double[] normalised(double[] p) {
    double s = 0;
    for (double v : p) s += v;
    double[] out = new double[p.length];
    for (int k = 0; k < p.length; k++) out[k] = p[k] / s;
    return out;
  }

  private static String fmt(double p) {
    return String.format(Locale.ROOT, "%.6f", p);
  }
}
