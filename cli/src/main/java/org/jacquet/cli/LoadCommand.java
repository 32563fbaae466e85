package org.jacquet.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jacquet load}: many concurrent games against a running server, both seats of each
 * played over WebSocket by clients choosing random legal plays after a short "thinking" pause;
 * optionally with hostile company: spectators that never read ({@code --stalled}) and a
 * client flooding {@code hello} without reading ({@code --flood}), addresses asking for analyses
 * ({@code --analyses-from}, see {@link AnalysisLoad}), addresses flooding sign-ups
 * ({@code --sign-ups-from}, see {@link SignUpLoad}). Reports acknowledged and
 * refused actions, games whose stored version differs from what was acknowledged (lost plays),
 * client round trips, the server's own handling times, and how many hostile sockets the server
 * dropped. The server's limits must allow the load (e.g. {@code serve --limit-games 100000
 * --limit-sockets 100000 --limit-connects 100000}).
 */
@Command(name = "load", mixinStandardHelpOptions = true,
    description = "Plays many concurrent games against a running server (loopback) and reports latencies and losses.")
final class LoadCommand implements java.util.concurrent.Callable<Integer> {
  @Option(names = "--url", defaultValue = "http://127.0.0.1:8080", description = "The server (default: ${DEFAULT-VALUE}).")
  String url;

  @Option(names = "--games", defaultValue = "500", description = "Concurrent games, 1 to 100,000 (default: ${DEFAULT-VALUE}).")
  int games;

  @Option(names = "--think-ms", defaultValue = "100", description = "Pause before each action, 0 to 60,000 ms (default: ${DEFAULT-VALUE}).")
  long thinkMs;

  @Option(names = "--timeout-seconds", defaultValue = "900", description = "Give up after this many seconds, 1 to 604,800 (a week; default: ${DEFAULT-VALUE}).")
  long timeoutSeconds;

  @Option(names = "--seed", defaultValue = "1") long seed;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Option(names = "--stalled", defaultValue = "0",
      description = "Spectators (spread over the games) that never read, with a 4 KB receive buffer, 0 to 100,000 (default: ${DEFAULT-VALUE}).")
  int stalled;

  @Option(names = "--lobby", description = "The lobby scenario instead of games: --lobby-clients guests on the lobby socket, "
      + "challenges posted and accepted, quick pairing (see LobbyLoad).")
  boolean lobby;

  @Option(names = "--lobby-clients", defaultValue = "1000", description = "Guests on the lobby socket, 2 to 100,000 (default: ${DEFAULT-VALUE}).")
  int lobbyClients;

  @Option(names = "--challenges-per-minute", defaultValue = "200", description = "Challenges posted and accepted a minute, 0 to 60,000 (default: ${DEFAULT-VALUE}).")
  int challengesPerMinute;

  @Option(names = "--pairs-per-minute", defaultValue = "30", description = "Pairs of guests pressing Play now a minute, 0 to 60,000 (default: ${DEFAULT-VALUE}).")
  int pairsPerMinute;

  @Option(names = "--lobby-seconds", defaultValue = "60", description = "How long the lobby scenario runs, 1 to 86,400 s (default: ${DEFAULT-VALUE}).")
  long lobbySeconds;

  @Option(names = "--flood", description = "One more client flooding hello on the first game without reading (reconnecting when dropped).")
  boolean flood;

  @Option(names = "--analyses-from", defaultValue = "0", description = "Addresses (127.0.9.2 on) asking for analyses while "
      + "the games are played, each --analyses-each at once; the server's CPU time and the games' round trips meanwhile are "
      + "reported, 0 to 250 (default: ${DEFAULT-VALUE}).")
  int analysesFrom;

  @Option(names = "--sign-ups-from", defaultValue = "0", description = "Addresses (127.0.10.2 on), 0 to 250, signing up new accounts "
      + "one after another while the games are played, each on --sign-ups-each connections; the server's CPU time and the games' "
      + "round trips meanwhile are reported (default: ${DEFAULT-VALUE}: none).")
  int signUpsFrom;

