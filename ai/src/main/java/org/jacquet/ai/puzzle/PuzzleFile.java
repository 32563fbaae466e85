package org.jacquet.ai.puzzle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jacquet.ai.PlainNumbers;
import org.jacquet.ai.benchmark.BenchmarkEntry;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.format.PositionId;
import org.jacquet.engine.rules.Rules;

/**
 * A puzzle set as text, one attempt a line, so that it diffs and grows by appending: a puzzle is
 * {@code index themes positionId dice expert trials candidate…} (themes comma-separated or
 * {@code -}; expert {@code right} or {@code wrong}; each candidate {@code resultId:equity:error},
 * expected points for the player to move and the standard error of its gap to the best, best
 * first); an attempt that made none is {@code index none screen|rollout}, kept so that a run
 * resumes past it and the yield can be counted. Lines starting with {@code #} say how the file
 * was made (command, seed, settings).
 */
public final class PuzzleFile {
  /** A whole file's contents: its puzzles by index, and every attempt's index. */
  public record Contents(List<Puzzle> puzzles, Set<Integer> attempts) {}

  private PuzzleFile() {}

  /** The shipped puzzles of a preset ({@code /org/jacquet/ai/puzzles/PRESET.txt}), or none. */
  public static List<Puzzle> shipped(Rules rules, String preset) {
    try (InputStream in = PuzzleFile.class.getResourceAsStream("/org/jacquet/ai/puzzles/" + preset + ".txt")) {
      if (in == null) return List.of();
      return read(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), rules).puzzles();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The puzzles and attempts of a file's {@code text}; a bad line is refused with its number. */
  public static Contents read(String text, Rules rules) {
    try {
      return read(new BufferedReader(new java.io.StringReader(text)), rules);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a string cannot fail to be read
    }
  }

  static Contents read(BufferedReader reader, Rules rules) throws IOException {
    List<Puzzle> puzzles = new ArrayList<>();
    Set<Integer> attempts = new java.util.HashSet<>();
    org.jacquet.ai.DataLines.read(reader, "puzzle", line -> {
      String[] f = line.trim().split("\\s+");
      if (!PlainNumbers.isIndex(f[0])) {
        throw new IllegalArgumentException("'" + Excerpt.of(f[0]) + "' is not an attempt's index (a whole number from 0 to 999,999,999)");
      }
      int index = Integer.parseInt(f[0]);
      if (!attempts.add(index)) throw new IllegalArgumentException("attempt " + index + " is written twice");
      if (f.length == 3 && f[1].equals("none")) {
        if (!f[2].equals("screen") && !f[2].equals("rollout")) {
          throw new IllegalArgumentException("'" + Excerpt.of(f[2]) + "' is not why an attempt failed (screen or rollout)");
        }
        return;
      }
      puzzles.add(parse(index, f, rules));
    });
    puzzles.sort(Comparator.comparingInt(Puzzle::index));
    return new Contents(List.copyOf(puzzles), Set.copyOf(attempts));
  }

  private static Puzzle parse(int index, String[] f, Rules rules) {
    if (f.length < 8) throw new IllegalArgumentException("expected index, themes, position, dice, expert, trials and two candidates or more");
    Set<Theme> themes = EnumSet.noneOf(Theme.class);
    if (!f[1].equals("-")) for (String t : f[1].split(",")) themes.add(Theme.parse(t));
    if (!f[4].equals("right") && !f[4].equals("wrong")) {
      throw new IllegalArgumentException("'" + Excerpt.of(f[4]) + "' is not the expert's answer (right or wrong)");
    }
    if (!PlainNumbers.isIndex(f[5])) throw new IllegalArgumentException("'" + Excerpt.of(f[5]) + "' is not a number of trials");
    double most = 10 * rules.scoring().maxPoints();
    List<BenchmarkEntry.Candidate> candidates = new ArrayList<>();
    for (int i = 6; i < f.length; i++) {
      String[] c = f[i].split(":");
      if (c.length != 3) throw new IllegalArgumentException("candidate '" + Excerpt.of(f[i]) + "' is not id:equity:error");
      double equity = number(c[1], "equity", -most, most);
      double error = number(c[2], "standard error", 0, 2 * most);
      candidates.add(new BenchmarkEntry.Candidate(PositionId.parse(c[0]), equity, error));
    }
    return new Puzzle(index, themes, PositionId.parse(f[2]), DiceToPlay.parse(f[3], rules), f[4].equals("wrong"),
        Integer.parseInt(f[5]), candidates);
  }

  private static double number(String text, String what, double min, double max) {
    double x = PlainNumbers.decimal(text);
    if (!(x >= min && x <= max)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "%s '%s' is not a number from %s to %s", what,
          Excerpt.of(text), min, max));
    }
    return x;
  }

  /** The line of an attempt. */
  public static String format(PuzzleGenerator.Attempt a) {
    if (a.puzzle() == null) return a.index() + " none " + a.rejected();
    Puzzle p = a.puzzle();
    StringBuilder s = new StringBuilder();
    String themes = p.themes().isEmpty() ? "-"
        : String.join(",", EnumSet.copyOf(p.themes()).stream().map(Theme::key).toList());
    s.append(p.index()).append(' ').append(themes).append(' ').append(PositionId.of(p.position())).append(' ')
        .append(p.dice()).append(' ').append(p.expertWrong() ? "wrong" : "right").append(' ').append(p.trials());
    for (BenchmarkEntry.Candidate c : p.candidates()) {
      s.append(' ').append(PositionId.of(c.result())).append(':')
          .append(String.format(Locale.ROOT, "%.4f", c.equity())).append(':')
          .append(String.format(Locale.ROOT, "%.4f", c.standardError()));
    }
    return s.toString();
  }
}
