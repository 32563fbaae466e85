package org.jacquet.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another database copied over the running server's file in place ({@code cp other.db
 * jacquet.db}: the same inode, another content): told at once, changes refused, the other file
 * left exactly as it was copied (no page of the server's checkpointed into it, no log left to be
 * replayed onto it), and a copy claimed saved only when it holds what was acknowledged.
 */
class OverwrittenDatabaseTest {
  @TempDir Path dir;

  @Test
  void aDatabaseOverwrittenInPlaceIsToldAndTheServerWritesNothingIntoIt() throws Exception {
    Path data = dir.resolve("data");
    Path db = data.resolve("jacquet.db");
    int port = ServerProcess.freePort();
    byte[] other = anotherDatabase();
    StorageTest.Played played;
    ServerProcess server = ServerProcess.start(port, "--data", data.toString());
    try {
      played = StorageTest.playTen(server);
      Object inode = Files.getAttribute(db, "unix:ino");
      Files.write(db, other); // as cp does: the same file, truncated and written again
      assertThat(Files.getAttribute(db, "unix:ino")).as("overwritten in place, not replaced").isEqualTo(inode);
      var refused = StorageTest.create(server.url("/api/games"));
      assertThat(refused.statusCode()).isEqualTo(503);
      assertThat(WsClient.JSON.readTree(refused.body()).get("code").asText()).isEqualTo("storage");
      var health = StorageTest.get(server.url("/healthz"));
      assertThat(health.statusCode()).isEqualTo(503);
      assertThat(health.body()).contains("was overwritten in place by another file");
    } finally {
      assertThat(server.stop()).as("exit status after SIGTERM").isIn(0, 143);
    }
    assertThat(Files.readAllBytes(db)).as("the other file, as it was copied").isEqualTo(other);
    assertThat(data.resolve("jacquet.db-wal")).as("no log of the server's left to replay onto it").doesNotExist();
    assertThat(data.resolve("jacquet.db-shm")).doesNotExist();

    Optional<String> told = server.lines.stream().filter(l -> l.contains("was overwritten in place by another file")).findFirst();
    assertThat(told).as("what the server printed: %s", server.lines).isPresent();
    if (told.get().contains("saved to ")) {
      // A copy is claimed only when it is whole: the step it names brings every acknowledged action back.
      String refusal = StorageTest.refusedStart(data);
      String step = refusal.replaceFirst(".*put it back with: ", "").replaceFirst(" \\(this drops.*", "");
      Process sh = new ProcessBuilder("/bin/sh", "-c", step).inheritIO().start();
      assertThat(sh.waitFor()).as(step).isZero();
      try (ServerProcess again = ServerProcess.start(port, "--data", data.toString())) {
        JsonNode state = WsClient.JSON.readTree(WsClient.get(again.url("/api/games/" + played.id())));
        assertThat(state.path("version").asInt()).isEqualTo(played.version());
      }
    } else {
      // Nothing claimed: said plainly, the server's last writes kept aside, and the next start
      // goes on with the file the host put in place.
      assertThat(told.get()).contains("is gone from it").contains("restore the last backup").contains("-wal.overwritten-");
      try (var files = Files.list(data)) {
        assertThat(files.map(f -> f.getFileName().toString())).anyMatch(n -> n.startsWith("jacquet.db-wal.overwritten-"));
      }
      try (ServerProcess again = ServerProcess.start(port, "--data", data.toString())) {
        assertThat(StorageTest.get(again.url("/api/games/" + played.id())).statusCode()).isEqualTo(404);
        assertThat(StorageTest.create(again.url("/api/games")).statusCode()).isEqualTo(201);
      }
    }
  }

  /** The bytes of another Jacquet database, whole in its one file. */
  private byte[] anotherDatabase() throws Exception {
    Path otherDir = dir.resolve("other");
    Database.sqlite(otherDir).close();
    return Files.readAllBytes(otherDir.resolve("jacquet.db"));
  }
}
