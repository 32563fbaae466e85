package org.jacquet.server.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.limits.Health;

/**
 * Backups of either database as one portable file, and their restore into either: a backup is an
 * SQLite database at this version's schema holding every row of the project's tables. From SQLite
 * it is SQLite's own consistent copy ({@code VACUUM INTO}); from PostgreSQL the rows are read
 * through JDBC in one snapshot (a repeatable-read transaction), so a backup needs no
 * {@code pg_dump} of the server's exact major version, and the same file restores into SQLite or
 * PostgreSQL. A restore goes into an empty database only: it never mixes two histories.
 */
public final class DatabaseCopy {
  /** Flyway's history is each database's own: its schema is made by the migrations, not copied. */
  private static final String HISTORY = "flyway_schema_history";
  private static final int BATCH = 500;

  private DatabaseCopy() {}

  /** What was copied: the games and the actions, counted. */
  public record Counts(long games, long actions) {}

  /**
   * Writes a backup of the PostgreSQL database {@code db} to the new file {@code target} (an
   * SQLite file is copied whole by {@link Database#copy}).
   */
  public static Counts backup(Database db, Path target) {
    if (Files.exists(target)) throw new IllegalStateException("the backup file " + target + " exists already");
    createPrivately(target);
    Database copy;
    try {
      copy = Database.url("jdbc:sqlite:" + target.toAbsolutePath(), null, null);
    } catch (RuntimeException e) {
      deleteQuietly(target);
      throw e;
    }
    Counts counts;
    try {
      counts = copyRows(db, copy, Connection.TRANSACTION_REPEATABLE_READ);
    } catch (RuntimeException e) {
      copy.close();
      deleteQuietly(target); // never half a backup where a host would look for one
      throw e;
    }
    copy.close();
    return counts;
  }

