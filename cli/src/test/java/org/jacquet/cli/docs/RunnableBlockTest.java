package org.jacquet.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunnableBlockTest {
  @Test
  void onlyBlocksMarkedRunnableAreTaken() {
    List<String> page = List.of(
        "```sh", "./jacquet serve", "```",
        "```sh runnable", "./jacquet moves --dice 6-6", "```",
        "```", "./jacquet play", "```");
    List<RunnableBlock> blocks = RunnableBlock.in("docs/x.md", page);
    assertThat(blocks).hasSize(1);
    assertThat(blocks.get(0).line()).isEqualTo(4);
    assertThat(blocks.get(0).steps()).extracting(RunnableBlock.Step::command).containsExactly("./jacquet moves --dice 6-6");
    assertThat(blocks.get(0).name()).isEqualTo("docs/x.md:4 (./jacquet moves --dice 6-6)");
  }

  @Test
  void outputLinesBelongToTheCommandAboveAndCommentsAreLeftOut() {
    List<RunnableBlock.Step> steps = stepsOf(
        "# Every legal play",
        "./jacquet moves --dice 6-5",
        "#  2 legal plays with 6-5:",
        "#    1. 18/24 20/off",
        "# a comment, not output",
        "./jacquet analyze missing.txt; echo $?",
        "#  1");
    assertThat(steps).hasSize(2);
    assertThat(steps.get(0).line()).isEqualTo(3);
    assertThat(steps.get(0).expected()).containsExactly("2 legal plays with 6-5:", "  1. 18/24 20/off");
    assertThat(steps.get(1).command()).isEqualTo("./jacquet analyze missing.txt; echo $?");
    assertThat(steps.get(1).expected()).containsExactly("1");
  }

  @Test
  void aCommandGoesOnAfterABackslashOrBeforeAPipe() {
    List<RunnableBlock.Step> steps = stepsOf(
        "printf 'a\\n' \\",
        "  | ./jacquet moves --batch",
        "./jacquet moves --rules original \\",
        "  --dice 6-5");
    assertThat(steps).extracting(RunnableBlock.Step::command).containsExactly(
        "printf 'a\\n' \\\n  | ./jacquet moves --batch",
        "./jacquet moves --rules original \\\n  --dice 6-5");
  }

  @Test
  void outputBeforeAnyCommandOrAnUnclosedBlockIsRefusedWithItsLine() {
    assertThatThrownBy(() -> RunnableBlock.in("p.md", List.of("```sh runnable", "#  out", "```")))
        .hasMessageContaining("line 2");
    assertThatThrownBy(() -> RunnableBlock.in("p.md", List.of("text", "```sh runnable", "./jacquet")))
        .hasMessageContaining("line 2").hasMessageContaining("never closed");
  }

  /** The steps of one runnable block holding {@code lines}, the line of its fence being 1. */
  private static List<RunnableBlock.Step> stepsOf(String... lines) {
    List<String> page = new java.util.ArrayList<>();
    page.add("```sh runnable");
    page.addAll(List.of(lines));
    page.add("```");
    return RunnableBlock.in("p.md", page).get(0).steps();
  }
}
