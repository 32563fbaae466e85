package org.jacquet.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the server stores can be trusted: a clean stop, a read-only folder, a full disk, a deleted file. */
class StorageTest {
  @TempDir Path dir;

  /** A game played: its actions acknowledged, and the version stored after them (the friend's taking the seat counts one). */
  record Played(String id, int acked, int version, JsonNode refusal) {}

  /** Ten actions played on {@code server}, every one acknowledged. */
  static Played playTen(ServerProcess server) throws Exception {
    Played played = playSome(server.url(""), 10);
    assertThat(played.refusal()).isNull();
    assertThat(played.acked()).isEqualTo(10);
    return played;
  }

  /** Plays up to {@code actions} actions in a new friend game, stopping at the first refusal. */
  static Played playSome(String base, int actions) throws Exception {
    return playSome(base, actions, acked -> {});
  }

  /** {@link #playSome}, telling {@code onAck} the number of actions acknowledged after each. */
  static Played playSome(String base, int actions, java.util.function.IntConsumer onAck) throws Exception {
    JsonNode c = WsClient.post(base + "/api/games", "{\"opponent\":\"friend\",\"match\":5}");
    String id = c.get("id").asText();
    java.util.function.IntSupplier stored = () -> storedVersion(base, id);
    int acked = 0;
    JsonNode refusal = null;
    try (WsClient w = new WsClient(base, id); WsClient b = new WsClient(base, id)) {
      w.send("{\"type\":\"hello\",\"token\":\"" + c.get("token").asText() + "\"}");
      b.send("{\"type\":\"hello\",\"token\":\"" + c.get("inviteToken").asText() + "\"}");
      w.nextSeatedState();
      b.nextSeatedState(); // seated: the invitation taken, a stored version of its own
      int joined = stored.getAsInt();
      JsonNode s = w.current(joined);
      for (int i = 0; i < actions; i++) {
        String phase = s.get("phase").asText();
        if (phase.equals("over")) break;
        boolean white = phase.equals("opening_throw") || s.get("turn").asText().equals("white");
        WsClient mover = white ? w : b;
        JsonNode mine = mover.current(s.get("version").asInt());
        String msg = phase.equals("play") ? "{\"type\":\"play\",\"play\":\"" + mine.get("legal").get(0).asText() + "\"}"
            : phase.equals("opening_choice") ? "{\"type\":\"choose\",\"throwAgain\":false}" : "{\"type\":\"roll\"}";
        JsonNode answer = mover.answer(msg);
        if (!answer.path("type").asText().equals("ok")) {
          refusal = answer;
          break;
        }
        acked++;
        onAck.accept(acked);
        s = w.current(stored.getAsInt()); // the state that shows this action
      }
      return new Played(id, acked, joined + acked, refusal);
    }
  }

