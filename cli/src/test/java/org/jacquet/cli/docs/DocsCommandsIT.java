package org.jacquet.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The documentation's commands run as written: every shell block marked {@code ```sh runnable}
 * in README.md and docs/ is run from the repository's root, command by command, after the jar
 * is packaged (the integration-test phase of {@code mvn verify}), and what each prints must be
 * what the page shows under it. Every relative link of those pages must lead somewhere.
 * Commands run in an English UTF-8 locale, the language of the pages' examples.
 */
class DocsCommandsIT {
  /** Far above any runnable command (they take seconds): a hung command fails, not the build. */
  private static final long STEP_TIMEOUT_SECONDS = 120;

  private final Path root = DocPages.root();

  @TestFactory
  Stream<DynamicTest> everyRunnableBlockRunsAsWritten() throws IOException {
    List<RunnableBlock> blocks = new ArrayList<>();
    for (Path page : DocPages.all(root)) {
      blocks.addAll(RunnableBlock.in(DocPages.name(root, page), Files.readAllLines(page)));
    }
    assertThat(blocks).as("runnable blocks in the docs").isNotEmpty();
    return blocks.stream().map(block -> DynamicTest.dynamicTest(block.name(), () -> run(block)));
  }

  @Test
  void everyRelativeLinkLeadsSomewhere() {
    MarkdownLinks links = new MarkdownLinks(root);
    List<String> broken = DocPages.all(root).stream().flatMap(page -> links.broken(page).stream()).toList();
    assertThat(broken).as("links that lead nowhere").isEmpty();
  }

  /** What a command printed, and its exit status. */
  private record Run(int status, List<String> printed) {}

  /**
   * Commands already run, by their text: the runnable commands are deterministic, so a command
   * two pages show (a page and its French version) is run once and its output compared twice.
   */
  private static final Map<String, Run> RUNS = new ConcurrentHashMap<>();

  private void run(RunnableBlock block) throws IOException, InterruptedException {
    for (RunnableBlock.Step step : block.steps()) {
      String where = block.page() + ", block at line " + block.line() + ", command at line " + step.line()
          + ":\n    " + step.command() + "\n";
      Run run = RUNS.get(step.command());
      if (run == null) {
        run = execute(step.command(), where);
        RUNS.put(step.command(), run);
      }
      assertThat(run.status())
          .as("%sexit status (it printed:%n%s)", where, String.join("\n", run.printed())).isZero();
      if (!step.expected().isEmpty()) {
        Optional<String> mismatch = ExpectedOutput.mismatch(step.expected(), run.printed());
        if (mismatch.isPresent()) throw new AssertionError(where + mismatch.get());
      }
    }
  }

  private Run execute(String command, String where) throws IOException, InterruptedException {
    Path output = Files.createTempFile("jacquet-docs", ".out");
    try {
      ProcessBuilder builder = new ProcessBuilder("bash", "-c", command)
          .directory(root.toFile()).redirectErrorStream(true).redirectOutput(output.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      Map<String, String> env = builder.environment();
      env.put("LC_ALL", "C.UTF-8");
      env.put("LANG", "C.UTF-8");
      env.remove("LANGUAGE");
      Process process = builder.start();
      if (!process.waitFor(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor();
        throw new AssertionError(where + "did not end within " + STEP_TIMEOUT_SECONDS + " s");
      }
      return new Run(process.exitValue(), Files.readAllLines(output, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(output);
    }
  }
}