  @Option(names = "--sign-ups-each", defaultValue = "4", description = "Connections signing up from each of those addresses, "
      + "1 to 100 (default: ${DEFAULT-VALUE}).")
  int signUpsEach;

  @Option(names = "--analyses-each", defaultValue = "20", description = "Analyses each of those addresses asks for at once, "
      + "1 to 1,000 (default: ${DEFAULT-VALUE}: the default per-minute limit).")
  int analysesEach;

  @Option(names = "--timed", description = "The timed-games scenario instead: --games timed games at once, each abandoned after "
      + "a few random moves, measuring how late each flag is declared after it was due (never early). The server needs "
      + "serve --fast-clocks for reserves under 30 s.")
  boolean timed;

  @Option(names = "--time", defaultValue = "0+5", paramLabel = "D+R",
      description = "The timed scenario's time control (default: ${DEFAULT-VALUE}: no free time, 5 s of reserve).")
  String time;

  private final HttpClient http = HttpClient.newBuilder().executor(Executors.newFixedThreadPool(4))
      .connectTimeout(java.time.Duration.ofSeconds(10)).build();
  /** The most an answer of the server may hold: a game's state is far smaller, an endless body is cut. */
  static final int MAX_ANSWER = 16 << 20;
  private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(2);
  private final AtomicInteger acked = new AtomicInteger();
  private final AtomicInteger refused = new AtomicInteger();
  /** Invitations' seats taken: versions of the games stored, though no player's action. */
  private final AtomicInteger seatsTaken = new AtomicInteger();
  private final AtomicLong sent = new AtomicLong();
  private final AtomicInteger reconnects = new AtomicInteger();
  private final ConcurrentLinkedQueue<Long> roundTrips = new ConcurrentLinkedQueue<>();
  /** Round trips of the actions sent while the analyses of --analyses-from were being answered. */
  private final ConcurrentLinkedQueue<Long> roundTripsDuringAnalyses = new ConcurrentLinkedQueue<>();
  private volatile AnalysisLoad analyses;
  /** Round trips of the actions sent while the sign-ups of --sign-ups-from were flooding. */
  private final ConcurrentLinkedQueue<Long> roundTripsDuringSignUps = new ConcurrentLinkedQueue<>();
  private volatile SignUpLoad signUps;
  /** How the server's CPU time is read, for the whole run and for the analyses' part. */
  private ServerCpu serverCpu;
  private final ConcurrentLinkedQueue<String> refusals = new ConcurrentLinkedQueue<>();

