package org.jacquet.server;

import io.javalin.Javalin;
import io.javalin.http.staticfiles.Location;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jacquet.server.chat.ChatStore;
import org.jacquet.server.chat.Chats;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.account.AccountLimits;
import org.jacquet.server.account.Accounts;
import org.jacquet.server.account.HashPool;
import org.jacquet.engine.Side;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.LobbyGames;
import org.jacquet.server.game.Rematches;
import org.jacquet.server.http.AccountRoutes;
import org.jacquet.server.http.AnalysisRoutes;
import org.jacquet.server.http.ClientAddress;
import org.jacquet.server.http.ErrorAnswers;
import org.jacquet.server.http.CorrespondenceRoutes;
import org.jacquet.server.http.GameRoutes;
import org.jacquet.server.http.HeadDeadline;
import org.jacquet.server.http.HttpGuard;
import org.jacquet.server.http.JsonBody;
import org.jacquet.server.http.JsonErrors;
import org.jacquet.server.http.Origins;
import org.jacquet.server.http.LobbyRoutes;
import org.jacquet.server.http.RequestMetrics;
import org.jacquet.server.http.SiteRoutes;
import org.jacquet.server.http.StateChanges;
import org.jacquet.server.limits.Health;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.limits.Metrics;
import org.jacquet.server.store.DatabaseProbe;
import org.jacquet.server.telemetry.DatabaseTelemetry;
import org.jacquet.server.telemetry.HealthChecks;
import org.jacquet.server.telemetry.Telemetry;
import org.jacquet.server.limits.RateLimiter;
import org.jacquet.server.live.ChatSocket;
import org.jacquet.server.identity.AccountSessions;
import org.jacquet.server.identity.Identities;
import org.jacquet.server.identity.Pseudonyms;
import org.jacquet.server.live.Hub;
import org.jacquet.server.live.LobbySockets;
import org.jacquet.server.live.Notifier;
import org.jacquet.server.live.PeerProcesses;
import org.jacquet.server.live.SocketEndpoint;
import org.jacquet.server.live.SocketMessages;
import org.jacquet.server.rating.Ratings;
import org.jacquet.server.puzzle.PuzzleRatings;
import org.jacquet.server.puzzle.PuzzleRoutes;
import org.jacquet.server.puzzle.PuzzleShelf;
import org.jacquet.server.lobby.Lobby;
import org.jacquet.server.lobby.LobbyFeed;
import org.jacquet.server.lobby.SeekStore;
import org.jacquet.server.review.Reviews;
import org.jacquet.server.review.Tutor;
import org.jacquet.server.learn.LessonJudge;
import org.jacquet.server.learn.LessonRoutes;
import org.jacquet.server.learn.Lessons;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.GameStore;
import org.jacquet.server.notify.MailConfig;
import org.jacquet.server.notify.Notify;
import org.jacquet.server.notify.NotifyRoutes;
import org.jacquet.server.store.RateBuckets;

/**
 * The web app assembled: the browser UI as static files, the JSON API's route groups (each in
 * its own class of {@code http}, listed in {@link #routes}), the WebSocket endpoint, whose
 * sockets belong to the {@link Hub}, and the chores that keep what it holds bounded. Every
 * request is checked strictly and limited per client address; every refusal is data
 * (docs/PROTOCOL.md).
 */
