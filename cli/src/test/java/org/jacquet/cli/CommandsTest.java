package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command-line contract that scripts and other programs rely on. */
class CommandsTest extends ConsoleCapture {
  /**
   * {@code jacquet --help} lists each command by the first line of its description, so that line
   * must be a whole sentence: a list of half sentences ending on a comma reads as broken.
   */
  @Test
  void theCommandListShowsEachCommandInAWholeSentence() {
    assertThat(run("--help")).isZero();
    List<String> lines = out().lines().toList();
    int first = lines.indexOf("Commands:") + 1;
    assertThat(first).isPositive();
    int listed = 0;
    for (int i = first; i < lines.size() && lines.get(i).startsWith("  "); i++) {
      String line = lines.get(i).strip();
      boolean startsACommand = lines.get(i).matches("  \\S.*");
      boolean lastOfIt = i + 1 >= lines.size() || !lines.get(i + 1).startsWith("      ");
      if (startsACommand) listed++;
      if (lastOfIt) {
        assertThat(line).as("the last line of a command's summary").endsWith(".");
      }
    }
    assertThat(listed).isGreaterThan(15);
  }

  /**
   * Picocli prints each element of a command's description as a paragraph of its own, so an
   * element must end a sentence: one cut in the middle of a sentence leaves a ragged short line
   * in {@code jacquet COMMAND --help} (as {@code met}, {@code rollout} and four others did).
   */
  @Test
  void everyCommandsHelpDescribesItInWholeSentences() {
    picocli.CommandLine cli = new picocli.CommandLine(new Main());
    assertThat(checkParagraphs(cli)).isGreaterThan(20);
  }

  /** Checks the description of {@code line} and its subcommands; returns how many paragraphs. */
  private static int checkParagraphs(picocli.CommandLine line) {
    int checked = 0;
    for (String paragraph : line.getCommandSpec().usageMessage().description()) {
      assertThat(paragraph.replace("%n", "").strip())
          .as("a paragraph of %s --help", line.getCommandSpec().qualifiedName())
          .matches("(?s).*[.:)]");
      checked++;
    }
    for (picocli.CommandLine sub : line.getSubcommands().values()) checked += checkParagraphs(sub);
    return checked;
  }

  @Test
  void movesListsEachPlayWithItsResult() {
    int status = run("moves", "--rules", "original", "--position",
        "white=18:1,20:1,21:1,23:1,24:11 black=19:15 turn=white", "--dice", "6-5");
    assertThat(status).isZero();
    assertThat(out()).contains("2 legal plays with 6-5:")
        .contains("18/24 20/off  -> white=21:1,23:1,24:12 black=19:15 turn=black")
        .contains("18/23 20/off  -> white=21:1,23:2,24:11 black=19:15 turn=black");
  }

  @ParameterizedTest
  @ValueSource(strings = {"original", "modern", "advanced", "moultezim", "versailles"})
  void movesJsonAnswersForEveryPreset(String preset) throws Exception {
    int status = run("moves", "--rules", preset, "--position",
        "white=1:15 black=1:15 turn=white", "--dice", "6-6", "--json");
    assertThat(status).isZero();
    JsonNode json = Json.MAPPER.readTree(out());
    assertThat(json.get("dice").asText()).isEqualTo("6-6");
    assertThat(json.get("plays").get(0).get("play").asText()).isEqualTo("1/7");
    assertThat(json.get("plays").get(0).get("result").asText())
        .isEqualTo("white=1:14,7:1 black=1:15 turn=black");
  }

  @Test
  void batchAnswersOneLinePerInputLineInOrderAndGoesOnAfterErrors() throws Exception {
    String input = String.join("\n",
        "white=1:15 black=1:15 turn=white\t6-5",
        "not a position\t6-5",
        "white=17:1,19:14 black=1:15 turn=black\t6-4",
        "white=1:15 black=1:15 turn=white\t9-9",
        "white=1:15 black=1:15 turn=black\t5-5") + "\n";
    stdin(input);
    assertThat(run("moves", "--rules", "original", "--batch")).isZero();
    List<String> lines = out().lines().toList();
    assertThat(lines).hasSize(5);
    assertThat(Json.MAPPER.readTree(lines.get(0)).get("plays").get(0).get("play").asText()).isEqualTo("1/7 7/12");
    assertThat(Json.MAPPER.readTree(lines.get(1)).get("error").asText()).contains("position field 'not' must be written name=value");
    JsonNode pass = Json.MAPPER.readTree(lines.get(2));
    assertThat(pass.get("plays")).hasSize(1);
    assertThat(pass.get("plays").get(0).get("play").asText()).isEmpty();
    assertThat(pass.get("plays").get(0).get("result").asText()).isEqualTo("white=17:1,19:14 black=1:15 turn=white");
    assertThat(Json.MAPPER.readTree(lines.get(3)).get("error").asText()).contains("invalid dice '9-9'");
    assertThat(Json.MAPPER.readTree(lines.get(4)).get("plays").get(0).get("play").asText()).isEqualTo("1/6 6/11 11/16 16/21");
  }

  @Test
  void badArgumentsAnswerOneClearLineAndStatus2() {
    assertThat(run("moves", "--rules", "classic", "--position", "white=1:15 black=1:15 turn=white", "--dice", "6-5"))
        .isEqualTo(2);
    assertThat(err()).contains("unknown rules preset 'classic'; valid presets:");
    assertThat(run("moves", "--dice", "6-5")).isEqualTo(2);
    assertThat(err()).contains("give --position and --dice");
  }

  @Test
  void benchPrintsItsFiguresAsJson() throws Exception {
    assertThat(run("bench", "--seconds", "0.3", "--json")).isZero();
    JsonNode json = Json.MAPPER.readTree(out());
    assertThat(json.get("games_per_second").asLong()).isPositive();
    assertThat(json.get("positions_per_second").asLong()).isGreaterThan(json.get("games_per_second").asLong());
  }
}