  @Override
  public Integer call() throws Exception {
    Checks.between("--games", games, 1, 100_000);
    Checks.between("--think-ms", thinkMs, 0, 60_000);
    Checks.between("--timeout-seconds", timeoutSeconds, 1, 7 * 24 * 3600);
    Checks.between("--stalled", stalled, 0, 100_000);
    Checks.between("--analyses-from", analysesFrom, 0, 250);
    Checks.between("--analyses-each", analysesEach, 1, 1_000);
    Checks.between("--sign-ups-from", signUpsFrom, 0, 250);
    Checks.between("--sign-ups-each", signUpsEach, 1, 100);
    url = serverUrl(url);
    // Every option checked before the server is asked anything; then whether one answers at --url.
    String timeControl = timed ? org.jacquet.server.clock.TimeControl.parse(time).toString() : null;
    long actionsBefore = serverActions();
    serverCpu = new ServerCpu(url, this::get);
    CpuFigures cpu = new CpuFigures(serverCpu);
    if (timed) {
      long flagsBefore = serverFlags(-1).path("declared").asLong();
      var figures = new TimedLoad(this::createGame, url, games, thinkMs, timeoutSeconds, seed, timeControl).run();
      JsonNode flags = serverFlags(flagsBefore);
      if (!flags.isMissingNode()) {
        figures.put("server_flags_declared", flags.path("declared").asLong() - flagsBefore)
            .put("server_flag_late_p50_ms", flags.path("late_p50_ms").asDouble())
            .put("server_flag_late_p99_ms", flags.path("late_p99_ms").asDouble())
            .put("server_flag_late_max_ms", flags.path("late_max_ms").asDouble());
      }
      cpu.addTo(figures);
      System.out.println(json ? Json.line(figures) : figures.toPrettyString());
      String failure = TimedLoad.failure(figures);
      if (failure != null) throw new CommandFailure(failure);
      return 0;
    }
    if (lobby) return lobby(cpu);
    List<String> ids = new ArrayList<>();
    List<Seat> seats = new ArrayList<>();
    CountDownLatch finished = new CountDownLatch(games);
    for (int g = 0; g < games; g++) {
      JsonNode c = createGame("{\"opponent\":\"friend\",\"match\":1}", g);
      String id = c.get("id").asText();
      ids.add(id);
      GameCounter counter = new GameCounter(finished);
      seats.add(new Seat(id, "white", c.get("token").asText(), counter, new SplittableRandom(seed * 1000 + 2L * g)));
      seats.add(new Seat(id, "black", c.get("inviteToken").asText(), counter, new SplittableRandom(seed * 1000 + 2L * g + 1)));
    }
    URI base = URI.create(url);
    List<org.jacquet.server.live.RawWebSocket> stalledSockets = new ArrayList<>();
    for (int i = 0; i < stalled; i++) {
      var spectator = new org.jacquet.server.live.RawWebSocket(base.getHost(), base.getPort(), "/ws/" + ids.get(i % games), 4096);
      spectator.send("{\"type\":\"hello\"}"); // watches, then never reads again
      stalledSockets.add(spectator);
    }
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    AtomicInteger floodDrops = new AtomicInteger();
    AtomicLong floodSent = new AtomicLong();
    Thread flooder = null;
    if (flood) {
      flooder = new Thread(() -> {
        while (!stop.get()) {
          try (var ws = new org.jacquet.server.live.RawWebSocket(base.getHost(), base.getPort(), "/ws/" + ids.get(0), 4096)) {
            while (!stop.get()) {
              ws.send("{\"type\":\"hello\"}");
              floodSent.incrementAndGet();
            }
          } catch (Exception e) {
            floodDrops.incrementAndGet(); // dropped by the server: come back
          }
        }
      }, "flooder");
      flooder.setDaemon(true);
      flooder.start();
    }
    long start = System.nanoTime();
    for (Seat s : seats) s.connect();
    if (analysesFrom > 0) {
      // Once the games are under way, so that their actions meet the analyses.
      while (acked.get() == 0 && !finished.await(20, TimeUnit.MILLISECONDS)
          && System.nanoTime() - start < timeoutSeconds * 1_000_000_000L) {
        Thread.onSpinWait();
      }
      AnalysisLoad asking = new AnalysisLoad(url, analysesFrom, analysesEach, serverCpu);
      asking.start();
      analyses = asking;
    }
    if (signUpsFrom > 0) {
      SignUpLoad flood = new SignUpLoad(url, signUpsFrom, signUpsEach, serverCpu);
      flood.start(); // at once: the games' every action meets it
      signUps = flood;
    }
    Progress progress = new Progress("load", games);
    while (!finished.await(1, TimeUnit.SECONDS)) {
      progress.update(games - finished.getCount(), acked.get() + " actions");
      if (System.nanoTime() - start > timeoutSeconds * 1_000_000_000L) break;
    }
    progress.update(games - finished.getCount(), acked.get() + " actions");
    double seconds = (System.nanoTime() - start) / 1e9;
    if (analyses != null) analyses.await(start + timeoutSeconds * 1_000_000_000L);
    if (signUps != null) signUps.stop();
    stop.set(true);
    if (flooder != null) flooder.join(5000);
    // The seats' sockets are closed before asking for the figures: a server that counts
    // connections per address would otherwise refuse this command's own last requests.
    for (Seat s : seats) s.close();
    long closeBy = System.nanoTime() + 5_000_000_000L;
    for (Seat s : seats) s.closed.await(Math.max(0, closeBy - System.nanoTime()), TimeUnit.NANOSECONDS);
    JsonNode server = parsed(get("/api/metrics?since=" + actionsBefore), "/api/metrics");
    int stalledDropped = 0;
    for (var ws : stalledSockets) {
      if (ws.closedByServer(200)) stalledDropped++;
      ws.close();
    }
    int lost = 0;
    int stored = 0;
    for (int g = 0; g < games; g++) {
      JsonNode state = parsed(get("/api/games/" + ids.get(g)), "/api/games/" + ids.get(g));
      if (!state.path("version").isInt()) throw new CommandFailure("the server at " + url + " did not give game " + ids.get(g) + ": " + state);
      int version = state.get("version").asInt();
      stored += version;
      int acknowledged = seats.get(2 * g).counter.acked.get();
      if (version != acknowledged) lost++;
    }
    List<Long> rt = new ArrayList<>(roundTrips);
    Collections.sort(rt);
    var o = Json.MAPPER.createObjectNode();
    o.put("games", games).put("games_finished", games - finished.getCount()).put("seconds", Math.round(seconds))
        .put("actions_sent", sent.get()).put("actions_acknowledged", acked.get()).put("actions_refused", refused.get())
        .put("actions_stored", stored - seatsTaken.get()).put("games_with_lost_actions", lost)
        .put("round_trip_p50_ms", pct(rt, 0.5)).put("round_trip_p99_ms", pct(rt, 0.99))
        .put("server_handling_p50_ms", server.get("p50_ms").asDouble())
        .put("server_handling_p99_ms", server.get("p99_ms").asDouble())
        .put("server_handling_max_ms", server.get("max_ms").asDouble())
        .put("actions_per_second", Math.round(acked.get() / Math.max(seconds, 1e-9)))
        .put("seat_reconnects", reconnects.get());
    if (stalled > 0) o.put("stalled_spectators", stalled).put("stalled_dropped_by_server", stalledDropped);
    if (analyses != null) {
      analyses.report(o);
      List<Long> during = new ArrayList<>(roundTripsDuringAnalyses);
      Collections.sort(during);
      o.put("actions_during_analyses", during.size()).put("round_trip_during_analyses_p50_ms", pct(during, 0.5))
          .put("round_trip_during_analyses_p99_ms", pct(during, 0.99));
    }
    if (signUps != null) {
      signUps.report(o);
      List<Long> during = new ArrayList<>(roundTripsDuringSignUps);
      Collections.sort(during);
      o.put("actions_during_sign_ups", during.size()).put("round_trip_during_sign_ups_p50_ms", pct(during, 0.5))
          .put("round_trip_during_sign_ups_p99_ms", pct(during, 0.99))
          .put("round_trip_during_sign_ups_max_ms", pct(during, 1.0));
    }
    if (flood) o.put("flood_messages_sent", floodSent.get()).put("flood_connections_dropped", floodDrops.get());
    if (!refusals.isEmpty()) o.put("first_refusal", refusals.peek());
    cpu.addTo(o);
    if (json) System.out.println(Json.line(o));
    else System.out.println(o.toPrettyString());
    timer.shutdownNow();
    if (finished.getCount() > 0) { // the figures are printed all the same: they say where it stalled
      throw new CommandFailure(finished.getCount() + " of the " + games + " games did not finish within --timeout-seconds "
          + timeoutSeconds + (refusals.isEmpty() ? "" : " (first refusal: " + refusals.peek() + ")")
          + (reconnects.get() == 0 ? "" : "; the seats were dropped or refused " + String.format("%,d", reconnects.get())
              + " times: every seat is a connection from this address, and the server allows "
              + "--limit-connections and --limit-sockets per address (serve them at least twice --games)"));
    }
    return 0;
  }

