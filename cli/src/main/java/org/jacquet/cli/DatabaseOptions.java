package org.jacquet.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jacquet.engine.Excerpt;
import org.jacquet.server.store.Database;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Which database a command opens (a picocli mixin shared by serve, backup and restore): the
 * SQLite file in the folder of {@code --data}, or a database by {@code --db-url} with its login.
 */
final class DatabaseOptions {
  @Option(names = "--data", paramLabel = "DIR", description = "Folder of the SQLite database (default: ~/.jacquet/data).")
  Path data;

  @Option(names = "--db-url", paramLabel = "URL", description = "A database URL instead, e.g. jdbc:postgresql://localhost/jacquet")
  String url;

  @Mixin DatabaseLogin login;

  /** The PostgreSQL driver's logger (java.util.logging), held: a logger nobody holds may be collected with its level. */
  private static final java.util.logging.Logger PG_DRIVER_LOG = java.util.logging.Logger.getLogger("org.postgresql");

  /** A database named in full and checked: the SQLite folder, or a URL with its user and password. */
  record Choice(Path data, String url, String user, String password) {
    /** Opens it (on SQLite, the file in the folder, made if missing); the schema is brought up to date. */
    Database open() {
      return url != null ? Database.url(url, user, password) : Database.sqlite(data);
    }

    /** Where it is, for a host to read (never the password). */
    String where() {
      return url != null ? url : data.resolve("jacquet.db").toAbsolutePath().toString();
    }
  }

  /** Checks the options together, before anything is opened; the password read from where a host keeps it. */
  Choice choose() {
    // One database or the other: --data names the SQLite file's folder, --db-url a database in full.
    if (url != null && data != null) {
      throw new IllegalArgumentException("--data and --db-url name two databases; give one or the other (--data DIR for SQLite "
          + "in that folder, --db-url URL for a database by URL)");
    }
    String password = login.password(url, System.getenv());
    if (url != null && !url.startsWith("jdbc:postgresql:") && !url.startsWith("jdbc:sqlite:")) {
      throw new IllegalArgumentException("--db-url must be a jdbc:postgresql:… or jdbc:sqlite:… URL, not '" + Excerpt.of(url) + "'");
    }
    if (url != null && url.startsWith("jdbc:sqlite:") && inMemory(url.substring("jdbc:sqlite:".length()))) {
      throw new IllegalArgumentException("--db-url " + Excerpt.of(url) + " is a database in memory: every game would be lost at stop; name a file");
    }
    PG_DRIVER_LOG.setLevel(java.util.logging.Level.OFF); // its warnings come as two lines each; the failure is said in one
    if (data != null && data.toString().isEmpty()) throw new IllegalArgumentException("--data needs a folder name");
    if (data != null && Files.exists(data) && !Files.isDirectory(data)) throw new IllegalArgumentException("--data " + data + " is not a folder");
    Path folder = url != null ? null : data != null ? data : Path.of(System.getProperty("user.home"), ".jacquet", "data");
    return new Choice(folder, url, login.user, password);
  }

  /**
   * What went wrong with the database, as a command's failure in one line: the server's own
   * reasons (a folder it cannot write, a file that is no database, a newer schema) as they are
   * said, the driver's (a refused login, no server there) after "cannot open the database".
   */
  static RuntimeException failure(RuntimeException e) {
    if (e instanceof IllegalStateException) return new CommandFailure(e.getMessage());
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof java.sql.SQLException sql) return new CommandFailure("cannot open the database: " + sql.getMessage());
    }
    return e;
  }

  /** Whether an SQLite URL's rest names no file: empty, {@code :memory:} or a memory mode. */
  static boolean inMemory(String rest) {
    String r = rest.toLowerCase(java.util.Locale.ROOT);
    return r.isBlank() || r.startsWith(":memory:") || r.startsWith("file::memory:") || r.contains("mode=memory");
  }
}
