package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code play --load} goes on "with the dice its seed would have thrown": only with a seed that is
 * the record's own, never with a seed it makes up while the record claims another; and the
 * options that would change the match are refused, not ignored.
 */
class LoadedRecordTest extends ConsoleCapture {
  @TempDir Path dir;

  /** A game of a few moves against the random level, left mid-match, with its [Seed] and [SeedHash]. */
  private Path saved() throws Exception {
    Path rec = dir.resolve("saved.txt");
    stdin("1\n1\n1\n1\nquit\ny\n");
    assertThat(run("play", "--lang", "en", "--record", rec.toString(), "--level", "random", "--seed", "7")).as(err()).isZero();
    assertThat(Files.readString(rec)).contains("[Seed \"7\"]").contains("[SeedHash \"");
    return rec;
  }

  @Test
  void aRecordWhoseSeedIsSecretGoesOnWithNewDiceAndNoLongerClaimsTheOldSeed() throws Exception {
    Path rec = saved();
    Path secret = Files.writeString(dir.resolve("secret.txt"), Files.readString(rec).replaceAll("\\[Seed \"7\"\\]\\R", ""));
    assertThat(Files.readString(secret)).doesNotContain("[Seed ").contains("[SeedHash ");
    Path after = dir.resolve("after.txt");
    stdin("quit\ny\n");
    assertThat(run("play", "--lang", "en", "--load", secret.toString(), "--record", after.toString())).as(err()).isZero();
    assertThat(out()).contains("the game goes on with new dice");
    String written = Files.readString(after);
    assertThat(written).doesNotContain("[SeedHash ").doesNotContain("[Seed ");
    // In French too.
    stdin("quitter\no\n");
    assertThat(run("play", "--lang", "fr", "--load", secret.toString(), "--record", dir.resolve("apres.txt").toString())).isZero();
    assertThat(out()).contains("elle continue avec de nouveaux dés");
  }

  @Test
  void aSeedThatIsNotTheRecordsOwnIsRefused() throws Exception {
    Path rec = saved();
    Path other = Files.writeString(dir.resolve("other.txt"), Files.readString(rec).replace("[Seed \"7\"]", "[Seed \"8\"]"));
    assertThat(run("play", "--lang", "en", "--load", other.toString(), "--record", dir.resolve("o.txt").toString())).isEqualTo(1);
    assertThat(err()).hasLineCount(1).contains("does not match its [SeedHash]");
    String noHash = Files.readString(other).replaceAll("\\[SeedHash \"[0-9a-f]+\"\\]\\R", "");
    Path unhashed = Files.writeString(dir.resolve("unhashed.txt"), noHash);
    assertThat(run("play", "--lang", "en", "--load", unhashed.toString(), "--record", dir.resolve("u.txt").toString())).isEqualTo(1);
    assertThat(err()).hasLineCount(1).containsPattern("throw \\d+ of the record is \\d-\\d, where its seed throws \\d-\\d");
  }

  @Test
  void optionsThatWouldChangeALoadedMatchAreRefusedNotIgnored() throws Exception {
    Path rec = saved();
    for (String[] option : new String[][] {{"--rules", "versailles"}, {"--match", "7"}, {"--level", "expert"},
        {"--two-players"}, {"--side", "black"}, {"--seed", "5"}}) {
      String[] args = new String[4 + option.length];
      args[0] = "play";
      args[1] = "--load";
      args[2] = rec.toString();
      System.arraycopy(option, 0, args, 3, option.length);
      args[args.length - 1] = "--lang=en";
      assertThat(run(args)).as(String.join(" ", option)).isEqualTo(2);
      assertThat(err()).hasLineCount(1).contains(option[0] + " cannot be given with --load");
    }
    assertThat(run("play", "--two-players", "--side", "black", "--lang", "fr")).isEqualTo(2);
    assertThat(err()).contains("--side ne va pas avec --two-players");
  }
}
