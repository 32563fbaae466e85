package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.jacquet.server.store.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code load --url}, {@code serve --data} and {@code backup} say about a bad address or a
 * database that is not Jacquet's: one line naming the problem, never a Java class name; and
 * backup only copies.
 */
class StorageAndUrlMessagesTest extends ConsoleCapture {
  private static final Pattern CLASS_NAME = Pattern.compile("Exception|Error\\b|\\bjava\\.|org\\.|SQLITE_|jdbc:");

  @TempDir Path dir;

  /** Refused with {@code status}: one line on standard error holding {@code words}, no class name. */
  private String refused(int status, String words, String... args) {
    int s = run(args);
    String err = err();
    assertThat(s).as(String.join(" ", args) + "\n" + err).isEqualTo(status);
    assertThat(err).as(String.join(" ", args)).hasLineCount(1).contains(words);
    assertThat(CLASS_NAME.matcher(err).find()).as(err).isFalse();
    return err;
  }

  @Test
  void aBadLoadUrlIsAUsageErrorNamingWhatIsWrong() {
    refused(2, "--url 'http://127.0.0.1:99999': port 99999 is out of range (1 to 65,535)", "load", "--url", "http://127.0.0.1:99999", "--games", "1");
    refused(2, "--url 'http://127.0.0.1:1/path' goes past the server's address (a path, a query): give the address only, e.g. http://127.0.0.1:1",
        "load", "--url", "http://127.0.0.1:1/path", "--games", "1");
    refused(2, "--url 'http://[::1' is not a URL", "load", "--url", "http://[::1", "--games", "1");
    refused(2, "--url needs the server's address", "load", "--url", "", "--games", "1");
    refused(2, "must start with http:// or https://", "load", "--url", "ftp://127.0.0.1:21", "--games", "1");
    refused(2, "loopback", "load", "--url", "http://example.com:8080", "--games", "1");
    refused(2, "loopback", "load", "--url", "http://127.0.0.1.example.com:8080", "--games", "1");
    // A loopback address with nothing listening: a failure to reach it, not a usage error.
    refused(1, "cannot reach a server at http://127.0.0.1:1", "load", "--url", "http://127.0.0.1:1/", "--games", "1");
  }

  @Test
  void serveRefusesADataFolderWhereNoFileCanBeMade() {
    if (!Files.isDirectory(Path.of("/proc/self"))) return;
    refused(1, "cannot write to the data folder /proc (no file can be made there); give the server a writable folder with --data",
        "serve", "--port", "0", "--data", "/proc");
  }

  @Test
  void aJacquetDbThatIsNoDatabaseIsRefusedByServeAndBackupInOneLine() throws Exception {
    byte[] random = new byte[100_000];
    new SplittableRandom(4).nextBytes(random);
    Path noise = Files.createDirectories(dir.resolve("noise"));
    Files.write(noise.resolve("jacquet.db"), random);
    Path text = Files.createDirectories(dir.resolve("text"));
    Files.writeString(text.resolve("jacquet.db"), "hello\n");
    Path folder = Files.createDirectories(dir.resolve("folder").resolve("jacquet.db")).getParent();
    for (Path data : new Path[] {noise, text}) {
      refused(1, data.resolve("jacquet.db").toAbsolutePath() + " is not a Jacquet database (not an SQLite database file)",
          "serve", "--port", "0", "--data", data.toString());
      refused(1, data.resolve("jacquet.db").toAbsolutePath() + " is not a Jacquet database (not an SQLite database file)",
          "backup", dir.resolve("copy-" + data.getFileName() + ".db").toString(), "--data", data.toString());
    }
    refused(1, "is a folder, not a Jacquet database", "serve", "--port", "0", "--data", folder.toString());
    refused(1, "is a folder, not a Jacquet database", "backup", dir.resolve("copy.db").toString(), "--data", folder.toString());
    assertThat(Files.readAllBytes(noise.resolve("jacquet.db"))).isEqualTo(random);
  }

  @Test
  void anotherProgramsSqliteFileIsRefusedAndLeftAsItWas() throws Exception {
    Path other = Files.createDirectories(dir.resolve("other"));
    Path db = other.resolve("jacquet.db");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE foo(x INT)");
    }
    refused(1, db.toAbsolutePath() + " is not a Jacquet database (it holds another program's tables)", "serve", "--port", "0", "--data", other.toString());
    refused(1, db.toAbsolutePath() + " is not a Jacquet database (no Jacquet tables in it)", "backup", dir.resolve("copy.db").toString(), "--data", other.toString());
    assertThat(tables(db)).isEqualTo("foo");
    assertThat(dir.resolve("copy.db")).doesNotExist();
  }

  @Test
  void backupOnlyCopiesItNeverBringsTheSchemaUpToDate() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Database.sqlite(data).close();
    Path db = data.resolve("jacquet.db");
    // As a database of an earlier version would be: its last migration not applied yet.
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.execute("DELETE FROM flyway_schema_history WHERE installed_rank = (SELECT max(installed_rank) FROM flyway_schema_history)");
    }
    long before = historyRows(db);
    Path copy = dir.resolve("copy.db");
    assertThat(run("backup", copy.toString(), "--data", data.toString())).as(err()).isZero();
    assertThat(out()).startsWith("Backed up ");
    assertThat(historyRows(db)).isEqualTo(before);
    assertThat(historyRows(copy)).isEqualTo(before);
  }

  private static String tables(Path db) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)")) {
      r.next();
      return r.getString(1);
    }
  }

  private static long historyRows(Path db) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT count(*) FROM flyway_schema_history")) {
      r.next();
      return r.getLong(1);
    }
  }
}
