package org.jacquet.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * A file a long command adds one line to per finished piece of work (benchmark decisions, puzzle
 * attempts), so that a stopped run goes on with the same command: its first line names what it
 * is, its second the command that made it, and it is resumed only with that command's settings.
 */
final class ResumedFile {
  private ResumedFile() {}

  /**
   * Resumes {@code out}: checks its first line starts with {@code first}, gives its text to {@code
   * resume} (which reads what is done, or refuses the file), then checks its settings are {@code
   * madeBy}'s (but the {@code free} options). A missing or empty file is written instead: {@code
   * first} and {@code rest} (the rest of its first line: the rules), the command, and {@code
   * describe} (the rest of the header, each line starting with {@code #}). {@code kind} names what
   * the file holds ("a benchmark file") and {@code maker} the command that adds to it.
   */
  static void open(Path out, String first, String rest, String madeBy, Set<String> free, String describe, String kind,
      String maker, java.util.function.Consumer<String> resume) throws IOException {
    if (Files.exists(out) && !Files.isRegularFile(out)) {
      throw new IllegalArgumentException("--out " + out + " is not a regular file (lines are added to a file, and it is read first to resume)");
    }
    if (Files.exists(out) && Files.size(out) > 0) {
      String text = Inputs.text(out);
      List<String> lines = text.lines().limit(2).toList();
      if (lines.isEmpty() || !lines.get(0).startsWith(first)) {
        throw new CommandFailure("--out " + out + " is not " + kind + " (its first line is not '" + first.strip()
            + " …'): lines are added only to a file " + maker + " made; give another --out");
      }
      resume.accept(text);
      String differs = lines.size() > 1 && lines.get(1).startsWith(Inputs.MADE_BY)
          ? Inputs.settingDiffers(lines.get(1).substring(Inputs.MADE_BY.length()), madeBy, free) : null;
      if (differs != null) {
        throw new CommandFailure("--out " + out + " was made with " + differs + ": go on with the same settings, or give another --out");
      }
      return;
    }
    if (out.getParent() != null) Files.createDirectories(out.getParent());
    Files.writeString(out, first + rest + "\n" + Inputs.MADE_BY + madeBy + "\n" + describe, StandardCharsets.UTF_8);
  }
}
