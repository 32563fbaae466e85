package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jacquet.engine.Dice;
import org.jacquet.engine.DiceToPlay;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Position;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** hint, choose, duel and train, as programs and people call them. */
class AiCommandsTest extends ConsoleCapture {
  private static final String MIDGAME = "white=1:5,7:2,9:2,11:2,20:4 black=1:6,6:3,10:2,22:4 turn=white";

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim", "versailles"})
  void hintRanksEveryLegalPlayBestFirstForEveryPreset(String preset) throws Exception {
    assertThat(run("hint", "--rules", preset, "--position", MIDGAME, "--dice", "4-2",
        "--level", "expert", "--json")).isZero();
    JsonNode json = Json.MAPPER.readTree(out());
    Rules rules = Rules.parse(preset);
    List<Play> legal = PlayGenerator.legalPlays(rules, Position.parse(MIDGAME),
        DiceToPlay.of(Dice.of(4, 2), rules)).plays();
    JsonNode plays = json.get("plays");
    assertThat(plays).hasSize(legal.size());
    for (int i = 1; i < plays.size(); i++) {
      assertThat(plays.get(i).get("equity").asDouble()).isLessThanOrEqualTo(plays.get(i - 1).get("equity").asDouble());
    }
    for (JsonNode p : plays) {
      assertThat(p.get("win").asDouble()).isBetween(0.0, 1.0);
      assertThat(p.get("double_win").asDouble()).isLessThanOrEqualTo(p.get("win").asDouble());
    }
  }

  @Test
  void hintAsTextShowsPointsAndProbabilities() {
    assertThat(run("hint", "--position", MIDGAME, "--dice", "4-2", "--level", "world-class")).isZero();
    assertThat(out()).contains("ranked by World class").contains("  1. ").contains("2-ply").contains("%");
  }

  @Test
  void chooseBatchServesAWholeGameFromOneProcess() throws Exception {
    String input = MIDGAME + "\t4-2\n" + "bad\n" + "white=1:15 black=1:15 turn=white\t6-6\n"
        + "white= black=1:15 turn=black\t6-5\n";
    stdin(input);
    assertThat(run("choose", "--rules", "modern", "--level", "expert", "--batch")).isZero();
    List<String> lines = out().lines().toList();
    assertThat(lines).hasSize(4);
    JsonNode first = Json.MAPPER.readTree(lines.get(0));
    Rules rules = Rules.MODERN;
    Position p = Position.parse(MIDGAME);
    Play chosen = PlayGenerator.legalPlays(rules, p, DiceToPlay.of(Dice.of(4, 2), rules)).plays().stream()
        .filter(x -> x.notation().equals(first.get("play").asText())).findFirst().orElseThrow();
    assertThat(first.get("result").asText()).isEqualTo(chosen.result().toString());
    assertThat(Json.MAPPER.readTree(lines.get(1)).has("error")).isTrue();
    assertThat(Json.MAPPER.readTree(lines.get(2)).get("play").asText()).isEqualTo("1/7");
    assertThat(Json.MAPPER.readTree(lines.get(3)).get("error").asText()).contains("over");
  }

  @Test
  void duelJsonReportsWinRateWithItsInterval() throws Exception {
    assertThat(run("duel", "heuristic", "random", "--games", "40", "--seed", "2", "--json")).isZero();
    JsonNode json = Json.MAPPER.readTree(out());
    assertThat(json.get("games").asInt()).isEqualTo(40);
    assertThat(json.get("win_rate").asDouble()).isBetween(0.5, 1.0);
    assertThat(json.get("win_rate_half_width").asDouble()).isPositive();
  }

  @Test
  void trainWritesANetworkAndResumesIt(@TempDir Path dir) throws Exception {
    Path net = dir.resolve("tiny.jqnn");
    assertThat(run("train", "--rules", "moultezim", "--games", "4", "--hidden", "8",
        "--out", net.toString(), "--bench-every", "0")).isZero();
    byte[] four = Files.readAllBytes(net);
    assertThat(run("train", "--rules", "moultezim", "--games", "6", "--out", net.toString(),
        "--resume", "--bench-every", "0")).isZero();
    assertThat(Files.readAllBytes(net)).isNotEqualTo(four);
    assertThat(run("train", "--rules", "modern", "--games", "8", "--out", net.toString(), "--resume"))
        .isEqualTo(2);
  }

