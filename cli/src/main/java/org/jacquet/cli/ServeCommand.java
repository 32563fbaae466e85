package org.jacquet.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.Callable;
import org.jacquet.engine.Excerpt;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.ServerMain;
import org.jacquet.server.WebServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jacquet serve}: the web app, on an SQLite file by default or PostgreSQL by URL. */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = "Serves the web app: play in the browser against the computer or with friends.")
final class ServeCommand implements Callable<Integer> {
  @Option(names = "--port", defaultValue = "8080", description = "HTTP port, 0 to 65,535; 0 takes any free one (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(names = "--host", defaultValue = "127.0.0.1",
      description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0 opens it to the network).")
  String host;

  @Mixin DatabaseOptions database;
  @Mixin LangOption lang;
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;
  @Mixin MailOptions mail;

  @Option(names = "--computer-delay", defaultValue = "700", description = "Pause before each computer action, 0 to 60,000 ms (default: ${DEFAULT-VALUE}).")
  long computerDelay;

  @Option(names = "--allow-origin", paramLabel = "URL",
      description = "A page origin allowed to open game sockets besides this server's own, e.g. https://jacquet.example (repeatable; for a proxy).")
  List<String> allowedOrigins = List.of();

  @Option(names = "--metrics-port", paramLabel = "N",
      description = "Serve the metrics (Prometheus' text format) at http://127.0.0.1:N/metrics, this machine only; 0 to 65,535, 0 takes any free port (default: none).")
  Integer metricsPort;

  @Option(names = "--log-json", description = "Write the log as one JSON object a line (time, level, source, message), secrets left out.")
  boolean logJson;

  @Option(names = "--trust-proxy", description = "Take the client's address from X-Forwarded-For (behind a proxy you run) for the limits.")
  boolean trustProxy;

  @Option(names = "--fast-clocks", description = "Let clients ask for clocks under 30 s of reserve a match point (e.g. 0+2): "
      + "for tests and load runs (jacquet load --scenario timed), never a public server.")
  boolean fastClocks;

  @Option(names = "--limit-games", paramLabel = "N", description = "Games a client address may create per minute, 1 to 1,000,000 (default: 30).")
  int limitGames = Limits.defaults().gamesPerMinute();

  @Option(names = "--limit-analyses", paramLabel = "N", description = "Position analyses per address per minute, 1 to 1,000,000 (default: 20).")
  int limitAnalyses = Limits.defaults().analysesPerMinute();

  @Option(names = "--limit-reviews", paramLabel = "N", description = "Review requests per address per minute, 1 to 1,000,000 (default: 60).")
  int limitReviews = Limits.defaults().reviewsPerMinute();

  @Option(names = "--limit-review-queue", paramLabel = "N", description = "Reviews that may wait to run, 1 to 1,000,000 (default: 16).")
  int limitReviewQueue = Limits.defaults().reviewQueue();

  @Option(names = "--limit-messages", paramLabel = "N", description = "WebSocket messages per socket per second, 1 to 1,000,000 (default: 20).")
  int limitMessages = Limits.defaults().messagesPerSecond();

  @Option(names = "--limit-sockets", paramLabel = "N", description = "Open sockets per address, 1 to 1,000,000 (default: 64).")
  int limitSockets = Limits.defaults().socketsPerAddress();

  @Option(names = "--limit-connects", paramLabel = "N", description = "Sockets an address may open per minute, 1 to 1,000,000 (default: 120).")
  int limitConnects = Limits.defaults().connectsPerMinute();

  @Option(names = "--limit-connections", paramLabel = "N",
      description = "Open connections per address, HTTP and sockets together, 1 to 1,000,000 (default: 256; not counted with --trust-proxy).")
  int limitConnections = Limits.defaults().connectionsPerAddress();

  @Option(names = "--max-connections", paramLabel = "N", description = "Open connections in all, 1 to 1,000,000 (default: 10000).")
  int maxConnections = Limits.defaults().maxConnections();

