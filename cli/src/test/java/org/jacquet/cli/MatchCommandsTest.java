package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hint, choose and met for a match at a score. */
class MatchCommandsTest extends ConsoleCapture {
  // White races, Black has a straggler: at double match point the safe single win, trailing 0-2 the double.
  // Pinned with the first version's network (expert-v1), with which the position was found, so that
  // retrained shipped networks leave these standing (as MatchPlayTest).
  private static final String RACE = "white=15:1,18:1,19:1,20:2,21:2,22:4,23:2,24:2 black=5:1,19:2,20:1,22:1,24:10 turn=white";

  @Test
  void hintInAMatchShowsTheChanceOfWinningTheMatch() throws Exception {
    assertThat(run("hint", "--position", RACE, "--dice", "4-3", "--level", "expert-v1", "--match", "3", "--score", "0-2")).isZero();
    assertThat(out()).contains("match to 3, 0-2").contains("MWC").contains("1. 15/19 19/22");
  }

  @Test
  void chooseAtDoubleMatchPointPlaysTheSafeWin() throws Exception {
    assertThat(run("choose", "--position", RACE, "--dice", "4-3", "--level", "expert-v1", "--match", "3", "--score", "2-2")).isZero();
    assertThat(Json.MAPPER.readTree(out()).get("play").asText()).isEqualTo("15/19 18/21");
  }

  @Test
  void hintJsonInAMatchGivesMwcPerPlay() throws Exception {
    assertThat(run("hint", "--position", RACE, "--dice", "4-3", "--level", "expert", "--match", "1", "--json")).isZero();
    JsonNode json = Json.MAPPER.readTree(out());
    assertThat(json.get("match").asInt()).isEqualTo(1);
    // At double match point the chance of winning the match is the chance of winning the game.
    JsonNode best = json.get("plays").get(0);
    assertThat(best.get("mwc").asDouble()).isEqualTo(best.get("win").asDouble());
  }

  @Test
  void aScoreWithoutAMatchOrBeyondItIsRefusedWithItsReason() throws Exception {
    assertThat(run("hint", "--position", RACE, "--dice", "4-3", "--score", "1-0")).isNotZero();
    assertThat(err()).contains("--score needs --match");
    assertThat(run("choose", "--position", RACE, "--dice", "4-3", "--match", "3", "--score", "3-1")).isNotZero();
    assertThat(err()).contains("score 3-1");
  }

  @Test
  void metWritesATableThatSaysHowItWasMade(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("simple.met");
    assertThat(run("met", "--games", "20", "--length", "3", "--seed", "5", "--out", file.toString())).isZero();
    String text = Files.readString(file);
    assertThat(text).contains("# made by: jacquet met --rules modern --games 20 --seed 5 --length 3")
        .contains("points 1 ").contains("\n1 0.5000 ");
  }
}
