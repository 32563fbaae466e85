package org.jacquet.server;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.jacquet.server.telemetry.BuildInfo;
import org.jacquet.server.telemetry.JsonLog;
import org.jacquet.server.telemetry.MetricsEndpoint;
import org.jacquet.server.game.GameService;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.GameStore;

/**
 * Runs the web app until the process ends ({@code jacquet serve} is the way users start it;
 * this entry point lets tests run it as a separate process, to stop or kill it). Options:
 * {@code --host H --port N --data DIR | --db-url URL [--db-user U] (password in JACQUET_DB_PASSWORD) --metrics-port N --log-json
 * --computer-delay MS --allow-origin URL --trust-proxy --hello-seconds N --limit-games N …} as on {@code serve}.
 */
public final class ServerMain {
  private ServerMain() {}

  public record Config(String host, int port, Path data, String dbUrl, String dbUser, String dbPassword, long computerDelay,
      WebServer.Options options) {
    public Config(String host, int port, Path data, String dbUrl, String dbUser, String dbPassword, long computerDelay) {
      this(host, port, data, dbUrl, dbUser, dbPassword, computerDelay, WebServer.Options.defaults());
    }
  }

  public static void main(String[] args) throws InterruptedException {
    String host = "127.0.0.1";
    int port = 8080;
    Path data = null;
    String url = null;
    String user = null;
    // As serve: the password never on the command line, where every user of the machine sees it.
    String password = System.getenv("JACQUET_DB_PASSWORD");
    Integer metricsPort = null;
    boolean logJson = false;
    long delay = 700;
    Limits d = Limits.defaults();
    int[] l = {d.gamesPerMinute(), d.analysesPerMinute(), d.reviewsPerMinute(), d.reviewQueue(), d.messagesPerSecond(),
        d.socketsPerAddress(), d.spectatorsPerGame(), d.queueBytes(), d.connectsPerMinute(), d.connectionsPerAddress(),
        d.maxConnections()};
    List<String> origins = new ArrayList<>();
    boolean trustProxy = false;
    long helloSeconds = WebServer.Options.HELLO_WITHIN.toSeconds();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--host" -> host = args[++i];
        case "--port" -> port = Integer.parseInt(args[++i]);
        case "--data" -> data = Path.of(args[++i]);
        case "--db-url" -> url = args[++i];
        case "--db-user" -> user = args[++i];
        case "--metrics-port" -> metricsPort = Integer.parseInt(args[++i]);
        case "--log-json" -> logJson = true;
        case "--computer-delay" -> delay = Long.parseLong(args[++i]);
        case "--allow-origin" -> origins.add(args[++i]);
        case "--trust-proxy" -> trustProxy = true;
        case "--hello-seconds" -> helloSeconds = Long.parseLong(args[++i]);
        case "--limit-games" -> l[0] = Integer.parseInt(args[++i]);
        case "--limit-analyses" -> l[1] = Integer.parseInt(args[++i]);
        case "--limit-reviews" -> l[2] = Integer.parseInt(args[++i]);
        case "--limit-review-queue" -> l[3] = Integer.parseInt(args[++i]);
        case "--limit-messages" -> l[4] = Integer.parseInt(args[++i]);
        case "--limit-sockets" -> l[5] = Integer.parseInt(args[++i]);
        case "--limit-spectators" -> l[6] = Integer.parseInt(args[++i]);
        case "--queue-bytes" -> l[7] = Integer.parseInt(args[++i]);
        case "--limit-connects" -> l[8] = Integer.parseInt(args[++i]);
        case "--limit-connections" -> l[9] = Integer.parseInt(args[++i]);
        case "--max-connections" -> l[10] = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Limits limits = new Limits(l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7]).connects(l[8]).connections(l[9], l[10]);
    try {
      watch(metricsPort, logJson, password);
      run(new Config(host, port, data, url, user, password, delay, new WebServer.Options(limits, origins, trustProxy)
          .helloWithin(java.time.Duration.ofSeconds(helloSeconds))));
    } catch (IllegalStateException e) {
      System.err.println("jacquet: " + e.getMessage());
      System.exit(2);
    }
  }

  /**
   * Starts the server, prints where it really listens and where the data is, and waits. A stop
   * (SIGTERM, Ctrl-C) closes the sockets, then the database: on SQLite its WAL is checkpointed,
   * so the {@code .db} file alone holds every game.
   */
  public static void run(Config c) throws InterruptedException {
    Database db = c.dbUrl() != null ? Database.url(c.dbUrl(), c.dbUser(), c.dbPassword())
        : Database.sqlite(c.data() != null ? c.data() : Path.of(System.getProperty("user.home"), ".jacquet", "data"));
    // After an upgrade, a host reads in the log what was done to its database: one line a migration.
    for (String migration : db.migrated()) System.out.println("Database schema migrated: " + migration + " applied");
    GameService games = new GameService(new GameStore(db), c.computerDelay());
    // Before any game is resumed: the clocks get back the time the server was down.
    org.jacquet.server.store.Uptime uptime = new org.jacquet.server.store.Uptime(db, games.time());
    uptime.start();
    WebServer server = new WebServer(games, db, c.options()).start(c.host(), c.port());
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      uptime.close();
      games.close();
      db.close();
      System.out.println("Jacquet web app stopped; database closed");
      System.out.flush();
      stop.countDown();
    }));
    int resumed = games.resumeAll();
    System.out.println("Jacquet web app on " + where(c.host(), server.port()) + " — version " + BuildInfo.describe());
    System.out.printf("Database: %s (%d game(s) in progress resumed)%n",
        db.file() != null ? db.file().toString() : db.url().replaceAll("password=[^&]*", "password=…"), resumed);
    System.out.flush();
    stop.await();
  }

  /**
   * What a host watches, asked for before the server starts: the log as JSON lines with
   * {@code secrets} kept out of it ({@code logJson}), and the metrics on 127.0.0.1:{@code metricsPort}
   * (null: none), said in one line.
   */
  public static void watch(Integer metricsPort, boolean logJson, String... secrets) {
    if (logJson) JsonLog.install(secrets);
    if (metricsPort != null) {
      MetricsEndpoint metrics = MetricsEndpoint.start(metricsPort);
      System.out.println("Metrics on http://127.0.0.1:" + metrics.port() + "/metrics (this machine only)");
    }
  }

  /** Where the server can be reached, as it really listens. */
  static String where(String host, int port) {
    if (host.equals("0.0.0.0") || host.equals("::") || host.isEmpty()) {
      return "http://localhost:" + port + " and every address of this machine (--host " + host + ")";
    }
    String h = host.contains(":") ? "[" + host + "]" : host;
    return "http://" + h + ":" + port + (host.startsWith("127.") || host.equals("::1") ? " (this machine only; --host 0.0.0.0 to open it)" : "");
  }
}