public final class WebServer implements AutoCloseable {
  /** How the server faces the network: limits, origins allowed for WebSockets, a trusted proxy, timeouts. */
  public record Options(Limits limits, List<String> allowedOrigins, boolean trustProxy, java.time.Duration helloWithin,
      java.time.Duration httpIdle, java.time.Duration headWithin, boolean fastClocks, java.util.function.LongSupplier rateClock,
      MailConfig mail) {
    /** How long a new socket may take to say {@code hello} by default: the page says it at once. */
    public static final java.time.Duration HELLO_WITHIN = java.time.Duration.ofSeconds(10);
    /** How long an HTTP connection may stay silent (a body that never comes) by default. */
    public static final java.time.Duration HTTP_IDLE = java.time.Duration.ofSeconds(30);

    public Options(Limits limits, List<String> allowedOrigins, boolean trustProxy) {
      this(limits, allowedOrigins, trustProxy, HELLO_WITHIN, HTTP_IDLE, HeadDeadline.WITHIN, false, RateLimiter.WALL_CLOCK, MailConfig.OFF);
    }

    public Options {
      java.util.Objects.requireNonNull(rateClock, "rateClock");
      java.util.Objects.requireNonNull(mail, "mail");
      if (helloWithin.isNegative() || helloWithin.isZero() || httpIdle.isNegative() || httpIdle.isZero()
          || headWithin.isNegative() || headWithin.isZero()) {
        throw new IllegalArgumentException("the hello, idle and request head timeouts must be positive");
      }
    }

    public static Options defaults() {
      return new Options(Limits.defaults(), List.of(), false);
    }

    /** The same options with sockets given {@code within} to say hello. */
    public Options helloWithin(java.time.Duration within) {
      return new Options(limits, allowedOrigins, trustProxy, within, httpIdle, headWithin, fastClocks, rateClock, mail);
    }

    /** The same options with HTTP connections closed after {@code idle} of silence. */
    public Options httpIdle(java.time.Duration idle) {
      return new Options(limits, allowedOrigins, trustProxy, helloWithin, idle, headWithin, fastClocks, rateClock, mail);
    }

    /** The same options with each request's line and headers due {@code within} ({@link HeadDeadline}; tests shorten it). */
    public Options headWithin(java.time.Duration within) {
      return new Options(limits, allowedOrigins, trustProxy, helloWithin, httpIdle, within, fastClocks, rateClock, mail);
    }

    /**
     * The same options with clocks faster than any player should be given allowed to clients
     * ({@link TimeControl#fast}): for tests and load runs, never a public server.
     */
    public Options fastClocks(boolean allowed) {
      return new Options(limits, allowedOrigins, trustProxy, helloWithin, httpIdle, headWithin, allowed, rateClock, mail);
    }

    /**
     * The same options with the rates of {@link #limits} (games, analyses, reviews, messages,
     * sockets opened, new players, names, exports, sign-ins and sign-ups) refilled by {@code nanos}
     * instead of the wall clock ({@link RateLimiter#WALL_CLOCK}): tests move it on, so that none
     * sleeps to see a bucket refill. Processes sharing a database read the same kind of clock
     * (their shared buckets compare its readings).
     */
    public Options rateClock(java.util.function.LongSupplier nanos) {
      return new Options(limits, allowedOrigins, trustProxy, helloWithin, httpIdle, headWithin, fastClocks, nanos, mail);
    }

    /** The same options with mail sent through {@code config}'s mail server ({@link MailConfig#OFF}: none). */
    public Options mail(MailConfig config) {
      return new Options(limits, allowedOrigins, trustProxy, helloWithin, httpIdle, headWithin, fastClocks, rateClock, config);
    }
  }

