package org.jacquet.engine.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.FormatException;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.LegalPlays;
import org.jacquet.engine.Mutations;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/**
 * The parsers of a position, a position ID and plays (dice and rules: {@code
 * engine.ParsersPropertyTest}): generated valid inputs round-trip, and generated mutations of
 * them ({@link Mutations}) are either refused with the documented {@link
 * IllegalArgumentException} and a readable message, or accepted only when an independent reading
 * of the format (written here, apart from the parser) accepts them too.
 */
class FormatParsersPropertyTest {
  private static final int EXAMPLES = 3_000;

  /** A position with any number of checkers per side on random points, sides never sharing one. */
  static Position randomPosition(SplittableRandom r) {
    int[] white = new int[25];
    int[] black = new int[25];
    int whiteOn = r.nextInt(16);
    int blackOn = whiteOn == 0 ? 1 + r.nextInt(15) : r.nextInt(16);
    int spread = 1 + r.nextInt(24);
    for (int i = 0; i < whiteOn; i++) white[1 + r.nextInt(spread)]++;
    List<Integer> free = new ArrayList<>();
    for (int p = 1; p <= 24; p++) if (white[Side.otherFrame(p)] == 0) free.add(p);
    for (int i = 0; i < blackOn; i++) black[free.get(r.nextInt(Math.min(free.size(), spread)))]++;
    return Position.of(white, black, r.nextBoolean() ? Side.WHITE : Side.BLACK);
  }

  // ------------------------------------------------------------------ position text and ID

  private static final Pattern SIDE_LIST = Pattern.compile("(\\d{1,3}):(\\d{1,3})");

  /** RULES.md §1 read independently: the position {@code text} stands for, or null if invalid. */
  static Position referencePosition(String text) {
    if (text.isEmpty() || text.length() > 400) return null;
    for (char c : text.toCharArray()) {
      if ((c < ' ' && c != '\t' && c != '\n' && c != '\r') || c > '~') return null;
    }
    String[] tokens = text.trim().split("[ \t\n\r]+");
    if (tokens.length != 3) return null;
    String whiteList = null;
    String blackList = null;
    String turn = null;
    for (String t : tokens) {
      if (t.startsWith("white=") && whiteList == null) whiteList = t.substring(6);
      else if (t.startsWith("black=") && blackList == null) blackList = t.substring(6);
      else if (t.startsWith("turn=") && turn == null) turn = t.substring(5);
      else return null;
    }
    if (whiteList == null || blackList == null || !(turn.equals("white") || turn.equals("black"))) return null;
    int[] white = referenceSide(whiteList);
    int[] black = referenceSide(blackList);
    if (white == null || black == null) return null;
    int total = 0;
    for (int p = 1; p <= 24; p++) {
      if (white[p] > 0 && black[Side.otherFrame(p)] > 0) return null;
      total += white[p] + black[p];
    }
    if (total == 0) return null;
    return Position.of(white, black, turn.equals("white") ? Side.WHITE : Side.BLACK);
  }

  private static int[] referenceSide(String list) {
    int[] counts = new int[25];
    if (list.isEmpty()) return counts;
    int total = 0;
    for (String pair : list.split(",", -1)) {
      Matcher m = SIDE_LIST.matcher(pair);
      if (!m.matches()) return null;
      int point = Integer.parseInt(m.group(1));
      int count = Integer.parseInt(m.group(2));
      if (point < 1 || point > 24 || count < 1 || counts[point] > 0) return null;
      counts[point] = count;
      total += count;
    }
    return total <= 15 ? counts : null;
  }

  @Test
  void positionTextsRoundTripAndMutationsAreRefusedOrMeanWhatTheySay() {
    qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
      Position p = randomPosition(new SplittableRandom(seed));
      String text = p.toString();
      assertThat(PositionText.parse(text)).isEqualTo(p);
      assertThat(referencePosition(text)).isEqualTo(p);
      String mutated = Mutations.of(text, seed);
      Mutations.parsesOrRefuses(mutated, PositionText::parse, FormatException.class, accepted -> {
        assertThat(referencePosition(mutated)).as("the reference reading").isEqualTo(accepted);
      });
    });
  }

  @Test
  void positionIdsRoundTripAndMutationsAreRefusedOrCanonical() {
    qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
      Position p = randomPosition(new SplittableRandom(seed));
      String id = p.id();
      assertThat(id).hasSize(14);
      assertThat(Position.parse(id)).isEqualTo(p);
      String mutated = Mutations.of(id, seed);
      Mutations.parsesOrRefuses(mutated, PositionId::parse, FormatException.class, accepted -> {
        // Only the one canonical ID of a position is accepted, surrounding blanks aside.
        assertThat(accepted.id()).isEqualTo(mutated.trim());
      });
      // Through Position.parse, which tells an ID from a text by its shape.
      Mutations.parsesOrRefuses(mutated, Position::parse, FormatException.class, accepted -> {
        assertThat(accepted.id().equals(mutated.trim()) || accepted.equals(referencePosition(mutated))).isTrue();
      });
    });
  }

  // ------------------------------------------------------------------ plays

  @Test
  void playsRoundTripAndMutationsAreRefusedWithTheRuleOrAreLegal() {
    Rules[] rules = {Rules.MODERN, Rules.ORIGINAL, Rules.MOULTEZIM, Rules.VERSAILLES};
    qt().withExamples(1_500).forAll(longs().all()).checkAssert(seed -> {
      SplittableRandom r = new SplittableRandom(seed);
      Rules rule = rules[r.nextInt(rules.length)];
      Position p = randomPosition(r);
      if (p.isOver()) return;
      DiceToPlay dice = DiceToPlay.of(Dice.of(1 + r.nextInt(6), 1 + r.nextInt(6)), rule);
      LegalPlays legal = PlayGenerator.legalPlays(rule, p, dice);
      Play play = legal.plays().get(r.nextInt(legal.plays().size()));
      String text = play.isPass() ? "pass" : play.notation();
      assertThat(PlayNotation.parse(text, rule, p, dice).result()).isEqualTo(play.result());
      String mutated = Mutations.of(text, seed);
      Mutations.parsesOrRefuses(mutated, t -> PlayNotation.parse(t, rule, p, dice), IllegalPlayException.class, accepted -> {
        assertThat(legal.leadingTo(accepted.result())).isPresent();
        if (!legal.isPass()) assertThat(PlayNotation.segments(mutated)).isNotEmpty();
      });
    });
  }

  @Test
  void refusedPlaysCarryAReasonInBothLanguages() {
    qt().withExamples(500).forAll(longs().all()).checkAssert(seed -> {
      SplittableRandom r = new SplittableRandom(seed);
      Position p = randomPosition(r);
      if (p.isOver()) return;
      DiceToPlay dice = DiceToPlay.of(Dice.of(1 + r.nextInt(6), 1 + r.nextInt(6)), Rules.MODERN);
      String mutated = Mutations.of("1/7 7/12", seed);
      try {
        PlayNotation.parse(mutated, Rules.MODERN, p, dice);
      } catch (IllegalPlayException e) {
        assertThat(e.reason()).isNotNull();
        assertThat(e.message(Locale.FRENCH)).isNotBlank().isNotEqualTo(e.message(Locale.ENGLISH));
      }
    });
  }
}