  /** The lobby scenario: its figures printed, then a failure if a challenge was accepted twice or lost. */
  private int lobby(CpuFigures cpu) throws Exception {
    Checks.between("--lobby-clients", lobbyClients, 2, 100_000);
    Checks.between("--challenges-per-minute", challengesPerMinute, 0, 60_000);
    Checks.between("--pairs-per-minute", pairsPerMinute, 0, 60_000);
    Checks.between("--lobby-seconds", lobbySeconds, 1, 86_400);
    var o = new LobbyLoad(url, lobbyClients, challengesPerMinute, pairsPerMinute, lobbySeconds, seed).run();
    cpu.addTo(o);
    System.out.println(json ? Json.line(o) : o.toPrettyString());
    if (o.get("accepted_twice").asInt() > 0 || o.get("lost").asInt() > 0 || o.get("games_mismatched").asInt() > 0) {
      throw new CommandFailure("the lobby lost or doubled meetings: " + o.get("lost") + " lost, " + o.get("accepted_twice")
          + " accepted twice, " + o.get("games_mismatched") + " with two different games");
    }
    return 0;
  }

  /** The {@code q} quantile of sorted nanosecond times, in milliseconds. */
  static double pct(List<Long> sorted, double q) {
    return Quantiles.nearestRank(sorted, q) / 1e6;
  }

