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
    // WAL with synchronous=NORMAL: a committed game survives the process being killed (the OS
    // holds the write); only a power cut could lose the last moves.
    return new Database("jdbc:sqlite:" + file + "?busy_timeout=10000&journal_mode=WAL&synchronous=NORMAL", null, null);
  }

  /** A database by JDBC URL ({@code jdbc:postgresql://host/db?user=…&password=…} or SQLite). */
  public static Database url(String url, String user, String password) {
    return new Database(url, user, password);
  }

  /** Closes the pooled connections. */
  public void close() {
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