  /** The version game {@code id} has stored now, as the server at {@code base} answers it. */
  static int storedVersion(String base, String id) {
    try {
      return WsClient.JSON.readTree(WsClient.get(base + "/api/games/" + id)).get("version").asInt();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  static HttpResponse<String> get(String url) throws Exception {
    return WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void afterSigtermTheDbFileAloneHoldsEveryGame() throws Exception {
    Path data = dir.resolve("data");
    int port = ServerProcess.freePort();
    Map<String, Integer> games = new LinkedHashMap<>();
    ServerProcess server = ServerProcess.start(port, "--data", data.toString());
    try {
      for (int g = 0; g < 3; g++) {
        var played = playSome(server.url(""), 10 + 5 * g);
        games.put(played.id(), played.version());
      }
    } finally {
      assertThat(server.stop()).as("exit status after SIGTERM").isIn(0, 143);
    }
    assertThat(server.lines).as("what the server printed").anyMatch(l -> l.contains("database closed"));
    // Copy only the .db file: no -wal, no -shm.
    Path copy = dir.resolve("copy");
    Files.createDirectories(copy);
    Files.copy(data.resolve("jacquet.db"), copy.resolve("jacquet.db"));
    try (TestServer restored = TestServer.sqlite(copy, 20)) {
      for (var e : games.entrySet()) {
        JsonNode state = WsClient.JSON.readTree(WsClient.get(restored.url("/api/games/" + e.getKey())));
        assertThat(state.path("version").asInt()).as("game %s", e.getKey()).isEqualTo(e.getValue()).isGreaterThan(0);
      }
    }
  }

  @Test
  void aDataFolderThatCannotBeWrittenIsRefusedAtStartInOneLine() throws Exception {
    Path readOnly = dir.resolve("ro");
    Files.createDirectories(readOnly);
    readOnly.toFile().setWritable(false, false);
    // Root writes anywhere: then a folder of a read-only file system stands for it.
    Path folder = Files.isWritable(readOnly) ? Path.of("/proc/self") : readOnly;
    assertThat(refusedStart(folder)).startsWith("jacquet: cannot write to the data folder " + folder);
    readOnly.toFile().setWritable(true, false);
  }

  /** The one line a server started on the data folder {@code data} prints before it exits with status 2. */
  static String refusedStart(Path data) throws Exception {
    Process p = new ProcessBuilder(ServerProcess.command(ServerProcess.freePort(), "--data", data.toString()))
        .redirectErrorStream(true).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    List<String> out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
        .filter(l -> !l.contains(" INFO ")).toList();
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(out).hasSize(1);
    return out.get(0);
  }

  @Test
  void aFullDiskRefusesActionsClearlyAndLosesNothingAcknowledged() throws Exception {
    Path data = dir.resolve("full");
    int port = ServerProcess.freePort();
    // Start once to create the database, then again with files limited to 256 KiB (the shell's
    // ulimit -f, in KiB): the database or its WAL soon cannot grow, as on a full disk.
    ServerProcess.start(port, "--data", data.toString()).stop();
    // SQLite's driver unpacks its native library (1 MB) at start: unpacked beforehand instead.
    Path lib = dir.resolve("lib");
    Files.createDirectories(lib);
    try (var in = org.sqlite.SQLiteJDBCLoader.class.getResourceAsStream(
        "/org/sqlite/native/" + org.sqlite.util.OSInfo.getNativeLibFolderPathForCurrentOS() + "/libsqlitejdbc.so")) {
      Files.copy(in, lib.resolve("libsqlitejdbc.so"));
    }
    Map<String, Integer> games = new LinkedHashMap<>();
    ServerProcess server = ServerProcess.start("ulimit -f 256",
        List.of("-Dorg.sqlite.lib.path=" + lib, "-Dorg.sqlite.lib.name=libsqlitejdbc.so", "-XX:-UsePerfData"),
        port, "--data", data.toString());
    JsonNode refusal = null;
    try {
      for (int g = 0; g < 200 && refusal == null; g++) {
        HttpResponse<String> r = WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(server.url("/api/games")))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"opponent\":\"friend\"}")).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) {
          refusal = WsClient.JSON.readTree(r.body());
          assertThat(r.statusCode()).isEqualTo(503);
          break;
        }
        Played played = playSome(server.url(""), 40);
        games.put(played.id(), played.version());
        refusal = played.refusal();
      }
      assertThat(refusal).as("the disk filled up").isNotNull();
      assertThat(refusal.get("code").asText()).isEqualTo("storage");
      assertThat(refusal.get("message").asText()).contains("could not be saved");
      HttpResponse<String> health = get(server.url("/healthz"));
      assertThat(health.statusCode()).isEqualTo(503);
      assertThat(WsClient.JSON.readTree(health.body()).at("/checks/storage:write/0/status").asText()).isEqualTo("fail");
      // Ten more creations refused while it fails: still the one line (not one per refused request).
      for (int i = 0; i < 10; i++) {
        HttpResponse<String> r = WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(server.url("/api/games")))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"opponent\":\"friend\"}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
      }
      assertThat(server.lines.stream().filter(l -> l.startsWith("jacquet: storage failed")).count()).isEqualTo(1);
      assertThat(server.lines.stream().filter(l -> l.contains("storage")).toList()).as("every line about storage").hasSize(1);
    } finally {
      server.kill();
    }
    try (ServerProcess again = ServerProcess.start(port, "--data", data.toString())) {
      for (var e : games.entrySet()) {
        JsonNode state = WsClient.JSON.readTree(WsClient.get(again.url("/api/games/" + e.getKey())));
        assertThat(state.path("version").asInt()).as("game %s", e.getKey()).isEqualTo(e.getValue());
      }
      assertThat(get(again.url("/healthz")).statusCode()).isEqualTo(200);
    }
  }

  /** Every version stored of each game, as a restarted server on {@code data} finds it. */
  static void assertStored(Path data, Map<String, Integer> games) throws Exception {
    try (TestServer again = TestServer.sqlite(data, 20)) {
      for (var e : games.entrySet()) {
        JsonNode state = WsClient.JSON.readTree(WsClient.get(again.url("/api/games/" + e.getKey())));
        assertThat(state.path("version").asInt()).as("game %s after a restart", e.getKey()).isEqualTo(e.getValue()).isGreaterThan(0);
      }
    }
  }

  static HttpResponse<String> create(TestServer server) throws Exception {
    return create(server.url("/api/games"));
  }

  /** A friend game asked of {@code url} ({@code …/api/games}). */
  static HttpResponse<String> create(String url) throws Exception {
    return WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(url))
        .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"opponent\":\"friend\"}")).build(), HttpResponse.BodyHandlers.ofString());
  }

  static void deleteTheDatabase(Path data) throws IOException {
    for (String f : List.of("jacquet.db", "jacquet.db-wal", "jacquet.db-shm")) Files.deleteIfExists(data.resolve(f));
  }

  @Test
  void aDatabaseDeletedUnderTheServerWhileGamesArePlayedIsWrittenBackAndTheServerGoesOnWithIt() throws Exception {
    Path data = dir.resolve("deleted");
    Map<String, Integer> games = new LinkedHashMap<>();
    try (TestServer server = TestServer.sqlite(data, 20)) {
      Played before = playSome(server.url(""), 12);
      games.put(before.id(), before.version());
      // Deleted while another game is being played: every action is still acknowledged (a write
      // caught in between goes to the deleted file, then is written back with everything else).
      java.util.concurrent.CountDownLatch underWay = new java.util.concurrent.CountDownLatch(1);
      var during = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
        try {
          return playSome(server.url(""), 30, acked -> { if (acked == 5) underWay.countDown(); });
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      assertThat(underWay.await(60, TimeUnit.SECONDS)).as("five actions of the game acknowledged").isTrue();
      deleteTheDatabase(data);
      Played meanwhile = during.get(60, TimeUnit.SECONDS);
      assertThat(meanwhile.refusal()).isNull();
      games.put(meanwhile.id(), meanwhile.version());
      // The next write (or the server's own look, every second) writes everything back where the
      // file was, and the write goes to it.
      assertThat(create(server).statusCode()).isEqualTo(201);
      assertThat(Files.exists(data.resolve("jacquet.db"))).isTrue();
      Played after = playSome(server.url(""), 12);
      assertThat(after.refusal()).isNull();
      games.put(after.id(), after.version());
      assertThat(get(server.url("/healthz")).statusCode()).isEqualTo(200);
    }
    assertStored(data, games);
  }

  @Test
  void whileADeletedDatabaseCannotBeWrittenBackChangesAreRefusedAndNothingAcknowledgedIsLost() throws Exception {
    Path data = dir.resolve("gone");
    Map<String, Integer> games = new LinkedHashMap<>();
    try (TestServer server = TestServer.sqlite(data, 20)) {
      Played before = playSome(server.url(""), 12);
      games.put(before.id(), before.version());
      // The file and its folder go: nowhere to write it back to.
      deleteTheDatabase(data);
      Files.delete(data);
      HttpResponse<String> r = create(server);
      assertThat(r.statusCode()).isEqualTo(503);
      assertThat(WsClient.JSON.readTree(r.body()).get("code").asText()).isEqualTo("storage");
      HttpResponse<String> health = get(server.url("/healthz"));
      assertThat(health.statusCode()).isEqualTo(503);
      assertThat(WsClient.JSON.readTree(health.body()).get("output").asText()).contains("deleted under the running server");
      // The folder comes back: within a second or two everything is written back, and writes succeed again.
      Files.createDirectories(data);
      long deadline = System.currentTimeMillis() + 10_000;
      while ((r = create(server)).statusCode() != 201 && System.currentTimeMillis() < deadline) Thread.sleep(200);
      assertThat(r.statusCode()).as("a game created once the folder is back").isEqualTo(201);
      assertThat(get(server.url("/healthz")).statusCode()).isEqualTo(200);
      Played after = playSome(server.url(""), 12);
      assertThat(after.refusal()).isNull();
      games.put(after.id(), after.version());
    }
    assertStored(data, games);
  }
}
