package org.jacquet.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * How a command that opens a database by URL gets its password: from the environment variable
 * {@value #VARIABLE} or from a file ({@code --db-password-file}), never from the command line,
 * where anyone listing the processes ({@code ps}) would read it (a picocli mixin).
 */
final class DatabaseLogin {
  static final String VARIABLE = "JACQUET_DB_PASSWORD";
  /** A password file is one line; anything longer is the wrong file. */
  private static final int MAX_BYTES = 4096;

  @Option(names = "--db-user", paramLabel = "USER", description = "The database user, with --db-url.")
  String user;

  @Option(names = "--db-password-file", paramLabel = "FILE",
      description = "A file whose first line is the database password, with --db-url (or set " + VARIABLE + ").")
  Path passwordFile;

  /** Only there to be refused with a pointer to the two ways that keep the password out of sight. */
  @Option(names = "--db-password", hidden = true, arity = "0..1", paramLabel = "PASSWORD")
  String passwordOnTheCommandLine;

  /**
   * The password to use with {@code url} (null when none is given), read from the file or the
   * environment; refuses a password on the command line or in the URL, and a user, file or
   * password for the SQLite file of {@code --data}.
   */
  String password(String url, Map<String, String> environment) {
    if (passwordOnTheCommandLine != null) throw new IllegalArgumentException(Words.get("db.password.option", VARIABLE));
    if (url != null && url.matches("(?is).*[?&;]password=.*")) throw new IllegalArgumentException(Words.get("db.password.url", VARIABLE));
    String fromEnvironment = environment.get(VARIABLE);
    if (url == null) {
      if (user != null) throw new IllegalArgumentException(Words.get("db.needs.url", "--db-user"));
      if (passwordFile != null) throw new IllegalArgumentException(Words.get("db.needs.url", "--db-password-file"));
      return null; // the SQLite file takes no password: a variable set for the whole machine is left alone
    }
    if (passwordFile == null) return fromEnvironment == null || fromEnvironment.isEmpty() ? null : fromEnvironment;
    if (fromEnvironment != null && !fromEnvironment.isEmpty()) {
      throw new IllegalArgumentException(Words.get("db.password.twice", VARIABLE));
    }
    return readFirstLine(passwordFile);
  }

  static String readFirstLine(Path file) {
    if (Files.isDirectory(file)) throw new IllegalArgumentException(Words.get("db.password.file.folder", file));
    byte[] bytes;
    try (var in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    } catch (IOException e) {
      throw new CommandFailure(Words.get("db.password.file.unreadable", file, Inputs.reason(e)));
    }
    if (bytes.length > MAX_BYTES) throw new IllegalArgumentException(Words.get("db.password.file.long", file, MAX_BYTES));
    String line = new String(bytes, StandardCharsets.UTF_8).split("\r?\n", 2)[0];
    if (line.isEmpty()) throw new IllegalArgumentException(Words.get("db.password.file.empty", file));
    return line;
  }
}
