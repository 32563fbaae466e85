package org.jacquet.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.engine.rules.Rules;

/**
 * The play notation of RULES.md §1 ({@code 1/7 7/12}, {@code 18/24 20/off}), printed, and read
 * from what a user types: the matching legal play, or the exact rule the play breaks.
 *
 * <p>Besides one step per die, the reader accepts what backgammon players type: a checker's
 * whole move in one ({@code 1/12} for 6-5, when an intermediate stop is legal), chains
 * ({@code 1/7/12}), repeats ({@code 1/4(3)}), {@code 25} for {@code off}, commas, and
 * {@code pass} (or nothing) when nothing can be played.
 */
public final class PlayNotation {
  private static final Pattern SEGMENT =
      Pattern.compile("(\\d{1,2})((?:/(?:\\d{1,2}|off|o))+)(?:\\((\\d)\\))?");

  static final int MAX_TEXT = 200;

  private PlayNotation() {}

  public static String format(List<Step> steps) {
    StringBuilder s = new StringBuilder();
    for (Step step : steps) {
      if (s.length() > 0) s.append(' ');
      s.append(step);
    }
    return s.toString();
  }

  /**
   * Reads a play for {@code position} (its side to move) and {@code dice}.
   *
   * @return the legal play leading to the same position as the steps typed
   * @throws IllegalPlayException naming the broken rule and the point concerned
   */
  public static Play parse(String text, Rules rules, Position position, DiceToPlay dice) {
    PlayGenerator gen = new PlayGenerator(rules);
    LegalPlays legal = gen.legalPlays(position, dice);
    int stepsNeeded = gen.stepsUsed();
    List<int[]> segments = segments(text == null ? "" : text);
    if (segments.isEmpty()) {
      if (legal.isPass()) return legal.plays().get(0);
      throw new IllegalPlayException(IllegalReason.MUST_USE_MORE_DICE, stepsNeeded);
    }
    // Steps typed in an order whose stops are not all legal are still the same play if another
    // order of them is: try the typed order first, and report its fault if no order works.
    IllegalPlayException typedOrderFault = null;
    for (List<int[]> order : orders(segments)) {
      try {
        Replayed replayed = replay(gen, position, dice, order);
        var match = legal.leadingTo(replayed.result());
        if (match.isPresent()) return match.get();
        throw legal.isPass() ? new IllegalPlayException(IllegalReason.NOTHING_TO_PLAY)
            : replayed.steps() < stepsNeeded
                ? new IllegalPlayException(IllegalReason.MUST_USE_MORE_DICE, stepsNeeded)
                : new IllegalPlayException(IllegalReason.MUST_USE_HIGHER_DIE, dice.high());
      } catch (IllegalPlayException e) {
        if (typedOrderFault == null) typedOrderFault = e;
      }
    }
    throw typedOrderFault;
  }

  private record Replayed(Position result, int steps) {}

  /** Plays the segments in order from {@code position}: the position reached, steps used. */
  private static Replayed replay(PlayGenerator gen, Position position, DiceToPlay dice, List<int[]> order) {
    gen.load(position, dice);
    List<Integer> left = new ArrayList<>(dice.values());
    for (int[] segment : order) {
      int from = segment[0];
      int to = segment[1];
      if (to <= from) throw new IllegalPlayException(IllegalReason.BACKWARD, from, to(to));
      for (Integer die : playSegment(gen, from, to, left, dice)) left.remove(die);
    }
    return new Replayed(gen.current(), dice.count() - left.size());
  }

  /** The typed order, then every other order of the segments (at most 6 of them). */
  private static List<List<int[]>> orders(List<int[]> segments) {
    List<List<int[]>> out = new ArrayList<>();
    out.add(segments);
    if (segments.size() <= 6) permute(new ArrayList<>(segments), 0, out);
    return out;
  }

