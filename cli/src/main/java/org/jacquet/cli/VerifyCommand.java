package org.jacquet.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.jacquet.engine.game.GameRecord;
import org.jacquet.engine.game.RecordedDice;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.server.Tokens;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jacquet verify RECORD}: checks a finished game's dice. The server published the hash
 * of its secret seed when the game began and revealed the seed when it ended: the seed must
 * match the hash, and the seeded dice must be exactly the dice of the record, throw by throw.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = "Checks that a game record's dice are those of its revealed seed, which matches the hash published at the start.")
final class VerifyCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RECORD") Path file;

  @Override
  public Integer call() throws Exception {
    GameRecord.Parsed parsed = GameRecord.read(Files.readString(file, StandardCharsets.UTF_8));
    String seedText = parsed.headers().get("Seed");
    String hash = parsed.headers().get("SeedHash");
    if (seedText == null) throw new IllegalArgumentException("the record reveals no [Seed \"…\"]: is the game over?");
    if (hash == null) throw new IllegalArgumentException("the record has no [SeedHash \"…\"] published at the start");
    long seed = Long.parseLong(seedText.trim());
    if (!Tokens.seedHash(seed).equals(hash.trim())) {
      System.out.println("FAILED: the seed " + seed + " does not match the published hash " + hash);
      return 1;
    }
    List<RecordedDice.Throw> thrown = parsed.dice().throwsRecorded();
    SeededDice dice = new SeededDice(seed);
    for (int i = 0; i < thrown.size(); i++) {
      int a = dice.roll();
      int b = dice.roll();
      RecordedDice.Throw t = thrown.get(i);
      if (!t.matches(a, b)) {
        System.out.printf("FAILED: throw %d of the record is %d-%d; the seed throws %d-%d%n", i + 1, t.first(), t.second(), a, b);
        return 1;
      }
    }
    System.out.printf("OK: the seed matches the published hash, and all %d throws of the record are the seed's.%n", thrown.size());
    return 0;
  }
}
