package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jacquet backup} and {@code jacquet restore} on both databases: games played on a real
 * server are backed up while it runs, restored into a fresh database (SQLite, PostgreSQL, and
 * across the two), and every game reads back the same, row for row and through a server started
 * on the restored database.
 */
class BackupRestoreTest extends ConsoleCapture {
  private static final String PASSWORD = "backup-secret";
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir Path dir;

  @Test
  void anSqliteBackupTakenWhileTheServerRunsRestoresEveryGame() throws Exception {
    Path data = dir.resolve("data");
    Map<String, JsonNode> served;
    Path backup = dir.resolve("games.backup");
    try (ServeProcess s = ServeProcess.start(Map.of(), "--data", data.toString())) {
      assertThat(s.listening).as(s.output).isTrue();
      served = playGames(s.url, () -> sqlite(data));
      assertThat(run("backup", backup.toString(), "--data", data.toString())).as(err()).isZero();
      assertThat(out()).contains(served.size() + " game(s)");
      assertOwnerOnly(backup);
    }
    Path restored = dir.resolve("restored");
    assertThat(run("restore", backup.toString(), "--data", restored.toString())).as(err()).isZero();
    assertThat(out()).contains("Restored " + served.size() + " game(s)");
    assertThat(rows(sqlite(restored))).isEqualTo(rows(sqlite(data)));
    try (ServeProcess s = ServeProcess.start(Map.of(), "--data", restored.toString())) {
      assertSameGames(s.url, served);
    }
  }

  /** {@code jacquet arena create}: the host's arena stored in the web app's database; bad input refused, nothing stored. */
  @Test
  void theHostSchedulesAnArena() throws Exception {
    Path data = dir.resolve("arena");
    assertThat(run("arena", "create", "--name", "Friday arena", "--time", "untimed", "--data", data.toString())).isEqualTo(2);
    assertThat(err()).contains("live clock");
    assertThat(run("arena", "create", "--name", "Friday arena", "--minutes", "3", "--data", data.toString())).isEqualTo(2);
    assertThat(run("arena", "create", "--name", "Friday arena", "--start", "friday", "--data", data.toString())).isEqualTo(2);
    assertThat(run("arena", "create", "--name", "Friday arena", "--start", "2099-12-04T19:00:00+01:00", "--data", data.toString()))
        .isEqualTo(2);
    try (Connection c = sqlite(data); Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM arenas")) {
      assertThat(rs.getInt(1)).as("nothing stored by a refusal").isZero();
    }
    String start = java.time.Instant.now().plusSeconds(3600).toString();
    assertThat(run("arena", "create", "--name", "Friday arena", "--start", start, "--minutes", "45", "--time", "12+60",
        "--rules", "modern", "--match", "3", "--data", data.toString())).as(err()).isZero();
    assertThat(out()).contains("Friday arena").contains("12+60").contains("tournament.html#a=");
    try (Connection c = sqlite(data); Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT name, time_control, match_length, ends_at - starts_at, listed FROM arenas")) {
      assertThat(rs.getString(1)).isEqualTo("Friday arena");
      assertThat(rs.getString(2)).isEqualTo("12+60");
      assertThat(rs.getInt(3)).isEqualTo(3);
      assertThat(rs.getLong(4)).isEqualTo(45 * 60_000L);
      assertThat(rs.getInt(5)).isEqualTo(1);
    }
  }

