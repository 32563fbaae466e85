package org.jacquet.server.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
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
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.jacquet.server.limits.Health;
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
 * While it cannot be written back (its folder gone too), writes are refused and {@link
 * #failure()} says why. If another file was put in its place, what the server stored is saved
 * from the anchor beside it ({@code jacquet.db.recovered-<time>}), writes are refused until a
 * restart, and no start goes on in that folder until the host has put one file in place.
 *
 * <p>A file overwritten in place ({@code cp other.db jacquet.db}: the same inode, another
 * content) is told by a mark: a number of this run written in the file's header ({@code
 * user_version}) at start, read from the file's own bytes at each look. It is handled as a swap,
 * but what the file held is gone from it: the anchor reads through it, so only a copy it can
 * still read whole (everything still in the write-ahead log) is saved; and the server's log is
 * set aside and never checkpointed into the other file.
 */
public final class Database implements AutoCloseable {
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
  /** Where what the server stored was saved when another file was put in the database's place, or null. */
  private Path recovered;
  /** A connection kept open on the file in use (SQLite): what a deleted file is written back from. */
  private java.sql.Connection anchor;
  /**
   * Anchors of files deleted under the server, kept open until the process ends: the last
   * connection to close on a file deletes its {@code -wal} and {@code -shm} by name, which are
   * now those of the file written back.
   */
  private final List<java.sql.Connection> retired = new ArrayList<>();
  private final ScheduledExecutorService watch;
  /** This run's mark in the SQLite file's header ({@code user_version}, bytes 60–63): another content has another. */
  private final int mark = 1 + new java.security.SecureRandom().nextInt(Integer.MAX_VALUE - 1);
  /** Whether the file's own bytes carried the mark once (until then, its absence tells nothing). */
  private volatile boolean markInFile;
  /** The file was overwritten in place: nothing of the server's may be checkpointed or closed into it. */
  private volatile boolean overwritten;
  /**
   * The schema migrations this opening applied to an existing database, in order
   * ({@code V9 (puzzle ratings)}): what the server says at start after an upgrade. None when the
   * schema was already the program's, or when the database was new.
   */
  private final List<String> migrated;

