package org.jacquet.cli.play;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jacquet.engine.Excerpt;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.format.RecordedDice;
import org.jacquet.engine.game.SeedHash;
import org.jacquet.engine.game.SeededDice;

/**
 * The dice a saved match goes on with: those its [Seed] would have thrown next, once the seed is
 * checked against its [SeedHash] and every throw so far; or new dice when the record gives no
 * seed (a server keeps it secret until the match ends), its [SeedHash] then dropped so that
 * {@code verify} is not misled.
 */
record SavedDice(long seed, boolean newDice) {
  /**
   * The record's seed, checked; {@code headers} (the record's, to go on with) lose their
   * [SeedHash] when the dice are new.
   *
   * @throws IllegalArgumentException naming the header or throw that does not hold up
   */
  static SavedDice of(GameRecord.Parsed parsed, Map<String, String> headers, Texts texts) {
    String seedText = headers.get("Seed");
    if (seedText == null) {
      headers.remove("SeedHash");
      return new SavedDice(System.nanoTime(), true);
    }
    long seed;
    try {
      seed = Long.parseLong(seedText.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(texts.get("load.seed.not.number", Excerpt.of(seedText)));
    }
    check(parsed, seed, texts);
    return new SavedDice(seed, false);
  }

  /** The record's [SeedHash], if any, and every throw so far must be the seed's. */
  private static void check(GameRecord.Parsed parsed, long seed, Texts texts) {
    String published = parsed.headers().get("SeedHash");
    if (published != null && !SeedHash.of(seed).equals(published.strip().toLowerCase(Locale.ROOT))) {
      throw new IllegalArgumentException(texts.get("load.seed.hash", Long.toString(seed)));
    }
    SeededDice dice = new SeededDice(seed);
    List<RecordedDice.Throw> thrown = parsed.dice().throwsRecorded();
    for (int i = 0; i < thrown.size(); i++) {
      int a = dice.roll();
      int b = dice.roll();
      RecordedDice.Throw t = thrown.get(i);
      if (!t.matches(a, b)) throw new IllegalArgumentException(texts.get("load.throw.differs", i + 1, t.first() + "-" + t.second(), a + "-" + b));
    }
  }
}
