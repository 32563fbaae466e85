package org.jacquet.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.format.RecordedDice;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.SeedHash;
import org.jacquet.engine.game.SeededDice;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jacquet verify RECORD [--hash HEX]}: checks a finished game record. The hash of the
 * secret dice seed was shown when the game began and the seed revealed when it ended: the seed
 * must match that hash ({@code --hash}, as the player noted it, or the record's own
 * {@code [SeedHash]}), the seeded dice must be exactly the record's, throw by throw, and the
 * record is replayed through the rules, so every play is legal and every score and result line
 * follows from the games. It prints each check it made.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Checks a game record: its revealed seed matches the hash published at the start "
        + "(--hash, or the record's SeedHash), every throw is the seed's, every play is legal, "
        + "and the score and result lines follow from the games. Prints what was checked.",
        "Exit status: 0 every check passed, 1 a check failed or the record cannot be read, 2 usage."})
final class VerifyCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RECORD", description = "A game record (text, UTF-8).") Path file;

  @Option(names = "--hash", paramLabel = "HEX",
      description = "The seed hash shown when the game began (64 hexadecimal digits).")
  String hash;

  @picocli.CommandLine.Mixin LangOption langOption;

  @Override
  public Integer call() throws Exception {
    langOption.locale(); // a bad --lang is refused, not ignored
    String given = hash == null ? null : hash.strip().toLowerCase(Locale.ROOT);
    if (given != null && !given.matches("[0-9a-f]{64}")) {
      throw new IllegalArgumentException(Words.get("verify.hash.form", org.jacquet.engine.Excerpt.of(hash)));
    }
    GameRecord.Parsed parsed = Inputs.record(file);
    List<String> checked = new ArrayList<>();
    String seedText = parsed.headers().get("Seed");
    String published = parsed.headers().get("SeedHash");
    if (seedText == null) return failed(checked, Words.get("verify.no.seed"));
    long seed;
    try {
      seed = Long.parseLong(seedText.strip());
    } catch (NumberFormatException e) {
      return failed(checked, Words.get("verify.seed.not.number", org.jacquet.engine.Excerpt.of(seedText)));
    }
    String actual = SeedHash.of(seed);
    if (given == null && published == null) {
      return failed(checked, Words.get("verify.no.hash"));
    }
    if (given != null) {
      if (!actual.equals(given)) return failed(checked, Words.get("verify.hash.given.differs", Long.toString(seed), given));
      checked.add(Words.get("verify.hash.given.matches", Long.toString(seed)));
    }
    if (published != null) {
      if (!actual.equals(published.strip().toLowerCase(Locale.ROOT))) {
        return failed(checked, Words.get("verify.hash.record.differs", Long.toString(seed), org.jacquet.engine.Excerpt.of(published)));
      }
      checked.add(Words.get("verify.hash.record.matches"));
    }

    List<RecordedDice.Throw> thrown = parsed.dice().throwsRecorded();
    SeededDice dice = new SeededDice(seed);
    for (int i = 0; i < thrown.size(); i++) {
      int a = dice.roll();
      int b = dice.roll();
      RecordedDice.Throw t = thrown.get(i);
      if (!t.matches(a, b)) {
        return failed(checked, Words.get("verify.throw.differs", i + 1, t.first() + "-" + t.second(), a + "-" + b));
      }
    }
    checked.add(Words.get("verify.throws", thrown.size()));

    List<Game> games = parsed.match().games();
    int finished = (int) games.stream().filter(Game::isOver).count();
    GameRecord.Lines lines = parsed.lines();
    checked.add(Words.get("verify.replayed", games.size(), Words.texts().rules(parsed.match().rules())));
    if (lines.scoreLines() < games.size()) {
      return failed(checked, Words.get("verify.score.lines", lines.scoreLines(), games.size()));
    }
    if (lines.resultLines() < finished) {
      return failed(checked, Words.get("verify.result.lines", lines.resultLines(), finished));
    }
    if (!lines.resultHeader()) return failed(checked, Words.get("verify.no.result"));
    checked.add(Words.get("verify.lines"));
    for (String c : checked) System.out.println(Words.get("verify.ok", c));
    return 0;
  }

  private static int failed(List<String> checked, String why) {
    for (String c : checked) System.out.println(Words.get("verify.ok", c));
    System.out.println(Words.get("verify.failed", why));
    return 1;
  }
}