  private Database(String url, String user, String password, Path file) {
    this.url = url;
    this.user = user;
    this.password = password;
    this.file = file;
    if (file != null) {
      // The anchor creates the file if need be; pooled connections never do (open_mode=2,
      // read-write without create): one opened while the file is gone would make a new, empty
      // one in its place and write there.
      anchor = open(url, file);
      fileKey = fileKey(file);
    }
    HikariConfig pool = new HikariConfig();
    pool.setJdbcUrl(file != null ? url + "&open_mode=2" : url);
    if (user != null) pool.setUsername(user);
    if (password != null) pool.setPassword(password);
    // SQLite has one writer at a time: a few connections are plenty; PostgreSQL gets more.
    pool.setMaximumPoolSize(file != null ? 4 : 16);
    // After PostgreSQL was gone, the pool tries again at most every half of this (30 s by default:
    // players' writes failed for 15 s after the health checks saw it back), and a request waits
    // this long for a connection while it is gone (an action refused in 5 s, not hanging 30).
    if (file == null) pool.setConnectionTimeout(5_000);
    pool.setPoolName("jacquet");
    this.dataSource = new HikariDataSource(pool);
    try {
      Flyway flyway = Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load();
      SchemaVersion.requireNotNewer(flyway, file != null ? file.toString() : "the database at " + url);
      org.flywaydb.core.api.output.MigrateResult result = flyway.migrate();
      // A new database is made whole at once: nothing to tell but that it is there (the start says where).
      migrated = result.initialSchemaVersion == null ? List.of()
          : result.migrations.stream().map(m -> "V" + m.version + " (" + m.description + ")").toList();
    } catch (FlywayException | IllegalStateException e) { // another program's database, or a later version's: said in one line, and let go
      dataSource.close();
      closeQuietly(anchor);
      throw e instanceof FlywayException f ? new IllegalStateException(notOurs(f), e) : (IllegalStateException) e;
    }
    this.jdbi = Jdbi.create(dataSource);
    if (file != null) {
      readThrough(anchor);
      markTheFile(anchor);
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

  /** Why Flyway cannot bring the schema up to date, in one line. */
  private String notOurs(FlywayException e) {
    String m = String.valueOf(e.getMessage());
    String what = file != null ? file.toString() : "the database at " + url;
    if (m.contains("no schema history table")) {
      return what + " is not a Jacquet database (it holds another program's tables)";
    }
    return what + " cannot be brought up to this version's schema (" + m.strip().split("\\R", 2)[0] + ")";
  }

  /** The SQLite file {@code dir/jacquet.db}, created with its folder when missing. */
  public static Database sqlite(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot create the data folder " + dir + " (" + reason(e) + ")", e);
    }
    Path file = dir.resolve("jacquet.db").toAbsolutePath();
    requireWritable(dir, file);
    requireNoRecoveredFile(dir);
    requireSqliteFile(file);
    // WAL with synchronous=NORMAL: a committed game survives the process being killed (the OS
    // holds the write); only a power cut could lose the last moves.
    return new Database("jdbc:sqlite:" + file + "?busy_timeout=10000&journal_mode=WAL&synchronous=NORMAL", null, null, file);
  }

  /** Refuses, in one line, a data folder or database file the server could not write to. */
  private static void requireWritable(Path dir, Path file) {
    try {
      Files.deleteIfExists(Files.createTempFile(dir, ".write-check", ".tmp"));
    } catch (java.io.IOException | SecurityException e) {
      throw new IllegalStateException("cannot write to the data folder " + dir + " ("
          + (e instanceof java.nio.file.NoSuchFileException && Files.isDirectory(dir) ? "no file can be made there"
          : e instanceof java.io.IOException io ? reason(io) : "not allowed")
          + "); give the server a writable folder with --data");
    }
    if (Files.exists(file) && !Files.isWritable(file)) {
      throw new IllegalStateException("cannot write to the database " + file + " (read-only); give the server a writable file");
    }
  }

  /** SQLite's first 16 bytes, with which every database file begins. */
  private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  /**
   * Refuses, in one line, a {@code jacquet.db} that no database can be opened from: a folder, a
   * device, a text file, random bytes. An empty file is a new database.
   */
  private static void requireSqliteFile(Path file) {
    if (!Files.exists(file)) return;
    if (Files.isDirectory(file)) throw new IllegalStateException(file + " is a folder, not a Jacquet database");
    if (!Files.isRegularFile(file)) throw new IllegalStateException(file + " is not a Jacquet database (not a regular file)");
    byte[] head;
    try (java.io.InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(SQLITE_HEADER.length);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot read the database " + file + " (" + reason(e) + ")", e);
    }
    if (head.length > 0 && !java.util.Arrays.equals(head, SQLITE_HEADER)) {
      throw new IllegalStateException(file + " is not a Jacquet database (not an SQLite database file)");
    }
  }

  /** What went wrong opening or reading the database, in one line: a file that is no database or a damaged one said so. */
  private static IllegalStateException unusable(String doing, Path file, SQLException e) {
    org.sqlite.SQLiteErrorCode code = e instanceof org.sqlite.SQLiteException x ? x.getResultCode() : null;
    if (file != null && code == org.sqlite.SQLiteErrorCode.SQLITE_NOTADB) {
      return new IllegalStateException(file + " is not a Jacquet database (not an SQLite database file)", e);
    }
    if (file != null && code == org.sqlite.SQLiteErrorCode.SQLITE_CORRUPT) {
      return new IllegalStateException(file + " is damaged (SQLite finds it malformed); restore it from a backup", e);
    }
    return new IllegalStateException(doing + ": " + Health.rootCause(e), e);
  }

  /** An I/O error's reason in words, without the Java class name. */
  private static String reason(java.io.IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException) return "no such file or folder";
    if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
    String m = e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.getMessage();
    return m == null || m.isBlank() ? "input/output error" : m;
  }

