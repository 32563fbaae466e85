package org.jacquet.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code jacquet load --timed}: many timed games at once, each played for a few random moves
 * and then abandoned by the side to move, so that every game ends by a flag. For each flag it
 * measures how late it was seen: the instant this client received the game's loss on time, less
 * the instant the flag was due by the server's own figures (the last state's clock: its {@code
 * now}, the free time left and the reserve left of the running side). The server and this
 * command must share the machine's clock (loopback). A negative lateness would be a flag
 * declared early. The server must allow fast clocks ({@code serve --fast-clocks}) for reserves
 * under 30 s, and the sockets ({@code --limit-sockets}, {@code --limit-connects},
 * {@code --limit-games} at least twice {@code --games}).
 */
final class TimedLoad {
  private final String url;
  private final int games;
  private final long thinkMs;
  private final long timeoutSeconds;
  private final long seed;
  private final String time;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(java.time.Duration.ofSeconds(10)).build();
  private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(2);
  private final ConcurrentLinkedQueue<Long> lateness = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<String> refusals = new ConcurrentLinkedQueue<>();
  private final AtomicInteger moves = new AtomicInteger();
  private final AtomicInteger dropped = new AtomicInteger();
  /** Flags seen whose due time the client's readings could not tell (see {@link Game#dueAt}). */
  private final AtomicInteger unmeasured = new AtomicInteger();
  private volatile boolean closing;
  /** Over how long the games' opening throws are spread. */
  private final long startSpreadMs;

  /** How a game is created: {@code jacquet load}'s own (bounded time and answer, a refusal named). */
  interface Creator {
    JsonNode create(String body, int index) throws Exception;
  }

  private final Creator creator;

  TimedLoad(Creator creator, String url, int games, long thinkMs, long timeoutSeconds, long seed, String time) {
    this.creator = creator;
    this.url = url;
    this.games = games;
    this.thinkMs = thinkMs;
    this.timeoutSeconds = timeoutSeconds;
    this.seed = seed;
    this.time = time;
    this.startSpreadMs = 10_000;
  }

  /** The figures as one JSON object; fails (after printing them) if a flag came early or never. */
  ObjectNode run() throws Exception {
    CountDownLatch flagged = new CountDownLatch(games);
    List<Game> all = new ArrayList<>();
    for (int g = 0; g < games; g++) {
      JsonNode c = creator.create("{\"opponent\":\"friend\",\"match\":1,\"time\":\"" + time + "\"}", g);
      SplittableRandom random = new SplittableRandom(seed * 1000 + g);
      all.add(new Game(c.get("id").asText(), c.get("token").asText(), c.get("inviteToken").asText(), random.nextInt(4), random, flagged));
    }
    long start = System.nanoTime();
    for (Game g : all) g.connect();
    Progress progress = new Progress("timed games", games);
    while (!flagged.await(1, TimeUnit.SECONDS)) {
      progress.update(games - flagged.getCount(), moves.get() + " moves");
      if (System.nanoTime() - start > timeoutSeconds * 1_000_000_000L) break;
    }
    progress.update(games - flagged.getCount(), moves.get() + " moves");
    for (Game g : all) g.close();
    timer.shutdownNow();
    List<Long> late = new ArrayList<>(lateness);
    Collections.sort(late);
    long early = late.stream().filter(x -> x < 0).count();
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("scenario", "timed").put("games", games).put("time_control", time).put("flags_seen", late.size() + unmeasured.get())
        .put("flags_measured", late.size()).put("flags_unmeasured", unmeasured.get())
        .put("moves_played", moves.get()).put("seconds", Math.round((System.nanoTime() - start) / 1e9))
        .put("flag_late_p50_ms", Quantiles.nearestRank(late, 0.5)).put("flag_late_p99_ms", Quantiles.nearestRank(late, 0.99))
        .put("flag_late_max_ms", late.isEmpty() ? 0 : late.get(late.size() - 1))
        .put("flag_late_min_ms", late.isEmpty() ? 0 : late.get(0)).put("flags_early", early)
        .put("flags_later_than_1s", late.stream().filter(x -> x > 1000).count())
        .put("sockets_dropped", dropped.get());
    if (!refusals.isEmpty()) {
      var kinds = o.putObject("refusals");
      for (String r : refusals) {
        String kind = r.length() > 60 ? r.substring(0, 60) : r;
        kinds.put(kind, kinds.path(kind).asInt() + 1);
      }
    }
    return o;
  }

