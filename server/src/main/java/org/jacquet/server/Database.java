package org.jacquet.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;

/**
 * The database: an SQLite file by default (no set-up), PostgreSQL when given a URL. Flyway
 * brings the schema up to date at start-up.
 *
 * <p>On SQLite the server also guards its file: a file deleted (or moved away) under the
 * running server would take every later write with it at the next start. One connection, the
 * anchor, stays open on the file for the server's life, so a deleted file stays readable through
 * it (WAL included). The file is looked at every second and around every write; gone, it is
 * written back from the anchor where it was ({@code VACUUM INTO} a side file, then renamed), the
 * pool's connections are replaced by ones on the new file, and the server goes on with it.
 * While it cannot be written back (its folder gone too), or if another file was put in its
 * place, writes are refused and {@link #failure()} says why.
 */
public final class Database {
  private final String url;
  private final String user;
  private final String password;
  private final Jdbi jdbi;
  private final HikariDataSource dataSource;
  /** The SQLite file, null on PostgreSQL. */
  private final Path file;
  /** Writes share it; writing the file back holds it alone, so that no write falls in between. */
  private final ReentrantReadWriteLock writes = new ReentrantReadWriteLock();
  /** The identity (inode) of the file in use, to notice it deleted or replaced. */
  private volatile Object fileKey;
  /** Why writes are refused now (the file gone and not yet written back, or replaced), or null. */
  private volatile String broken;
  /** A connection kept open on the file in use (SQLite): what a deleted file is written back from. */
  private java.sql.Connection anchor;
  /**
   * Anchors of files deleted under the server, kept open until the process ends: the last
   * connection to close on a file deletes its {@code -wal} and {@code -shm} by name, which are
   * now those of the file written back.
   */
  private final List<java.sql.Connection> retired = new ArrayList<>();
  private final ScheduledExecutorService watch;

