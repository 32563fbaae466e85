package org.jacquet.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/**
 * The parsers of dice and rules (positions, IDs and plays: {@code
 * format.FormatParsersPropertyTest}): generated valid inputs round-trip, and generated mutations
 * of them ({@link Mutations}) are either refused with the documented {@link
 * IllegalArgumentException} and a readable message, or accepted only when an independent reading
 * of the format (written here, apart from the parser) accepts them too.
 */
class ParsersPropertyTest {
  private static final int EXAMPLES = 3_000;

  // ------------------------------------------------------------------ dice

  @Test
  void diceRoundTripAndMutationsAreRefusedOrAreDice() {
    Rules[] rules = {Rules.MODERN, Rules.VERSAILLES};
    qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
      SplittableRandom r = new SplittableRandom(seed);
      Dice dice = Dice.of(1 + r.nextInt(6), 1 + r.nextInt(6));
      Rules rule = rules[r.nextInt(2)];
      assertThat(Dice.parse(dice.toString())).isEqualTo(dice);
      DiceToPlay toPlay = r.nextInt(4) == 0
          ? DiceToPlay.transferred(r.nextBoolean() ? List.of(dice.high()) : List.of(dice.high(), dice.low()))
          : DiceToPlay.of(dice, rule);
      assertThat(DiceToPlay.parse(toPlay.toString(), rule).toString()).isEqualTo(toPlay.toString());
      String mutated = Mutations.of(dice.toString(), seed);
      Mutations.parsesOrRefuses(mutated, Dice::parse, FormatException.class, accepted -> {
        assertThat(mutated.strip()).matches("[1-6][-,]?[1-6]");
        assertThat(accepted).isEqualTo(Dice.of(mutated.strip().charAt(0) - '0',
            mutated.strip().charAt(mutated.strip().length() - 1) - '0'));
      });
      String mutatedToPlay = Mutations.of(toPlay.toString(), seed);
      Mutations.parsesOrRefuses(mutatedToPlay, t -> DiceToPlay.parse(t, rule), FormatException.class, accepted -> {
        assertThat(mutatedToPlay.strip()).matches("[1-6][-,]?[1-6]|\\+[1-6](-[1-6]){0,5}");
      });
    });
  }

  // ------------------------------------------------------------------ rules

  private static final List<String> OPTION_VALUES = List.of(
      "postilion-entry=19", "postilion-entry=13", "blocking=free", "blocking=any-needs-return",
      "blocking=first-quadrant-forbidden", "blocking=first-quadrant-needs-return", "return-checkers=1",
      "return-checkers=2", "postilion-protection=on", "postilion-protection=off", "bear-off=off-board",
      "bear-off=opponent-talon", "scoring=simple", "scoring=ladder", "scoring=spanish", "doubles=squared",
      "doubles=four", "opening=reroll", "opening=play-opening-dice", "opening=winner-chooses");

  @Test
  void rulesTextsRoundTripAndMutationsAreRefusedOrNameEachOptionOnce() {
    List<String> presets = new ArrayList<>(Rules.PRESETS.keySet());
    qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
      SplittableRandom r = new SplittableRandom(seed);
      StringBuilder text = new StringBuilder(presets.get(r.nextInt(presets.size())));
      Set<String> names = new HashSet<>();
      for (int k = r.nextInt(5); k > 0; k--) {
        String option = OPTION_VALUES.get(r.nextInt(OPTION_VALUES.size()));
        if (names.add(option.substring(0, option.indexOf('=')))) text.append('+').append(option);
      }
      Rules rules = Rules.parse(text.toString());
      assertThat(Rules.parse(rules.toString())).isEqualTo(rules);
      String mutated = Mutations.of(text.toString(), seed);
      Mutations.parsesOrRefuses(mutated, Rules::parse, FormatException.class, accepted -> {
        String[] parts = mutated.trim().toLowerCase(Locale.ROOT).split("\\+", -1);
        assertThat(Rules.PRESETS).containsKey(parts[0].trim());
        Set<String> given = new HashSet<>();
        String preset = parts[0].trim();
        for (int i = 1; i < parts.length; i++) {
          String part = parts[i].trim();
          String name = part.substring(0, part.indexOf('=')).trim();
          String value = part.substring(part.indexOf('=') + 1).trim();
          assertThat(given.add(name)).as("option %s given once", name).isTrue();
          assertThat(accepted.option(name)).isEqualTo(Rules.parse(preset + "+" + name + "=" + value).option(name));
        }
        for (String name : Rules.optionNames()) {
          if (!given.contains(name)) assertThat(accepted.option(name)).isEqualTo(Rules.PRESETS.get(preset).option(name));
        }
      });
    });
  }
}