  /**
   * Game {@code index} (from 0) of the run created with {@code body}: the server's answer with
   * its id and both seats' tokens, or a failure naming the refusal and the server option it asks.
   */
  JsonNode createGame(String body, int index) throws Exception {
    JsonNode c = parsed(post("/api/games", body), "/api/games");
    if (!c.hasNonNull("id") || !c.hasNonNull("token") || !c.hasNonNull("inviteToken")) {
      String code = c.path("code").asText();
      throw new CommandFailure("the server at " + url + " refused game " + (index + 1) + " of " + games + ": "
          + c.path("message").asText(c.toString())
          + (code.equals("too-many") ? " (a load test needs a server started with --limit-games " + games + " or more; see docs/PROTOCOL.md)"
              : code.equals("time-too-short") ? " (serve --fast-clocks allows it)" : ""));
    }
    return c;
  }

  /** The server's answer to {@code path} read as JSON, or a failure saying what came instead. */
  private JsonNode parsed(String answer, String path) {
    try {
      return Json.MAPPER.readTree(answer);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      String start = answer.length() > 80 ? answer.substring(0, 80) + "…" : answer;
      throw new CommandFailure("the server at " + url + " answered " + path + " with something that is not JSON: " + start.strip());
    }
  }

  private String post(String path, String body) throws Exception {
    return exchange(HttpRequest.newBuilder(URI.create(url + path)).POST(HttpRequest.BodyPublishers.ofString(body))
        .header("Content-Type", "application/json"), path);
  }

