package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.game.SeedHash;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.game.Tokens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** jacquet verify: the seed against the hash, the dice against the seed, the plays against the rules. */
class VerifyCommandTest extends ConsoleCapture {
  private static final long SEED = 2026;
  @TempDir Path dir;

  /** A match to 3 in which the side to move resigns each game right after its throw. */
  private static Match resignedMatch() {
    Match m = new Match(Rules.MODERN, 3, new SeededDice(SEED));
    SplittableRandom random = new SplittableRandom(SEED);
    while (!m.isOver()) {
      if (m.game().isOver()) m.nextGame();
      Game g = m.game();
      for (int turns = 0; turns < 8; ) {
        if (g.phase() == Phase.PLAY) {
          g.play(g.legalPlays().plays().get(random.nextInt(g.legalPlays().plays().size())));
          turns++;
        } else if (g.phase() == Phase.OPENING_CHOICE) {
          g.chooseOpening(false);
        } else {
          g.roll();
        }
      }
      while (g.phase() != Phase.PLAY) g.roll();
      g.resign(g.sideToAct()); // with its throw not yet played
    }
    return m;
  }

  private Path write(String name, String text) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return file;
  }

  @Test
  void aMatchWithResignationsAfterAThrowVerifiesAndSaysWhatWasChecked() throws Exception {
    // What the terminal game writes: the seed, and (added by the record writer) its hash.
    Path file = write("m.txt", GameRecord.write(resignedMatch(), Map.of("Seed", Long.toString(SEED))));
    assertThat(run("verify", file.toString(), "--hash", SeedHash.of(SEED))).isZero();
    assertThat(out()).contains(
        "OK: the seed 2026 matches the hash given with --hash",
        "OK: the seed matches the record's [SeedHash]",
        "throws of the record are the seed's, in order",
        "games replayed through the rules (modern): every play is legal",
        "OK: every Score line, Result line and the [Result] header follow from the games");
    assertThat(out()).doesNotContain("FAILED");
  }

  @Test
  void theServersHashIsTheSameCommitment() {
    assertThat(SeedHash.of(SEED)).isEqualTo(Tokens.seedHash(SEED));
  }

  @Test
  void aHashOtherThanTheOneShownAtTheStartFails() throws Exception {
    Path file = write("m.txt", GameRecord.write(resignedMatch(), Map.of("Seed", Long.toString(SEED))));
    assertThat(run("verify", file.toString(), "--hash", SeedHash.of(SEED + 1))).isEqualTo(1);
    assertThat(out()).contains("FAILED: the seed 2026 does not match the hash given with --hash");
  }

  @Test
  void aRecordWhoseDiceAreNotTheSeedsFails() throws Exception {
    String text = GameRecord.write(resignedMatch(), Map.of("Seed", Long.toString(SEED + 1), "SeedHash", SeedHash.of(SEED + 1)));
    assertThat(run("verify", write("m.txt", text).toString())).isEqualTo(1);
    assertThat(out()).contains("OK: the seed matches the record's [SeedHash]").contains("FAILED: throw 1 of the record is");
  }

  @Test
  void aRecordLeavingOutItsScoreOrResultLinesFails() throws Exception {
    String text = GameRecord.write(resignedMatch(), Map.of("Seed", Long.toString(SEED)));
    String noScores = text.replaceAll("(?m)^Score: .*\\n", "");
    assertThat(run("verify", write("a.txt", noScores).toString())).isEqualTo(1);
    assertThat(out()).contains("FAILED: only 0 of the");
    String noResult = text.replaceAll("(?m)^\\[Result .*\\n", "");
    assertThat(run("verify", write("b.txt", noResult).toString())).isEqualTo(1);
    assertThat(out()).contains("FAILED: the record has no [Result \"…\"] header");
  }

  @Test
  void anIllegalPlayOrAWrongResultIsRefusedWithItsLine() throws Exception {
    String text = GameRecord.write(resignedMatch(), Map.of("Seed", Long.toString(SEED)));
    String wrongResult = text.replaceFirst("\\[Result \"(white|black) ", "[Result \"nobody ");
    assertThat(run("verify", write("r.txt", wrongResult).toString())).isNotZero();
    assertThat(err()).contains("does not match the games");
    String illegal = text.replaceFirst("(?m)^(\\s+1\\) \\w+ \\d-\\d): .*$", "$1: 1/2 2/3 3/4 4/5");
    assertThat(run("verify", write("i.txt", illegal).toString())).isNotZero();
    assertThat(err()).contains("(game 1, turn 1): illegal play");
  }

  @Test
  void withoutAnyHashTheSeedCannotBeChecked() throws Exception {
    String text = GameRecord.write(resignedMatch(), Map.of()).replace("[Rules", "[Seed \"1\"]\n[Rules");
    // The writer adds no hash here (the Seed header was not given to it), so there is none.
    assertThat(text).doesNotContain("SeedHash");
    assertThat(run("verify", write("n.txt", text).toString())).isEqualTo(1);
    assertThat(out()).contains("FAILED: no hash to check the seed against");
  }

  @Test
  void aMalformedHashIsAUsageError() throws Exception {
    Path file = write("m.txt", GameRecord.write(resignedMatch(), Map.of("Seed", Long.toString(SEED))));
    assertThat(run("verify", file.toString(), "--hash", "xyz")).isNotZero();
    assertThat(err()).contains("--hash must be the 64 hexadecimal digits");
  }
}
