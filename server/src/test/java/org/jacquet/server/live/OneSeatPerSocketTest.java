package org.jacquet.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A socket sits at one seat: a second {@code hello} for another seat (or to watch) is refused
 * and changes nothing, so the others' view of who is connected stays true, and a socket that
 * says hello again and again sends nobody anything.
 */
class OneSeatPerSocketTest {
  @TempDir Path dir;

  private static boolean whiteConnected(TestServer server, String id) throws Exception {
    return WsClient.JSON.readTree(WsClient.get(server.url("/api/games/" + id))).get("players").get("white").get("connected").asBoolean();
  }

  @Test
  void aSecondHelloForAnotherSeatIsRefusedAndPresenceStaysTrue() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 20)) {
      JsonNode created = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}");
      String id = created.get("id").asText();
      String white = created.get("token").asText();
      String black = created.get("inviteToken").asText();
      try (WsClient spectator = new WsClient(server.url(""), id)) {
        spectator.send("{\"type\":\"hello\"}");
        spectator.nextState();
        WsClient w = new WsClient(server.url(""), id);
        w.send("{\"type\":\"hello\",\"token\":\"" + white + "\"}");
        w.nextSeatedState();
        spectator.next(m -> m.path("players").path("white").path("connected").asBoolean());
        assertThat(whiteConnected(server, id)).isTrue();
        int seen = spectator.log.size();

        w.send("{\"type\":\"hello\",\"ref\":1}"); // to watch instead
        JsonNode refused = w.nextError();
        assertThat(refused.get("code").asText()).as(refused.toString()).isEqualTo("one-seat");
        w.send("{\"type\":\"hello\",\"token\":\"" + black + "\"}"); // the other seat
        assertThat(w.nextError().get("code").asText()).isEqualTo("one-seat");
        for (int i = 0; i < 10; i++) w.send("{\"type\":\"hello\"}");
        for (int i = 0; i < 10; i++) assertThat(w.nextError().get("code").asText()).isEqualTo("one-seat");
        // The same seat again: the full state again, to this socket only.
        w.send("{\"type\":\"hello\",\"token\":\"" + white + "\"}");
        assertThat(w.nextSeatedState().get("you").asText()).isEqualTo("white");
        assertThat(whiteConnected(server, id)).as("White still sits").isTrue();
        assertThat(spectator.log.size()).as("the spectator was sent nothing: %s", spectator.log.subList(seen, spectator.log.size()))
            .isEqualTo(seen);

        // White's socket closes: the others are told White left.
        w.close();
        spectator.next(m -> m.has("players") && !m.path("players").path("white").path("connected").asBoolean(true));
        assertThat(whiteConnected(server, id)).isFalse();
      }
    }
  }
}
