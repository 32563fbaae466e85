package org.jacquet.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jacquet.server.store.DatabaseCopy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code jacquet restore FILE}: every game of a backup made by {@code jacquet backup} put into an
 * empty database, SQLite or PostgreSQL (never mixed into one that holds games). The backup is
 * brought up to this version's schema on a copy: the file is left as it was.
 */
@Command(name = "restore", mixinStandardHelpOptions = true,
    description = "Restores a backup made by jacquet backup into an empty database (SQLite or PostgreSQL); stop the servers first.")
final class RestoreCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The backup to read.")
  Path source;

  @Mixin DatabaseOptions database;
  @Mixin LangOption lang;

  @Override
  public Integer call() {
    if (!Files.isRegularFile(source)) {
      throw new IllegalArgumentException("FILE " + source + (Files.exists(source) ? " is not a file" : ": no such file"));
    }
    if (!Files.isReadable(source)) throw new CommandFailure("cannot read the backup " + source + " (permission denied)");
    DatabaseOptions.Choice db = database.choose();
    DatabaseCopy.Counts counts;
    try {
      counts = DatabaseCopy.restore(source, db::open);
    } catch (RuntimeException e) { // not a backup, a newer version's, a database that holds games or is out of reach…
      throw DatabaseOptions.failure(e);
    }
    System.out.println("Restored " + counts.games() + " game(s) and " + counts.actions() + " action(s) from " + source.toAbsolutePath()
        + " into " + db.where());
    return 0;
  }
}