  /**
   * The body of the server's answer to {@code request}: within {@code min(30 s, --timeout-seconds)}
   * (headers and body; a server that accepts and never answers would hold the command forever)
   * and at most {@link #MAX_ANSWER} bytes (an endless body filled the heap).
   */
  private String exchange(HttpRequest.Builder request, String path) throws Exception {
    java.time.Duration limit = java.time.Duration.ofSeconds(Math.min(30, timeoutSeconds));
    java.util.concurrent.CompletableFuture<String> answer = http.sendAsync(request.timeout(limit).build(),
        HttpResponse.BodyHandlers.ofInputStream()).thenApply(r -> {
          try (java.io.InputStream in = r.body()) {
            byte[] bytes = in.readNBytes(MAX_ANSWER + 1);
            if (bytes.length > MAX_ANSWER) {
              throw new CommandFailure("the server at " + url + " answered " + path + " with more than " + (MAX_ANSWER >> 20) + " MB");
            }
            return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
    try {
      return answer.get(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      answer.cancel(true);
      throw new java.net.http.HttpTimeoutException("no answer to " + path + " within " + limit.toSeconds() + " s");
    } catch (java.util.concurrent.ExecutionException e) {
      Throwable cause = e.getCause() instanceof java.io.UncheckedIOException u ? u.getCause() : e.getCause();
      if (cause instanceof CommandFailure f) throw f;
      // The request's own timeout and the wait above end together: one message whichever comes first.
      if (cause instanceof java.net.http.HttpTimeoutException) {
        throw new java.net.http.HttpTimeoutException("no answer to " + path + " within " + limit.toSeconds() + " s");
      }
      if (cause instanceof java.net.ConnectException c) throw c; // nothing listens there: said by the caller
      // Closed unanswered: what a server does past its connections per address, among others.
      throw new java.io.IOException("the connection was closed without an answer to " + path + " (" + cause.getMessage()
          + "; a server limits connections per address: serve --limit-connections)", cause);
    }
  }

  /**
   * {@code --url} checked, each problem named: a URL, http or https, a host on this machine
   * (loopback: load tests are for one's own server), a port from 1 to 65,535, nothing after the
   * address. The URL without a final slash.
   */
  static String serverUrl(String url) {
    String shown = "'" + org.jacquet.engine.Excerpt.of(url) + "'";
    if (url.isEmpty()) throw new IllegalArgumentException("--url needs the server's address, e.g. http://127.0.0.1:8080");
    URI u;
    try {
      u = new URI(url);
    } catch (java.net.URISyntaxException e) {
      throw new IllegalArgumentException("--url " + shown + " is not a URL (" + e.getReason() + ", at character " + (e.getIndex() + 1) + ")");
    }
    String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(java.util.Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException("--url " + shown + " must start with http:// or https://");
    }
    if (u.getHost() == null) {
      throw new IllegalArgumentException("--url " + shown + " has no host and port a server can be reached at"
          + " (a host name, then a port from 1 to 65,535), e.g. http://127.0.0.1:8080");
    }
    if (u.getRawUserInfo() != null) throw new IllegalArgumentException("--url " + shown + " holds a user name: give the server's address only");
    if (u.getPort() != -1 && (u.getPort() < 1 || u.getPort() > 65_535)) {
      throw new IllegalArgumentException("--url " + shown + ": port " + u.getPort() + " is out of range (1 to 65,535)");
    }
    if (!(u.getRawPath() == null || u.getRawPath().isEmpty() || u.getRawPath().equals("/")) || u.getRawQuery() != null || u.getRawFragment() != null) {
      throw new IllegalArgumentException("--url " + shown + " goes past the server's address (a path, a query): give the address only,"
          + " e.g. " + scheme + "://" + u.getHost() + (u.getPort() == -1 ? "" : ":" + u.getPort()));
    }
    String host = u.getHost().toLowerCase(java.util.Locale.ROOT);
    boolean loopback = host.equals("localhost") || host.equals("[::1]")
        || host.matches("127\\.(25[0-5]|2[0-4][0-9]|1?[0-9]{1,2})(\\.(25[0-5]|2[0-4][0-9]|1?[0-9]{1,2})){2}");
    if (!loopback) {
      throw new IllegalArgumentException("--url " + shown + ": load tests run against a server on this machine (loopback: 127.x.x.x, localhost, [::1]) only, not " + u.getHost());
    }
    return url.replaceAll("/$", "");
  }

  /**
   * The server's own figures of the flags its timers declared after the {@code since}-th (all
   * with -1): how late each was stored after it was due. Missing on a server that does not say.
   */
  private JsonNode serverFlags(long since) throws Exception {
    return parsed(get("/api/metrics" + (since >= 0 ? "?flags_since=" + since : "")), "/api/metrics").path("flags");
  }

  /** The actions the server has handled so far: also the check that a Jacquet server answers at --url. */
  private long serverActions() throws InterruptedException {
    String body;
    try {
      body = get("/api/metrics");
    } catch (java.io.IOException e) {
      throw new CommandFailure("cannot reach a server at " + url + " (" + (e instanceof java.net.ConnectException
          ? "connection refused: is jacquet serve running there?" : Inputs.reason(e)) + ")");
    } catch (InterruptedException | CommandFailure e) {
      throw e;
    } catch (Exception e) {
      throw new CommandFailure("cannot reach a server at " + url + " (" + e.getMessage() + ")");
    }
    try {
      JsonNode actions = Json.MAPPER.readTree(body).get("actions");
      if (actions != null && actions.canConvertToLong()) return actions.asLong();
    } catch (java.io.IOException notJson) { // said below
    }
    throw new CommandFailure("the server at " + url + " is not a Jacquet server (its /api/metrics has no action count)");
  }

  private String get(String path) throws Exception {
    return exchange(HttpRequest.newBuilder(URI.create(url + path)).GET(), path);
  }

  /** Actions acknowledged in one game (both seats), and whether it is over. */
  private static final class GameCounter {
    final AtomicInteger acked = new AtomicInteger();
    final CountDownLatch finished;
    volatile boolean over;

    GameCounter(CountDownLatch finished) {
      this.finished = finished;
    }

    synchronized void finish() {
      if (!over) {
        over = true;
        finished.countDown();
      }
    }
  }

  /** One player: acts when the state says it is its turn, one action at a time. */
  /** Pause before a seat acts again on a game whose last action was refused. */
  private static final long RETRY_AFTER_REFUSAL_MS = 1000;

  private final class Seat implements WebSocket.Listener {
    final String id;
    final String side;
    /** The key this seat says hello with: the invitation's, then the seat's own once it is taken. */
    volatile String token;
    final GameCounter counter;
    final SplittableRandom random;
    volatile WebSocket socket;
    private final StringBuilder partial = new StringBuilder();
    private int actedOnVersion = -1;
    private boolean waiting;
    private long sentAt;
    private JsonNode latest;

    Seat(String id, String side, String token, GameCounter counter, SplittableRandom random) {
      this.id = id;
      this.side = side;
      this.token = token;
      this.counter = counter;
      this.random = random;
    }

    void connect() {
      if (closing) return;
      // A socket the server closes during its handshake (past its connections per address, say)
      // calls no listener method: only the future says so. Try again, as a page would.
      http.newWebSocketBuilder().buildAsync(URI.create(url.replaceFirst("^http", "ws") + "/ws/" + id), this)
          .whenComplete((ws, failed) -> {
            if (failed == null) return;
            Throwable why = failed instanceof java.util.concurrent.CompletionException c && c.getCause() != null ? c.getCause() : failed;
            reconnect("could not connect (" + (why.getMessage() == null ? "the server closed the connection" : why.getMessage())
                + "; the server may limit connections per address: serve --limit-connections)");
          });
    }

    /** Dropped or broken, as a page would: connect again shortly (the server sends the state anew). */
    @Override
    public CompletionStage<?> onClose(WebSocket ws, int code, String reason) {
      if (closing) closed.countDown();
      reconnect("closed " + code + " " + reason);
      return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable error) {
      if (closing) closed.countDown();
      reconnect("error " + error);
    }

    private void reconnect(String why) {
      if (counter.over || closing) return;
      reconnects.incrementAndGet();
      refusals.add("reconnected after: " + why);
      synchronized (this) {
        socket = null;
        waiting = false;
        actedOnVersion = -1;
      }
      timer.schedule(this::connect, 500, TimeUnit.MILLISECONDS);
    }

    @Override
    public void onOpen(WebSocket ws) {
      synchronized (this) {
        socket = ws;
      }
      if (closing) { // a reconnection that came after the end
        close();
        return;
      }
      ws.sendText("{\"type\":\"hello\",\"token\":\"" + token + "\"}", true);
      ws.request(1);
    }

    void close() {
      closing = true;
      WebSocket s = socket;
      if (s == null) closed.countDown();
      else s.sendClose(WebSocket.NORMAL_CLOSURE, "done").whenComplete((ws, failed) -> {
        if (failed != null) closed.countDown();
      });
    }

    /** Counted down once the socket is closed (or was never open) after {@link #close()}. */
    final CountDownLatch closed = new CountDownLatch(1);

    private volatile boolean closing;

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      partial.append(data);
      if (partial.length() > MAX_ANSWER) { // a message without end: not the server under test
        partial.setLength(0);
        reconnect("a message over " + (MAX_ANSWER >> 20) + " MB");
        ws.abort();
        return null;
      }
      if (last) {
        String text = partial.toString();
        partial.setLength(0);
        try {
          handle(Json.MAPPER.readTree(text));
        } catch (Exception e) {
          refusals.add("client: " + e);
        }
      }
      ws.request(1);
      return null;
    }

    private synchronized void handle(JsonNode m) {
      switch (m.path("type").asText()) {
        case "ok" -> {
          roundTrips.add(System.nanoTime() - sentAt);
          if (analyses != null && analyses.during(sentAt)) roundTripsDuringAnalyses.add(System.nanoTime() - sentAt);
          if (signUps != null && signUps.during(sentAt)) roundTripsDuringSignUps.add(System.nanoTime() - sentAt);
          acked.incrementAndGet();
          counter.acked.incrementAndGet();
          waiting = false;
          // The state that shows this action is at least the version the server names: one
          // older (another change that came while the action was on its way, e.g. the other
          // seat arriving) is acted on no more — the action would be made twice. If the new
          // state came before this acknowledgement, act on it now.
          actedOnVersion = Math.max(actedOnVersion, m.path("version").asInt(0) - 1);
          if (latest != null) onState(latest);
        }
        case "error" -> {
          refused.incrementAndGet();
          refusals.add(m.path("message").asText());
          waiting = false;
          // A refused action changes nothing, and no new state follows it: act again on the
          // latest state after a pause (a refusal for the message rate would otherwise stall
          // this game for ever).
          actedOnVersion = -1;
          JsonNode again = latest;
          if (again != null) {
            timer.schedule(() -> {
              synchronized (this) {
                if (latest == again && !waiting) onState(again);
              }
            }, RETRY_AFTER_REFUSAL_MS, TimeUnit.MILLISECONDS);
          }
        }
        case "seat" -> {
          // The invitation's seat taken: a version of the game stored for this seat (counted with
          // the acknowledged ones), and the key it says hello with from now on.
          token = m.path("token").asText();
          counter.acked.incrementAndGet();
          seatsTaken.incrementAndGet();
        }
        case "state", "change" -> {
          // A change carries the turn as it is now (version, phase, turn, legal plays): enough to act on.
          latest = m;
          onState(m);
        }
        default -> { }
      }
    }

    private void onState(JsonNode s) {
      // The server sends the spectator's view on connecting, before the hello is read: a seat
      // acts only on its own view (and only once its socket is known).
      if (s.path("you").isNull() || socket == null) return;
      String phase = s.get("phase").asText();
      if (phase.equals("over")) {
        counter.finish();
        return;
      }
      int version = s.get("version").asInt();
      boolean mine = phase.equals("opening_throw") ? side.equals("white") : s.get("turn").asText().equals(side);
      if (!mine || version <= actedOnVersion || waiting) return;
      String message;
      if (phase.equals("play")) {
        JsonNode legal = s.get("legal");
        if (legal == null) return;
        message = Json.MAPPER.createObjectNode().put("type", "play")
            .put("play", legal.get(random.nextInt(legal.size())).asText()).toString();
      } else if (phase.equals("roll") || phase.equals("opening_throw")) {
        message = "{\"type\":\"roll\"}";
      } else {
        message = "{\"type\":\"choose\",\"throwAgain\":false}";
      }
      actedOnVersion = version;
      waiting = true;
      timer.schedule(() -> {
        synchronized (this) {
          if (socket == null) {
            waiting = false; // reconnecting: the state sent anew says what to do
            return;
          }
          sentAt = System.nanoTime();
          sent.incrementAndGet();
          socket.sendText(message, true);
        }
      }, thinkMs, TimeUnit.MILLISECONDS);
    }
  }
}
