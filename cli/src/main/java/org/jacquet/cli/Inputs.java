package org.jacquet.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jacquet.engine.format.GameRecord;

/**
 * Files the commands read and write, each problem said in one line naming the file: missing,
 * a directory, unreadable, not UTF-8, too large, or a record that does not hold up.
 */
final class Inputs {
  /** Far beyond any game record or network: a bigger file is a mistake, not a game. */
  static final long MAX_TEXT_BYTES = 64L << 20;

  private Inputs() {}

  /**
   * The file's text, which must be UTF-8; a leading byte-order mark (which some editors write)
   * is skipped. Any file the system can read will do (a pipe such as {@code <(…)} included), but
   * never more than {@link #MAX_TEXT_BYTES}: {@code /dev/zero} is refused as too large rather
   * than filling the memory.
   */
  static String text(Path file) {
    if (file.toString().isEmpty()) throw new IllegalArgumentException("no file name given (an empty argument)");
    if (Files.isDirectory(file)) throw new CommandFailure(file + " is a directory, not a file");
    if (!Files.exists(file)) throw new CommandFailure(file + ": no such file");
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      if (Files.isRegularFile(file) && Files.size(file) > MAX_TEXT_BYTES) throw tooLarge(file);
      bytes = in.readNBytes((int) MAX_TEXT_BYTES + 1);
    } catch (IOException e) { // unreadable: permission denied, an input/output error…
      throw new CommandFailure(file + ": cannot read (" + reason(e) + ")");
    }
    if (bytes.length > MAX_TEXT_BYTES) throw tooLarge(file);
    try {
      String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
      return text.startsWith("\uFEFF") ? text.substring(1) : text;
    } catch (CharacterCodingException e) {
      throw new CommandFailure(file + " is not UTF-8 text");
    }
  }

  private static CommandFailure tooLarge(Path file) {
    return new CommandFailure(file + " is too large (over " + (MAX_TEXT_BYTES >> 20) + " MB)");
  }

  /** A game record read from its file; what is wrong with it is said with the file's name. */
  static GameRecord.Parsed record(Path file) {
    return record(file, text(file));
  }

  static GameRecord.Parsed record(Path file, String text) {
    try {
      return GameRecord.read(text);
    } catch (RuntimeException | StackOverflowError e) {
      String why = e instanceof StackOverflowError ? "a line too long to read" : String.valueOf(e.getMessage());
      throw new CommandFailure(file + " is not a valid game record: " + why);
    }
  }

  /**
   * Checks, before any long work, that {@code file} can be written: not a directory, its folder
   * there (or, when {@code createsFolders}, creatable) and writable.
   */
  static void writable(Path file, String option, boolean createsFolders) {
    if (file.toString().isEmpty()) throw new IllegalArgumentException(option + " needs a file name");
    Path absolute = file.toAbsolutePath();
    if (Files.isDirectory(absolute)) throw new IllegalArgumentException(option + " " + file + " is a directory, not a file");
    if (Files.exists(absolute) && !Files.isWritable(absolute)) {
      throw new IllegalArgumentException(option + " " + file + " is not writable");
    }
    Path folder = absolute.getParent();
    if (folder == null) return;
    if (!Files.isDirectory(folder)) {
      if (Files.exists(folder)) throw new IllegalArgumentException(option + " " + file + ": " + folder + " is not a folder");
      if (!createsFolders) throw new IllegalArgumentException(option + " " + file + ": the folder " + folder + " does not exist");
      Path existing = folder;
      while (existing != null && !Files.exists(existing)) existing = existing.getParent();
      if (existing == null || !Files.isDirectory(existing)) {
        throw new IllegalArgumentException(option + " " + file + ": " + existing + " is not a folder");
      }
      try {
        Files.createDirectories(folder); // made now rather than found impossible after the work
      } catch (IOException | SecurityException e) {
        throw new IllegalArgumentException(option + " " + file + ": cannot make the folder " + folder + " ("
            + (e instanceof IOException io ? reason(io) : "not allowed") + ")");
      }
    }
    // Permissions say little to root and nothing in /proc: the proof is a file made and removed there.
    try {
      Files.delete(Files.createTempFile(folder, ".jacquet-", ".probe"));
    } catch (IOException | SecurityException e) {
      throw new IllegalArgumentException(option + " " + file + ": the folder " + folder + " is not writable ("
          + (e instanceof IOException io ? reason(io) : "not allowed") + ")");
    }
  }


  /**
   * {@link #writable} for a file written beside and moved into place (a network): it must be a
   * regular file if it exists, or the move would replace a device such as /dev/null.
   */
  static void replaceable(Path file, String option) {
    writable(file, option, true);
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new IllegalArgumentException(option + " " + file + " is not a regular file (the new one is written beside it, then moved in its place)");
    }
  }

  /**
   * Refuses an output that is the same file as an input or as another output (it would be
   * overwritten, or they would overwrite each other). {@code files} alternate an option's words
   * and its file ({@code "the record", record, "--html", html, …}); null files are left out. The
   * first, an output, is checked against every other.
   */
  static void distinct(String output, Path file, Object... others) {
    if (file == null) return;
    for (int i = 0; i + 1 < others.length; i += 2) {
      Path other = (Path) others[i + 1];
      if (other != null && sameFile(file, other)) {
        throw new IllegalArgumentException(output + " " + file + " is the same file as " + others[i]
            + (other.toString().equals(file.toString()) ? "" : " " + other) + ": it would be overwritten; name another file");
      }
    }
  }

  /**
   * Whether two names are one file: the same file if both exist (links included), else the same
   * real folder and name (a file not made yet, named two ways).
   */
  static boolean sameFile(Path a, Path b) {
    try {
      if (Files.exists(a) && Files.exists(b)) return Files.isSameFile(a, b);
    } catch (IOException | SecurityException e) { // unreadable: compared by name below
    }
    return where(a).equals(where(b));
  }

  /** The file's real path, or, for a file not there yet, its folder's real path and its name. */
  private static Path where(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    try {
      return absolute.toRealPath();
    } catch (IOException | SecurityException e) {
      Path folder = absolute.getParent();
      Path name = absolute.getFileName();
      if (folder == null || name == null) return absolute;
      return where(folder).resolve(name);
    }
  }

  /** An I/O error's reason in words, without the Java class name. */
  static String reason(IOException e) {
    if (e instanceof NoSuchFileException) return "no such file or folder";
    if (e instanceof AccessDeniedException) return "permission denied";
    String m = e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.getMessage();
    if (m == null || m.isBlank()) return "input/output error";
    return m.length() > 1 && Character.isLowerCase(m.charAt(1)) ? Character.toLowerCase(m.charAt(0)) + m.substring(1) : m; // "Input/output error" reads mid-sentence
  }
}
