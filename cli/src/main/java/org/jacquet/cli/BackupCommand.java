package org.jacquet.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jacquet.server.store.Database;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jacquet backup FILE}: a consistent copy of the web app's SQLite database, safe while
 * the server runs (SQLite's VACUUM INTO): one self-contained file, restored by copying it
 * back as {@code jacquet.db} while the server is stopped.
 */
@Command(name = "backup", mixinStandardHelpOptions = true,
    description = "Copies the web app's SQLite database into FILE, consistently, even while the server runs.")
final class BackupCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The copy to write (must not exist).")
  Path target;

  @Option(names = "--data", paramLabel = "DIR", description = "Folder of the SQLite database (default: ~/.jacquet/data).")
  Path data;

  @Override
  public Integer call() {
    Inputs.writable(target, "FILE", false);
    if (java.nio.file.Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      throw new IllegalArgumentException(target + " exists already: the backup is written to a new file");
    }
    Path dir = data != null ? data : Path.of(System.getProperty("user.home"), ".jacquet", "data");
    if (!java.nio.file.Files.exists(dir.resolve("jacquet.db"))) {
      throw new IllegalArgumentException("no database at " + dir.resolve("jacquet.db") + " (give its folder with --data)");
    }
    try {
      Database.copy(dir, target); // only read: no schema migration on the database it copies
    } catch (IllegalStateException e) { // a file that is not a Jacquet database, a damaged one…
      throw new CommandFailure(e.getMessage());
    }
    System.out.println("Backed up " + dir.resolve("jacquet.db").toAbsolutePath() + " to " + target.toAbsolutePath());
    return 0;
  }
}
