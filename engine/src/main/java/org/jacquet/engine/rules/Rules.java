package org.jacquet.engine.rules;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Every rule option of RULES.md, as one immutable value. Presets are named constants; the one
 * text form ({@code modern}, {@code advanced+return-checkers=2}) is shared by the command line,
 * the web app and game records.
 *
 * @param postilionEntry first route point of the quadrant the postilion must reach (19; 13 in
 *     Moultezim)
 * @param blocking which six-point blocks are restricted
 * @param returnCheckers 1 (point 24) or 2 (points 23 and 24) return checkers needed to hold a block
 * @param postilionProtection no block may shut a bound opponent postilion out of its entry quadrant
 * @param bearOff where borne-off checkers go
 * @param scoring how a won game is scored
 * @param doubles how many steps a double gives
 * @param opening what the winner of the opening throw does
 * @param openingTie what a tied opening throw does
 * @param unusedDice whether dice the mover cannot use are lost or passed to the opponent
 */
public record Rules(
    int postilionEntry,
    Blocking blocking,
    int returnCheckers,
    boolean postilionProtection,
    BearOff bearOff,
    Scoring scoring,
    Doubles doubles,
    Opening opening,
    OpeningTie openingTie,
    UnusedDice unusedDice) {
  /** Far more than the longest rules text that sets every option (about 250 characters). */
  private static final int MAX_TEXT = 600;
  private static final String POSTILION_ENTRIES = "19, 13";
  private static final String RETURN_CHECKERS = "1, 2";

  public static final Rules ORIGINAL =
      new Rules(19, Blocking.FREE, 1, false, BearOff.OFF_BOARD, Scoring.SIMPLE, Doubles.FOUR,
          Opening.REROLL, OpeningTie.RETHROW, UnusedDice.LOST);
  public static final Rules MODERN =
      new Rules(19, Blocking.FIRST_QUADRANT_NEEDS_RETURN, 1, true, BearOff.OFF_BOARD,
          Scoring.SIMPLE, Doubles.FOUR, Opening.REROLL, OpeningTie.RETHROW, UnusedDice.LOST);
  public static final Rules ADVANCED =
      new Rules(19, Blocking.FIRST_QUADRANT_NEEDS_RETURN, 1, true, BearOff.OPPONENT_TALON,
          Scoring.LADDER, Doubles.FOUR, Opening.REROLL, OpeningTie.RETHROW, UnusedDice.LOST);
  public static final Rules MOULTEZIM =
      new Rules(13, Blocking.FIRST_QUADRANT_FORBIDDEN, 1, true, BearOff.OFF_BOARD,
          Scoring.SIMPLE, Doubles.FOUR, Opening.REROLL, OpeningTie.RETHROW, UnusedDice.LOST);
  public static final Rules VERSAILLES =
      new Rules(19, Blocking.FIRST_QUADRANT_NEEDS_RETURN, 1, true, BearOff.OFF_BOARD,
          Scoring.SIMPLE, Doubles.SQUARED, Opening.PLAY_OPENING_DICE, OpeningTie.BOTH_PLAY,
          UnusedDice.PASSED);

  /** The presets by name, in the order of RULES.md §7 (the default, {@code modern}, second). */
  public static final Map<String, Rules> PRESETS = presets();

  public Rules {
    if (postilionEntry != 13 && postilionEntry != 19) {
      throw new org.jacquet.engine.FormatException("rules-value-invalid", postilionEntry, "postilion-entry", POSTILION_ENTRIES);
    }
    if (returnCheckers != 1 && returnCheckers != 2) {
      throw new org.jacquet.engine.FormatException("rules-value-invalid", returnCheckers, "return-checkers", RETURN_CHECKERS);
    }
    if (blocking == null || bearOff == null || scoring == null || doubles == null
        || opening == null || openingTie == null || unusedDice == null) {
      throw new IllegalArgumentException("every rule option needs a value");
    }
  }

  private static Map<String, Rules> presets() {
    Map<String, Rules> map = new LinkedHashMap<>();
    map.put("original", ORIGINAL);
    map.put("modern", MODERN);
    map.put("advanced", ADVANCED);
    map.put("moultezim", MOULTEZIM);
    map.put("versailles", VERSAILLES);
    return java.util.Collections.unmodifiableMap(map);
  }

  /** One option: its name, how to print it from a Rules, and how to set it from text. */
  private record Option(
      String name, Function<Rules, String> get, BiFunction<Rules, String, Rules> set) {}

  private static final List<Option> OPTIONS = List.of(
      new Option("postilion-entry", r -> Integer.toString(r.postilionEntry),
          (r, v) -> r.withPostilionEntry(parseInt("postilion-entry", v, POSTILION_ENTRIES))),
      new Option("blocking", r -> r.blocking.text(),
          (r, v) -> r.withBlocking(RuleValue.parse(Blocking.class, "blocking", v))),
      new Option("return-checkers", r -> Integer.toString(r.returnCheckers),
          (r, v) -> r.withReturnCheckers(parseInt("return-checkers", v, RETURN_CHECKERS))),
      new Option("postilion-protection", r -> r.postilionProtection ? "on" : "off",
          (r, v) -> r.withPostilionProtection(parseOnOff("postilion-protection", v))),
      new Option("bear-off", r -> r.bearOff.text(),
          (r, v) -> r.withBearOff(RuleValue.parse(BearOff.class, "bear-off", v))),
      new Option("scoring", r -> r.scoring.text(),
          (r, v) -> r.withScoring(RuleValue.parse(Scoring.class, "scoring", v))),
      new Option("doubles", r -> r.doubles.text(),
          (r, v) -> r.withDoubles(RuleValue.parse(Doubles.class, "doubles", v))),
      new Option("opening", r -> r.opening.text(),
          (r, v) -> r.withOpening(RuleValue.parse(Opening.class, "opening", v))),
      new Option("opening-tie", r -> r.openingTie.text(),
          (r, v) -> r.withOpeningTie(RuleValue.parse(OpeningTie.class, "opening-tie", v))),
      new Option("unused-dice", r -> r.unusedDice.text(),
          (r, v) -> r.withUnusedDice(RuleValue.parse(UnusedDice.class, "unused-dice", v))));

  /** The names of every rule option, in their canonical order. */
  public static List<String> optionNames() {
    return OPTIONS.stream().map(Option::name).toList();
  }

  /**
   * Parses {@code preset[+option=value]...}, e.g. {@code advanced+return-checkers=2}. Names are
   * case-insensitive; an unknown preset, option or value is rejected with the list of valid ones.
   * A space inside is refused ({@code rules-space}), naming the option it is in: in a URL's query
   * a '+' arrives as a space, so {@code return-checkers=+2} typed there reached this parser as
   * {@code "return-checkers= 2"} and was read as 2, while the same text elsewhere is refused.
   * Spaces before and after the whole text are let go.
   */
  public static Rules parse(String text) {
    if (text == null || text.isBlank()) {
      throw new org.jacquet.engine.FormatException("rules-empty", String.join(", ", PRESETS.keySet()));
    }
    if (text.length() > MAX_TEXT) {
      throw new org.jacquet.engine.FormatException("rules-too-long", text.length(), MAX_TEXT);
    }
    String trimmed = text.strip();
    for (int i = 0; i < trimmed.length(); i++) {
      if (Character.isWhitespace(trimmed.charAt(i))) {
        int from = trimmed.lastIndexOf('+', i) + 1;
        int to = trimmed.indexOf('+', i);
        throw new org.jacquet.engine.FormatException("rules-space",
            org.jacquet.engine.Excerpt.of(trimmed.substring(from, to < 0 ? trimmed.length() : to)));
      }
    }
    String[] parts = trimmed.toLowerCase(Locale.ROOT).split("\\+", -1);
    Rules rules = PRESETS.get(parts[0].trim());
    if (rules == null) {
      throw new org.jacquet.engine.FormatException("rules-preset-unknown", org.jacquet.engine.Excerpt.of(parts[0].trim()),
          String.join(", ", PRESETS.keySet()));
    }
    java.util.Set<String> given = new java.util.HashSet<>();
    for (int i = 1; i < parts.length; i++) {
      String part = parts[i].trim();
      int eq = part.indexOf('=');
      if (eq > 0 && eq == part.length() - 1 && i + 1 < parts.length && parts[i + 1].trim().matches("[0-9].*")
          && validValues(part.substring(0, eq).trim()) != null) {
        // "return-checkers=+2": the '+' that joins options was read as the value's sign; say so.
        throw new org.jacquet.engine.FormatException("rules-value-invalid", org.jacquet.engine.Excerpt.of("+" + parts[i + 1].trim()),
            part.substring(0, eq).trim(), validValues(part.substring(0, eq).trim()));
      }
      if (eq <= 0 || eq == part.length() - 1) {
        throw new org.jacquet.engine.FormatException("rules-option-syntax", org.jacquet.engine.Excerpt.of(part));
      }
      String name = part.substring(0, eq).trim();
      String value = part.substring(eq + 1).trim();
      Option option = OPTIONS.stream().filter(o -> o.name.equals(name)).findFirst()
          .orElseThrow(() -> new org.jacquet.engine.FormatException("rules-option-unknown", org.jacquet.engine.Excerpt.of(name),
              String.join(", ", optionNames())));
      if (!given.add(name)) {
        throw new org.jacquet.engine.FormatException("rules-option-twice", name);
      }
      rules = option.set.apply(rules, value);
    }
    return rules;
  }

  /**
   * The canonical text: the preset needing the fewest options on top (the earlier preset on a
   * tie), then those options in canonical order. {@code parse(r.toString()).equals(r)} always.
   */
  @Override
  public String toString() {
    String best = null;
    List<String> bestDiff = null;
    for (Map.Entry<String, Rules> preset : PRESETS.entrySet()) {
      List<String> diff = new ArrayList<>();
      for (Option option : OPTIONS) {
        String mine = option.get.apply(this);
        if (!mine.equals(option.get.apply(preset.getValue()))) diff.add(option.name + "=" + mine);
      }
      if (bestDiff == null || diff.size() < bestDiff.size()) {
        best = preset.getKey();
        bestDiff = diff;
      }
    }
    StringBuilder text = new StringBuilder(best);
    for (String d : bestDiff) text.append('+').append(d);
    return text.toString();
  }

  /** The value of one option as text, for display. */
  public String option(String name) {
    return OPTIONS.stream().filter(o -> o.name.equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown rule option '" + name + "'"))
        .get.apply(this);
  }

  /** Number of steps a throw of two equal dice of {@code value} gives. */
  public int doubleSteps(int value) {
    return doubles.steps(value);
  }

  /**
   * A number in rules text, by one rule for every numeric option: its plain digits, as the valid
   * values are written ("2", "13"), so "02", "013" and "+2" are refused alike, naming the values.
   * (Rules text has no spaces: {@link #parse}.)
   */
  private static int parseInt(String option, String value, String valid) {
    if (!value.matches("[1-9][0-9]?")) {
      throw new org.jacquet.engine.FormatException("rules-value-invalid", org.jacquet.engine.Excerpt.of(value), option, valid);
    }
    return Integer.parseInt(value);
  }

  /** The valid values of a numeric option, as its refusals list them; null for the others. */
  private static String validValues(String option) {
    return switch (option) {
      case "postilion-entry" -> POSTILION_ENTRIES;
      case "return-checkers" -> RETURN_CHECKERS;
      default -> null;
    };
  }

  private static boolean parseOnOff(String option, String value) {
    return switch (value) {
      case "on" -> true;
      case "off" -> false;
      default -> throw new org.jacquet.engine.FormatException("rules-value-invalid", org.jacquet.engine.Excerpt.of(value), option, "on, off");
    };
  }

  public Rules withPostilionEntry(int v) {
    return new Rules(v, blocking, returnCheckers, postilionProtection, bearOff, scoring, doubles,
        opening, openingTie, unusedDice);
  }

  public Rules withBlocking(Blocking v) {
    return new Rules(postilionEntry, v, returnCheckers, postilionProtection, bearOff, scoring,
        doubles, opening, openingTie, unusedDice);
  }

  public Rules withReturnCheckers(int v) {
    return new Rules(postilionEntry, blocking, v, postilionProtection, bearOff, scoring, doubles,
        opening, openingTie, unusedDice);
  }

  public Rules withPostilionProtection(boolean v) {
    return new Rules(postilionEntry, blocking, returnCheckers, v, bearOff, scoring, doubles,
        opening, openingTie, unusedDice);
  }

  public Rules withBearOff(BearOff v) {
    return new Rules(postilionEntry, blocking, returnCheckers, postilionProtection, v, scoring,
        doubles, opening, openingTie, unusedDice);
  }

  public Rules withScoring(Scoring v) {
    return new Rules(postilionEntry, blocking, returnCheckers, postilionProtection, bearOff, v,
        doubles, opening, openingTie, unusedDice);
  }

  public Rules withDoubles(Doubles v) {
    return new Rules(postilionEntry, blocking, returnCheckers, postilionProtection, bearOff,
        scoring, v, opening, openingTie, unusedDice);
  }

  public Rules withOpening(Opening v) {
    return new Rules(postilionEntry, blocking, returnCheckers, postilionProtection, bearOff,
        scoring, doubles, v, openingTie, unusedDice);
  }

  public Rules withOpeningTie(OpeningTie v) {
    return new Rules(postilionEntry, blocking, returnCheckers, postilionProtection, bearOff,
        scoring, doubles, opening, v, unusedDice);
  }

  public Rules withUnusedDice(UnusedDice v) {
    return new Rules(postilionEntry, blocking, returnCheckers, postilionProtection, bearOff,
        scoring, doubles, opening, openingTie, v);
  }
}
