package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code jacquet --version} says the build's version (the POM's) and the commit built (git's),
 * not a number written in the code: a host reads which release and which commit it runs.
 */
class VersionTest extends ConsoleCapture {
  @Test
  void versionIsThePomsAndTheCommitIsGits() throws Exception {
    Matcher m = Pattern.compile("<artifactId>jacquet-parent</artifactId>\\s*<version>([^<]+)</version>")
        .matcher(Files.readString(Path.of("..", "pom.xml")));
    assertThat(m.find()).isTrue();
    Process git = new ProcessBuilder("git", "rev-parse", "--short=12", "HEAD").directory(Path.of("..").toFile()).start();
    String commit = new String(git.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
    assertThat(git.waitFor()).as("the tests run in a git work tree").isZero();

    assertThat(run("--version")).isEqualTo(Main.OK);
    assertThat(out().strip()).isEqualTo("jacquet " + m.group(1) + " (commit " + commit + ")");
  }
}
