package org.jacquet.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A socket message with a field its type does not have is refused naming the field, as an HTTP body is, and changes nothing. */
class SocketFieldsTest {
  @TempDir Path dir;

  @Test
  void unknownFieldsAreRefusedNamedAndChangeNothing() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 20)) {
      JsonNode created = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}");
      String id = created.get("id").asText();
      try (WsClient w = new WsClient(server.url(""), id)) {
        w.send("{\"type\":\"hello\",\"token\":\"" + created.get("token").asText() + "\",\"side\":\"black\"}");
        assertUnknown(w.nextError(), "side");
        w.send("{\"type\":\"hello\",\"token\":\"" + created.get("token").asText() + "\"}");
        int version = w.nextSeatedState().get("version").asInt();

        w.send("{\"type\":\"resign\",\"side\":\"black\",\"ref\":7}");
        JsonNode resign = w.nextError();
        assertUnknown(resign, "side");
        assertThat(resign.get("ref").asInt()).as("the ref is echoed on the refusal").isEqualTo(7);
        w.send("{\"type\":\"roll\",\"dice\":[6,6]}");
        assertUnknown(w.nextError(), "dice");
        w.send("{\"type\":\"ping\",\"extra\":1}");
        assertUnknown(w.nextError(), "extra");
        w.send("{\"type\":\"step\",\"from\":1,\"to\":2,\"by\":3}");
        assertUnknown(w.nextError(), "by");

        JsonNode state = WsClient.JSON.readTree(WsClient.get(server.url("/api/games/" + id)));
        assertThat(state.get("version").asInt()).as("nothing changed").isEqualTo(version);
        assertThat(state.get("phase").asText()).isNotEqualTo("over");

        // The fields a type has, and ref, are still read.
        w.send("{\"type\":\"roll\",\"ref\":\"r1\"}");
        JsonNode ok = w.next(m -> m.path("type").asText().equals("ok") || m.path("type").asText().equals("error"));
        assertThat(ok.get("type").asText()).as(ok.toString()).isEqualTo("ok");
        assertThat(ok.get("ref").asText()).isEqualTo("r1");
      }
    }
  }

  private static void assertUnknown(JsonNode error, String field) {
    assertThat(error.get("code").asText()).as(error.toString()).isEqualTo("unknown-field");
    assertThat(error.get("params").get("field").asText()).isEqualTo(field);
    assertThat(error.get("message").asText()).contains("'" + field + "'");
  }
}