  private static void permute(List<int[]> items, int k, List<List<int[]>> out) {
    if (k == items.size()) {
      if (!sameOrder(items, out.get(0))) out.add(new ArrayList<>(items));
      return;
    }
    for (int i = k; i < items.size(); i++) {
      java.util.Collections.swap(items, k, i);
      permute(items, k + 1, out);
      java.util.Collections.swap(items, k, i);
    }
  }

  private static boolean sameOrder(List<int[]> a, List<int[]> b) {
    for (int i = 0; i < a.size(); i++) if (!java.util.Arrays.equals(a.get(i), b.get(i))) return false;
    return true;
  }

  /**
   * Plays one typed segment with some of the dice left: a single die if one fits, else a
   * combination whose every stop is legal. Returns the dice used, in order.
   */
  private static List<Integer> playSegment(
      PlayGenerator gen, int from, int to, List<Integer> left, DiceToPlay dice) {
    List<List<Integer>> candidates = decompositions(from, to, left);
    if (candidates.isEmpty()) {
      if (left.isEmpty()) throw new IllegalPlayException(IllegalReason.TOO_MANY_STEPS, dice);
      throw new IllegalPlayException(IllegalReason.NO_SUCH_DIE, from, to(to), diceText(left));
    }
    IllegalPlayException first = null;
    for (List<Integer> dieOrder : candidates) {
      int at = from;
      int done = 0;
      IllegalPlayException failure = null;
      for (int die : dieOrder) {
        int code = gen.tryStep(at, die);
        if (code != PlayGenerator.OK) {
          failure = explain(gen, code, at, die);
          break;
        }
        at = gen.lastTo();
        done++;
      }
      if (failure == null) return dieOrder;
      // Undo the partial combination before trying the next one.
      int back = from;
      int[] stops = new int[done + 1];
      stops[0] = from;
      for (int i = 0; i < done; i++) {
        back = Math.min(back + dieOrder.get(i), Position.OFF);
        stops[i + 1] = back;
      }
      for (int i = done - 1; i >= 0; i--) gen.undo(stops[i], stops[i + 1]);
      if (first == null) first = failure;
    }
    throw first;
  }

  /** Orders of the dice left that carry a checker from {@code from} exactly to {@code to}. */
  private static List<List<Integer>> decompositions(int from, int to, List<Integer> left) {
    List<List<Integer>> out = new ArrayList<>();
    collect(from, to, left, new ArrayList<>(), out);
    out.sort((x, y) -> x.size() - y.size());
    return out;
  }

  private static void collect(
      int at, int to, List<Integer> left, List<Integer> chosen, List<List<Integer>> out) {
    for (int i = 0; i < left.size(); i++) {
      int die = left.get(i);
      if (i > 0 && left.subList(0, i).contains(die)) continue; // same value, same order
      int next = at + die;
      boolean arrives = to == Position.OFF ? next >= Position.OFF : next == to;
      if (!arrives && next >= to) continue;
      List<Integer> rest = new ArrayList<>(left);
      rest.remove(i);
      chosen.add(die);
      if (arrives) out.add(new ArrayList<>(chosen));
      else collect(next, to, rest, chosen, out);
      chosen.remove(chosen.size() - 1);
    }
  }

  /** Throws the worded refusal of one step the generator refused with {@code code}. */
  static void explainStep(Rules rules, Position position, DiceToPlay dice, int from, int die, int code) {
    PlayGenerator gen = new PlayGenerator(rules);
    gen.load(position, dice);
    throw explain(gen, code, from, die);
  }

