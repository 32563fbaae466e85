package org.jacquet.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code jacquet load --lobby}: many guests on the lobby socket at once, challenges posted and
 * accepted at a steady rate (one in ten accepted by two players at once), and quick pairing
 * running beside. Measures, for each accepted challenge, the time from the accept being sent
 * until both players have the game (the taker's answer, the poster's {@code start} on its lobby
 * socket); and checks that no challenge is accepted twice and none is lost (each accepted one
 * reaches its poster, and the stored game seats both by name).
 */
final class LobbyLoad {
  private final String url;
  private final int clients;
  private final int seeksPerMinute;
  private final int pairsPerMinute;
  private final long seconds;
  private final SplittableRandom random;
  private final ExecutorService pool = Executors.newFixedThreadPool(8);
  private final HttpClient http = HttpClient.newBuilder().executor(pool).connectTimeout(Duration.ofSeconds(10)).build();
  private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(2);
  private final List<Guest> guests = new ArrayList<>();
  /** Each challenge accepted: when the accept went, when each side had the game. */
  private final Map<String, Meeting> meetings = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
  private final AtomicInteger posted = new AtomicInteger();
  private final AtomicInteger acceptsSent = new AtomicInteger();
  private final AtomicInteger acceptsWon = new AtomicInteger();
  private final AtomicInteger acceptsRefusedTaken = new AtomicInteger();
  private final AtomicInteger doubleAccepts = new AtomicInteger();
  private final AtomicInteger pairsAsked = new AtomicInteger();
  private final AtomicLong lobbyMessages = new AtomicLong();
  private final AtomicLong lobbyBytes = new AtomicLong();

  LobbyLoad(String url, int clients, int seeksPerMinute, int pairsPerMinute, long seconds, long seed) {
    this.url = url;
    this.clients = clients;
    this.seeksPerMinute = seeksPerMinute;
    this.pairsPerMinute = pairsPerMinute;
    this.seconds = seconds;
    this.random = new SplittableRandom(seed);
  }

  /** One accepted challenge (or pairing): the times both players had the game, and the game each was given. */
  private static final class Meeting {
    final long sentAt = System.nanoTime();
    final boolean pairing;
    volatile long takerAt;
    volatile long posterAt;
    volatile String takerGame;
    volatile String posterGame;
    final AtomicInteger wins = new AtomicInteger();

    Meeting(boolean pairing) {
      this.pairing = pairing;
    }

    boolean complete() {
      return takerAt != 0 && posterAt != 0;
    }
  }

  /** A guest: its cookie and name, its lobby socket, and whether it is busy in a meeting. */
  private final class Guest implements WebSocket.Listener {
    final String cookie;
    final String name;
    final AtomicInteger busy = new AtomicInteger();
    final CountDownLatch greeted = new CountDownLatch(1);
    private final StringBuilder partial = new StringBuilder();
    volatile WebSocket socket;

    Guest(String cookie, String name) {
      this.cookie = cookie;
      this.name = name;
    }

    CompletableFuture<WebSocket> connect() {
      return http.newWebSocketBuilder().header("Cookie", cookie)
          .buildAsync(URI.create(url.replaceFirst("^http", "ws") + "/ws/lobby"), this);
    }

