package org.jacquet.server;

import java.nio.file.Files;
import java.nio.file.Path;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;

/**
 * The database: an SQLite file by default (no set-up), PostgreSQL when given a URL. Flyway
 * brings the schema up to date at start-up.
 */
public final class Database {
  private final String url;
  private final String user;
  private final String password;
  private final Jdbi jdbi;
  private final HikariDataSource dataSource;
  /** The SQLite file and its identity (inode) at start, to notice it deleted or replaced. */
  private Path file;
  private Object fileKey;

  private Database(String url, String user, String password) {
    this.url = url;
    this.user = user;
    this.password = password;
    HikariConfig pool = new HikariConfig();
    pool.setJdbcUrl(url);
    if (user != null) pool.setUsername(user);
    if (password != null) pool.setPassword(password);
    // SQLite has one writer at a time: a few connections are plenty; PostgreSQL gets more.
    pool.setMaximumPoolSize(url.startsWith("jdbc:sqlite:") ? 4 : 16);
    pool.setPoolName("jacquet");
    this.dataSource = new HikariDataSource(pool);
    Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
    this.jdbi = Jdbi.create(dataSource);
  }

  /** The SQLite file {@code dir/jacquet.db}, created with its folder when missing. */
  public static Database sqlite(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot create the data folder " + dir + ": " + e.getMessage(), e);
    }
    Path file = dir.resolve("jacquet.db").toAbsolutePath();
    requireWritable(dir, file);
    // WAL with synchronous=NORMAL: a committed game survives the process being killed (the OS
    // holds the write); only a power cut could lose the last moves.
    Database db = new Database("jdbc:sqlite:" + file + "?busy_timeout=10000&journal_mode=WAL&synchronous=NORMAL", null, null);
    db.file = file;
    db.fileKey = fileKey(file);
    return db;
  }

  /** Refuses, in one line, a data folder or database file the server could not write to. */
  private static void requireWritable(Path dir, Path file) {
    try {
      Files.deleteIfExists(Files.createTempFile(dir, ".write-check", ".tmp"));
    } catch (java.io.IOException | SecurityException e) {
      throw new IllegalStateException("cannot write to the data folder " + dir + " (" + Health.rootCause(e)
          + "); give the server a writable folder with --data");
    }
    if (Files.exists(file) && !Files.isWritable(file)) {
      throw new IllegalStateException("cannot write to the database " + file + " (read-only); give the server a writable file");
    }
  }

  private static Object fileKey(Path file) {
    try {
      return Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
    } catch (java.io.IOException e) {
      return null;
    }
  }

  /** Fails if the SQLite file was deleted or replaced since start (writes would go nowhere durable). */
  void checkIntact() {
    if (file == null) return;
    Object now = fileKey(file);
    if (now == null || (fileKey != null && !fileKey.equals(now))) {
      String rescue = now == null ? rescue() : "";
      throw new IllegalStateException("the database file " + file + " was deleted or replaced under the running server"
          + rescue + "; restart the server");
    }
  }

  private boolean rescued;

  /**
   * The file was deleted while the server still holds it open: everything stored is still
   * readable through the open connections, so it is written back where the file was (once).
   */
  private synchronized String rescue() {
    if (rescued) return "; everything stored was written back to it";
    try {
      jdbi.useHandle(h -> h.execute("VACUUM INTO ?", file.toString()));
      rescued = true;
      return "; everything stored was written back to it";
    } catch (RuntimeException e) {
      return "; writing it back failed (" + Health.rootCause(e) + ")";
    }
  }

  /** The SQLite file, or null on another database. */
  public Path file() {
    return file;
  }

  /**
   * Copies the whole database, consistent, into {@code target} while the server may be running
   * (SQLite's {@code VACUUM INTO}): the copy is one file, nothing in a side WAL.
   */
  public void backup(Path target) {
    if (file == null) throw new IllegalStateException("backup copies an SQLite database; for PostgreSQL use pg_dump");
    if (Files.exists(target)) throw new IllegalStateException("the backup file " + target + " exists already");
    jdbi.useHandle(h -> h.execute("VACUUM INTO ?", target.toAbsolutePath().toString()));
  }

  /** A database by JDBC URL ({@code jdbc:postgresql://host/db?user=…&password=…} or SQLite). */
  public static Database url(String url, String user, String password) {
    return new Database(url, user, password);
  }

  /**
   * Closes the pooled connections. On SQLite the WAL is checkpointed into the database first,
   * so the {@code .db} file alone holds everything (a copy of it is a complete backup).
   */
  public void close() {
    if (file != null) {
      try {
        jdbi.useHandle(h -> h.execute("PRAGMA wal_checkpoint(TRUNCATE)"));
      } catch (RuntimeException e) {
        System.err.println("jacquet: could not checkpoint the database at stop: " + Health.rootCause(e));
      }
    }
    dataSource.close();
  }

  public boolean isPostgres() {
    return url.startsWith("jdbc:postgresql:");
  }

  public String url() {
    return url;
  }

  String user() {
    return user;
  }

  String password() {
    return password;
  }

  public Jdbi jdbi() {
    return jdbi;
  }
}
