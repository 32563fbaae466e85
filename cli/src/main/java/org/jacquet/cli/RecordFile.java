package org.jacquet.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The file a terminal game writes its record to, checked before the game starts. */
final class RecordFile {
  private RecordFile() {}

  /**
   * Makes sure {@code file} can be written — by creating its folder and opening it for writing,
   * without changing an existing file — so a game is never played into a record that cannot
   * be kept.
   */
  static void check(Path file) {
    if (Files.isDirectory(file)) throw new IllegalArgumentException("--record " + file + " is a directory, not a file");
    boolean existed = Files.exists(file);
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) Files.createDirectories(parent);
      Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND).close();
      if (!existed) Files.delete(file);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("--record " + file + " cannot be written ("
          + (e instanceof IOException io ? Inputs.reason(io) : e.getMessage()) + ")");
    }
  }
}
