package org.jacquet.cli.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the relative links of Markdown pages that lead nowhere: a file that does not exist, or
 * an anchor ({@code page.md#section}) that no heading of the page makes, with GitHub's rule for
 * heading anchors. Links to the web ({@code http:}, {@code https:}, {@code mailto:}) are not
 * followed, nor links out of the repository (the README's link to the rule reference beside
 * it, {@code ../shared/RULES.md}), which no checkout of this repository can hold.
 */
public final class MarkdownLinks {
  private static final Pattern LINK = Pattern.compile("!?\\[(?:[^\\]\\\\]|\\\\.)*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

  private final Path root;
  private final Map<Path, Set<String>> anchors = new HashMap<>();

  /** Links are resolved inside {@code root}, the repository. */
  public MarkdownLinks(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  /** Every link of {@code page} that leads nowhere, each as "page:line: link: why". */
  public List<String> broken(Path page) {
    List<String> problems = new ArrayList<>();
    List<String> lines = read(page);
    boolean inCode = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.strip().startsWith("```")) {
        inCode = !inCode;
        continue;
      }
      if (inCode) continue;
      Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
      while (link.find()) {
        String target = link.group(1);
        String why = whyBroken(page, target);
        if (why != null) problems.add(root.relativize(page.toAbsolutePath().normalize()) + ":" + (i + 1) + ": " + target + ": " + why);
      }
    }
    return problems;
  }

  private String whyBroken(Path page, String target) {
    if (target.matches("(?i)(https?|mailto):.*")) return null;
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    String anchor = hash < 0 ? null : target.substring(hash + 1);
    Path resolved = file.isEmpty() ? page.toAbsolutePath().normalize()
        : page.toAbsolutePath().getParent().resolve(file).normalize();
    if (!resolved.startsWith(root)) return null;
    if (!Files.exists(resolved)) return "no such file";
    if (anchor == null) return null;
    if (!resolved.toString().endsWith(".md")) return "an anchor in a file that is not a page";
    return anchorsOf(resolved).contains(anchor) ? null : "no heading makes the anchor #" + anchor;
  }

  private Set<String> anchorsOf(Path page) {
    return anchors.computeIfAbsent(page, p -> {
      Set<String> found = new HashSet<>();
      Map<String, Integer> seen = new HashMap<>();
      boolean inCode = false;
      for (String line : read(p)) {
        if (line.strip().startsWith("```")) inCode = !inCode;
        if (inCode || !line.startsWith("#")) continue;
        String slug = slug(line.replaceFirst("^#+\\s*", ""));
        int times = seen.merge(slug, 1, Integer::sum);
        found.add(times == 1 ? slug : slug + "-" + (times - 1));
      }
      return found;
    });
  }

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
  static String slug(String heading) {
    String text = heading.strip().replaceAll("`", "").replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
    return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\s_-]", "").replace(' ', '-');
  }

  private static List<String> read(Path page) {
    try {
      return Files.readAllLines(page);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
