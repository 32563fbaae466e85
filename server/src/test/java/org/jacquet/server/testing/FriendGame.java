package org.jacquet.server.testing;

import com.fasterxml.jackson.databind.JsonNode;

/** A game between two people made through the API, with both seats' tokens (the creator plays White). */
public record FriendGame(String id, String white, String black) {
  /** Made on {@code server}, timed {@code time} ("untimed", "12+120"…). */
  public static FriendGame make(TestServer server, String time) throws Exception {
    JsonNode c = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\",\"time\":\"" + time + "\"}");
    return new FriendGame(c.get("id").asText(), c.get("token").asText(), c.get("inviteToken").asText());
  }

  /** A socket seated at the seat of {@code token}, past its first state. */
  public static WsClient seat(TestServer s, String id, String token) throws Exception {
    WsClient c = new WsClient(s.url(""), id);
    c.send("{\"type\":\"hello\",\"token\":\"" + token + "\"}");
    c.nextSeatedState();
    return c;
  }
}
