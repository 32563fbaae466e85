package org.jacquet.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.jacquet.server.testing.LobbyGuest;
import org.jacquet.server.testing.ServerProcess;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;

/**
 * The lobby's "players online" counts the players of every server process on one database, not
 * only its own: two real processes on PostgreSQL, a player in the lobby of each, each lobby
 * says two; one leaves, both say one. (Heartbeats shortened to half a second for the test.)
 */
class OnlineAcrossProcessesTest {
  /** The next lobby message of {@code socket} whose {@code online} is {@code n} (deltas carry it only when it changed). */
  static JsonNode online(WsClient socket, int n) throws Exception {
    JsonNode m = socket.poll(15_000, x -> x.path("type").asText().equals("lobby") && x.path("online").asInt(-1) == n);
    assertThat(m).as("a lobby message saying %d online", n).isNotNull();
    return m;
  }

  @Test
  void eachProcesssLobbyCountsThePlayersOfBoth() throws Exception {
    ServerProcess.onPostgresTwice(List.of("-Djacquet.presenceTtlMillis=1500"), (a, b) -> {
      try (LobbyGuest ann = new LobbyGuest(a.url(""))) {
        online(ann.lobby(), 1);
        try (LobbyGuest bob = new LobbyGuest(b.url(""))) {
          online(bob.lobby(), 2); // Bob on B counts Ann on A
          online(ann.lobby(), 2); // and Ann on A counts Bob on B
        }
        online(ann.lobby(), 1); // Bob gone: B says so at its next heartbeat
      }
    });
  }
}
