package org.jacquet.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkdownLinksTest {
  @TempDir Path root;

  @Test
  void linksToPagesHeadingsAndFilesThatExistPass() throws IOException {
    Files.createDirectories(root.resolve("docs/images"));
    Files.writeString(root.resolve("docs/images/board.png"), "png");
    Files.writeString(root.resolve("docs/playing.md"), "# Playing\n\n## The computer's levels\n\n## Levels\n\n## Levels\n");
    Path readme = root.resolve("README.md");
    Files.writeString(readme, """
        ![board](docs/images/board.png) [play](docs/playing.md) [levels](docs/playing.md#the-computers-levels)
        [again](docs/playing.md#levels-1) [rules](../shared/RULES.md) [web](https://example.org/x)
        [top](#a-title)

        ## A title
        """);
    assertThat(new MarkdownLinks(root).broken(readme)).isEmpty();
  }

  @Test
  void aMissingFileOrAnchorIsNamedWithItsPageAndLine() throws IOException {
    Files.createDirectories(root.resolve("docs"));
    Files.writeString(root.resolve("docs/playing.md"), "# Playing\n```sh\n# not a heading\n```\n");
    Path readme = root.resolve("README.md");
    Files.writeString(readme, "text\n[a](docs/nope.md) [b](docs/playing.md#not-a-heading) `[c](not/a/link.md)`\n");
    assertThat(new MarkdownLinks(root).broken(readme)).containsExactly(
        "README.md:2: docs/nope.md: no such file",
        "README.md:2: docs/playing.md#not-a-heading: no heading makes the anchor #not-a-heading");
  }

  @Test
  void headingsBecomeGitHubsAnchors() {
    assertThat(MarkdownLinks.slug("Several processes on PostgreSQL, behind nginx"))
        .isEqualTo("several-processes-on-postgresql-behind-nginx");
    assertThat(MarkdownLinks.slug("Legal plays: `moves`")).isEqualTo("legal-plays-moves");
    assertThat(MarkdownLinks.slug("Règles et variantes")).isEqualTo("règles-et-variantes");
  }
}
