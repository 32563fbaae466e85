package org.jacquet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second {@code serve} on the SQLite folder a running server uses is refused at once, naming
 * the folder, and the first goes on: two would hold different games in memory, and the second's
 * start would mark the file as another's under the first.
 */
class OneServerPerFolderTest {
  @TempDir Path dir;

  @Test
  void aSecondServerOnTheSameSqliteFolderIsRefusedAndTheFirstGoesOn() throws Exception {
    try (ServeProcess first = ServeProcess.start(Map.of(), "--data", dir.toString())) {
      assertThat(first.listening).as(first.output).isTrue();
      try (ServeProcess second = ServeProcess.start(Map.of(), "--data", dir.toString(), "--lang", "fr")) {
        assertThat(second.listening).as(second.output).isFalse();
        assertThat(second.output).contains("un autre serveur Jacquet tourne déjà sur la base de " + dir)
            .contains("un seul serveur par dossier SQLite");
      }
      // The first still stores games.
      var created = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(first.url + "/api/games"))
          .header("Content-Type", "application/json")
          .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"opponent\":\"friend\"}")).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(created.statusCode()).as(created.body()).isBetween(200, 201);
    }
  }
}
