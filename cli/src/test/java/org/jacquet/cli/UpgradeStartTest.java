package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a host reads in the service's JSON log (serve --log-json) when it upgrades or downgrades:
 * one line per schema migration applied at start, and the refusal of a database written by a
 * newer version as a JSON line at level error, like every other line of the log.
 */
class UpgradeStartTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** Every line printed, each one JSON object (the test fails on any other line). */
  private static List<JsonNode> jsonLines(String output) throws Exception {
    List<JsonNode> lines = new java.util.ArrayList<>();
    for (String line : output.split("\n")) {
      if (line.isBlank()) continue;
      JsonNode o = JSON.readTree(line);
      assertThat(o.isObject()).as(line).isTrue();
      assertThat(o.has("level") && o.has("message")).as(line).isTrue();
      lines.add(o);
    }
    return lines;
  }

  @Test
  void anUpgradeSaysEachMigrationItApplies() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    // What an old version left: the schema at V1.
    Flyway.configure().dataSource("jdbc:sqlite:" + data.resolve("jacquet.db"), null, null).locations("classpath:db/migration")
        .target("1").load().migrate();
    try (ServeProcess s = ServeProcess.start(Map.of(), "--data", data.toString(), "--log-json")) {
      assertThat(s.listening).as(s.output).isTrue();
      List<String> migrations = jsonLines(s.output).stream().map(o -> o.get("message").asText())
          .filter(m -> m.startsWith("Database schema migrated: ")).toList();
      assertThat(migrations).as(s.output).contains("Database schema migrated: V2 (pending steps) applied",
          "Database schema migrated: V9 (puzzle ratings) applied");
      assertThat(migrations).as("V2 to the last, once each").doesNotHaveDuplicates().noneMatch(m -> m.contains(" V1 "));
    }
    // Started again on the same database: nothing to apply, nothing said; nor on a new one.
    try (ServeProcess s = ServeProcess.start(Map.of(), "--data", dir.resolve("new").toString(), "--log-json")) {
      assertThat(s.listening).as(s.output).isTrue();
      assertThat(s.output).doesNotContain("Database schema migrated");
    }
    try (ServeProcess s = ServeProcess.start(Map.of(), "--data", data.toString(), "--log-json")) {
      assertThat(s.listening).as(s.output).isTrue();
      assertThat(s.output).doesNotContain("Database schema migrated");
    }
  }

  @Test
  void aNewerDatabaseIsRefusedInOneJsonLine() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Flyway.configure().dataSource("jdbc:sqlite:" + data.resolve("jacquet.db"), null, null).locations("classpath:db/migration")
        .load().migrate();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + data.resolve("jacquet.db")); Statement st = c.createStatement()) {
      st.execute("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, checksum, installed_by,"
          + " execution_time, success) VALUES (999, '999', 'from the future', 'SQL', 'V999__from_the_future.sql', 0, 'jacquet', 1, TRUE)");
    }
    try (ServeProcess s = ServeProcess.start(Map.of(), "--data", data.toString(), "--log-json")) {
      assertThat(s.listening).as(s.output).isFalse();
      assertThat(s.process.exitValue()).isEqualTo(1);
      List<JsonNode> lines = jsonLines(s.output);
      assertThat(lines).as(s.output).anySatisfy(o -> {
        assertThat(o.get("level").asText()).isEqualTo("error");
        assertThat(o.get("message").asText()).startsWith(data.resolve("jacquet.db").toAbsolutePath()
            + " was written by a newer version of Jacquet (its schema is at version 999, ");
      });
    }
  }
}
