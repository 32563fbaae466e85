package org.jacquet.engine.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.jacquet.engine.Mutations;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;

/**
 * Game records: generated matches (finished, unfinished, resigned) round-trip through the text;
 * mutated records (characters, whole lines, bytes that are not UTF-8) are refused with the
 * documented error naming their line, or, when accepted, mean exactly what they say: written
 * back and read again, they give the same games.
 */
class RecordPropertyTest {
  private static final List<Rules> RULES = List.of(Rules.MODERN, Rules.ORIGINAL, Rules.ADVANCED,
      Rules.MOULTEZIM, Rules.VERSAILLES, Rules.parse("modern+opening=winner-chooses"));

  static Match randomMatch(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Rules rules = RULES.get(r.nextInt(RULES.size()));
    Match m = GameRecordTest.randomMatch(rules, 1 + r.nextInt(3), seed, r.nextInt(4) == 0 ? Integer.MAX_VALUE : r.nextInt(300));
    if (!m.isOver() && r.nextBoolean()) {
      if (m.game().isOver()) m.nextGame();
      m.game().resign(r.nextBoolean() ? m.game().sideToAct() : m.game().sideToAct().opponent());
    }
    return m;
  }

  private static String record(long seed) {
    return GameRecord.write(randomMatch(seed), Map.of("White", "Zoé", "Seed", Long.toString(seed)));
  }

  /** Whole-line mutations: a line deleted, duplicated, or two lines swapped. */
  private static String lineMutation(String text, SplittableRandom r) {
    List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    int i = r.nextInt(lines.size());
    int j = r.nextInt(lines.size());
    switch (r.nextInt(3)) {
      case 0 -> lines.remove(i);
      case 1 -> lines.add(j, lines.get(i));
      default -> {
        String t = lines.get(i);
        lines.set(i, lines.get(j));
        lines.set(j, t);
      }
    }
    return String.join("\n", lines);
  }

  private static void sameGames(GameRecord.Parsed a, GameRecord.Parsed b) {
    assertThat(b.match().games()).hasSameSizeAs(a.match().games());
    for (int g = 0; g < a.match().games().size(); g++) {
      assertThat(b.match().games().get(g).events()).isEqualTo(a.match().games().get(g).events());
      assertThat(b.match().games().get(g).position()).isEqualTo(a.match().games().get(g).position());
    }
    // The writer adds the hash of a known seed when the record did not give it.
    Map<String, String> expected = new java.util.HashMap<>(a.headers());
    if (!expected.containsKey("SeedHash") && b.headers().containsKey("SeedHash")) expected.put("SeedHash", b.headers().get("SeedHash"));
    assertThat(b.headers()).isEqualTo(expected);
  }

  private static void refusedWithItsLine(String input, IllegalArgumentException e) {
    assertThat(e).as("refusal of %s", Mutations.show(input)).isInstanceOf(RecordException.class);
    Mutations.assertReadable(input, e);
    assertThat(e.getMessage()).matches("(line \\d+\\b.*|the record has no game|the record is empty)");
  }

  @Test
  void generatedRecordsRoundTrip() {
    qt().withExamples(150).forAll(longs().all()).checkAssert(seed -> {
      String text = record(seed);
      GameRecord.Parsed back = GameRecord.read(text);
      assertThat(GameRecord.write(back.match(), back.headers())).isEqualTo(text);
      assertThat(GameRecord.read(text.getBytes(StandardCharsets.UTF_8)).match().game().events())
          .isEqualTo(back.match().game().events());
    });
  }

  @Test
  void mutatedRecordsAreRefusedWithTheirLineOrMeanWhatTheySay() {
    qt().withExamples(500).forAll(longs().all()).checkAssert(seed -> {
      String text = record(seed);
      SplittableRandom r = new SplittableRandom(seed);
      String mutated = r.nextBoolean() ? lineMutation(text, r) : Mutations.of(text, seed);
      GameRecord.Parsed parsed;
      try {
        parsed = GameRecord.read(mutated);
      } catch (IllegalArgumentException e) {
        refusedWithItsLine(mutated, e);
        return;
      } catch (RuntimeException | StackOverflowError e) {
        throw new AssertionError("record " + Mutations.show(mutated) + " gave " + e, e);
      }
      String again = GameRecord.write(parsed.match(), parsed.headers());
      try {
        sameGames(parsed, GameRecord.read(again));
      } catch (IllegalArgumentException | AssertionError e) {
        fail("accepted record " + Mutations.show(mutated) + " does not read back the same: " + e.getMessage());
      }
    });
  }

  @Test
  void bytesThatAreNotUtf8AreRefusedWithTheirLine() {
    qt().withExamples(200).forAll(longs().all()).checkAssert(seed -> {
      byte[] bytes = record(seed).getBytes(StandardCharsets.UTF_8);
      SplittableRandom r = new SplittableRandom(seed);
      byte[] mutated = Arrays.copyOf(bytes, bytes.length);
      int at = r.nextInt(bytes.length);
      switch (r.nextInt(3)) {
        case 0 -> mutated[at] = (byte) (0x80 + r.nextInt(0x80)); // a byte no UTF-8 text has alone
        case 1 -> mutated = Arrays.copyOf(bytes, Math.max(0, new String(bytes, StandardCharsets.UTF_8).indexOf('é') + 1)); // cut inside 'é'
        default -> mutated[at] = (byte) 0xFF;
      }
      byte[] input = mutated;
      try {
        GameRecord.read(input);
      } catch (IllegalArgumentException e) {
        refusedWithItsLine("(bytes)", e);
        return;
      } catch (RuntimeException | StackOverflowError e) {
        throw new AssertionError("bytes gave " + e, e);
      }
      // Accepted: then the bytes were UTF-8 after all (a continuation byte completing a character).
      try {
        StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(input));
      } catch (java.nio.charset.CharacterCodingException e) {
        fail("bytes that are not UTF-8 were accepted");
      }
    });
  }
}
