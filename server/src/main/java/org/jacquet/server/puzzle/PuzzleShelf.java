package org.jacquet.server.puzzle;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.jacquet.ai.puzzle.Puzzle;
import org.jacquet.ai.puzzle.PuzzleFile;
import org.jacquet.ai.puzzle.Theme;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.refusal.Refusal;

/**
 * The shipped puzzle sets, read once when the server starts (the files of {@code jacquet puzzles
 * generate} in the ai module's resources): a puzzle by preset and index, the puzzle of a date,
 * and a random one by theme. Immutable, so every request reads it without a lock.
 */
public final class PuzzleShelf {
  /** The presets puzzles are made for; the daily puzzle comes from the first. */
  public static final List<String> PRESETS = List.of("modern", "original", "versailles", "moultezim", "advanced");
  /** The dates a daily puzzle is asked for: wide enough for any calendar, bounded for the parser. */
  static final LocalDate FIRST_DAY = LocalDate.of(2000, 1, 1);
  static final LocalDate LAST_DAY = LocalDate.of(2199, 12, 31);
  /** The first puzzle of the day: the set's first puzzle, the next day its second, and so on. */
  static final LocalDate FIRST_DAILY = LocalDate.of(2026, 11, 26);

  private final Map<String, Rules> rules = new LinkedHashMap<>();
  private final Map<String, List<Puzzle>> sets = new LinkedHashMap<>();

  private PuzzleShelf(Map<String, List<Puzzle>> sets) {
    for (var e : sets.entrySet()) {
      this.rules.put(e.getKey(), Rules.parse(e.getKey()));
      this.sets.put(e.getKey(), List.copyOf(e.getValue()));
    }
  }

  /** The sets shipped with the server. */
  public static PuzzleShelf shipped() {
    Map<String, List<Puzzle>> sets = new LinkedHashMap<>();
    for (String preset : PRESETS) sets.put(preset, PuzzleFile.shipped(Rules.parse(preset), preset));
    return new PuzzleShelf(sets);
  }

  /** The puzzles of each preset (for tests: a shelf of chosen puzzles). */
  static PuzzleShelf of(Map<String, List<Puzzle>> sets) {
    return new PuzzleShelf(sets);
  }

  /** How many puzzles each preset has. */
  public Map<String, Integer> sizes() {
    Map<String, Integer> sizes = new LinkedHashMap<>();
    sets.forEach((k, v) -> sizes.put(k, v.size()));
    return sizes;
  }

  Rules rules(String preset) {
    Rules r = rules.get(preset);
    if (r == null) {
      throw new Refusal("bad-puzzle-set", Map.of("text", org.jacquet.engine.Excerpt.of(preset), "known", String.join(", ", PRESETS)),
          "no puzzle set '" + preset + "'");
    }
    return r;
  }

  /** Puzzle {@code index} of {@code preset}, or a refusal naming what is missing. */
  Puzzle puzzle(String preset, int index) {
    rules(preset);
    for (Puzzle p : sets.get(preset)) if (p.index() == index) return p;
    throw new Refusal("no-puzzle", "no puzzle " + index + " in the " + preset + " set");
  }

  /**
   * The puzzle of {@code day}: the modern set's puzzles in turn, one a day from {@link
   * #FIRST_DAILY}, the same for everyone who asks for that date. A set that grows keeps the days
   * it already covers; past its end (or before the first day) the turn starts over.
   */
  Puzzle daily(LocalDate day) {
    List<Puzzle> set = sets.get(PRESETS.get(0));
    if (set.isEmpty()) throw new Refusal("no-puzzle", "no puzzle of the day: the modern set is empty");
    return set.get(dailyIndex(day, set.size()));
  }

  /** Where {@code day}'s puzzle stands in a set of {@code size}. */
  static int dailyIndex(LocalDate day, int size) {
    return (int) Math.floorMod(day.toEpochDay() - FIRST_DAILY.toEpochDay(), (long) size);
  }

  /** The puzzles of {@code preset} with {@code theme} (any when null); refused when there is none. */
  List<Puzzle> matching(String preset, Theme theme) {
    rules(preset);
    List<Puzzle> matching = sets.get(preset).stream().filter(p -> theme == null || p.themes().contains(theme)).toList();
    if (matching.isEmpty()) throw new Refusal("no-puzzle", "no " + (theme == null ? "" : theme.key() + " ") + "puzzle in the " + preset + " set");
    return matching;
  }

  /** A random puzzle of {@code preset} with {@code theme} (any when null), other than {@code not} when it can. */
  Puzzle random(String preset, Theme theme, Integer not, SplittableRandom random) {
    List<Puzzle> pool = other(matching(preset, theme), not);
    return pool.get(random.nextInt(pool.size()));
  }

  /** {@code puzzles} but {@code not} (null: all), or all of them when {@code not} is the only one. */
  static List<Puzzle> other(List<Puzzle> puzzles, Integer not) {
    List<Puzzle> others = not == null ? puzzles : puzzles.stream().filter(p -> p.index() != not).toList();
    return others.isEmpty() ? puzzles : others;
  }

  /** The themes of the puzzles of {@code preset} that have some. */
  Set<Theme> themes(String preset) {
    Set<Theme> themes = java.util.EnumSet.noneOf(Theme.class);
    for (Puzzle p : sets.get(preset)) themes.addAll(p.themes());
    return themes;
  }
}