  @Test
  void benchmarkCompleteRollsOutAgainTheDecisionsWhereALevelPlaysOutsideTheCandidates(@TempDir Path dir) throws Exception {
    // Two shipped decisions; from the first, the expert's own play is taken out of the candidates,
    // as if the file had been made before today's network.
    Rules rules = Rules.MODERN;
    var shipped = org.jacquet.ai.benchmark.BenchmarkFile.shipped(rules, "modern");
    var first = shipped.get(0);
    var legal = PlayGenerator.legalPlays(rules, first.position(), first.dice());
    Position expertsPlay = org.jacquet.ai.Level.EXPERT.create(rules, 1_000_003L + first.index()).choose(legal).result();
    var others = first.candidates().stream().filter(c -> !c.result().equals(expertsPlay)).toList();
    assertThat(others).hasSizeLessThan(first.candidates().size()).isNotEmpty();
    var stripped = new org.jacquet.ai.benchmark.BenchmarkEntry(first.index(), first.category(), first.position(), first.dice(), others);
    Path file = dir.resolve("bench.txt");
    Files.writeString(file, "# a test benchmark\n" + org.jacquet.ai.benchmark.BenchmarkFile.format(stripped) + "\n"
        + org.jacquet.ai.benchmark.BenchmarkFile.format(shipped.get(1)) + "\n");
    assertThat(run("benchmark", "score", "--file", file.toString(), "--level", "expert", "--json")).isZero();
    assertThat(Json.MAPPER.readTree(out()).get("all").get("outside_candidates").asInt()).isEqualTo(1);

    assertThat(run("benchmark", "complete", "--file", file.toString(), "--level", "expert", "--trials", "4",
        "--selection-trials", "4", "--threads", "2")).isZero();
    assertThat(out()).contains("1 decision rolled out again with the plays of expert");
    String completed = Files.readString(file);
    assertThat(completed).startsWith("# a test benchmark\n# completed by: jacquet benchmark complete --rules modern --level expert");
    var entries = org.jacquet.ai.benchmark.BenchmarkFile.read(completed, rules);
    assertThat(entries).hasSize(2);
    assertThat(entries.get(0).isCandidate(expertsPlay)).isTrue();
    assertThat(entries.get(0).candidates()).hasSize(first.candidates().size());
    assertThat(org.jacquet.ai.benchmark.BenchmarkFile.format(entries.get(1)))
        .as("a decision with nothing to add is left as it was").isEqualTo(org.jacquet.ai.benchmark.BenchmarkFile.format(shipped.get(1)));
    assertThat(run("benchmark", "score", "--file", file.toString(), "--level", "expert", "--json")).isZero();
    assertThat(Json.MAPPER.readTree(out()).get("all").get("outside_candidates").asInt()).isZero();

    // Run again, it has nothing left to do, and the file (its note too) stays as it is.
    assertThat(run("benchmark", "complete", "--file", file.toString(), "--level", "expert", "--trials", "4",
        "--selection-trials", "4")).isZero();
    assertThat(out()).contains("0 decisions rolled out again");
    assertThat(Files.readString(file)).isEqualTo(completed);
  }
  @Test
  void noiseMeasuresALevelWithAnotherNoiseThanItsOwn() throws Exception {
    // On the shipped modern benchmark: no noise is the expert's own play, decision for decision;
    // a beginner's noise on the expert gives up more; the duel says which noise A played with.
    assertThat(run("benchmark", "score", "--level", "expert", "--json")).isZero();
    var own = Json.MAPPER.readTree(out()).get("all");
    assertThat(run("benchmark", "score", "--level", "expert", "--noise", "0", "--json")).isZero();
    var none = Json.MAPPER.readTree(out());
    assertThat(none.get("player").asText()).isEqualTo("expert with noise 0");
    assertThat(none.get("all")).isEqualTo(own);
    assertThat(run("benchmark", "score", "--level", "expert", "--noise", "0.107", "--json")).isZero();
    var noisy = Json.MAPPER.readTree(out()).get("all");
    assertThat(noisy.get("milli_per_decision").asDouble()).isGreaterThan(own.get("milli_per_decision").asDouble() + 5);

    assertThat(run("duel", "expert", "heuristic", "--games", "20", "--noise", "0.05", "--json")).isZero();
    var duel = Json.MAPPER.readTree(out());
    assertThat(duel.get("a").asText()).isEqualTo("expert");
    assertThat(duel.get("noise_a").asDouble()).isEqualTo(0.05);
    assertThat(run("duel", "expert", "heuristic", "--games", "20")).isZero();
    assertThat(out()).startsWith("expert vs heuristic");
    assertThat(run("duel", "expert", "heuristic", "--games", "20", "--noise", "0.05")).isZero();
    assertThat(out()).startsWith("expert with noise 0.05 vs heuristic");
  }
}