  private static void closeQuietly(java.sql.Connection c) {
    if (c == null) return;
    try {
      c.close();
    } catch (SQLException ignored) {
      // closing after a failure: the failure is what is said
    }
  }

  private static java.sql.Connection open(String url, Path file) {
    try {
      return DriverManager.getConnection(url);
    } catch (SQLException e) {
      throw unusable("cannot open the database " + url, file, e);
    }
  }

  /** A read on {@code c}: it opens the WAL and holds the file (WAL mode keeps a shared lock). */
  private void readThrough(java.sql.Connection c) {
    try (Statement s = c.createStatement()) {
      s.executeQuery("SELECT count(*) FROM sqlite_master").close();
    } catch (SQLException e) {
      throw unusable("cannot read the database", file, e);
    }
  }

  /**
   * Writes this run's mark into the file's header and checkpoints it there (the file's own bytes,
   * not only the write-ahead log, then carry it). Until they do — a checkpoint held back by a
   * reader of another process — the look keeps trying, and the mark tells nothing.
   */
  private void markTheFile(java.sql.Connection c) {
    try (Statement s = c.createStatement()) {
      s.execute("PRAGMA user_version = " + mark);
      s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch (SQLException e) {
      throw unusable("cannot write to the database", file, e);
    }
    markInFile = Integer.valueOf(mark).equals(markOf(file));
  }

  /** The mark in the file's own header bytes (0 for a file too short to have one), or null if it cannot be read. */
  private static Integer markOf(Path file) {
    try (java.nio.channels.FileChannel f = java.nio.channels.FileChannel.open(file)) {
      java.nio.ByteBuffer header = java.nio.ByteBuffer.allocate(64);
      while (header.hasRemaining() && f.read(header) > 0) {
        // a header is read whole, or the file is shorter than one
      }
      return header.hasRemaining() ? 0 : header.getInt(60);
    } catch (java.io.IOException e) {
      return null;
    }
  }

  /** Whether the file in place has another mark than this run's (not when its bytes cannot be read: that tells nothing). */
  private boolean markGone() {
    Integer inFile = markOf(file);
    return markInFile && inFile != null && inFile != mark;
  }

  /** Whether the file in place still carries this run's mark (true while the mark was never seen there). */
  private boolean markHolds() {
    if (markInFile) return !markGone();
    try (Statement s = anchor.createStatement()) {
      s.execute("PRAGMA wal_checkpoint(PASSIVE)");
    } catch (SQLException e) {
      return true; // tried again at the next look
    }
    markInFile = Integer.valueOf(mark).equals(markOf(file));
    return true;
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
      if (!markInFile) {
        synchronized (this) {
          if (anchor != null) markHolds();
        }
      }
      keepTheFile();
    } catch (RuntimeException e) {
      // said in failure() and logged when it was first noticed
    }
  }

  /** Writes the file back if it is gone; throws while writes cannot go to it. */
  private void keepTheFile() {
    if (Objects.equals(fileKey(file), fileKey) && broken == null && !markGone()) return;
    synchronized (this) {
      if (anchor == null) throw new IllegalStateException("the database is closed");
      writes.writeLock().lock();
      try {
        Object now = fileKey(file);
        if (recovered != null || overwritten) {
          // replaced: refused until a restart, whatever is in place now
        } else if (now == null) {
          writeBack();
        } else if (now.equals(fileKey) && markHolds()) {
          broken = null;
        } else {
          if (now.equals(fileKey)) setAsideTheLog();
          saveWhatTheAnchorHolds();
        }
      } finally {
        writes.writeLock().unlock();
      }
    }
    if (broken != null) throw new IllegalStateException(broken);
  }

