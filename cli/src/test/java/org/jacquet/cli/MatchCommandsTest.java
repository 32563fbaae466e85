package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hint, choose and met for a match at a score. */
class MatchCommandsTest {
  // White races, Black has a straggler: at double match point the safe single win, trailing 0-2 the double.
  private static final String RACE = "white=15:1,18:1,19:1,20:2,21:2,22:4,23:2,24:2 black=5:1,19:2,20:1,22:1,24:10 turn=white";
  private final PrintStream stdout = System.out;
  private final PrintStream stderr = System.err;
  private ByteArrayOutputStream out;
  private ByteArrayOutputStream err;

  @BeforeEach
  void capture() {
    out = new ByteArrayOutputStream();
    err = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    System.setOut(stdout);
    System.setErr(stderr);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void hintInAMatchShowsTheChanceOfWinningTheMatch() throws Exception {
    assertThat(Main.run("hint", "--position", RACE, "--dice", "4-3", "--level", "expert", "--match", "3", "--score", "0-2")).isZero();
    assertThat(out()).contains("match to 3, 0-2").contains("MWC").contains("1. 15/19 19/22");
  }

  @Test
  void chooseAtDoubleMatchPointPlaysTheSafeWin() throws Exception {
    assertThat(Main.run("choose", "--position", RACE, "--dice", "4-3", "--match", "3", "--score", "2-2")).isZero();
    assertThat(Json.MAPPER.readTree(out()).get("play").asText()).isEqualTo("15/19 18/21");
  }

  @Test
  void hintJsonInAMatchGivesMwcPerPlay() throws Exception {
    assertThat(Main.run("hint", "--position", RACE, "--dice", "4-3", "--level", "expert", "--match", "1", "--json")).isZero();
    JsonNode json = Json.MAPPER.readTree(out());
    assertThat(json.get("match").asInt()).isEqualTo(1);
    // At double match point the chance of winning the match is the chance of winning the game.
    JsonNode best = json.get("plays").get(0);
    assertThat(best.get("mwc").asDouble()).isEqualTo(best.get("win").asDouble());
  }

  @Test
  void aScoreWithoutAMatchOrBeyondItIsRefusedWithItsReason() throws Exception {
    assertThat(Main.run("hint", "--position", RACE, "--dice", "4-3", "--score", "1-0")).isNotZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--score needs --match");
    assertThat(Main.run("choose", "--position", RACE, "--dice", "4-3", "--match", "3", "--score", "3-1")).isNotZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("score 3-1");
  }

  @Test
  void metWritesATableThatSaysHowItWasMade(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("simple.met");
    assertThat(Main.run("met", "--games", "20", "--length", "3", "--seed", "5", "--out", file.toString())).isZero();
    String text = Files.readString(file);
    assertThat(text).contains("# made by: jacquet met --rules modern --games 20 --seed 5 --length 3")
        .contains("points 1 ").contains("\n1 0.5000 ");
  }
}
