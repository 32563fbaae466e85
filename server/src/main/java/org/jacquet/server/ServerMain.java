package org.jacquet.server;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the web app until the process ends: {@code --port N --data DIR | --db-url URL
 * [--db-user U --db-password P] --computer-delay MS}. {@code jacquet serve} is the way users
 * start it; this entry point lets tests run it as a separate process (to kill it).
 */
public final class ServerMain {
  private ServerMain() {}

  public record Config(String host, int port, Path data, String dbUrl, String dbUser, String dbPassword, long computerDelay) {}

  public static void main(String[] args) throws InterruptedException {
    String host = "0.0.0.0";
    int port = 8080;
    Path data = null;
    String url = null;
    String user = null;
    String password = null;
    long delay = 700;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--host" -> host = args[++i];
        case "--port" -> port = Integer.parseInt(args[++i]);
        case "--data" -> data = Path.of(args[++i]);
        case "--db-url" -> url = args[++i];
        case "--db-user" -> user = args[++i];
        case "--db-password" -> password = args[++i];
        case "--computer-delay" -> delay = Long.parseLong(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    run(new Config(host, port, data, url, user, password, delay));
  }

  /** Starts the server, prints where it listens and where the data is, and waits for shutdown. */
  public static void run(Config c) throws InterruptedException {
    Database db = c.dbUrl() != null ? Database.url(c.dbUrl(), c.dbUser(), c.dbPassword())
        : Database.sqlite(c.data() != null ? c.data() : Path.of(System.getProperty("user.home"), ".jacquet", "data"));
    GameService games = new GameService(new GameStore(db), c.computerDelay());
    WebServer server = new WebServer(games, db).start(c.host(), c.port());
    int resumed = games.resumeAll();
    System.out.printf("Jacquet web app on http://localhost:%d%n", server.port());
    System.out.printf("Database: %s (%d game(s) in progress resumed)%n",
        db.url().replaceAll("password=[^&]*", "password=…"), resumed);
    System.out.flush();
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      games.close();
      stop.countDown();
    }));
    stop.await();
  }
}
