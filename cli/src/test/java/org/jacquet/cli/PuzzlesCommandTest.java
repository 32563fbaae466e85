package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jacquet.ai.puzzle.PuzzleFile;
import org.jacquet.engine.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jacquet puzzles generate}: a file that records how it was made, resumed by the same command. */
class PuzzlesCommandTest extends ConsoleCapture {
  @TempDir Path dir;

  private static final String[] SMALL = {"--screen-gap", "0.02", "--screen-gap-expert-wrong", "0.02", "--min-gap", "0", "--stage-trials", "8", "--max-trials", "16",
      "--screen-limit", "3", "--seed", "4", "--threads", "1"};

  private int generate(Path out, int puzzles, String... more) {
    String[] args = new String[4 + SMALL.length + more.length + 2];
    int k = 0;
    for (String a : new String[] {"puzzles", "generate", "--puzzles", Integer.toString(puzzles)}) args[k++] = a;
    for (String a : SMALL) args[k++] = a;
    for (String a : more) args[k++] = a;
    args[k++] = "--out";
    args[k] = out.toString();
    return run(args);
  }

  @Test
  void aRunGoesOnWhereTheLastStoppedAndItsHeaderSaysHow() throws Exception {
    Path out = dir.resolve("sets/modern.txt");
    assertThat(generate(out, 1)).as(err()).isZero();
    String first = Files.readString(out, StandardCharsets.UTF_8);
    assertThat(first).startsWith("# jacquet puzzles, rules modern\n# made by: jacquet puzzles generate --rules modern --puzzles 1 ")
        .contains("--seed 4").contains("never a position of the shipped benchmark");
    PuzzleFile.Contents once = PuzzleFile.read(first, Rules.MODERN);
    assertThat(once.puzzles()).hasSize(1);

    assertThat(generate(out, 2)).as(err()).isZero();
    String second = Files.readString(out, StandardCharsets.UTF_8);
    assertThat(second).startsWith(first); // only appended
    PuzzleFile.Contents twice = PuzzleFile.read(second, Rules.MODERN);
    assertThat(twice.puzzles()).hasSize(2);
    assertThat(twice.attempts()).containsAll(once.attempts());
    assertThat(twice.attempts()).hasSizeGreaterThan(once.attempts().size());

    // The set's figures, as the docs quote them, measured from the file.
    assertThat(run("puzzles", "stats", "--file", out.toString())).as(err()).isZero();
    double smallest = twice.puzzles().stream().mapToDouble(org.jacquet.ai.puzzle.Puzzle::gap).min().orElseThrow();
    long wrong = twice.puzzles().stream().filter(org.jacquet.ai.puzzle.Puzzle::expertWrong).count();
    assertThat(out()).contains("modern: 2 puzzles from " + twice.attempts().size() + " attempts")
        .contains(String.format(java.util.Locale.ROOT, "smallest gap to the second play: %.3f", smallest))
        .contains("the expert level (0-ply) gets " + wrong + " wrong");
  }

  @Test
  void aFileIsResumedOnlyWithItsOwnRulesAndSettings() throws Exception {
    Path out = dir.resolve("made.txt");
    Files.writeString(out, "# jacquet puzzles, rules modern\n# made by: jacquet puzzles generate --rules modern --puzzles 1"
        + " --screen-gap 0.02 --screen-gap-expert-wrong 0.02 --min-gap 0 --stage-trials 8 --max-trials 16 --truncate 0 --screen-limit 3 --seed 4 --out FILE\n");
    byte[] before = Files.readAllBytes(out);
    assertThat(generate(out, 2, "--truncate", "5")).isEqualTo(1);
    assertThat(err()).contains("was made with --truncate 0, not 5");
    assertThat(generate(out, 2, "--rules", "advanced")).isEqualTo(1);
    assertThat(err()).contains("holds puzzles for other rules (its first line says so), not advanced");
    assertThat(Files.readAllBytes(out)).isEqualTo(before);
    Path other = Files.writeString(dir.resolve("other.txt"), "# jacquet benchmark, rules modern\n");
    assertThat(generate(other, 1)).isEqualTo(1);
    assertThat(err()).contains("is not a puzzle file");
  }

  @Test
  void settingsOutOfRangeAreRefusedBeforeAnyWork() {
    Path out = dir.resolve("never.txt");
    assertThat(run("puzzles", "generate", "--min-gap", "-1", "--out", out.toString())).isEqualTo(2);
    assertThat(err()).contains("--min-gap must be a number from 0 to 4, not -1");
    assertThat(run("puzzles", "generate", "--stage-trials", "300", "--max-trials", "200", "--out", out.toString())).isEqualTo(2);
    assertThat(err()).contains("--max-trials 200 is below --stage-trials 300");
    assertThat(Files.exists(out)).isFalse();
  }
}
