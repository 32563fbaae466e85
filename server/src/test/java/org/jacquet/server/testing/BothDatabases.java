package org.jacquet.server.testing;

import org.jacquet.server.store.Database;

import java.nio.file.Path;
import java.util.function.Consumer;

/** Runs a test's body on a fresh SQLite file and on a fresh embedded PostgreSQL, each closed after. */
public final class BothDatabases {
  private BothDatabases() {}

  public static void sqlite(Path dir, Consumer<Database> body) {
    Database db = Database.sqlite(dir);
    try {
      body.accept(db);
    } finally {
      db.close();
    }
  }

  public static void postgres(Consumer<Database> body) throws java.io.IOException {
    try (Postgres postgres = Postgres.fresh()) {
      Database db = Database.url(postgres.jdbcUrl(), null, null);
      try {
        body.accept(db);
      } finally {
        db.close();
      }
    }
  }
}
