package org.jacquet.server.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A WebSocket client for tests: what the server sends, queued in order. */
public final class WsClient implements AutoCloseable {
  public static final ObjectMapper JSON = new ObjectMapper();
  public static final HttpClient HTTP = HttpClient.newHttpClient();
  private final BlockingQueue<JsonNode> inbox = new LinkedBlockingQueue<>();
  private final WebSocket socket;

  /** The Origin header a browser would send with the socket. */
  public record Origin(String value) {}

  /** The client's address as a trusted proxy tells it ({@code X-Forwarded-For}): many clients from one test. */
  public record ForwardedFor(String address) {}

  /** A cookie the socket's upgrade request carries (the lobby's socket knows its player by it). */
  public record Cookie(String value) {}

  public WsClient(String baseHttpUrl, String gameId) throws Exception {
    this(baseHttpUrl, gameId, null, null, null, null);
  }

  public WsClient(String baseHttpUrl, String gameId, Cookie cookie) throws Exception {
    this(baseHttpUrl, gameId, null, null, null, cookie);
  }

  /** A socket opened by {@code http} (e.g. one that trusts a test's certificate, for wss://). */
  public WsClient(HttpClient http, String baseHttpUrl, String gameId) throws Exception {
    this(http, baseHttpUrl, gameId, null, null, null, null);
  }

  public WsClient(String baseHttpUrl, String gameId, Origin origin) throws Exception {
    this(baseHttpUrl, gameId, origin, null, null, null);
  }

  public WsClient(String baseHttpUrl, String gameId, ForwardedFor from) throws Exception {
    this(baseHttpUrl, gameId, null, from, null, null);
  }

  /** A socket whose upgrade request says which languages its reader prefers ({@code Accept-Language}). */
  public WsClient(String baseHttpUrl, String gameId, Origin origin, String acceptLanguage) throws Exception {
    this(baseHttpUrl, gameId, origin, null, acceptLanguage, null);
  }

  private WsClient(String baseHttpUrl, String gameId, Origin origin, ForwardedFor from, String acceptLanguage, Cookie cookie)
      throws Exception {
    this(HTTP, baseHttpUrl, gameId, origin, from, acceptLanguage, cookie);
  }