  @Test
  void aPostgresBackupRestoresIntoAFreshPostgresAndIntoSqlite() throws Exception {
    Path passwordFile = Files.writeString(dir.resolve("password"), PASSWORD + "\n");
    try (PasswordPostgres pg = new PasswordPostgres(PASSWORD)) {
      String[] login = {"--db-user", PasswordPostgres.USER, "--db-password-file", passwordFile.toString()};
      Map<String, JsonNode> served;
      Path backup = dir.resolve("pg.backup");
      try (ServeProcess s = ServeProcess.start(Map.of(DatabaseLogin.VARIABLE, PASSWORD), "--db-url", pg.url(),
          "--db-user", PasswordPostgres.USER)) {
        assertThat(s.listening).as(s.output).isTrue();
        served = playGames(s.url, () -> postgres(pg, pg.url()));
        assertThat(run(concat(new String[] {"backup", backup.toString(), "--db-url", pg.url()}, login))).as(err()).isZero();
        assertOwnerOnly(backup);
      }
      Map<String, List<List<String>>> original = rows(postgres(pg, pg.url()));
      assertThat(original.get("games")).hasSize(served.size());

      try (Connection c = pg.pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
        s.execute("CREATE DATABASE restored OWNER " + PasswordPostgres.USER);
      }
      String fresh = pg.url().replace("/" + PasswordPostgres.USER, "/restored");
      assertThat(run(concat(new String[] {"restore", backup.toString(), "--db-url", fresh}, login))).as(err()).isZero();
      assertThat(rows(postgres(pg, fresh))).isEqualTo(original);
      try (ServeProcess s = ServeProcess.start(Map.of(DatabaseLogin.VARIABLE, PASSWORD), "--db-url", fresh, "--db-user",
          PasswordPostgres.USER)) {
        assertSameGames(s.url, served);
      }

      Path sqlite = dir.resolve("from-pg");
      assertThat(run("restore", backup.toString(), "--data", sqlite.toString())).as(err()).isZero();
      assertThat(rows(sqlite(sqlite))).as("every row, PostgreSQL's read back from SQLite").isEqualTo(original);

      // Into a database that holds games: refused, and nothing added.
      assertThat(run(concat(new String[] {"restore", backup.toString(), "--db-url", fresh}, login))).isEqualTo(1);
      assertThat(err()).contains("a restore goes into an empty database").contains(served.size() + " game(s)");
      assertThat(rows(postgres(pg, fresh))).isEqualTo(original);
    }
  }

