package org.jacquet.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jacquet.engine.game.GameRecord;

/**
 * Files the commands read and write, each problem said in one line naming the file: missing,
 * a directory, unreadable, not UTF-8, too large, or a record that does not hold up.
 */
final class Inputs {
  /** Far beyond any game record or network: a bigger file is a mistake, not a game. */
  static final long MAX_TEXT_BYTES = 64L << 20;

  private Inputs() {}

  /** The file's text, which must be UTF-8. */
  static String text(Path file) {
    if (Files.isDirectory(file)) throw new CommandFailure(file + " is a directory, not a file");
    if (!Files.exists(file)) throw new CommandFailure(file + ": no such file");
    if (!Files.isReadable(file)) throw new CommandFailure(file + ": permission denied");
    try {
      if (Files.size(file) > MAX_TEXT_BYTES) throw new CommandFailure(file + " is too large (over 64 MB)");
      byte[] bytes = Files.readAllBytes(file);
      try {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
      } catch (CharacterCodingException e) {
        throw new CommandFailure(file + " is not UTF-8 text");
      }
    } catch (IOException e) {
      throw new CommandFailure(file + ": cannot read (" + reason(e) + ")");
    }
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
    Path absolute = file.toAbsolutePath();
    if (Files.isDirectory(absolute)) throw new IllegalArgumentException(option + " " + file + " is a directory, not a file");
    if (Files.exists(absolute) && !Files.isWritable(absolute)) {
      throw new IllegalArgumentException(option + " " + file + " is not writable");
    }
    Path folder = absolute.getParent();
    if (folder == null) return;
    if (!Files.isDirectory(folder)) {
      if (!createsFolders) throw new IllegalArgumentException(option + " " + file + ": the folder " + folder + " does not exist");
      while (folder != null && !Files.exists(folder)) folder = folder.getParent();
      if (folder == null || !Files.isDirectory(folder)) {
        throw new IllegalArgumentException(option + " " + file + ": " + folder + " is not a folder");
      }
    }
    if (!Files.isWritable(folder)) throw new IllegalArgumentException(option + " " + file + ": the folder " + folder + " is not writable");
  }

  /** An I/O error's reason in words, without the Java class name. */
  static String reason(IOException e) {
    if (e instanceof NoSuchFileException) return "no such file or folder";
    if (e instanceof AccessDeniedException) return "permission denied";
    String m = e.getMessage();
    return m == null || m.isBlank() ? "input/output error" : m;
  }
}