  private final GameService games;
  private final Options options;
  private final Javalin app;
  private final Hub hub;
  private final Notifier notifier;
  private final Metrics handling = new Metrics();
  /** What /healthz answers: the database asked on its own thread, the storage, disk and queues. */
  private final HealthChecks health;
  private final DatabaseProbe probe;
  private final org.jacquet.server.telemetry.OutageLog housekeeping = new org.jacquet.server.telemetry.OutageLog("housekeeping");
  private final ScheduledExecutorService healthProbe = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "jacquet-health");
    t.setDaemon(true);
    return t;
  });
  private final Reviews reviews;
  /** The database, to tell /healthz when its file cannot be written (null: none given). */
  private final Database db;
  private final ClientAddress address;
  private final RateLimiter creations;
  private final RateLimiter analyses;
  private final RateLimiter reviewRequests;
  private final HttpGuard guard;
  private final PeerProcesses peers;
  private final ChatSocket chat;
  /** Accounts and sessions (null without a database, as in tests of the sockets alone). */
  private final Accounts accounts;
  private Runnable accountChores = () -> {};
  /** The inboxes and their mail (null without a database). */
  private final Notify notify;
  /** The puzzle routes over the shipped sets: rated for accounts, each answer also given to their listeners. */
  private final PuzzleRoutes puzzles;
  /** Who is behind a request: a signed-in account (the accounts' seam) or a guest by its cookie. */
  private final Identities identities;
  private final Lobby lobby;
  private final LobbyFeed lobbyFeed;
  private final LobbyRoutes lobbyRoutes;
  /** The arena tournaments (null without a database). */
  private final org.jacquet.server.tournament.Arenas arenas;
  private final org.jacquet.server.tournament.ArenaFeed arenaFeed;
  /** The HTTP routes as Javalin was given them ({@link #routesServed}). */
  private final List<Route> served = new java.util.concurrent.CopyOnWriteArrayList<>();
  /** Where {@link #start} listens: read when Javalin makes the connector. */
  private volatile String host;
  private volatile int port;
  private final ScheduledExecutorService chores = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "jacquet-chores");
    t.setDaemon(true);
    return t;
  });

  public WebServer(GameService games) {
    this(games, null, Options.defaults());
  }

  public WebServer(GameService games, Database db) {
    this(games, db, Options.defaults());
  }

  /** A web server that tells, and hears from, other processes through {@code db}. */
  public WebServer(GameService games, Database db, Options options) {
    this.games = games;
    this.db = db;
    this.options = options;
    Limits l = options.limits();
    this.hub = new Hub(games, l, options.rateClock());
    this.reviews = new Reviews(games, l.reviewQueue(), l.reviewShare());
    this.address = new ClientAddress(options.trustProxy());
    // Game creations protect the site (each is a stored game): one budget for every process on the database.
    this.creations = RateLimiter.shared("games", l.gamesPerMinute(), l.windowSeconds(), options.rateClock(),
        new RateBuckets(games.store().database()), "games/address");
    this.analyses = new RateLimiter("analyses", l.analysesPerMinute(), l.windowSeconds(), options.rateClock());
    this.reviewRequests = new RateLimiter("reviews", l.reviewsPerMinute(), l.windowSeconds(), options.rateClock());
    this.guard = new HttpGuard(l.connectionsPerAddress(), options.trustProxy(), address::of);
    this.peers = new PeerProcesses(hub, games);
    this.chat = new ChatSocket(new Chats(new ChatStore(games.store().database())), games, hub, peers, options.rateClock());
    this.notifier = db == null ? null : Notifier.start(db, peers::heard);
    if (notifier != null) peers.connect(notifier);
    Telemetry.gauge("jacquet_sockets", "Sockets open on this process (games' and the lobby's)", hub::connections);
    Telemetry.gauges("jacquet_sockets_open", "Sockets open on this process, by kind", "kind",
        () -> Map.of("game", hub.connections() - hub.lobbyConnections(), "lobby", hub.lobbyConnections()));
    Telemetry.gauge("jacquet_computer_moves_waiting", "Computer moves waiting for a thinker on this process", games::computerMovesWaiting);
    Telemetry.gauge("jacquet_games_in_progress", "Games not over, in the whole database", games::gamesInProgress);
    Database stored = games.store().database();
    this.probe = new DatabaseProbe(stored);
    this.health = new HealthChecks(probe, games.storageHealth(), stored.file() != null ? stored.file().getParent() : null,
        Map.of("computer-moves", new HealthChecks.Queue(games::computerMovesWaiting, Integer.MAX_VALUE),
            "reviews", new HealthChecks.Queue(reviews::inFlight, l.reviewQueue() + 1)),
        java.time.Clock.systemUTC());
    Telemetry.gauges("jacquet_health_check_status", "Each health check of /healthz: 0 pass, 1 warn, 2 fail", "check",
        health::statusByCheck);
    DatabaseTelemetry.register(stored);
    if (stored.file() != null) diskGauges(stored.file().getParent());
    this.accounts = db == null ? null : new Accounts(db, AccountLimits.defaults(), HashPool.PROCESS, options.rateClock());
    // Guests' names live in the database beside the accounts, whose names (and reserved former names) guests never take.
    this.identities = new Identities(accounts == null ? AccountSessions.NONE : accounts,
        new Pseudonyms(games.store().database(), accounts == null ? name -> false : accounts::isAccountName));
    this.arenas = db == null ? null : new org.jacquet.server.tournament.Arenas(db, games);
    if (db != null) {
      Ratings ratings = new Ratings(db.isPostgres());
      // A match's end stores the ratings, then an arena's points (each idempotent, in one transaction).
      games.store().onMatchEnd((h, id) -> {
        ratings.matchEnded(h, id);
        arenas.matchEnded(h, id);
      });
      arenas.start();
    }
    this.arenaFeed = arenas == null ? null : new org.jacquet.server.tournament.ArenaFeed(arenas).start();
    this.notify = db == null ? null : new Notify(db, options.mail(), System::currentTimeMillis).attachTo(games.store());
    this.puzzles = new PuzzleRoutes(PuzzleShelf.shipped(), java.time.Clock.systemUTC(),
        accounts == null ? AccountSessions.NONE : accounts, db == null ? null : new PuzzleRatings(db));
    this.lobby = new Lobby(new SeekStore(games.store().database()), identities.names(), new LobbyGames(games), peers::publish,
        System::currentTimeMillis);
    // Players online: connected here (in the lobby or seated at a game), and what the other processes announce.
    java.util.function.IntSupplier onlineHere = () -> identities.names().online() + hub.seatsTaken();
    peers.countOnlineFrom(onlineHere);
    this.lobbyFeed = new LobbyFeed(lobby, this::played, () -> onlineHere.getAsInt() + peers.onlineElsewhere(),
        System::currentTimeMillis).start();
    peers.onSeekTaken(seek -> {
      lobby.deliver(seek); // its poster may be connected here
      lobbyFeed.changed();
    });
    this.lobbyRoutes = new LobbyRoutes(lobby, identities, creations, l, address, options.trustProxy(), options.fastClocks(),
        options.rateClock());
    this.app = Javalin.create(config -> {
      ErrorAnswers.configure(config);
      RequestMetrics.configure(config);
      config.staticFiles.add(sf -> {
        sf.hostedPath = "/";
        sf.directory = "/web";
        sf.location = Location.CLASSPATH;
        // Text types name their charset (browsers must not guess).
        sf.mimeTypes.add("text/html; charset=utf-8", "html");
        sf.mimeTypes.add("text/javascript; charset=utf-8", "js");
        sf.mimeTypes.add("text/css; charset=utf-8", "css");
        sf.mimeTypes.add("image/svg+xml; charset=utf-8", "svg");
      });
      config.showJavalinBanner = false;
      // The route table as Javalin builds it (what a test walks: every route, none forgotten).
      config.events(e -> e.handlerAdded(h -> {
        if (!h.getHttpMethod().isHttpMethod()) return;
        served.add(new Route(h.getHttpMethod().name(), h.getPath()));
      }));
      config.http.defaultContentType = "application/json; charset=utf-8";
      config.http.maxRequestSize = JsonBody.MAX_BYTES;
      config.jetty.timeoutStatus = 408; // a body that never comes is the client's doing, not a 500
      config.jetty.clientAbortStatus = 400;
      config.jetty.modifyHttpConfiguration(h -> h.setMinRequestDataRate(HttpGuard.MIN_BODY_RATE));
      config.jetty.modifyServletContextHandler(h -> h.addFilter(new org.eclipse.jetty.servlet.FilterHolder(guard), "/*",
          java.util.EnumSet.of(jakarta.servlet.DispatcherType.REQUEST)));
      // Past this many connections in all, Jetty stops accepting (and shortens idle timeouts)
      // until some close: the process keeps file descriptors for its database.
      config.jetty.modifyServer(s -> s.addBean(new org.eclipse.jetty.server.ConnectionLimit(l.maxConnections(), s)));
      // What Jetty answers on its own (a request its parser refuses…) is JSON too.
      config.jetty.modifyServer(s -> s.setErrorHandler(new JsonErrors()));
      config.jetty.addConnector(this::connector);
      config.jetty.modifyWebSocketServletFactory(f -> {
        f.setMaxTextMessageSize(JsonBody.MAX_BYTES);
        f.setMaxBinaryMessageSize(JsonBody.MAX_BYTES);
        f.setIdleTimeout(java.time.Duration.ofMinutes(30));
      });
    });
    games.onChange(id -> hub.changed(id, false));
    routes();
    chores.scheduleAtFixedRate(this::chores, 10, 10, TimeUnit.SECONDS);
    if (notifier != null) {
      long renew = Hub.Presence.RENEW_MILLIS;
      chores.scheduleAtFixedRate(peers::renewPresence, renew, renew, TimeUnit.MILLISECONDS);
    }
  }

  /** The disk under the SQLite file, for the alert on its free space (on PostgreSQL, its host watches its own). */
  private static void diskGauges(java.nio.file.Path dir) {
    Telemetry.gauge("jacquet_data_disk_free_bytes", "Bytes free for the server on the disk of its SQLite file", () -> disk(dir, true));
    Telemetry.gauge("jacquet_data_disk_size_bytes", "Size of the disk of the server's SQLite file, in bytes", () -> disk(dir, false));
  }

  private static long disk(java.nio.file.Path dir, boolean free) {
    try {
      var store = java.nio.file.Files.getFileStore(dir);
      return free ? store.getUsableSpace() : store.getTotalSpace();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Refuses a POST sent by another site's page (the sockets' guard): a signed-in player's cookie goes with it. */
  private void checkOrigin(io.javalin.http.Context ctx) {
    Origins.check(ctx.header("Origin"), ctx.header("Host"), options.allowedOrigins());
  }

  /** A route served: its HTTP method ({@code POST}…) and its path as declared ({@code /api/seeks/{id}}). */
  public record Route(String method, String path) {}

  /** Every HTTP route served (HEAD beside each GET), in the order they were added. */
  public List<Route> routesServed() {
    return List.copyOf(served);
  }

  /** Every route, by group: the table of contents of the HTTP side. */
  private void routes() {
    ErrorAnswers.install(app);
    StateChanges.install(app, options.allowedOrigins());
    SiteRoutes.install(app, games, health, handling);
    Rematches.install(app, games, id -> hub.changed(id, false), address::of);
    Tutor.install(app, games);
    GameRoutes.install(app, games, creations, address, hub::isConnected, lobbyRoutes::knownPlayer, options.fastClocks());
    lobbyRoutes.install(app);
    if (arenas != null) {
      org.jacquet.server.tournament.ArenaRoutes.install(app, arenas, arenaFeed, lobbyRoutes::knownPlayer, this::checkOrigin, games.time());
    }
    AnalysisRoutes.install(app, games, reviews, analyses, reviewRequests, address);
    LessonRoutes.install(app, Lessons.shipped(), new LessonJudge());
    if (db != null) {
      CorrespondenceRoutes.install(app, games, new org.jacquet.server.correspondence.Correspondence(db),
          new org.jacquet.server.correspondence.Vacations(db), lobbyRoutes::knownPlayer); // Origin: StateChanges
    }
    if (accounts != null) {
      accountChores = AccountRoutes.install(app, accounts, identities, db,
          this::checkOrigin, address::of,
          options.trustProxy(), options.limits(), options.rateClock());
      NotifyRoutes.install(app, notify, accounts, this::checkOrigin);
    }
    puzzles.install(app);
    new SocketEndpoint(hub, new SocketMessages(games, hub, chat, handling), address, options.allowedOrigins(),
        options.helloWithin(), options.limits().messagesPerSecond(), chores,
        new LobbySockets(hub, identities, lobby, lobbyFeed, lobbyRoutes::newcomer)).install(app);
  }

  /** The games being played between players that moved in the last hour, as the lobby lists them. */
  private List<LobbyFeed.Played> played() {
    List<LobbyFeed.Played> out = new java.util.ArrayList<>();
    long since = System.currentTimeMillis() - 3_600_000;
    for (GameStore.Row r : games.store().playedBetweenPlayers(since, LobbyFeed.MAX_GAMES_SHOWN)) {
      // The room held here (its players' ratings read when it was loaded): no query per game.
      record Seen(int white, int black, org.jacquet.server.rating.Glicko2.Rating whiteRating,
          org.jacquet.server.rating.Glicko2.Rating blackRating) {}
      Seen seen = games.readLocal(r.id(), room -> new Seen(room.match.score(Side.WHITE), room.match.score(Side.BLACK),
          room.rating(Side.WHITE), room.rating(Side.BLACK)));
      GameStore.Seats s = r.seats();
      out.add(new LobbyFeed.Played(r.id(), s.whiteName(), s.blackName(), r.rules(), r.matchLength(), s.timeControl(),
          s.rated(), seen.white(), seen.black(), hub.watching(r.id()), seen.whiteRating(), seen.blackRating()));
    }
    return out;
  }

  /** The arena tournaments (null without a database). */
  public org.jacquet.server.tournament.Arenas arenas() {
    return arenas;
  }

  /** Who signs players in: the accounts' side of the identity seam is set here ({@link Identities#useAccounts}). */
  public Identities identities() {
    return identities;
  }

  public WebServer start(String host, int port) {
    this.host = host;
    this.port = port;
    app.start();
    health.start(healthProbe, java.time.Duration.ofMillis(Long.getLong("jacquet.health.probe-millis", HealthChecks.EVERY.toMillis())));
    return this;
  }

  /** The one connector, made by Javalin at start: HTTP/1.1 with a deadline for each request's head. */
  private org.eclipse.jetty.server.Connector connector(org.eclipse.jetty.server.Server server,
      org.eclipse.jetty.server.HttpConfiguration http) {
    var c = new org.eclipse.jetty.server.ServerConnector(server, new HeadDeadline(http, options.headWithin()));
    c.setHost(host);
    c.setPort(port);
    c.setIdleTimeout(options.httpIdle().toMillis());
    // A small kernel send buffer per accepted socket, so a peer that stops reading shows up
    // in its own queue (and is dropped) instead of hiding megabytes in the kernel.
    c.setAcceptedSendBufferSize(64 * 1024);
    c.addBean(guard); // counts each new connection per address
    return c;
  }

  public int port() {
    return app.port();
  }

  /** The reviews (tests hold their worker: {@link Reviews#holdWorkerForTests}). */
  public Reviews reviewsForTests() {
    return reviews;
  }

  /** The notifications (tests read the mail figures; null without a database). */
  public Notify notifyForTests() {
    return notify;
  }

  /** The accounts this server signs in (tests reach sessions through it; null without a database). */
  public Accounts accountsForTests() {
    return accounts;
  }

  /** Every 10 s: forget idle rate buckets and old reviews. */
  private void chores() {
    try {
      // What this process holds first (memory stays bounded while the database is gone), then
      // what sits in the database.
      analyses.sweep();
      reviewRequests.sweep();
      chat.sweep();
      hub.sweep();
      reviews.sweep();
      lobbyRoutes.sweep();
      games.forgetIdle(10 * 60_000);
      creations.sweep();
      accountChores.run();
      if (notify != null) notify.chores();
      identities.names().sweep(System.currentTimeMillis());
      housekeeping.worked();
    } catch (RuntimeException e) {
      housekeeping.failed(e);
    }
  }

  /** TCP connections open from {@code address} as the server counts them against its limit (for tests). */
  public int connectionsFrom(String address) {
    return guard.connections(address);
  }

  /** Sizes of what the server holds per client or game (for tests of bounded memory). */
  public Map<String, Integer> holdings() {
    return Map.of("connections", hub.connections(), "gamesWatched", hub.gamesWatched(), "addresses", hub.addresses(),
        "reviews", reviews.size(), "creationBuckets", creations.size(), "analysisBuckets", analyses.size(),
        "connectBuckets", hub.connectBuckets(), "httpAddresses", guard.size());
  }

  /** The puzzle routes, to listen to the learners' answers. */
  public PuzzleRoutes puzzles() {
    return puzzles;
  }

  @Override
  public void close() {
    chores.shutdownNow();
    healthProbe.shutdownNow();
    probe.close();
    lobbyFeed.close();
    if (arenas != null) arenas.close();
    if (arenaFeed != null) arenaFeed.close();
    hub.closeAll();
    if (notifier != null) notifier.close();
    if (notify != null) notify.close();
    reviews.close();
    app.stop();
  }
}