  /**
   * A backup holds every password hash and seat token: readable by its owner only (0600), from
   * its creation — not 0644 as it was under the usual umask (022, this machine's and CI's).
   */
  private static void assertOwnerOnly(Path backup) throws Exception {
    assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(backup))).as(backup.toString())
        .isEqualTo("rw-------");
  }

  @Test
  void aFileThatIsNoBackupIsRefusedNamingItAndNoDatabaseIsMade() throws Exception {
    Path target = dir.resolve("target");
    Path text = Files.writeString(dir.resolve("notes.txt"), "not a database\n");
    assertThat(run("restore", text.toString(), "--data", target.toString())).isEqualTo(1);
    assertThat(err()).contains(text.toString()).contains("is not a Jacquet database");
    Path empty = Files.createFile(dir.resolve("empty.backup"));
    assertThat(run("restore", empty.toString(), "--data", target.toString())).isEqualTo(1);
    assertThat(err()).contains(empty.toString()).contains("empty file");
    assertThat(run("restore", dir.resolve("missing").toString(), "--data", target.toString())).isEqualTo(2);
    assertThat(err()).contains("no such file");
    assertThat(target).doesNotExist();
  }

  @Test
  void aBackupOrADatabaseOfANewerVersionIsRefusedAsADowngrade() throws Exception {
    Path data = dir.resolve("data");
    Path backup = dir.resolve("new.backup");
    try (ServeProcess s = ServeProcess.start(Map.of(), "--data", data.toString())) {
      assertThat(s.listening).as(s.output).isTrue();
    }
    try (Connection c = sqlite(data); Statement s = c.createStatement()) {
      s.execute("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, checksum, installed_by,"
          + " execution_time, success) VALUES (999, '999', 'from the future', 'SQL', 'V999__from_the_future.sql', 0, 'jacquet', 1, 1)");
    }
    assertThat(run("backup", backup.toString(), "--data", data.toString())).as(err()).isZero();
    Path target = dir.resolve("target");
    assertThat(run("restore", backup.toString(), "--data", target.toString())).isEqualTo(1);
    assertThat(err()).contains(backup + " was written by a newer version of Jacquet (its schema is at version 999");
    assertThat(target).doesNotExist();
    try (ServeProcess s = ServeProcess.start(Map.of(), "--data", data.toString())) {
      assertThat(s.listening).isFalse();
      assertThat(s.process.exitValue()).isEqualTo(1);
      assertThat(s.output).contains("jacquet serve: " + data.resolve("jacquet.db").toAbsolutePath() + " was written by a newer version");
    }
  }

  /**
   * Plays games to their end with {@code jacquet load}, and leaves one in progress; the view the
   * server gives of each game its database holds, by id.
   */
  private Map<String, JsonNode> playGames(String url, java.util.concurrent.Callable<Connection> db) throws Exception {
    assertThat(run("load", "--url", url, "--games", "3", "--think-ms", "0", "--timeout-seconds", "60")).as(err()).isZero();
    HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(URI.create(url + "/api/games"))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"opponent\":\"friend\"}")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(created.statusCode()).as(created.body()).isBetween(200, 201);
    Map<String, JsonNode> views = new LinkedHashMap<>();
    long finished = 0;
    for (List<String> row : rows(db.call()).get("games")) {
      String id = row.get(0).substring("id=".length());
      views.put(id, view(url, id));
      if (views.get(id).get("phase").asText().equals("over")) finished++;
    }
    assertThat(finished).as("games played to their end").isEqualTo(3);
    return views;
  }

  private static JsonNode view(String url, String id) throws Exception {
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url + "/api/games/" + id)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(id + ": " + r.body()).isEqualTo(200);
    return Json.MAPPER.readTree(r.body());
  }

  /** Every game served before the backup reads the same from the restored database: its events, phase, result and score. */
  private static void assertSameGames(String url, Map<String, JsonNode> served) throws Exception {
    assertThat(served).hasSizeGreaterThanOrEqualTo(4);
    for (Map.Entry<String, JsonNode> game : served.entrySet()) {
      JsonNode now = view(url, game.getKey());
      assertThat(now.get("events").size()).as(game.getKey() + " events").isEqualTo(game.getValue().get("events").size());
      for (String field : new String[] {"events", "phase", "result", "version", "rules", "score", "seedHash"}) {
        assertThat(game.getValue().has(field)).as(field).isTrue();
        assertThat(now.get(field)).as(game.getKey() + " " + field).isEqualTo(game.getValue().get(field));
      }
    }
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  private static Connection sqlite(Path data) throws Exception {
    return DriverManager.getConnection("jdbc:sqlite:" + data.resolve("jacquet.db").toAbsolutePath());
  }

  private static Connection postgres(PasswordPostgres pg, String url) throws Exception {
    return DriverManager.getConnection(url, PasswordPostgres.USER, PASSWORD);
  }

  /** Every row of the project's tables, each value as text, in a fixed order; the connection closed. */
  private static Map<String, List<List<String>>> rows(Connection c) throws Exception {
    Map<String, List<List<String>>> tables = new LinkedHashMap<>();
    try (c; Statement s = c.createStatement()) {
      for (String[] t : new String[][] {{"games", "id"}, {"actions", "game_id, version"}}) {
        List<List<String>> rows = new ArrayList<>();
        try (ResultSet r = s.executeQuery("SELECT * FROM " + t[0] + " ORDER BY " + t[1])) {
          int n = r.getMetaData().getColumnCount();
          while (r.next()) {
            List<String> row = new ArrayList<>();
            for (int i = 1; i <= n; i++) row.add(r.getMetaData().getColumnName(i).toLowerCase() + "=" + r.getString(i));
            rows.add(row);
          }
        }
        tables.put(t[0], rows);
      }
    }
    return tables;
  }
}
