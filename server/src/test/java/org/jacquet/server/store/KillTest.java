package org.jacquet.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server process killed with SIGKILL mid-game and started again loses nothing. */
class KillTest {
  @TempDir Path dir;

  @Test
  void aKilledServerResumesEveryGameWhereItWas() throws Exception {
    int port = ServerProcess.freePort();
    String base = "http://127.0.0.1:" + port;
    ServerProcess first = ServerProcess.start(port, "--data", dir.toString());
    JsonNode created = WsClient.post(base + "/api/games", "{\"opponent\":\"friend\",\"match\":1}");
    String id = created.get("id").asText();
    String white = created.get("token").asText();
    String invited = created.get("inviteToken").asText();
    String black;
    int acknowledged;
    try (WsClient w = new WsClient(base, id); WsClient b = new WsClient(base, id)) {
      w.send("{\"type\":\"hello\",\"token\":\"" + white + "\"}");
      b.send("{\"type\":\"hello\",\"token\":\"" + invited + "\"}");
      int joined = b.nextSeatedState().get("version").asInt(); // the invitation taken (a version of its own)
      black = b.seatToken(invited); // the seat's own token since
      w.nextSeatedState();
      JsonNode s = w.current(joined);
      for (int i = 0; i < 12; i++) {
        boolean whiteMoves = s.get("phase").asText().equals("opening_throw") || s.get("turn").asText().equals("white");
        WsClient mover = whiteMoves ? w : b;
        mover.drain();
        if (s.get("phase").asText().equals("play")) {
          JsonNode me = WsClient.JSON.readTree(WsClient.get(base + "/api/games/" + id, (whiteMoves ? white : black)));
          mover.send("{\"type\":\"play\",\"play\":\"" + me.get("legal").get(0).asText() + "\"}");
        } else {
          mover.send("{\"type\":\"roll\"}");
        }
        JsonNode answer = mover.next(m -> m.path("type").asText().equals("ok") || m.path("type").asText().equals("error"));
        assertThat(answer.path("type").asText()).as("answer %s to %s", answer, s).isEqualTo("ok");
        JsonNode next = WsClient.JSON.readTree(WsClient.get(base + "/api/games/" + id));
        assertThat(next.get("version").asInt()).isEqualTo(s.get("version").asInt() + 1);
        s = next;
      }
      acknowledged = s.get("version").asInt();
    }
    String before = WsClient.get(base + "/api/games/" + id);
    first.kill(); // SIGKILL: no shutdown hook runs

    try (ServerProcess second = ServerProcess.start(port, "--data", dir.toString())) {
      JsonNode after = WsClient.JSON.readTree(WsClient.get(base + "/api/games/" + id));
      JsonNode was = WsClient.JSON.readTree(before);
      assertThat(after.get("version").asInt()).isEqualTo(acknowledged);
      assertThat(after.get("position")).isEqualTo(was.get("position"));
      assertThat(after.get("events")).isEqualTo(was.get("events"));
      assertThat(after.get("dice")).isEqualTo(was.get("dice"));
      // And the game goes on.
      try (WsClient w = new WsClient(base, id)) {
        w.send("{\"type\":\"hello\",\"token\":\"" + (after.get("turn").asText().equals("white") ? white : black) + "\"}");
        JsonNode s = w.nextSeatedState();
        if (s.get("phase").asText().equals("play")) {
          w.send("{\"type\":\"play\",\"play\":\"" + s.get("legal").get(0).asText() + "\"}");
        } else {
          w.send("{\"type\":\"roll\"}");
        }
        assertThat(w.next(m -> m.path("type").asText().equals("ok")).path("type").asText()).isEqualTo("ok");
      }
    }
  }
}