  /** Turns a generator refusal into an exception with the points a player needs to see. */
  private static IllegalPlayException explain(PlayGenerator gen, int code, int from, int die) {
    IllegalReason reason = PlayGenerator.reason(code);
    int to = Math.min(from + die, Position.OFF);
    int held = gen.held();
    int heldAfter = held;
    if (reason.name().startsWith("BLOCK")) {
      heldAfter = gen.heldAfter(from, to);
    }
    switch (reason) {
      case NO_CHECKER:
        return new IllegalPlayException(reason, from);
      case POINT_HELD_BY_OPPONENT:
        return new IllegalPlayException(reason, to);
      case POSTILION_FIRST:
        return new IllegalPlayException(reason, gen.entry(), gen.ownPostilionPoint());
      case BEAR_OFF_NOT_ALL_HOME:
        return new IllegalPlayException(reason, Integer.numberOfTrailingZeros(held) + 1);
      case BEAR_OFF_NOT_REARMOST:
        return new IllegalPlayException(reason, from, die, Integer.numberOfTrailingZeros(held) + 1);
      default:
        return explainBlock(gen, reason, heldAfter);
    }
  }

  /** A block rule broken by the loaded side holding {@code held}, with the points concerned. */
  static IllegalPlayException explainBlock(PlayGenerator gen, IllegalReason reason, int held) {
    String returnPoints = gen.returnMask() == (1 << 23) ? "24" : "23 & 24";
    switch (reason) {
      case BLOCK_FIRST_QUADRANT_NEEDS_RETURN:
        return new IllegalPlayException(reason, returnPoints);
      case BLOCK_NEEDS_RETURN: {
        int q = Integer.numberOfTrailingZeros(PlayGenerator.blockStarts(held)) + 1;
        return new IllegalPlayException(
            reason, returnPoints, Side.otherFrame(q), Side.otherFrame(q + 5));
      }
      case BLOCK_SHUTS_OUT_POSTILION: {
        int starts = PlayGenerator.blockStarts(held) & gen.protectedRuns();
        int q = Integer.numberOfTrailingZeros(starts) + 1;
        return new IllegalPlayException(reason, Side.otherFrame(q), Side.otherFrame(q + 5));
      }
      default:
        return new IllegalPlayException(reason);
    }
  }

  private static String to(int to) {
    return to == Position.OFF ? "off" : Integer.toString(to);
  }

  private static String diceText(List<Integer> dice) {
    StringBuilder s = new StringBuilder();
    for (int d : dice) {
      if (s.length() > 0) s.append('-');
      s.append(d);
    }
    return s.toString();
  }

  /**
   * The typed segments as {from, to} pairs (to = 25 for off), chains and repeats expanded;
   * empty for a pass. Throws {@link IllegalReason#SYNTAX} for text that is no play.
   */
  public static List<int[]> segments(String text) {
    // The longest play (six steps) is about 40 characters; the cap keeps hostile text cheap.
    if (text == null) return new ArrayList<>();
    if (text.length() > MAX_TEXT) throw new IllegalPlayException(IllegalReason.SYNTAX, Excerpt.of(text));
    String t = text.trim().toLowerCase(java.util.Locale.ROOT);
    List<int[]> out = new ArrayList<>();
    if (t.isEmpty() || t.equals("pass") || t.equals("passe") || t.equals("-")) return out;
    for (String token : t.split("[\\s,]+")) {
      Matcher m = SEGMENT.matcher(token);
      if (!m.matches()) throw new IllegalPlayException(IllegalReason.SYNTAX, Excerpt.of(token));
      String[] stops = m.group(2).substring(1).split("/");
      int repeat = m.group(3) == null ? 1 : Integer.parseInt(m.group(3));
      if (repeat < 1) throw new IllegalPlayException(IllegalReason.SYNTAX, token);
      for (int k = 0; k < repeat; k++) {
        int at = point(m.group(1), token);
        for (String stop : stops) {
          int next = stop.startsWith("o") ? Position.OFF : point(stop, token);
          out.add(new int[] {at, next});
          at = next;
        }
      }
    }
    return out;
  }

  private static int point(String digits, String token) {
    int p = Integer.parseInt(digits);
    if (p < 1 || p > Position.OFF) throw new IllegalPlayException(IllegalReason.SYNTAX, token);
    return p;
  }
}