  @Option(names = "--limit-spectators", paramLabel = "N", description = "Spectators per game, 1 to 1,000,000 (default: 200).")
  int limitSpectators = Limits.defaults().spectatorsPerGame();

  @Option(names = "--queue-bytes", paramLabel = "N",
      description = "Bytes that may wait for one socket before it is dropped as too slow, 4,096 to 1,073,741,824 (default: 131072).")
  int queueBytes = Limits.defaults().queueBytes();

  @Option(names = "--hello-seconds", paramLabel = "N",
      description = "Seconds a new game socket has to say hello before it is closed, 1 to 3,600 (default: 10).")
  int helloSeconds = (int) WebServer.Options.HELLO_WITHIN.toSeconds();

  /** Beyond this a limit no longer limits anything (a rate per minute, sockets, spectators). */
  static final int MAX_LIMIT = 1_000_000;

  @Override
  public Integer call() throws Exception {
    Checks.between("--port", port, 0, 65_535);
    Checks.between("--computer-delay", computerDelay, 0, 60_000);
    Checks.between("--limit-games", limitGames, 1, MAX_LIMIT);
    Checks.between("--limit-analyses", limitAnalyses, 1, MAX_LIMIT);
    Checks.between("--limit-reviews", limitReviews, 1, MAX_LIMIT);
    Checks.between("--limit-review-queue", limitReviewQueue, 1, MAX_LIMIT);
    Checks.between("--limit-messages", limitMessages, 1, MAX_LIMIT);
    Checks.between("--limit-sockets", limitSockets, 1, MAX_LIMIT);
    Checks.between("--limit-connects", limitConnects, 1, MAX_LIMIT);
    Checks.between("--limit-spectators", limitSpectators, 1, MAX_LIMIT);
    Checks.between("--limit-connections", limitConnections, 1, MAX_LIMIT);
    Checks.between("--max-connections", maxConnections, 1, MAX_LIMIT);
    Checks.between("--queue-bytes", queueBytes, 4096, 1 << 30);
    Checks.between("--hello-seconds", helloSeconds, 1, 3600);
    DatabaseOptions.Choice db = database.choose();
    // Checked before the data folder is taken (a refused option leaves nothing held), and before
    // the JSON log, which keeps the mail password out of every line as it does the database's.
    org.jacquet.server.notify.MailConfig mailConfig;
    try {
      mailConfig = mail.config(System.getenv());
    } catch (IllegalArgumentException refused) {
      if (logJson) logAsJson(db.password());
      throw refused;
    }
    if (logJson) logAsJson(db.password(), mailConfig.password());
    for (String origin : allowedOrigins) {
      if (!origin.matches("https?://[A-Za-z0-9.\\-\\[\\]:]+")) {
        throw new IllegalArgumentException("--allow-origin must be a page origin such as https://jacquet.example (scheme, host, port; no path), not '"
            + Excerpt.of(origin) + "'");
      }
      int originPort = originPort(origin);
      if (originPort == 0 || originPort > 65_535) {
        throw new IllegalArgumentException("--allow-origin " + Excerpt.of(origin) + ": the port must be from 1 to 65,535");
      }
    }
    canListen(host, port);
    if (db.url() == null) onlyServerOf(db.data());
    if (metricsPort != null) {
      Checks.between("--metrics-port", metricsPort, 0, 65_535);
      if (metricsPort != 0 && metricsPort == port && host.startsWith("127.")) throw new IllegalArgumentException("--metrics-port and --port are both " + port);
    }
    Limits limits = new Limits(limitGames, limitAnalyses, limitReviews, limitReviewQueue, limitMessages, limitSockets,
        limitSpectators, queueBytes).connects(limitConnects)
        .connections(limitConnections, maxConnections);
    try {
      ServerMain.watch(metricsPort, false, db.password(), mailConfig.password()); // the JSON log is on already (logAsJson)
      ServerMain.run(new ServerMain.Config(host, port, db.data(), db.url(), db.user(), db.password(), computerDelay,
          new WebServer.Options(limits, allowedOrigins, trustProxy).helloWithin(java.time.Duration.ofSeconds(helloSeconds)).fastClocks(fastClocks).mail(mailConfig)));
    } catch (RuntimeException e) { // the server's own reasons: a data folder it cannot write, a database replaced…
      throw DatabaseOptions.failure(e);
    }
    return 0;
  }

