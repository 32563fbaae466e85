package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.ai.analysis.GameAnalysis;
import org.jacquet.ai.analysis.Mark;
import org.jacquet.engine.Position;
import org.jacquet.engine.Side;
import org.junit.jupiter.api.Test;

/** Figures that cannot be impossible, and a match's graph that keeps its games apart. */
class StatisticsAndGraphTest extends ConsoleCapture {
  private static void isAProbabilityInterval(JsonNode estimate, JsonNode low, JsonNode high) {
    for (JsonNode n : List.of(estimate, low, high)) assertThat(n.isNumber()).as(n.toString()).isTrue(); // never "NaN"
    assertThat(low.asDouble()).isBetween(0.0, estimate.asDouble());
    assertThat(high.asDouble()).isBetween(estimate.asDouble(), 1.0);
    assertThat(high.asDouble() - low.asDouble()).isPositive(); // never "± 0.00%"
  }

  @Test
  void aSmallDuelGivesAnIntervalWithinZeroAndOneAndATinyOneIsRefused() throws Exception {
    assertThat(run("duel", "heuristic", "random", "--games", "20", "--seed", "2", "--json")).isZero();
    JsonNode json = Json.MAPPER.readTree(out());
    isAProbabilityInterval(json.get("win_rate"), json.get("win_rate_low"), json.get("win_rate_high"));
    assertThat(json.get("points_per_game_low").isNumber()).isTrue();
    assertThat(run("duel", "heuristic", "random", "--games", "20", "--seed", "2")).isZero();
    assertThat(out()).containsPattern("heuristic wins \\d+ games: [\\d.]+% \\(95% interval [\\d.]+% – [\\d.]+%\\)")
        .doesNotContain("NaN").doesNotContain("± ");
    assertThat(run("duel", "heuristic", "random", "--games", "2")).isEqualTo(2);
  }

  @Test
  void aRolloutWhoseTrialsAllAgreeStillHasAnHonestInterval() throws Exception {
    // White bears off its last checker with any throw: every trial is a win.
    assertThat(run("rollout", "--position", "white=24:1 black=1:15 turn=white", "--games", "36", "--level", "heuristic",
        "--threads", "1", "--json")).isZero();
    JsonNode json = Json.MAPPER.readTree(out());
    JsonNode win = json.get("outcomes").get(0);
    assertThat(win.get("probability").asDouble()).isEqualTo(1.0);
    isAProbabilityInterval(win.get("probability"), win.get("low"), win.get("high"));
    assertThat(win.get("low").asDouble()).isLessThan(1.0);
    for (JsonNode o : json.get("outcomes")) {
      assertThat(o.get("low").asDouble()).isBetween(0.0, 1.0);
      assertThat(o.get("high").asDouble()).isBetween(0.0, 1.0);
    }
    assertThat(run("rollout", "--position", "white=24:1 black=1:15 turn=white", "--games", "4")).isEqualTo(2);
  }

  @Test
  void theGraphOfAMatchSeparatesItsGamesOnATurnAxis() {
    List<GameAnalysis.Turn> turns = new ArrayList<>();
    Position p = Position.parse("white=1:15 black=1:15 turn=white");
    for (int game = 1; game <= 3; game++) {
      for (int n = 1; n <= 12; n++) {
        turns.add(new GameAnalysis.Turn(game, n, n % 2 == 1 ? Side.WHITE : Side.BLACK, "6-5", p, "1/7 7/12", "1/7 7/12",
            0, 0, 0, n == 5 ? Mark.BAD : Mark.NONE, true, 0.0, 0.5 + 0.03 * (game - 2) * n / 12.0));
      }
    }
    String svg = AnalysisReport.svg(turns, AnalysisReport.texts(java.util.Locale.ENGLISH), org.jacquet.engine.format.PointNaming.DEFAULT);
    assertThat(svg).contains(">Game 1<").contains(">Game 2<").contains(">Game 3<").contains(">turn<");
    assertThat(svg.split("<polyline", -1)).hasSize(4); // one line per game, not one joined line
    assertThat(svg.split("stroke-dasharray", -1)).hasSize(3); // a separator between each two games
    assertThat(svg).contains(">10</text>"); // turn numbers along the axis
    // White's 1/7 7/12 is titled in the board letters, m/s s/x.
    String french = AnalysisReport.svg(turns, AnalysisReport.texts(java.util.Locale.FRENCH), org.jacquet.engine.format.PointNaming.DEFAULT);
    assertThat(french).contains(">Partie 1<").contains(">coup<").contains(">50\u00a0%<").contains("Chances de gain des Blancs")
        .contains("<title>Partie 1, 5) Blancs 6-5 : m/s s/x (mauvais)</title>").doesNotContain("Game").doesNotContain(">turn<");
  }
}
