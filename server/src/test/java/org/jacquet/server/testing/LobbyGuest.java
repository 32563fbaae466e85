package org.jacquet.server.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.jacquet.server.live.LobbySocket;

/** A guest of the lobby for tests, over real HTTP and a real socket: its cookie, its name, its lobby socket. */
public final class LobbyGuest implements AutoCloseable {
  public final String base;
  public final String cookie;
  public final String name;
  private WsClient socket;

  /** The address a trusted proxy says its requests come from ({@code X-Forwarded-For}), or null. */
  private final String forwardedFor;

  /** A new guest of the server at {@code base} ({@code http://host:port}): GET /api/me gives it a cookie and a name. */
  public LobbyGuest(String base) throws Exception {
    this(base, null);
  }

  /**
   * A new guest whose requests a trusted proxy says come from {@code forwardedFor} (a server run
   * with {@code --trust-proxy} counts its limits there); only a header: nothing is sent to it.
   */
  public LobbyGuest(String base, String forwardedFor) throws Exception {
    this.base = base;
    this.forwardedFor = forwardedFor;
    HttpResponse<String> r = WsClient.HTTP.send(forwarded(HttpRequest.newBuilder(URI.create(base + "/api/me"))).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) throw new AssertionError("GET /api/me answered " + r.statusCode() + " " + r.body());
    String set = r.headers().firstValue("Set-Cookie").orElseThrow();
    this.cookie = set.substring(0, set.indexOf(';'));
    this.name = WsClient.JSON.readTree(r.body()).path("name").asText();
  }

  /** The same guest (same cookie) on another server process sharing the database. */
  private LobbyGuest(String base, String cookie, String name, String forwardedFor) {
    this.base = base;
    this.forwardedFor = forwardedFor;
    this.cookie = cookie;
    this.name = name;
  }

  public LobbyGuest on(String otherBase) {
    return new LobbyGuest(otherBase, cookie, name, forwardedFor);
  }

  /** An answer: its status and JSON body. */
  public record Answer(int status, JsonNode body) {
    public String code() {
      return body.path("code").asText();
    }
  }

  public Answer call(String method, String path, String json) throws Exception {
    HttpRequest.Builder b = forwarded(HttpRequest.newBuilder(URI.create(base + path))).header("Cookie", cookie);
    b = json == null ? b.method(method, HttpRequest.BodyPublishers.noBody())
        : b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(json));
    HttpResponse<String> r = WsClient.HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return new Answer(r.statusCode(), r.body().isEmpty() ? WsClient.JSON.createObjectNode() : WsClient.JSON.readTree(r.body()));
  }

  private HttpRequest.Builder forwarded(HttpRequest.Builder b) {
    return forwardedFor == null ? b : b.header("X-Forwarded-For", forwardedFor);
  }

  public Answer post(String path, String json) throws Exception {
    return call("POST", path, json);
  }

  /** Its lobby socket, opened and greeted on first use. */
  public WsClient lobby() throws Exception {
    if (socket == null) {
      socket = new WsClient(base, LobbySocket.PATH, new WsClient.Cookie(cookie));
      socket.send("{\"type\":\"hello\"}");
    }
    return socket;
  }

  /** The next lobby message listing an open seek with this id. */
  public JsonNode seesSeek(String id) throws Exception {
    return lobby().next(m -> m.path("type").asText().equals("lobby") && hasSeek(m, id));
  }

  public static boolean hasSeek(JsonNode lobby, String id) {
    for (JsonNode s : lobby.path("seeks")) if (s.path("id").asText().equals(id)) return true;
    for (JsonNode s : lobby.path("direct")) if (s.path("id").asText().equals(id)) return true;
    return false;
  }

  /** The {@code start} of seek {@code id} on its lobby socket (within 10 s). */
  public JsonNode started(String id) throws Exception {
    return started(id, 10_000);
  }

  /** The {@code start} of seek {@code id} on its lobby socket, within {@code millis}. */
  public JsonNode started(String id, long millis) throws Exception {
    JsonNode m = lobby().poll(millis, x -> x.path("type").asText().equals("start") && x.path("seek").asText().equals(id));
    if (m == null) throw new AssertionError("no start for seek " + id + " within " + millis + " ms");
    return m;
  }

  @Override
  public void close() {
    if (socket != null) socket.close();
  }
}