  private Database(String url, String user, String password, Path file) {
    this.url = url;
    this.user = user;
    this.password = password;
    this.file = file;
    if (file != null) {
      // The anchor creates the file if need be; pooled connections never do (open_mode=2,
      // read-write without create): one opened while the file is gone would make a new, empty
      // one in its place and write there.
      anchor = open(url);
      fileKey = fileKey(file);
    }
    HikariConfig pool = new HikariConfig();
    pool.setJdbcUrl(file != null ? url + "&open_mode=2" : url);
    if (user != null) pool.setUsername(user);
    if (password != null) pool.setPassword(password);
    // SQLite has one writer at a time: a few connections are plenty; PostgreSQL gets more.
    pool.setMaximumPoolSize(file != null ? 4 : 16);
    pool.setPoolName("jacquet");
    this.dataSource = new HikariDataSource(pool);
    Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
    this.jdbi = Jdbi.create(dataSource);
    if (file != null) {
      readThrough(anchor);
      watch = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "jacquet-db-watch");
        t.setDaemon(true);
        return t;
      });
      watch.scheduleWithFixedDelay(this::lookAtTheFile, 1, 1, TimeUnit.SECONDS);
    } else {
      watch = null;
    }
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
    return new Database("jdbc:sqlite:" + file + "?busy_timeout=10000&journal_mode=WAL&synchronous=NORMAL", null, null, file);
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

  private static java.sql.Connection open(String url) {
    try {
      return DriverManager.getConnection(url);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot open the database " + url + ": " + Health.rootCause(e), e);
    }
  }

  /** A read on {@code c}: it opens the WAL and holds the file (WAL mode keeps a shared lock). */
  private static void readThrough(java.sql.Connection c) {
    try (Statement s = c.createStatement()) {
      s.executeQuery("SELECT count(*) FROM sqlite_master").close();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the database: " + Health.rootCause(e), e);
    }
  }

  /** The file's identity (its inode; its creation time where the system gives none), or null if it is gone. */
  private static Object fileKey(Path file) {
    try {
      var attributes = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
      return attributes.fileKey() != null ? attributes.fileKey() : attributes.creationTime();
    } catch (java.io.IOException e) {
      return null;
    }
  }

  /**
   * Runs a write. On SQLite it runs only on the file the server holds: a file deleted under the
   * server is written back first (and, deleted during the write, after it: the write is in what
   * is written back); while that cannot be done, the write is refused (an exception naming why).
   */
  public <T> T write(Supplier<T> w) {
    if (file == null) return w.get();
    keepTheFile();
    T result;
    // Deleted from here on, the file still takes the write (through connections that hold it),
    // and the look after it writes the file back with the write in it.
    writes.readLock().lock();
    try {
      result = w.get();
    } finally {
      writes.readLock().unlock();
    }
    keepTheFile();
    return result;
  }

  /** Why writes are refused now, or null while the database can be written. */
  public String failure() {
    return broken;
  }

  /** The watch's look, every second: a deleted file is written back without waiting for a write. */
  private void lookAtTheFile() {
    try {
      keepTheFile();
    } catch (RuntimeException e) {
      // said in failure() and logged when it was first noticed
    }
  }

  /** Writes the file back if it is gone; throws while writes cannot go to it. */
  private void keepTheFile() {
    if (Objects.equals(fileKey(file), fileKey) && broken == null) return;
    synchronized (this) {
      if (anchor == null) throw new IllegalStateException("the database is closed");
      writes.writeLock().lock();
      try {
        Object now = fileKey(file);
        if (now != null && now.equals(fileKey)) {
          broken = null;
        } else if (now == null) {
          writeBack();
        } else if (broken == null) {
          broken = "the database file " + file + " was replaced by another file under the running server; changes are refused: restart the server";
          System.err.println("jacquet: " + broken);
        }
      } finally {
        writes.writeLock().unlock();
      }
    }
    if (broken != null) throw new IllegalStateException(broken);
  }

  /**
   * The file is gone: everything stored, read through the anchor that still holds it, is
   * written to a side file renamed into place (never half a file where the server looks), then
   * the server moves to it. Called with the write lock held.
   */
  private void writeBack() {
    Path side = file.resolveSibling(file.getFileName() + ".restoring");
    try {
      Files.deleteIfExists(side);
      try (Statement s = anchor.createStatement()) {
        s.execute("VACUUM INTO '" + side.toString().replace("'", "''") + "'");
      }
      Files.move(side, file, StandardCopyOption.ATOMIC_MOVE);
      java.sql.Connection fresh = open(url);
      readThrough(fresh);
      retired.add(anchor);
      anchor = fresh;
      fileKey = fileKey(file);
      // Connections on the deleted file go; new ones open the file written back.
      dataSource.getHikariPoolMXBean().softEvictConnections();
      broken = null;
      System.err.println("jacquet: the database file " + file + " was deleted under the running server;"
          + " everything stored was written back to it, and the server goes on with it");
    } catch (SQLException | java.io.IOException | RuntimeException e) {
      try {
        Files.deleteIfExists(side);
      } catch (java.io.IOException ignored) {
        // the folder itself is gone
      }
      if (broken == null) {
        broken = "the database file " + file + " was deleted under the running server and cannot be written back yet ("
            + Health.rootCause(e) + "); changes are refused until it is";
        System.err.println("jacquet: " + broken);
      }
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
    return new Database(url, user, password, null);
  }

  /**
   * Closes the pooled connections. On SQLite a deleted file is written back first, and the WAL
   * is checkpointed into the database, so the {@code .db} file alone holds everything (a copy of
   * it is a complete backup).
   */
  public void close() {
    if (file != null) {
      watch.shutdownNow();
      try {
        keepTheFile();
      } catch (RuntimeException e) {
        System.err.println("jacquet: at stop: " + e.getMessage());
      }
      try {
        jdbi.useHandle(h -> h.execute("PRAGMA wal_checkpoint(TRUNCATE)"));
      } catch (RuntimeException e) {
        System.err.println("jacquet: could not checkpoint the database at stop: " + Health.rootCause(e));
      }
    }
    dataSource.close();
    synchronized (this) {
      if (anchor != null) {
        try {
          anchor.close();
        } catch (SQLException e) {
          System.err.println("jacquet: could not close the database: " + Health.rootCause(e));
        }
        anchor = null;
      }
    }
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