  /**
   * Another file was put in the database's place: what the server stored is still readable
   * through the anchor (it holds the replaced file), and only until the server stops. It is
   * saved to {@code jacquet.db.recovered-<time>} beside it; the server keeps refusing changes,
   * and will not start on that folder again until the host has chosen a file ({@link
   * #requireNoRecoveredFile}). Tried again at each look while it cannot be saved. Called with
   * the write lock held.
   */
  private void saveWhatTheAnchorHolds() {
    Path target = file.resolveSibling(file.getFileName() + RECOVERED + now());
    try (Statement s = anchor.createStatement()) {
      s.execute("VACUUM INTO '" + target.toString().replace("'", "''") + "'");
      if (overwritten) requireWhole(target);
      recovered = target;
      broken = "the database file " + file + (overwritten ? " was overwritten in place by another file" : " was replaced by another file")
          + " under the running server; everything the server had stored was saved to " + target
          + "; changes are refused: stop the server, then " + putBack(target);
    } catch (SQLException | IllegalStateException e) {
      if (overwritten) {
        deleteQuietly(target);
        broken = "the database file " + file + " was overwritten in place by another file under the running server: what"
            + " the server had stored in it is gone from it (" + Health.rootCause(e) + "), and only a backup holds it; its last"
            + " writes are set aside in " + setAside + "; changes are refused: stop the server, then restore the last backup"
            + " into a new folder (jacquet restore) or go on with the file now in place";
        System.err.println("jacquet: " + broken);
        return;
      }
      String why = "the database file " + file + " was replaced by another file under the running server, and what"
          + " the server had stored cannot be saved yet (" + Health.rootCause(e) + "): do not stop the server; changes are refused";
      if (why.equals(broken)) return;
      broken = why;
    }
    System.err.println("jacquet: " + broken);
  }

  /**
   * The file was overwritten in place: the server's write-ahead log and its index are moved out
   * of the way at once, so that no start (even after a {@code kill -9}) replays the server's last
   * pages onto the other file; the server's own connections keep them open. Called with the write
   * lock held.
   */
  private void setAsideTheLog() {
    overwritten = true;
    Path wal = file.resolveSibling(file.getFileName() + "-wal");
    setAside = file.resolveSibling(file.getFileName() + "-wal.overwritten-" + now());
    try {
      if (Files.exists(wal)) Files.move(wal, setAside, StandardCopyOption.ATOMIC_MOVE);
      Files.deleteIfExists(file.resolveSibling(file.getFileName() + "-shm"));
    } catch (java.io.IOException e) {
      System.err.println("jacquet: could not set aside the write-ahead log " + wal + " (" + reason(e) + "): remove it and "
          + wal.getFileName().toString().replace("-wal", "-shm") + " before starting again, or they are replayed onto the file in place");
    }
  }

  /** Where the log was set aside when the file was overwritten in place. */
  private Path setAside;

  /** Refuses a copy SQLite does not find whole, or that is not of this run's file (a read through pages of another). */
  private void requireWhole(Path copy) {
    try (java.sql.Connection c = DriverManager.getConnection("jdbc:sqlite:" + copy + "?open_mode=1");
        Statement s = c.createStatement()) {
      try (java.sql.ResultSet r = s.executeQuery("PRAGMA integrity_check")) {
        if (!r.next() || !"ok".equals(r.getString(1))) throw new IllegalStateException("its copy is damaged");
      }
      try (java.sql.ResultSet r = s.executeQuery("PRAGMA user_version")) {
        if (!r.next() || r.getInt(1) != mark) throw new IllegalStateException("its copy is not of the server's file");
      }
    } catch (SQLException e) {
      throw new IllegalStateException("its copy cannot be read: " + Health.rootCause(e), e);
    }
  }

  private static void deleteQuietly(Path f) {
    try {
      Files.deleteIfExists(f);
    } catch (java.io.IOException ignored) {
      // a side file left behind is named in the log
    }
  }

  /** The time in the name of a file set aside, in UTC to the second. */
  private static String now() {
    return java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").format(java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC));
  }

  /** What a saved file's name adds to {@code jacquet.db}, before its time. */
  private static final String RECOVERED = ".recovered-";

  /** The one step that puts the saved file {@code saved} back in place (the file that replaced it is dropped). */
  private static String putBack(Path saved) {
    Path db = saved.resolveSibling("jacquet.db");
    return "put it back with: mv '" + saved + "' '" + db + "' && rm -f '" + db + "-wal' '" + db + "-shm'"
        + " (this drops the file that replaced it: copy that away first to keep it)";
  }

