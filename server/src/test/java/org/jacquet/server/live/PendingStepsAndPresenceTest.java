package org.jacquet.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.jacquet.engine.Side;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the first version kept only in one process: steps laid down, and who is connected elsewhere. */
class PendingStepsAndPresenceTest {
  @TempDir Path dir;

  @Test
  void stepsLaidDownButNotConfirmedSurviveARestart() throws Exception {
    JsonNode created;
    String laid;
    try (TestServer server = TestServer.sqlite(dir, 20)) {
      created = WsClient.post(server.url("/api/games"),
          "{\"opponent\":\"friend\",\"position\":\"white=1:15 black=1:15 turn=white\"}");
      String id = created.get("id").asText();
      try (WsClient w = new WsClient(server.url(""), id)) {
        w.send("{\"type\":\"hello\",\"token\":\"" + created.get("token").asText() + "\"}");
        JsonNode s = w.nextSeatedState();
        s = w.act("{\"type\":\"roll\"}", () -> server.version(id));
        JsonNode moves = s.get("moves");
        String from = moves.fieldNames().next();
        int to = moves.get(from).get(0).asInt();
        w.send("{\"type\":\"step\",\"from\":" + from + ",\"to\":" + to + "}");
        w.next(m -> m.path("type").asText().equals("ok") && m.path("action").asText().equals("step"));
        laid = from + "/" + to;
      }
    }
    try (TestServer again = TestServer.sqlite(dir, 20)) {
      JsonNode state = WsClient.JSON.readTree(WsClient.get(again.url("/api/games/" + created.get("id").asText()),
          created.get("token").asText()));
      assertThat(state.get("steps")).hasSize(1);
      assertThat(state.get("steps").get(0).asText()).isEqualTo(laid.replace("/25", "/off"));
      // And the turn goes on from there: the step can be taken back.
      try (WsClient w = new WsClient(again.url(""), created.get("id").asText())) {
        w.send("{\"type\":\"hello\",\"token\":\"" + created.get("token").asText() + "\"}");
        w.nextSeatedState();
        w.send("{\"type\":\"undo\"}");
        assertThat(w.next(m -> m.path("type").asText().equals("ok") || m.path("type").asText().equals("error"))
            .path("type").asText()).isEqualTo("ok");
      }
    }
  }

  @Test
  void presenceAnnouncedByAnotherProcessExpiresWhenItStopsRenewingIt() throws Exception {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(1_000_000);
    Hub.Presence presence = new Hub.Presence(300, now::get);
    presence.heard("process-a", "game1", Side.WHITE, 1);
    assertThat(presence.connected("game1", Side.WHITE)).isTrue();
    assertThat(presence.connected("game1", Side.BLACK)).isFalse();
    now.addAndGet(150);
    presence.heard("process-a", "game1", Side.WHITE, 1); // the heartbeat renews it
    now.addAndGet(200); // past the first word's 300 ms, within the renewed one's
    assertThat(presence.connected("game1", Side.WHITE)).isTrue();
    assertThat(presence.expire()).isEmpty();
    now.addAndGet(100); // the renewed word's last millisecond is gone: process-a died, no more heartbeats
    assertThat(presence.connected("game1", Side.WHITE)).isFalse();
    assertThat(presence.expire()).containsExactly("game1");
    presence.heard("process-b", "game1", Side.BLACK, 2);
    presence.heard("process-b", "game1", Side.BLACK, 0); // left cleanly
    assertThat(presence.connected("game1", Side.BLACK)).isFalse();
  }

  @Test
  void playersOnlineAnnouncedByOtherProcessesCountWhileTheirWordLives() {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(1_000_000);
    Hub.Presence presence = new Hub.Presence(300, now::get);
    presence.heardOnline("process-a", 3);
    presence.heardOnline("process-b", 2);
    assertThat(presence.online()).isEqualTo(5);
    now.addAndGet(200);
    presence.heardOnline("process-a", 4); // a's heartbeat: its new count
    now.addAndGet(150); // b's word is gone (b died), a's renewed one lives
    assertThat(presence.online()).isEqualTo(4);
    presence.heardOnline("process-a", 0); // everyone left a
    assertThat(presence.online()).isZero();
  }
}