  /**
   * Creates the empty file a backup is written into, readable and writable by its owner only
   * (0600) from the first byte: a backup holds every account's password hash and every seat's
   * token, and a file made with the usual umask is readable by every user of the machine. SQLite
   * fills an empty file as a new database (VACUUM INTO too), and gives its journal the same mode.
   */
  static void createPrivately(Path target) {
    try {
      if (Files.getFileStore(target.toAbsolutePath().getParent()).supportsFileAttributeView("posix")) {
        Files.createFile(target, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
            java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
      } else {
        Files.createFile(target);
      }
    } catch (java.nio.file.FileAlreadyExistsException e) {
      throw new IllegalStateException("the backup file " + target + " exists already", e);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot create the backup file " + target + " (" + Health.rootCause(e) + ")", e);
    }
  }

  /**
   * Restores the backup {@code source} into the database {@code target} opens, which must hold no
   * game. The backup is checked first and read from a copy brought up to this version's schema:
   * the file is left as it was, and a file that is no backup opens no database.
   */
  public static Counts restore(Path source, java.util.function.Supplier<Database> target) {
    Path scratch;
    try {
      if (Files.size(source) == 0) throw new IllegalStateException(source + " is not a Jacquet backup (an empty file)");
      scratch = Files.createTempDirectory("jacquet-restore");
      Files.copy(source, scratch.resolve("jacquet.db"));
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot read the backup " + source + " (" + e.getMessage() + ")", e);
    }
    Database backup;
    try {
      backup = Database.sqlite(scratch);
    } catch (IllegalStateException e) { // not a database, another program's, a newer version's: said of the file given
      deleteAll(scratch);
      throw new IllegalStateException(e.getMessage().replace(scratch.resolve("jacquet.db").toString(), source.toString()), e);
    }
    try {
      Database db = target.get();
      try {
        long present = db.jdbi().withHandle(h -> h.createQuery("SELECT count(*) FROM games").mapTo(Long.class).one());
        if (present > 0) {
          throw new IllegalStateException("a restore goes into an empty database, and " + where(db) + " holds " + present
              + " game(s); give a new --data folder or an empty PostgreSQL database");
        }
        return copyRows(backup, db, Connection.TRANSACTION_SERIALIZABLE);
      } finally {
        db.close();
      }
    } finally {
      backup.close();
      deleteAll(scratch);
    }
  }

  private static void deleteAll(Path scratch) {
    for (String name : new String[] {"jacquet.db", "jacquet.db-wal", "jacquet.db-shm", ""}) deleteQuietly(scratch.resolve(name));
  }

  /** Every row of every table of the project's from {@code from} into {@code to}, each side in one transaction. */
  private static Counts copyRows(Database from, Database to, int readIsolation) {
    try (org.jdbi.v3.core.Handle in = from.jdbi().open(); org.jdbi.v3.core.Handle out = to.jdbi().open()) {
      return copyRows(in.getConnection(), out.getConnection(), readIsolation);
    } catch (SQLException e) {
      throw new IllegalStateException("the copy failed, nothing was written: " + Health.rootCause(e), e);
    }
  }

  private static Counts copyRows(Connection in, Connection out, int readIsolation) throws SQLException {
    in.setAutoCommit(false);
    in.setTransactionIsolation(readIsolation);
    out.setAutoCommit(false);
    try {
      java.util.Map<String, Long> rows = new java.util.HashMap<>();
      for (String table : tables(in)) rows.put(table, copyTable(table, in, out));
      if (out.getMetaData().getURL().startsWith("jdbc:postgresql:")) advanceSequences(out);
      out.commit();
      in.commit();
      return new Counts(rows.getOrDefault("games", 0L), rows.getOrDefault("actions", 0L));
    } catch (SQLException | RuntimeException e) {
      rollbackQuietly(out);
      rollbackQuietly(in);
      throw e;
    } finally {
      in.setAutoCommit(true);
      out.setAutoCommit(true);
    }
  }

  /**
   * The project's tables (every table the migrations made: those of later features too), each
   * after the tables its foreign keys point at, so that every row it refers to is there first.
   */
  static List<String> tables(Connection c) throws SQLException {
    java.sql.DatabaseMetaData meta = c.getMetaData();
    String schema = c.getSchema();
    java.util.Map<String, java.util.Set<String>> parents = new java.util.TreeMap<>();
    try (ResultSet r = meta.getTables(null, schema, "%", new String[] {"TABLE"})) {
      while (r.next()) {
        String name = r.getString("TABLE_NAME").toLowerCase(java.util.Locale.ROOT);
        if (!name.equals(HISTORY) && !name.startsWith("sqlite_")) parents.put(name, new java.util.TreeSet<>());
      }
    }
    for (String table : parents.keySet()) {
      try (ResultSet r = meta.getImportedKeys(null, schema, table)) {
        while (r.next()) {
          String parent = r.getString("PKTABLE_NAME").toLowerCase(java.util.Locale.ROOT);
          if (!parent.equals(table)) parents.get(table).add(parent);
        }
      }
    }
    List<String> ordered = new ArrayList<>();
    while (ordered.size() < parents.size()) {
      int before = ordered.size();
      for (java.util.Map.Entry<String, java.util.Set<String>> t : parents.entrySet()) {
        if (!ordered.contains(t.getKey()) && ordered.containsAll(t.getValue())) ordered.add(t.getKey());
      }
      if (ordered.size() == before) throw new IllegalStateException("the tables' foreign keys go round in a circle: " + parents);
    }
    return ordered;
  }

  /**
   * PostgreSQL's sequences (serial and identity columns) moved past the ids restored: the rows
   * came with their ids, and the next row made must not take one of them.
   */
  static void advanceSequences(Connection c) throws SQLException {
    List<String[]> columns = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT table_name, column_name FROM information_schema.columns"
        + " WHERE table_schema = current_schema() AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')")) {
      while (r.next()) columns.add(new String[] {r.getString(1), r.getString(2)});
    }
    for (String[] tc : columns) {
      try (PreparedStatement p = c.prepareStatement("SELECT setval(pg_get_serial_sequence(?, ?), coalesce((SELECT max(\"" + tc[1]
          + "\") FROM \"" + tc[0] + "\"), 0) + 1, false)")) {
        p.setString(1, tc[0]);
        p.setString(2, tc[1]);
        p.execute();
      }
    }
  }

  private static long copyTable(String table, Connection in, Connection out) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (Statement s = in.createStatement(); ResultSet r = s.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
      ResultSetMetaData m = r.getMetaData();
      for (int i = 1; i <= m.getColumnCount(); i++) columns.add(m.getColumnName(i).toLowerCase(java.util.Locale.ROOT));
    }
    String list = String.join(", ", columns);
    int[] types = new int[columns.size()];
    try (Statement s = out.createStatement(); ResultSet r = s.executeQuery("SELECT " + list + " FROM " + table + " WHERE 1 = 0")) {
      for (int i = 0; i < types.length; i++) types[i] = r.getMetaData().getColumnType(i + 1);
    }
    long n = 0;
    String insert = "INSERT INTO " + table + " (" + list + ") VALUES (" + "?, ".repeat(columns.size() - 1) + "?)";
    try (Statement s = in.createStatement(); PreparedStatement p = out.prepareStatement(insert)) {
      s.setFetchSize(BATCH);
      try (ResultSet r = s.executeQuery("SELECT " + list + " FROM " + table)) {
        while (r.next()) {
          for (int i = 0; i < types.length; i++) {
            Object value = r.getObject(i + 1);
            if (value == null) p.setNull(i + 1, types[i]);
            else p.setObject(i + 1, value);
          }
          p.addBatch();
          if (++n % BATCH == 0) p.executeBatch();
        }
      }
      p.executeBatch();
    }
    return n;
  }

  /** The games and actions a backup file holds. */
  public static Counts count(Path file) {
    try (Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath() + "?open_mode=1");
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM actions)")) {
      r.next();
      return new Counts(r.getLong(1), r.getLong(2));
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the backup written to " + file + ": " + Health.rootCause(e), e);
    }
  }

  private static String where(Database db) {
    return db.file() != null ? db.file().toString() : "the database at " + db.url();
  }

  private static void rollbackQuietly(Connection c) {
    try {
      c.rollback();
    } catch (SQLException ignored) {
      // the failure being reported is the one that matters
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (java.io.IOException ignored) {
      // a temporary file left behind is harmless
    }
  }
}
