package org.jacquet.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another database put in place of the running server's file: what the server had stored is
 * saved beside it, no start goes on over it, and the one step the server names puts it all back.
 */
class SwappedDatabaseTest {
  @TempDir Path dir;

  @Test
  void aDatabaseSwappedUnderTheServerIsSavedAndEveryAcknowledgedActionComesBackByTheNamedStep() throws Exception {
    Path data = dir.resolve("data");
    int port = ServerProcess.freePort();
    StorageTest.Played played;
    ServerProcess server = ServerProcess.start(port, "--data", data.toString());
    try {
      played = StorageTest.playTen(server);
      swapInAnotherDatabase(data);
      var refused = StorageTest.create(server.url("/api/games"));
      assertThat(refused.statusCode()).isEqualTo(503);
      assertThat(WsClient.JSON.readTree(refused.body()).get("code").asText()).isEqualTo("storage");
      assertThat(StorageTest.get(server.url("/healthz")).statusCode()).isEqualTo(503);
    } finally {
      assertThat(server.stop()).as("exit status after SIGTERM").isIn(0, 143);
    }
    assertThat(server.lines).as("what the server printed").anyMatch(l -> l.contains("was replaced by another file")
        && l.contains("saved to " + data.resolve("jacquet.db.recovered-")));

    // Started again over the other database: refused in one line naming the saved file and the step.
    String refusal = StorageTest.refusedStart(data);
    assertThat(refusal).startsWith("jacquet: " + data.resolve("jacquet.db.recovered-")).contains("put it back with: mv ");

    // The host runs the step as printed; the next start has every acknowledged action.
    String step = refusal.replaceFirst(".*put it back with: ", "").replaceFirst(" \\(this drops.*", "");
    Process sh = new ProcessBuilder("/bin/sh", "-c", step).inheritIO().start();
    assertThat(sh.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(sh.exitValue()).as(step).isZero();
    try (ServerProcess again = ServerProcess.start(port, "--data", data.toString())) {
      JsonNode state = WsClient.JSON.readTree(WsClient.get(again.url("/api/games/" + played.id())));
      assertThat(state.path("version").asInt()).as("game %s after the step", played.id()).isEqualTo(played.version());
      assertThat(StorageTest.create(again.url("/api/games")).statusCode()).isEqualTo(201);
    }
  }

  /** Another (empty, Jacquet) database, with its -wal and -shm, moved over the server's files as a host's copy would. */
  private void swapInAnotherDatabase(Path data) throws Exception {
    Path other = dir.resolve("other");
    Database.sqlite(other).close();
    for (String name : List.of("jacquet.db", "jacquet.db-wal", "jacquet.db-shm")) {
      Path from = other.resolve(name);
      Path to = data.resolve(name);
      if (Files.exists(from)) {
        Path incoming = data.resolve(name + ".incoming");
        Files.copy(from, incoming);
        Files.move(incoming, to, StandardCopyOption.ATOMIC_MOVE);
      } else {
        Files.deleteIfExists(to);
      }
    }
  }
}
