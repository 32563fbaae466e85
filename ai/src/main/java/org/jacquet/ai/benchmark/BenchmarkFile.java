package org.jacquet.ai.benchmark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Position;
import org.jacquet.engine.format.PositionId;
import org.jacquet.engine.rules.Rules;

/**
 * A benchmark as text, one decision a line, so that it diffs and grows by appending:
 * {@code index category positionId dice candidate…}, each candidate
 * {@code resultId:equity:standardError:selection} (expected points for the player, 4 decimals;
 * see {@link BenchmarkEntry.Candidate}; files made before the picking rollout was kept apart
 * have no {@code :selection}, which then equals the equity). Lines
 * starting with {@code #} say how the file was made (command, seed, rollout settings).
 */
public final class BenchmarkFile {
  private BenchmarkFile() {}

  /** The shipped benchmark of a preset ({@code /org/jacquet/ai/benchmark/PRESET.txt}), or empty. */
  public static List<BenchmarkEntry> shipped(Rules rules, String preset) {
    try (InputStream in = BenchmarkFile.class.getResourceAsStream("/org/jacquet/ai/benchmark/" + preset + ".txt")) {
      if (in == null) return List.of();
      return read(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), rules);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The decisions of a benchmark file's {@code text}; a bad line is refused with its number. */
  public static List<BenchmarkEntry> read(String text, Rules rules) {
    try {
      return read(new BufferedReader(new java.io.StringReader(text)), rules);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a string cannot fail to be read
    }
  }

  static List<BenchmarkEntry> read(BufferedReader reader, Rules rules) throws IOException {
    List<BenchmarkEntry> entries = new ArrayList<>();
    org.jacquet.ai.DataLines.read(reader, "benchmark", line -> entries.add(parse(line, rules)));
    entries.sort(Comparator.comparingInt(BenchmarkEntry::index));
    return entries;
  }


  static BenchmarkEntry parse(String line, Rules rules) {
    String[] f = line.trim().split("\\s+");
    if (f.length < 5) throw new IllegalArgumentException("expected index, category, position, dice and candidates");
    if (!org.jacquet.ai.PlainNumbers.isIndex(f[0])) {
      throw new IllegalArgumentException("'" + org.jacquet.engine.Excerpt.of(f[0]) + "' is not a decision's index (a whole number from 0 to 999,999,999)");
    }
    // Expected points lie within what one game can be worth, give or take a rollout's noise (its
    // variance reduction can step a little past the bounds): far beyond is a damaged file.
    double most = 10 * rules.scoring().maxPoints();
    List<BenchmarkEntry.Candidate> candidates = new ArrayList<>();
    for (int i = 4; i < f.length; i++) {
      String[] c = f[i].split(":");
      if (c.length != 3 && c.length != 4) {
        throw new IllegalArgumentException("candidate '" + org.jacquet.engine.Excerpt.of(f[i]) + "' is not id:equity:error:selection");
      }
      int k = i - 3;
      double equity = number(c[1], "equity", k, -most, most);
      double error = number(c[2], "standard error", k, 0, 2 * most);
      candidates.add(new BenchmarkEntry.Candidate(PositionId.parse(c[0]), equity, error,
          c.length == 4 ? number(c[3], "selection equity", k, -most, most) : equity));
    }
    return new BenchmarkEntry(Integer.parseInt(f[0]), Category.parse(f[1]), PositionId.parse(f[2]),
        DiceToPlay.parse(f[3], rules), candidates);
  }

  /** A plain decimal number from {@code min} to {@code max} (NaN, infinities and hexadecimal refused), or why not. */
  private static double number(String text, String what, int candidate, double min, double max) {
    double x = org.jacquet.ai.PlainNumbers.decimal(text);
    if (!(x >= min && x <= max)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "candidate %d's %s '%s' is not a number from %s to %s", candidate, what,
          org.jacquet.engine.Excerpt.of(text), plain(min), plain(max)));
    }
    return x;
  }

  private static String plain(double x) {
    return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
  }

  public static String format(BenchmarkEntry e) {
    StringBuilder s = new StringBuilder();
    s.append(e.index()).append(' ').append(e.category().key()).append(' ').append(PositionId.of(e.position()))
        .append(' ').append(e.dice());
    for (BenchmarkEntry.Candidate c : e.candidates()) {
      s.append(' ').append(PositionId.of(c.result())).append(':')
          .append(String.format(Locale.ROOT, "%.4f", c.equity())).append(':')
          .append(String.format(Locale.ROOT, "%.4f", c.standardError())).append(':')
          .append(String.format(Locale.ROOT, "%.4f", c.selection()));
    }
    return s.toString();
  }
}