  /**
   * Refuses, in one line, a data folder holding a file saved when the database was replaced
   * under a running server: starting would go on without the games in it, or with them beside
   * another history. The host chooses: puts the saved file back, or moves it out of the folder.
   */
  private static void requireNoRecoveredFile(Path dir) {
    try (var saved = Files.list(dir)) {
      var first = saved.filter(f -> f.getFileName().toString().startsWith("jacquet.db" + RECOVERED)).sorted().findFirst();
      if (first.isPresent()) {
        throw new IllegalStateException(first.get() + " holds the games saved when the database was replaced under the running"
            + " server; to go on with them, " + putBack(first.get()) + "; to go on with the file in place instead,"
            + " move the saved file out of " + dir);
      }
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot read the data folder " + dir + " (" + reason(e) + ")", e);
    }
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
      java.sql.Connection fresh = open(url, file);
      readThrough(fresh);
      markTheFile(fresh);
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

  /** The schema migrations applied to this existing database when it was opened, in order ({@code V9 (puzzle ratings)}); none if it was up to date or new. */
  public List<String> migrated() {
    return migrated;
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

  /**
   * Copies the SQLite database {@code dir/jacquet.db} into {@code target}, consistent even while a
   * server runs on it ({@code VACUUM INTO}). The database is only read from: nothing is created,
   * no schema is brought up to date; a file that is not a Jacquet database is refused.
   */
  public static void copy(Path dir, Path target) {
    Path file = dir.resolve("jacquet.db").toAbsolutePath();
    if (!Files.exists(file)) throw new IllegalStateException("no database at " + file);
    requireSqliteFile(file);
    if (Files.exists(target)) throw new IllegalStateException("the backup file " + target + " exists already");
    // open_mode=2: read-write (a hot WAL is taken in) but never create; nothing is written to it.
    try (java.sql.Connection c = DriverManager.getConnection("jdbc:sqlite:" + file + "?busy_timeout=10000&open_mode=2")) {
      try (Statement s = c.createStatement();
          java.sql.ResultSet r = s.executeQuery("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'flyway_schema_history'")) {
        if (!r.next() || r.getInt(1) == 0) throw new IllegalStateException(file + " is not a Jacquet database (no Jacquet tables in it)");
      }
      DatabaseCopy.createPrivately(target);
      try (java.sql.PreparedStatement p = c.prepareStatement("VACUUM INTO ?")) {
        p.setString(1, target.toAbsolutePath().toString());
        p.execute();
      } catch (SQLException e) {
        deleteQuietly(target); // never half a backup where a host would look for one
        throw e;
      }
    } catch (SQLException e) {
      throw unusable("cannot copy the database " + file, file, e);
    }
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
  @Override
  public void close() {
    if (file != null) {
      watch.shutdownNow();
      try {
        keepTheFile();
      } catch (RuntimeException e) {
        System.err.println("jacquet: at stop: " + e.getMessage());
      }
      if (overwritten) {
        // The last connection closed on a file checkpoints its log into it: the server's pages
        // would go into the other file. The connections are left to the process's end.
        return;
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

  public String user() {
    return user;
  }

  public String password() {
    return password;
  }

  /**
   * The pool's connections now, for the metrics: {@code active} (lent), {@code idle},
   * {@code pending} (threads waiting for one), {@code total} and {@code max}. Empty once closed.
   */
  public java.util.Map<String, Integer> poolConnections() {
    var pool = dataSource.getHikariPoolMXBean();
    if (pool == null || dataSource.isClosed()) return java.util.Map.of();
    return java.util.Map.of("active", pool.getActiveConnections(), "idle", pool.getIdleConnections(),
        "pending", pool.getThreadsAwaitingConnection(), "total", pool.getTotalConnections(),
        "max", dataSource.getMaximumPoolSize());
  }

  public Jdbi jdbi() {
    return jdbi;
  }
}