  /** Why the run failed, or null: a flag declared early, or games never flagged. */
  static String failure(ObjectNode figures) {
    if (figures.get("flags_early").asLong() > 0) return figures.get("flags_early").asLong() + " flags were declared early";
    if (figures.get("flags_seen").asInt() < figures.get("games").asInt()) {
      return (figures.get("games").asInt() - figures.get("flags_seen").asInt()) + " games were not flagged within --timeout-seconds";
    }
    return null;
  }

  /** The server instant at which the running side's flag falls, from a state's clock. */
  static long flagAt(JsonNode clock) {
    String running = clock.get("running").asText();
    return clock.get("now").asLong() + clock.get("delay").asLong() + clock.get(running).asLong() + 1;
  }

  /** One timed game: both seats, the moves left before the side to move stops, the flag's due time as last seen. */
  private final class Game {
    final String id;
    final Seat white;
    final Seat black;
    final SplittableRandom random;
    final CountDownLatch flagged;
    int movesLeft;
    long lastSeq = -1;
    long flagAt = Long.MIN_VALUE;
    String running;
    boolean seen;
    int thrownAt = -1;
    /** The version the last choice or play was made on. */
    int movedAt = -1;
    /** White's opening throw sent and not yet answered: a change meanwhile (Black arriving) asks for none. */
    boolean throwPending;
    /** The last state White's seat saw at the opening, looked at again once a throw is answered. */
    JsonNode openingSeen;
    /** The clock of the reading {@link #flagAt} comes from. */
    JsonNode lastClock;

    Game(String id, String whiteToken, String blackToken, int moves, SplittableRandom random, CountDownLatch flagged) {
      this.id = id;
      this.white = new Seat(this, whiteToken);
      this.black = new Seat(this, blackToken);
      this.movesLeft = moves;
      this.random = random;
      this.flagged = flagged;
    }

    void connect() {
      white.connect();
      black.connect();
    }

    void close() {
      white.close();
      black.close();
    }

    /**
     * When the flag that ended the game was due, from the last reading of the clock and the final
     * one. The server sends a socket that is behind the newest state, not every one, so this
     * client may have missed the move that handed the clock to the side that lost: then that
     * side's time started when the other side's move ended, known from how much of its reserve
     * that move spent. {@link Long#MIN_VALUE} when the readings cannot say (the move spent none of
     * its reserve, or more than one hand-over was missed): counted as unmeasured, never guessed.
     */
    long dueAt(JsonNode end) {
      String loser = "white".equals(end.path("result").path("winner").asText()) ? "black" : "white";
      String winner = loser.equals("white") ? "black" : "white";
      JsonNode stop = end.path("clock");
      if (loser.equals(running)) {
        // The winner did not run since the reading: else hand-overs were missed.
        return stop.path(winner).asLong() == lastClock.path(winner).asLong() ? flagAt : Long.MIN_VALUE;
      }
      long spent = lastClock.path(winner).asLong() - stop.path(winner).asLong();
      if (spent <= 0) return Long.MIN_VALUE;
      long handedOver = lastClock.path("now").asLong() + lastClock.path("delay").asLong() + spent;
      return handedOver + lastClock.path("delayPerMove").asLong() + lastClock.path(loser).asLong() + 1;
    }

    /**
     * White throws the opening once per version that asks for it (again after a tie), one throw
     * at a time: a state older than the one that answered the last throw asks for nothing (the
     * server's {@code ok} may come before the state that shows the throw).
     */
    private void throwOpening() {
      JsonNode m = openingSeen;
      if (m == null || throwPending || !m.path("phase").asText().equals("opening_throw")) return;
      int version = m.path("version").asInt();
      if (thrownAt >= version) return;
      thrownAt = version;
      throwPending = true;
      // The games start over a few seconds, as games do: not every flag in the same millisecond.
      white.after(version == 0 ? random.nextLong(startSpreadMs + 1) : 0, "{\"type\":\"roll\"}");
    }

    /** {@code seat}'s action answered: {@code ok} at {@code version}, or refused (-1). */
    synchronized void answered(Seat seat, int version) {
      if (seat != white) return;
      throwPending = false;
      if (version > 0) thrownAt = Math.max(thrownAt, version - 1);
      throwOpening();
    }

