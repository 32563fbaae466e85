package org.jacquet.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jacquet.engine.rules.Rules;

/**
 * The step values a side must play this turn: two different dice, or {@code count} steps of one
 * value (a double: 4 steps, or n under Versailles' squared doubles; also the dice passed on by
 * the opponent under Versailles' transfer rule, flagged {@code transferred}).
 *
 * @param high the higher value (the only value when all steps are equal)
 * @param low the lower value (equal to {@code high} when all steps are equal)
 * @param count number of steps: 2 for two different dice, 1..6 otherwise
 */
public record DiceToPlay(int high, int low, int count, boolean transferred) {
  public DiceToPlay {
    if (high < 1 || high > 6 || low < 1 || low > 6 || low > high) {
      throw new IllegalArgumentException("invalid dice values " + high + " and " + low);
    }
    if (high != low && count != 2) {
      throw new IllegalArgumentException("two different dice give exactly two steps");
    }
    if (count < 1 || count > 6) {
      throw new IllegalArgumentException("a turn has 1 to 6 steps, not " + count);
    }
  }

  /** The steps a thrown pair gives under {@code rules}. */
  public static DiceToPlay of(Dice dice, Rules rules) {
    if (dice.isDouble()) {
      return new DiceToPlay(dice.high(), dice.low(), rules.doubleSteps(dice.high()), false);
    }
    return new DiceToPlay(dice.high(), dice.low(), 2, false);
  }

  /** Dice passed on under the Versailles rule: a list of one or two values, or equal values. */
  public static DiceToPlay transferred(List<Integer> values) {
    if (values.isEmpty()) throw new IllegalArgumentException("no dice to transfer");
    int high = Collections.max(values);
    int low = Collections.min(values);
    return new DiceToPlay(high, low, values.size(), true);
  }

  /**
   * The 21 distinct throws under {@code rules} (dice 1-1, 2-1, 2-2 … 6-6), for averaging over
   * the dice: each counts {@link #weight()} times in 36.
   */
  public static List<DiceToPlay> distinctThrows(Rules rules) {
    List<DiceToPlay> all = new ArrayList<>(21);
    for (int a = 1; a <= 6; a++) {
      for (int b = 1; b <= a; b++) all.add(of(Dice.of(a, b), rules));
    }
    return Collections.unmodifiableList(all);
  }

  /** How many of the 36 equally likely throws give these dice: 2 for two different dice, else 1. */
  public int weight() {
    return isPair() ? 2 : 1;
  }

  public boolean isPair() {
    return high != low;
  }

  /** Every step value, higher first. */
  public List<Integer> values() {
    List<Integer> v = new ArrayList<>(count);
    if (isPair()) {
      v.add(high);
      v.add(low);
    } else {
      for (int i = 0; i < count; i++) v.add(high);
    }
    return v;
  }

  /**
   * {@code 6-5} or {@code 5-5} for a throw (whatever number of steps the rules give a double);
   * {@code +3}, {@code +5-5-5} for dice passed on by the opponent.
   */
  @Override
  public String toString() {
    if (!transferred) return high + "-" + low;
    StringBuilder s = new StringBuilder("+");
    List<Integer> v = values();
    for (int i = 0; i < v.size(); i++) {
      if (i > 0) s.append('-');
      s.append(v.get(i));
    }
    return s.toString();
  }

  /** Parses {@link #toString()}'s form back; a throw needs the rules to count a double's steps. */
  public static DiceToPlay parse(String text, Rules rules) {
    if (text == null) throw new FormatException("dice-syntax", "");
    String t = text.strip();
    if (t.length() > 20) throw new FormatException("dice-syntax", Excerpt.of(text));
    if (!t.startsWith("+")) return of(Dice.parse(t), rules);
    List<Integer> values = new ArrayList<>();
    for (String part : t.substring(1).split("-", -1)) {
      if (part.length() != 1 || part.charAt(0) < '1' || part.charAt(0) > '6') {
        throw new FormatException("dice-transferred", Excerpt.of(text));
      }
      values.add(part.charAt(0) - '0');
    }
    if (values.size() > 6 || (values.size() > 2 && Collections.min(values) != Collections.max(values))) {
      throw new FormatException("dice-transferred", Excerpt.of(text));
    }
    return transferred(values);
  }
}
