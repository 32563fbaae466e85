package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A refusal says what is wrong (a number out of range is not "not a number", an output names its
 * file, a folder is said to be one), every bounded number shows its range in {@code --help},
 * and {@code jacquet} without a command is a usage error.
 */
class MessagesAndRangesTest extends ConsoleCapture {
  private static final String START = "white=1:15 black=1:15 turn=white";

  @TempDir Path dir;

  /** Refused with {@code status} in one line on standard error, which it returns. */
  private String refused(int status, String... args) {
    int got = run(args);
    String what = String.join(" ", args) + " → " + got + "\n" + err() + out();
    assertThat(got).as(what).isEqualTo(status);
    assertThat(err().lines().count()).as(what).isEqualTo(1);
    return err();
  }

  @Test
  void aPositionCountOrPointOutOfRangeIsNotCalledNoNumber() {
    assertThat(refused(2, "moves", "--position", "white=1:-1 black=1:15 turn=white", "--dice", "6-5"))
        .contains("white: count -1 on point 1 must be at least 1").doesNotContain("not a number");
    assertThat(refused(2, "moves", "--position", "white=1:2147483647 black=1:15 turn=white", "--dice", "6-5"))
        .contains("white has more than 15 checkers").doesNotContain("not a number");
    assertThat(refused(2, "hint", "--position", "white=-2:15 black=1:15 turn=white", "--dice", "6-5"))
        .contains("white: route point -2 is outside 1..24");
    assertThat(refused(2, "moves", "--position", "white=1:x black=1:15 turn=white", "--dice", "6-5"))
        .contains("count 'x' in '1:x' is not a number");
  }

  @Test
  void aScoreInTheRightFormOutOfRangeIsSaidToBeOutOfRange() {
    for (String score : List.of("2147483647-0", "0-99999999999999999999", "3-0", "0-100")) {
      assertThat(refused(2, "hint", "--position", START, "--dice", "6-5", "--level", "heuristic", "--match", "3", "--score", score))
          .as(score).contains("--score " + score + " is out of range").contains("from 0 to 2").doesNotContain("a dash");
    }
    assertThat(refused(2, "choose", "--position", START, "--dice", "6-5", "--level", "heuristic", "--match", "3", "--score", "2_0"))
        .contains("--score must be White's points, a dash and Black's");
  }

  @Test
  void anOutputThatCannotBeWrittenIsNamedAndAGraphFolderIsSaidToBeOne() throws Exception {
    if (Files.exists(Path.of("/dev/full"))) {
      assertThat(run("met", "--games", "10", "--length", "1", "--threads", "1", "--out", "/dev/full")).isEqualTo(1);
      assertThat(err().strip().lines().reduce((a, b) -> b).orElse("")) // after the progress lines
          .isEqualTo("jacquet met: /dev/full: cannot write (no space left on device)");
    }
    Path folder = Files.createDirectories(dir.resolve("graphs"));
    Path good = Files.writeString(dir.resolve("good.txt"),
        "[Rules \"modern\"]\n[Match \"1\"]\n[Position \"white=19:3,20:3,22:2 black=19:2,21:3,23:3 turn=white\"]\n\nGame 1\n");
    assertThat(refused(2, "analyze", good.toString(), "--graph", folder.toString())).contains("--graph " + folder + " is a directory");
    assertThat(refused(2, "train", "--from", "", "--games", "1", "--out", dir.resolve("n.jqnn").toString()))
        .contains("no file name given");
  }

  @Test
  void noCommandIsAUsageErrorWithTheUsageOnStandardError() {
    assertThat(run()).isEqualTo(2);
    assertThat(out()).isEmpty();
    assertThat(err()).startsWith("jacquet: no command given").contains("Usage: jacquet").contains("Commands:");
    assertThat(run("--help")).isZero();
    assertThat(out()).contains("Usage: jacquet");
    assertThat(err()).isEmpty();
  }

  /** Options that take a number but have no range: seeds take any. */
  private static final Set<String> UNBOUNDED = Set.of("--seed");

  /**
   * docs/engine-protocol.md says each range is in {@code --help}: every option of every command that takes a
   * number says, in its description, its bounds ("1 to 99", "at least 1", "above 0").
   */
  @Test
  void everyNumberOptionShowsItsRangeInHelp() {
    List<String> missing = new ArrayList<>();
    int checked = rangesShown(new CommandLine(new Main()), missing);
    assertThat(missing).isEmpty();
    assertThat(checked).isGreaterThan(50);
  }

  private static int rangesShown(CommandLine line, List<String> missing) {
    int checked = 0;
    for (OptionSpec o : line.getCommandSpec().options()) {
      Class<?> type = o.type();
      boolean number = type == int.class || type == Integer.class || type == long.class || type == Long.class
          || type == double.class || type == Double.class;
      if (!number || UNBOUNDED.contains(o.longestName())) continue;
      String description = String.join(" ", o.description());
      if (!description.matches("(?s).*(\\d[\\d,]*( \\([a-z]+\\))? to [\\d,]+|at least [\\d,]+|above 0|\\d or more).*")) {
        missing.add(line.getCommandSpec().qualifiedName() + " " + o.longestName() + ": " + description);
      }
      checked++;
    }
    for (CommandLine sub : line.getSubcommands().values()) checked += rangesShown(sub, missing);
    return checked;
  }
}