  /**
   * From here on, every line the process writes is a JSON object, the refusal that ends a start
   * included (a folder taken, a database of a newer version…): picocli's error writer, made
   * over standard error before it became JSON, is made again over it.
   */
  private void logAsJson(String... secrets) {
    org.jacquet.server.telemetry.JsonLog.install(secrets);
    spec.commandLine().setErr(new java.io.PrintWriter(new java.io.OutputStreamWriter(System.err, java.nio.charset.StandardCharsets.UTF_8), true));
  }

  /**
   * The port an origin names ({@code https://host:8443}), -1 when it names none, or beyond 65,535
   * for a port that is no port: digits after the last colon that is not inside an IPv6 address's brackets.
   */
  static int originPort(String origin) {
    String authority = origin.substring(origin.indexOf("://") + 3);
    int colon = authority.lastIndexOf(':');
    if (colon < 0 || colon < authority.lastIndexOf(']')) return -1;
    String digits = authority.substring(colon + 1);
    if (!digits.matches("[0-9]{1,5}")) return Integer.MAX_VALUE;
    return Integer.parseInt(digits);
  }

  /**
   * Checks, before the database is opened, that the server can listen where asked: an address of
   * this machine, a port free and allowed (below 1024 needs root).
   */
  /** Held for the life of the process: the lock that makes it the only server of its SQLite folder. */
  private static java.nio.channels.FileLock folderLock;

  /**
   * One server per SQLite folder: a second would hold other games in memory than the first (only
   * PostgreSQL tells processes of each other's changes), and its start writes a new mark in the
   * file's header, which the first would take for a file put in place of its own. Refused before
   * anything is opened, naming the folder; several servers need PostgreSQL (docs/hosting.md).
   */
  private static void onlyServerOf(java.nio.file.Path data) {
    try {
      java.nio.file.Files.createDirectories(data);
      var channel = java.nio.channels.FileChannel.open(data.resolve("jacquet.lock"),
          java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
      java.nio.channels.FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (java.nio.channels.OverlappingFileLockException sameProcess) {
        lock = null;
      }
      if (lock == null) {
        channel.close();
        throw new CommandFailure(Words.get("serve.folder.taken", data));
      }
      folderLock = lock;
    } catch (IOException e) {
      // a folder it cannot write: the database's own check says so, in its words
    }
  }

  private static void canListen(String host, int port) {
    if (host.isBlank()) throw new IllegalArgumentException("--host needs an address (0.0.0.0 opens the server to the network)");
    InetAddress address;
    try {
      address = InetAddress.getByName(host);
    } catch (UnknownHostException | SecurityException e) {
      throw new IllegalArgumentException("--host '" + Excerpt.of(host) + "' is not an address (e.g. 127.0.0.1, 0.0.0.0, ::1)");
    }
    try (ServerSocket probe = new ServerSocket()) {
      probe.setReuseAddress(true);
      probe.bind(new InetSocketAddress(address, port));
    } catch (java.net.BindException e) {
      String why = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
      throw new CommandFailure("cannot listen on " + host + ":" + port + ": " + (why.contains("in use") ? "the port is in use"
          : why.contains("permission") ? "permission denied (ports below 1024 need root)"
          : why.contains("assign") ? host + " is not an address of this machine" : why));
    } catch (IOException e) {
      throw new CommandFailure("cannot listen on " + host + ":" + port + ": " + Inputs.reason(e));
    }
  }
}
