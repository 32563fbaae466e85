package org.jacquet.cli.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The project's documentation pages: README.md and every Markdown page under docs/. */
public final class DocPages {
  private DocPages() {}

  /** The repository's root: the nearest folder at or above the working one holding ./jacquet and docs/. */
  public static Path root() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("jacquet")) && Files.isDirectory(dir.resolve("docs"))) return dir;
    }
    throw new IllegalStateException("no repository root (a folder with ./jacquet and docs/) at or above "
        + Path.of("").toAbsolutePath());
  }

  /** README.md, then the pages of docs/ in name order. */
  public static List<Path> all(Path root) {
    List<Path> pages = new ArrayList<>();
    pages.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return pages;
  }

  /** The page as a reader names it, from the root: {@code docs/analysis.md}. */
  public static String name(Path root, Path page) {
    return root.relativize(page).toString().replace('\\', '/');
  }
}