    @Override
    public void onOpen(WebSocket ws) {
      socket = ws;
      ws.sendText("{\"type\":\"hello\"}", true);
      ws.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        String text = partial.toString();
        partial.setLength(0);
        lobbyMessages.incrementAndGet();
        lobbyBytes.addAndGet(text.length());
        try {
          JsonNode m = Json.MAPPER.readTree(text);
          switch (m.path("type").asText()) {
            case "lobby" -> greeted.countDown();
            case "start" -> {
              Meeting meeting = meetings.get(m.path("seek").asText());
              if (meeting == null) {
                problems.add("a start for a seek this run did not post");
              } else {
                meeting.posterGame = m.path("game").asText();
                meeting.posterAt = System.nanoTime();
              }
              busy.set(0);
            }
            case "error" -> problems.add("lobby socket: " + m.path("message").asText());
            default -> { }
          }
        } catch (Exception e) {
          problems.add("client: " + e);
        }
      }
      ws.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket ws, int code, String reason) {
      if (!closing) problems.add("lobby socket closed by the server: " + code + " " + reason);
      return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable error) {
      if (!closing) problems.add("lobby socket: " + error);
    }
  }

  private volatile boolean closing;

  ObjectNode run() throws Exception {
    long setupStart = System.nanoTime();
    for (int i = 0; i < clients; i++) guests.add(newGuest());
    List<CompletableFuture<WebSocket>> opening = new ArrayList<>();
    for (Guest g : guests) opening.add(g.connect());
    for (CompletableFuture<WebSocket> f : opening) f.get(60, TimeUnit.SECONDS);
    for (Guest g : guests) {
      if (!g.greeted.await(60, TimeUnit.SECONDS)) throw new CommandFailure("a lobby socket got no lobby within 60 s");
    }
    double setupSeconds = (System.nanoTime() - setupStart) / 1e9;
    long periodSeek = 60_000_000_000L / Math.max(1, seeksPerMinute);
    long periodPair = 60_000_000_000L / Math.max(1, pairsPerMinute);
    if (seeksPerMinute > 0) timer.scheduleAtFixedRate(this::challenge, 0, periodSeek, TimeUnit.NANOSECONDS);
    if (pairsPerMinute > 0) timer.scheduleAtFixedRate(this::pairTwo, periodPair / 2, periodPair, TimeUnit.NANOSECONDS);
    Progress progress = new Progress("lobby", seconds);
    long start = System.nanoTime();
    while (System.nanoTime() - start < seconds * 1_000_000_000L) {
      Thread.sleep(1000);
      progress.update((System.nanoTime() - start) / 1_000_000_000L, meetings.size() + " meetings");
    }
    timer.shutdown();
    timer.awaitTermination(30, TimeUnit.SECONDS);
    // What is under way gets its chance to finish: up to 10 s.
    long settle = System.nanoTime() + 10_000_000_000L;
    while (System.nanoTime() < settle && meetings.values().stream().anyMatch(m -> !m.complete())) Thread.sleep(50);
    return report(setupSeconds);
  }

  private Guest newGuest() throws Exception {
    HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(url + "/api/me")).GET(), null);
    if (r.statusCode() != 200) throw new CommandFailure("GET /api/me answered " + r.statusCode() + ": " + r.body());
    String set = r.headers().firstValue("Set-Cookie").orElseThrow(() -> new CommandFailure("GET /api/me set no guest cookie"));
    return new Guest(set.substring(0, set.indexOf(';')), Json.MAPPER.readTree(r.body()).path("name").asText());
  }

  private Guest idle(Guest not) {
    for (int tries = 0; tries < 50; tries++) {
      Guest g = guests.get(random.nextInt(guests.size()));
      if (g != not && g.busy.compareAndSet(0, 1)) return g;
    }
    return null;
  }

  /** One challenge posted, then accepted (by two players at once, one time in ten). */
  private void challenge() {
    try {
      Guest poster = idle(null);
      if (poster == null) return;
      HttpResponse<String> p = send(json(poster, "/api/seeks", "{\"rules\":\"modern\",\"match\":1,\"time\":\"12+60\"}"), null);
      if (p.statusCode() != 201) {
        problems.add("post answered " + p.statusCode() + ": " + p.body());
        poster.busy.set(0);
        return;
      }
      posted.incrementAndGet();
      String seek = Json.MAPPER.readTree(p.body()).path("id").asText();
      Guest taker = idle(poster);
      Guest second = posted.get() % 10 == 0 ? idle(poster) : null;
      if (taker == null) return;
      Meeting meeting = new Meeting(false);
      meetings.put(seek, meeting);
      accept(seek, taker, meeting);
      if (second != null) {
        doubleAccepts.incrementAndGet();
        accept(seek, second, meeting);
      }
    } catch (Exception e) {
      problems.add("challenge: " + e);
    }
  }

  private void accept(String seek, Guest taker, Meeting meeting) {
    acceptsSent.incrementAndGet();
    http.sendAsync(json(taker, "/api/seeks/" + seek + "/accept", "").build(), HttpResponse.BodyHandlers.ofString())
        .whenComplete((r, failed) -> {
          taker.busy.set(0);
          if (failed != null) {
            problems.add("accept: " + failed);
            return;
          }
          if (r.statusCode() == 201) {
            acceptsWon.incrementAndGet();
            meeting.wins.incrementAndGet();
            try {
              meeting.takerGame = Json.MAPPER.readTree(r.body()).path("game").asText();
            } catch (Exception e) {
              problems.add("accept answer: " + e);
            }
            meeting.takerAt = System.nanoTime();
          } else if (r.body().contains("\"seek-taken\"")) {
            acceptsRefusedTaken.incrementAndGet();
          } else {
            problems.add("accept answered " + r.statusCode() + ": " + r.body());
          }
        });
  }

  /** Two guests press Play now with the same time control. */
  private void pairTwo() {
    Guest a = idle(null);
    Guest b = idle(a);
    if (a == null || b == null) {
      if (a != null) a.busy.set(0);
      return;
    }
    pairsAsked.incrementAndGet();
    for (Guest g : List.of(a, b)) {
      try {
        HttpResponse<String> r = send(json(g, "/api/pairing", "{\"time\":\"8+30\"}"), null);
        if (r.statusCode() != 201) {
          problems.add("pairing answered " + r.statusCode() + ": " + r.body());
          g.busy.set(0);
          continue;
        }
        Meeting m = new Meeting(true);
        m.takerAt = 1; // a pairing has no taker: both sides are posters
        meetings.put(Json.MAPPER.readTree(r.body()).path("id").asText(), m);
      } catch (Exception e) {
        problems.add("pairing: " + e);
        g.busy.set(0);
      }
    }
  }

  private HttpRequest.Builder json(Guest g, String path, String body) {
    return HttpRequest.newBuilder(URI.create(url + path)).header("Cookie", g.cookie).header("Content-Type", "application/json")
        .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(body));
  }

  private HttpResponse<String> send(HttpRequest.Builder request, Guest g) throws Exception {
    return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private ObjectNode report(double setupSeconds) throws Exception {
    List<Long> both = new ArrayList<>();
    List<Long> answered = new ArrayList<>();
    List<Long> told = new ArrayList<>();
    List<Long> paired = new ArrayList<>();
    int lost = 0;
    int twice = 0;
    int mismatched = 0;
    int challenges = 0;
    int pairings = 0;
    int unpaired = 0;
    List<String> games = new ArrayList<>();
    for (Meeting m : meetings.values()) {
      if (m.pairing) {
        pairings++;
        // A place still waiting is no loss (its partner's request may have been refused): counted apart.
        if (m.posterAt != 0) paired.add(m.posterAt - m.sentAt);
        else unpaired++;
        continue;
      }
      challenges++;
      if (m.wins.get() > 1) twice++;
      if (!m.complete()) {
        lost++;
        continue;
      }
      if (!m.takerGame.equals(m.posterGame)) mismatched++;
      both.add(Math.max(m.takerAt, m.posterAt) - m.sentAt);
      answered.add(m.takerAt - m.sentAt);
      told.add(m.posterAt - m.sentAt);
      games.add(m.takerGame);
    }
    int unseated = 0;
    for (String id : games.subList(0, Math.min(50, games.size()))) {
      JsonNode state = Json.MAPPER.readTree(send(HttpRequest.newBuilder(URI.create(url + "/api/games/" + id)).GET(), null).body());
      if (state.at("/players/white/name").asText().isEmpty() || state.at("/players/black/name").asText().isEmpty()) unseated++;
    }
    closing = true;
    for (Guest g : guests) {
      WebSocket s = g.socket;
      if (s != null) s.sendClose(WebSocket.NORMAL_CLOSURE, "done");
    }
    Collections.sort(both);
    Collections.sort(answered);
    Collections.sort(told);
    Collections.sort(paired);
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("lobby_clients", clients).put("connect_seconds", Math.round(setupSeconds * 10) / 10.0).put("seconds", seconds)
        .put("challenges_posted", posted.get()).put("challenges_accepted", challenges).put("accepts_sent", acceptsSent.get())
        .put("accepts_won", acceptsWon.get()).put("accepts_refused_taken", acceptsRefusedTaken.get())
        .put("double_accepts_tried", doubleAccepts.get()).put("accepted_twice", twice).put("lost", lost)
        .put("games_mismatched", mismatched).put("games_checked", Math.min(50, games.size())).put("games_without_names", unseated)
        .put("accept_to_both_p50_ms", LoadCommand.pct(both, 0.5)).put("accept_to_both_p99_ms", LoadCommand.pct(both, 0.99))
        .put("accept_to_both_max_ms", LoadCommand.pct(both, 1.0)).put("accept_to_both_count", both.size())
        .put("taker_answer_p50_ms", LoadCommand.pct(answered, 0.5)).put("taker_answer_p99_ms", LoadCommand.pct(answered, 0.99))
        .put("taker_answer_max_ms", LoadCommand.pct(answered, 1.0))
        .put("poster_start_p50_ms", LoadCommand.pct(told, 0.5)).put("poster_start_p99_ms", LoadCommand.pct(told, 0.99))
        .put("poster_start_max_ms", LoadCommand.pct(told, 1.0)).put("pairings_asked", pairsAsked.get()).put("pairing_places", pairings).put("pairing_places_unpaired", unpaired)
        .put("paired_p50_ms", LoadCommand.pct(paired, 0.5)).put("paired_p99_ms", LoadCommand.pct(paired, 0.99))
        .put("paired_max_ms", LoadCommand.pct(paired, 1.0)).put("paired_count", paired.size())
        .put("lobby_messages", lobbyMessages.get()).put("lobby_megabytes", Math.round(lobbyBytes.get() / 1e5) / 10.0);
    if (!problems.isEmpty()) o.put("problems", problems.size()).put("first_problem", problems.peek());
    timer.shutdownNow();
    pool.shutdownNow();
    return o;
  }
}
