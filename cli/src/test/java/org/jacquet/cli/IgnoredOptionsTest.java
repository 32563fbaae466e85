package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "A bad value is never silently ignored": an option that cannot apply with the others given is
 * refused in one line naming both, before any work, and every command that takes a set-up
 * position checks it the same way.
 */
class IgnoredOptionsTest extends ConsoleCapture {
  /** The shipped modern network: a file {@code --net} reads. */
  private static final String NET = Path.of("..", "ai", "src", "main", "resources", "org", "jacquet", "ai", "nets", "modern.jqnn")
      .toAbsolutePath().normalize().toString();

  /** White holds points 1 to 6 without a checker on its return point: a block rule already broken. */
  private static final String BROKEN = "white=1:5,2:2,3:2,4:2,5:2,6:2 black=12:15 turn=white";

  @TempDir Path dir;

  /** Refused with status 2 in one line on standard error that holds every one of {@code words}. */
  private String usageError(String[] args, String... words) {
    int status = run(args);
    String what = Arrays.toString(args) + " → " + status + "\n" + err() + out();
    assertThat(status).as(what).isEqualTo(2);
    assertThat(err().lines().count()).as(what).isEqualTo(1);
    for (String w : words) assertThat(err()).as(what).contains(w);
    return err();
  }

  @Test
  void duelRefusesANetworkForALevelThatUsesNone() {
    assertThat(Files.exists(Path.of(NET))).as(NET).isTrue();
    for (String level : new String[] {"random", "heuristic"}) {
      usageError(new String[] {"duel", level, "random", "--games", "20", "--net", NET}, "--net", level, "uses no network");
    }
  }

  @Test
  void duelRefusesToLeaveOutTransfersWhereThereAreNone() {
    usageError(new String[] {"duel", "heuristic", "heuristic", "--games", "20", "--b-without-transfers"},
        "--b-without-transfers", "--rules modern", "versailles");
    usageError(new String[] {"duel", "heuristic", "random", "--games", "20", "--rules", "versailles", "--b-without-transfers"},
        "--b-without-transfers", "random");
  }

  @Test
  void noiseIsRefusedWhereItCannotApplyOrOutOfRange() {
    usageError(new String[] {"duel", "random", "expert", "--games", "20", "--noise", "0.01"}, "--noise", "random", "does not evaluate plays");
    usageError(new String[] {"duel", "expert", "random", "--games", "20", "--noise", "0.01", "--net", NET}, "--noise", "--net");
    usageError(new String[] {"benchmark", "score", "--net", NET, "--noise", "0.01"}, "--noise", "--net");
    for (String bad : new String[] {"0.6", "-0.01", "NaN", "Infinity"}) {
      usageError(new String[] {"benchmark", "score", "--level", "expert", "--noise", bad}, "--noise must be a number from 0 to 0.5");
    }
  }

  @Test
  void benchmarkScoreRefusesALevelWithANetworkAndPliesWithout() {
    usageError(new String[] {"benchmark", "score", "--net", NET, "--level", "casual"}, "--level", "--net");
    usageError(new String[] {"benchmark", "score", "--level", "expert", "--plies", "2"}, "--plies", "--net");
    usageError(new String[] {"benchmark", "score", "--net", NET, "--plies", "9", "--against", "expert"}, "--plies must be between 0 and 3");
  }

  @Test
  void benchRefusesSecondsWithALevel() {
    usageError(new String[] {"bench", "--level", "random", "--games", "1", "--seconds", "0"}, "--seconds", "--level");
    usageError(new String[] {"bench", "--level", "random", "--games", "1", "--seconds", "5"}, "--seconds", "--level");
  }

  @Test
  void serveTakesOneDatabaseAndItsCredentialsOnlyWithAUrl() {
    Path data = dir.resolve("db");
    usageError(new String[] {"serve", "--port", "0", "--data", data.toString(), "--db-url", "jdbc:sqlite:" + dir.resolve("x.db")},
        "--data", "--db-url");
    usageError(new String[] {"serve", "--port", "0", "--data", data.toString(), "--db-user", "jacquet"}, "--db-user", "--db-url");
    usageError(new String[] {"serve", "--port", "0", "--db-password-file", dir.resolve("pw").toString()}, "--db-password-file", "--db-url");
    assertThat(data).doesNotExist();
  }

  @Test
  void serveRefusesAnOriginWhosePortIsNoPort() {
    Path data = dir.resolve("db");
    for (String origin : new String[] {"http://a.b:99999", "https://a.b:0", "http://127.0.0.1:65536", "http://[::1]:70000"}) {
      usageError(new String[] {"serve", "--port", "0", "--data", data.toString(), "--allow-origin", origin},
          "--allow-origin " + origin, "1 to 65,535");
    }
    assertThat(ServeCommand.originPort("https://a.b")).isEqualTo(-1);
    assertThat(ServeCommand.originPort("http://[::1]")).isEqualTo(-1);
    assertThat(ServeCommand.originPort("http://[::1]:8443")).isEqualTo(8443);
    assertThat(ServeCommand.originPort("http://a.b:65535")).isEqualTo(65_535);
  }

  @Test
  void aLoadedRecordLongerThanPlayAllowsIsRefusedNamingTheFile() throws Exception {
    Path record = dir.resolve("long.txt");
    Files.writeString(record, "[Rules \"modern\"]\n[Match \"100000\"]\n\nGame 1\n", StandardCharsets.UTF_8);
    int status = run("play", "--load", record.toString(), "--record", dir.resolve("out.txt").toString());
    assertThat(status).as(err()).isEqualTo(1);
    assertThat(err().lines().count()).isEqualTo(1);
    assertThat(err()).contains(record.toString()).contains("100,000 points").contains("1 to 999");
    assertThat(out()).isEmpty();
  }

  /**
   * hint and rollout, which play on from a position, refuse one no game may be played from; moves
   * and choose answer the rules' question for it (the plays the broken block rule leaves it), in
   * a batch as for one position.
   */
  @Test
  void hintAndRolloutRefuseABrokenSetUpWhereMovesAndChooseAnswerWhatTheRulesAllow() {
    String rule = usageError(new String[] {"hint", "--position", BROKEN, "--dice", "6-5", "--level", "heuristic"}, "break a rule");
    String said = rule.substring(rule.indexOf(": ") + 2);
    assertThat(usageError(new String[] {"rollout", "--position", BROKEN})).endsWith(said);
    assertThat(run("moves", "--position", BROKEN, "--dice", "6-5", "--json")).as(err()).isZero();
    assertThat(out()).contains("\"plays\":[");
    assertThat(run("choose", "--position", BROKEN, "--dice", "6-5", "--level", "heuristic")).as(err()).isZero();
    for (String[] batch : new String[][] {{"moves", "--batch"}, {"choose", "--batch", "--level", "heuristic"}}) {
      stdin(BROKEN + "\t6-5\nwhite=1:15 black=1:15 turn=white\t6-5\n");
      assertThat(run(batch)).as(err()).isZero();
      var lines = out().lines().toList();
      assertThat(lines).hasSize(2);
      assertThat(lines).allSatisfy(l -> assertThat(l).doesNotContain("\"error\""));
    }
  }

}
