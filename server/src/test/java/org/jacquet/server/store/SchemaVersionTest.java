package org.jacquet.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.server.testing.Postgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A downgrade is refused: a database a newer Jacquet has migrated (a schema version this program
 * does not have) stops the start in one line naming the versions and the way out, and nothing is
 * written to it. (Flyway alone would ignore the newer migration and run the old code on it.)
 */
class SchemaVersionTest {
  @TempDir Path dir;

  /** What a newer version would have done: one more migration applied, and its column. */
  static void migrateByANewerVersion(Connection c) throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute("ALTER TABLE games ADD COLUMN from_the_future INTEGER");
      s.execute("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, checksum, installed_by,"
          + " execution_time, success) VALUES (999, '999', 'from the future', 'SQL', 'V999__from_the_future.sql', 0, 'jacquet', 1, TRUE)");
    }
  }

  private static String history(Connection c) throws Exception {
    StringBuilder rows = new StringBuilder();
    try (c; Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT version FROM flyway_schema_history ORDER BY installed_rank")) {
      while (r.next()) rows.append(r.getString(1)).append(' ');
    }
    return rows.toString();
  }

  /**
   * An upgrade says what it did: a database left at V1 by an old version is brought up to date,
   * and each migration applied is named, in order (the server prints one line for each); an
   * opening with nothing to apply names none, and so does a new database (made whole at once).
   */
  @Test
  void eachMigrationAppliedIsNamedInOrder() throws Exception {
    Database fresh = Database.sqlite(dir.resolve("new"));
    try {
      assertThat(fresh.migrated()).isEmpty();
    } finally {
      fresh.close();
    }
    Path file = dir.resolve("jacquet.db").toAbsolutePath();
    org.flywaydb.core.Flyway.configure().dataSource("jdbc:sqlite:" + file, null, null).locations("classpath:db/migration")
        .target("1").load().migrate();
    java.util.List<String> expected = new java.util.ArrayList<>();
    try (var names = java.nio.file.Files.list(Path.of(Database.class.getResource("/db/migration").toURI()))) {
      names.map(p -> p.getFileName().toString()).filter(n -> n.matches("V[0-9]+__.*\\.sql") && !n.startsWith("V1__"))
          .sorted(java.util.Comparator.comparingInt(n -> Integer.parseInt(n.substring(1, n.indexOf("__")))))
          .forEach(n -> expected.add(n.substring(0, n.indexOf("__")) + " (" + n.substring(n.indexOf("__") + 2, n.length() - 4).replace('_', ' ') + ")"));
    }
    assertThat(expected).hasSizeGreaterThan(1).contains("V9 (puzzle ratings)");
    Database db = Database.sqlite(dir);
    try {
      assertThat(db.migrated()).containsExactlyElementsOf(expected);
    } finally {
      db.close();
    }
    Database again = Database.sqlite(dir);
    try {
      assertThat(again.migrated()).isEmpty();
    } finally {
      again.close();
    }
  }

  @Test
  void anSqliteFileOfANewerVersionIsRefusedAndLeftAsItWas() throws Exception {
    Database.sqlite(dir).close();
    Path file = dir.resolve("jacquet.db").toAbsolutePath();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      migrateByANewerVersion(c);
    }
    String before = history(DriverManager.getConnection("jdbc:sqlite:" + file));
    assertThat(before).endsWith(" 999 ");
    assertThatThrownBy(() -> Database.sqlite(dir)).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(file + " was written by a newer version of Jacquet (its schema is at version 999, ")
        .hasMessageMatching(".*this program knows versions up to [0-9]+\\): run the newer version, or restore a backup made before the upgrade.*");
    assertThat(history(DriverManager.getConnection("jdbc:sqlite:" + file))).isEqualTo(before);
  }

  @Test
  void aPostgresDatabaseOfANewerVersionIsRefusedToo() throws Exception {
    try (Postgres pg = Postgres.fresh()) {
      String url = pg.jdbcUrl();
      Database.url(url, null, null).close();
      try (Connection c = DriverManager.getConnection(url)) {
        migrateByANewerVersion(c);
      }
      String before = history(DriverManager.getConnection(url));
      assertThatThrownBy(() -> Database.url(url, null, null)).isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("the database at " + url + " was written by a newer version of Jacquet (its schema is at version 999, ");
      assertThat(history(DriverManager.getConnection(url))).isEqualTo(before);
      // The same database at the program's own version opens as before.
      try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
        s.execute("DELETE FROM flyway_schema_history WHERE version = '999'");
      }
      Database.url(url, null, null).close();
    }
  }
}