    /** A state or change seen by {@code seat}, at {@code receivedAt} (this machine's clock). */
    synchronized void seen(Seat seat, JsonNode m, long receivedAt) {
      long seq = m.path("seq").asLong(-1);
      JsonNode clock = m.path("clock");
      // A state read once the flag was already due (the server behind) shows the reserve at 0 and
      // would put the due time later than it was: the earlier reading of the same move stands.
      if (seq > lastSeq && clock.isObject() && !clock.path("running").isNull()) {
        String side = clock.get("running").asText();
        if (!side.equals(running) || clock.get(side).asLong() > 0 || flagAt == Long.MIN_VALUE) {
          flagAt = flagAt(clock);
          lastClock = clock;
        }
        running = side;
      }
      lastSeq = Math.max(lastSeq, seq);
      if ("timeout".equals(m.path("result").path("forfeit").asText())) {
        if (!seen && flagAt != Long.MIN_VALUE) {
          seen = true;
          long due = dueAt(m);
          if (due == Long.MIN_VALUE) {
            unmeasured.incrementAndGet();
          } else {
            lateness.add(receivedAt - due);
          }
          flagged.countDown();
        }
        return;
      }
      String you = m.path("you").asText();
      String phase = m.path("phase").asText();
      int version = m.path("version").asInt();
      if (phase.equals("opening_throw") && you.equals("white")) {
        openingSeen = m;
        throwOpening();
      } else if (you.equals(m.path("turn").asText()) && movesLeft > 0 && version > movedAt) {
        movedAt = version; // once per version: a change that repeats it (someone arriving) asks for nothing more
        if (phase.equals("opening_choice")) {
          movesLeft--;
          seat.later("{\"type\":\"choose\",\"throwAgain\":false}");
        } else if (phase.equals("play") && m.path("legal").isArray() && m.get("legal").size() > 0) {
          movesLeft--;
          JsonNode legal = m.get("legal");
          seat.later("{\"type\":\"play\",\"play\":\"" + legal.get(random.nextInt(legal.size())).asText() + "\"}");
        }
      }
    }
  }

  /** One seat's socket. */
  private final class Seat implements WebSocket.Listener {
    final Game game;
    final String token;
    private final StringBuilder partial = new StringBuilder();
    volatile WebSocket socket;

    Seat(Game game, String token) {
      this.game = game;
      this.token = token;
    }

    void connect() {
      http.newWebSocketBuilder().buildAsync(URI.create(url.replaceFirst("^http", "ws") + "/ws/" + game.id), this)
          .whenComplete((ws, failed) -> {
            if (failed != null) {
              dropped.incrementAndGet();
              refusals.add("could not connect: " + failed.getMessage());
            }
          });
    }

    @Override
    public void onOpen(WebSocket ws) {
      socket = ws;
      ws.sendText("{\"type\":\"hello\",\"token\":\"" + token + "\"}", true);
      ws.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      long receivedAt = System.currentTimeMillis();
      partial.append(data);
      if (last) {
        try {
          JsonNode m = Json.MAPPER.readTree(partial.toString());
          String type = m.path("type").asText();
          if (type.equals("state") || type.equals("change")) game.seen(this, m, receivedAt);
          else if (type.equals("ok")) game.answered(this, m.path("version").asInt(-1));
          else if (type.equals("error")) {
            refusals.add(m.path("code").asText() + ": " + m.path("message").asText());
            game.answered(this, -1);
          }
        } catch (Exception e) {
          refusals.add("unreadable message: " + e.getMessage());
        }
        partial.setLength(0);
      }
      ws.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket ws, int code, String reason) {
      if (!closing) {
        dropped.incrementAndGet();
        refusals.add("closed by the server: " + code + " " + reason);
      }
      return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable error) {
      if (!closing) {
        dropped.incrementAndGet();
        refusals.add("socket failed: " + error);
      }
    }

    /** Sends {@code text} after a thinking pause (between none and twice {@code --think-ms}). */
    void later(String text) {
      after(game.random.nextLong(2 * thinkMs + 1), text);
    }

    void after(long millis, String text) {
      timer.schedule(() -> {
        WebSocket ws = socket;
        if (ws != null) {
          moves.incrementAndGet();
          ws.sendText(text, true);
        } else {
          game.answered(this, -1); // not sent: nothing is waiting for an answer
        }
      }, millis, TimeUnit.MILLISECONDS);
    }

    void close() {
      closing = true;
      WebSocket ws = socket;
      if (ws != null) ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").exceptionally(e -> null);
    }
  }
}