  private WsClient(HttpClient http, String baseHttpUrl, String gameId, Origin origin, ForwardedFor from, String acceptLanguage,
      Cookie cookie)
      throws Exception {
    String ws = baseHttpUrl.replaceFirst("^http", "ws") + "/ws/" + gameId;
    WebSocket.Builder builder = http.newWebSocketBuilder();
    if (origin != null) builder.header("Origin", origin.value());
    if (from != null) builder.header("X-Forwarded-For", from.address());
    if (acceptLanguage != null) builder.header("Accept-Language", acceptLanguage);
    if (cookie != null) builder.header("Cookie", cookie.value());
    socket = builder.buildAsync(URI.create(ws), new WebSocket.Listener() {
      private final StringBuilder partial = new StringBuilder();

      @Override
       public CompletionStage<?> onClose(WebSocket w, int code, String reason) {
        log.add("CLOSED " + code + " " + reason);
        return null;
      }

      @Override
       public void onError(WebSocket w, Throwable error) {
        log.add("ERROR " + error);
      }

      @Override
       public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
          try {
            JsonNode m = JSON.readTree(partial.toString());
            if (m.path("type").asText().equals("seat")) seatToken = m.get("token").asText(); // an invitation taken
            inbox.add(merge(m));
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
          partial.setLength(0);
        }
        w.request(1);
        return null;
      }
    }).get(10, TimeUnit.SECONDS);
  }

  private JsonNode current;
  private volatile String seatToken;

  /** The seat's own token once this socket took an invitation's seat with {@code presented}, else {@code presented}. */
  public String seatToken(String presented) {
    return seatToken != null ? seatToken : presented;
  }

  /** A "change" merged into the state held, as the page's state-sync.js does: tests see whole states. */
  /** What came, in short (type, version, seq, action or code), to explain a failure. */
  public final java.util.List<String> log = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

  private synchronized JsonNode merge(JsonNode m) {
    String type = m.path("type").asText();
    log.add(type + " v" + m.path("version").asText() + " seq" + m.path("seq").asText() + " " + m.path("action").asText() + m.path("code").asText());
    if (type.equals("state")) {
      current = m;
      notifyAll();
      return m;
    }
    if (!type.equals("change") || current == null) return m;
    com.fasterxml.jackson.databind.node.ObjectNode next = ((com.fasterxml.jackson.databind.node.ObjectNode) m).deepCopy();
    com.fasterxml.jackson.databind.node.ArrayNode events = JSON.createArrayNode();
    if (m.get("game").asInt() == current.get("game").asInt()) {
      for (int i = 0; i < m.get("eventsFrom").asInt(); i++) events.add(current.get("events").get(i));
    }
    events.addAll((com.fasterxml.jackson.databind.node.ArrayNode) m.get("events"));
    next.set("events", events);
    next.remove("eventsFrom");
    next.put("type", "state");
    next.put("merged", true);
    current = next;
    notifyAll();
    return next;
  }

  /** The state held (merged from every message so far) once its version reaches {@code version}. */
  public synchronized JsonNode current(int version) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 10_000;
    while (current == null || current.path("version").asInt() < version) {
      long left = deadline - System.currentTimeMillis();
      if (left <= 0) {
        throw new AssertionError("no state at version " + version + " within 10 s; last messages: "
            + log.subList(Math.max(0, log.size() - 12), log.size()));
      }
      wait(left);
    }
    return current;
  }

  /** The state held (merged from every message so far) once {@code condition} (named {@code what}) holds of it. */
  public JsonNode until(String what, Predicate<JsonNode> condition) throws InterruptedException {
    return until(what, condition, 10_000);
  }

  /** {@link #until}, waiting up to {@code millis}. */
  public synchronized JsonNode until(String what, Predicate<JsonNode> condition, long millis) throws InterruptedException {
    long deadline = System.currentTimeMillis() + millis;
    while (current == null || !condition.test(current)) {
      long left = deadline - System.currentTimeMillis();
      if (left <= 0) {
        throw new AssertionError("no state with " + what + " within " + millis + " ms; last messages: "
            + log.subList(Math.max(0, log.size() - 12), log.size()));
      }
      wait(left);
    }
    return current;
  }

  public void send(String text) {
    socket.sendText(text, true).join();
  }

  private final java.util.concurrent.atomic.AtomicInteger refs = new java.util.concurrent.atomic.AtomicInteger();

  /**
   * Sends {@code action} (a JSON object) with a {@code ref} of its own and returns the answer to
   * it: its {@code ok}, or its {@code error}. Other messages before it are skipped.
   */
  public JsonNode answer(String action) throws InterruptedException {
    com.fasterxml.jackson.databind.node.ObjectNode m;
    try {
      m = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(action);
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("not a JSON object: " + action, e);
    }
    String ref = "t" + refs.incrementAndGet();
    m.put("ref", ref);
    send(m.toString());
    return next(r -> r.path("type").asText().matches("ok|error") && r.path("ref").asText().equals(ref));
  }

  /**
   * Sends {@code action} and returns the state this socket holds once it shows that action: the
   * action's {@code ok} (a refusal fails the test), then the first state at or past the version
   * the game had stored by then, as {@code storedVersion} reads it. "The version after mine"
   * would race with any other stored version (an invitation's seat taken, the computer's reply).
   */
  public JsonNode act(String action, java.util.function.IntSupplier storedVersion) throws InterruptedException {
    JsonNode answer = answer(action);
    if (!answer.path("type").asText().equals("ok")) throw new AssertionError(action + " was refused: " + answer);
    return current(storedVersion.getAsInt());
  }

  /** The next message matching {@code which}, skipping others; fails after 10 s. */
  public JsonNode next(Predicate<JsonNode> which) throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (System.nanoTime() < deadline) {
      JsonNode m = inbox.poll(100, TimeUnit.MILLISECONDS);
      if (m != null && which.test(m)) return m;
    }
    throw new AssertionError("no matching message within 10 s");
  }

  /** The next message matching {@code which} within {@code millis}, or null. */
  public JsonNode poll(long millis, Predicate<JsonNode> which) throws InterruptedException {
    long deadline = System.nanoTime() + millis * 1_000_000L;
    while (System.nanoTime() < deadline) {
      JsonNode m = inbox.poll(Math.max(1, Math.min(100, (deadline - System.nanoTime()) / 1_000_000L)), TimeUnit.MILLISECONDS);
      if (m != null && which.test(m)) return m;
    }
    return null;
  }

  public JsonNode nextError() throws InterruptedException {
    return next(m -> m.path("type").asText().equals("error"));
  }

  public JsonNode nextState() throws InterruptedException {
    return next(m -> m.path("type").asText().equals("state"));
  }

  /** The next state shown to a seat (after its hello; the spectator's view on connecting is skipped). */
  public JsonNode nextSeatedState() throws InterruptedException {
    return next(m -> m.path("type").asText().equals("state") && !m.path("you").isNull());
  }

  /** The first state at or after {@code version}. */
  public JsonNode stateAt(int version) throws InterruptedException {
    return next(m -> m.path("type").asText().equals("state") && m.path("version").asInt() >= version);
  }

  public void drain() {
    inbox.clear();
  }

  public static JsonNode post(String url, String body) throws Exception {
    return post(HTTP, url, body);
  }

  public static JsonNode post(HttpClient http, String url, String body) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(body))
        .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
    return JSON.readTree(r.body());
  }

  public static String getUnchecked(String url) {
    try {
      return get(url);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** GET as the holder of a seat token (sent in the Authorization header, never in the URL). */
  public static String get(String url, String token) throws Exception {
    return get(HTTP, url, token);
  }

  public static String get(HttpClient http, String url, String token) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + token).GET().build(),
        HttpResponse.BodyHandlers.ofString()).body();
  }

  public static String get(String url) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString()).body();
  }

  @Override
  public void close() {
    socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye");
  }
}
