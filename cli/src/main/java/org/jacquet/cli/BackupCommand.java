package org.jacquet.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.DatabaseCopy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code jacquet backup FILE}: a consistent copy of the web app's database, safe while the server
 * runs. From SQLite, SQLite's own copy (VACUUM INTO, the database only read); from PostgreSQL,
 * every row read in one snapshot through JDBC into an SQLite file of the same schema, so that any
 * backup restores with {@code jacquet restore} into either database.
 */
@Command(name = "backup", mixinStandardHelpOptions = true,
    description = "Copies the web app's database (SQLite or PostgreSQL) into FILE, consistently, even while the server runs.")
final class BackupCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The copy to write (must not exist): an SQLite file that jacquet restore reads.")
  Path target;

  @Mixin DatabaseOptions database;
  @Mixin LangOption lang;

  @Override
  public Integer call() {
    Inputs.writable(target, "FILE", false);
    if (java.nio.file.Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      throw new IllegalArgumentException(target + " exists already: the backup is written to a new file");
    }
    DatabaseOptions.Choice db = database.choose();
    DatabaseCopy.Counts counts;
    try {
      if (db.url() == null) {
        if (!java.nio.file.Files.exists(db.data().resolve("jacquet.db"))) {
          throw new IllegalArgumentException("no database at " + db.where() + " (give its folder with --data)");
        }
        Database.copy(db.data(), target); // only read: no schema migration on the database it copies
        counts = DatabaseCopy.count(target);
      } else {
        Database source = db.open();
        try {
          counts = DatabaseCopy.backup(source, target);
        } finally {
          source.close();
        }
      }
    } catch (RuntimeException e) { // a file that is not a Jacquet database, a damaged one, a database out of reach…
      throw DatabaseOptions.failure(e);
    }
    System.out.println("Backed up " + db.where() + " to " + target.toAbsolutePath() + " (" + counts.games() + " game(s), "
        + counts.actions() + " action(s))");
    return 0;
  }
}
