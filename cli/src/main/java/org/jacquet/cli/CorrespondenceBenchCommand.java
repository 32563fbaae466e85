package org.jacquet.cli;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.jacquet.server.WebServer;
import org.jacquet.server.account.AccountLimits;
import org.jacquet.server.account.Accounts;
import org.jacquet.server.account.HashPool;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.identity.Player;
import org.jacquet.server.limits.RateLimiter;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.GameStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jacquet bench-correspondence}: correspondence games at scale on a fresh SQLite database
 * in a temporary directory, with a real server on 127.0.0.1 — the "Your turn" list of a player
 * with many games over HTTP (p50/p99), then many deadlines falling together: how long after its
 * time each is declared, and that none is declared before it. The games are made through the
 * service (the opening throw starts each one's days); their deadlines are then moved, in the
 * database, to fall within the next minute or two, and a new service resumes them as after a
 * restart — the timers are the server's own.
 */
@Command(name = "bench-correspondence", mixinStandardHelpOptions = true,
    description = "Measures correspondence games at scale: the 'Your turn' list of a player with many games (p50/p99 over "
        + "HTTP), and deadlines declared (lateness p50/p99/max, none early).")
final class CorrespondenceBenchCommand implements Callable<Integer> {
  @Option(names = "--games", defaultValue = "10000", description = "Correspondence games in progress, 2 to 100,000 (default: ${DEFAULT-VALUE}).")
  int games;

  @Option(names = "--player-games", defaultValue = "200", description = "Games of the player whose list is read, 1 to 100,000, at most --games (default: ${DEFAULT-VALUE}).")
  int playerGames;

  @Option(names = "--requests", defaultValue = "1000", description = "Reads of that list, 1 to 100,000 (default: ${DEFAULT-VALUE}).")
  int requests;

  @Option(names = "--spread-seconds", defaultValue = "60", description = "The deadlines fall over this many seconds, 1 to 3,600 (default: ${DEFAULT-VALUE}).")
  int spread;

  private static final long START_IN_MILLIS = 60_000; // the list is read before the first deadline

  @Override
  public Integer call() throws Exception {
    Checks.between("--games", games, 2, 100_000);
    Checks.between("--player-games", playerGames, 1, games);
    Checks.between("--requests", requests, 1, 100_000);
    Checks.between("--spread-seconds", spread, 1, 3600);
    Path dir = Files.createTempDirectory("jacquet-bench-correspondence");
    String session;
    List<String> ids = new ArrayList<>();
    java.util.Map<String, Long> due = new java.util.HashMap<>();
    try (Database db = Database.sqlite(dir)) {
      Accounts accounts = new Accounts(db, new AccountLimits(1000, 1000, 1000, 1000, 1000), HashPool.PROCESS, RateLimiter.WALL_CLOCK);
      Accounts.Session me = accounts.signUp("Correspondent", "a password of usual length", null, "127.0.0.1", System.currentTimeMillis());
      Player other = accounts.signUp("Opponent", "a password of usual length", null, "127.0.0.1", System.currentTimeMillis()).player();
      session = me.token();
      long t0 = System.nanoTime();
      try (GameService service = new GameService(new GameStore(db), 0)) {
        for (int i = 0; i < games; i++) {
          Player white = i < playerGames ? me.player() : other;
          Player black = i < playerGames ? other : new Player("a:bench" + i, "Bench" + i);
          String w = Tokens.token();
          GameStore.Row row = service.seated("modern", 1, TimeControl.days(3), false, white, black, Tokens.sha256(w),
              Tokens.sha256(Tokens.token()));
          service.store().insert(row);
          // The opening throw (a tie is thrown again) starts the days of the side to move.
          while (service.read(row.id(), r -> r.clock().running()) == null) {
            service.act(row.id(), Tokens.sha256(w), new GameService.Action.Roll(), "bench");
          }
          ids.add(row.id());
        }
      }
      System.out.printf("%,d correspondence games made (3 days a move) in %.0f s%n", games, (System.nanoTime() - t0) / 1e9);
      // Each game's days now end within the spread, the first a minute from now: as after a restart.
      long first = System.currentTimeMillis() + START_IN_MILLIS;
      long moveMillis = TimeControl.days(3).moveMillis();
      for (int i = 0; i < ids.size(); i++) due.put(ids.get(i), first + (long) i * spread * 1000 / ids.size());
      db.jdbi().useTransaction(h -> {
        var batch = h.prepareBatch("UPDATE games SET clock_since = :since WHERE id = :id");
        // A deadline is the first instant out of time: the move's start + its days + 1 ms (Clock.flagAt).
        for (String id : ids) batch.bind("since", due.get(id) - moveMillis - 1).bind("id", id).add();
        batch.execute();
      });
    }
    try (Database db = Database.sqlite(dir); GameService service = new GameService(new GameStore(db), 0)) {
      WebServer web = new WebServer(service, db).start("127.0.0.1", 0);
      try {
        service.resumeAll();
        yourTurn(web.port(), session);
        deadlines(db, due);
      } finally {
        web.close();
      }
    }
    return 0;
  }

  /** The list of a player with {@link #playerGames} games, read {@link #requests} times over HTTP. */
  private void yourTurn(int port, String session) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    HttpRequest get = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/me/correspondence"))
        .header("Cookie", "jacquet_session=" + session).build();
    int listed = 0;
    for (int i = 0; i < 50; i++) listed = count(http.send(get, HttpResponse.BodyHandlers.ofString()).body()); // warm-up
    long[] ns = new long[requests];
    for (int i = 0; i < requests; i++) {
      long t = System.nanoTime();
      HttpResponse<String> r = http.send(get, HttpResponse.BodyHandlers.ofString());
      ns[i] = System.nanoTime() - t;
      if (r.statusCode() != 200) throw new IllegalStateException("the list answered " + r.statusCode() + ": " + r.body());
    }
    System.out.printf("'Your turn' of a player with %d games (%d listed), %d reads over HTTP: p50 %.1f ms, p99 %.1f ms, "
        + "max %.1f ms (load average %.1f)%n", playerGames, listed, requests, pct(ns, 50), pct(ns, 99), pct(ns, 100),
        java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  private static int count(String json) {
    return json.split("\"id\":", -1).length - 1;
  }

  /** Waits for every deadline to be declared; prints how long after its instant each was stored. */
  private void deadlines(Database db, java.util.Map<String, Long> due) throws InterruptedException {
    long giveUp = System.currentTimeMillis() + START_IN_MILLIS + spread * 1000L + 600_000;
    String over = "SELECT COUNT(*) FROM games WHERE status = 'over'";
    while (db.jdbi().withHandle(h -> h.createQuery(over).mapTo(Integer.class).one()) < due.size()) {
      if (System.currentTimeMillis() > giveUp) throw new IllegalStateException("deadlines still undeclared after 10 minutes");
      Thread.sleep(1000);
    }
    // When each game's 'timeout' was stored, against its deadline (the first instant out of time).
    List<long[]> stored = db.jdbi().withHandle(h -> h.createQuery("SELECT game_id, created_at FROM actions WHERE action = 'timeout'")
        .map((rs, ctx) -> new long[] {due.get(rs.getString(1)), rs.getLong(2)}).list());
    long[] lateNs = new long[stored.size()];
    int early = 0;
    for (int i = 0; i < stored.size(); i++) {
      long late = stored.get(i)[1] - stored.get(i)[0];
      if (late < 0) early++;
      lateNs[i] = late * 1_000_000;
    }
    System.out.printf("%,d deadlines falling over %d s, each declared by the server's own timer: %,d declared, %d early; "
        + "stored after the deadline by p50 %.0f ms, p99 %.0f ms, max %.0f ms%n", due.size(), spread, stored.size(), early,
        pct(lateNs, 50), pct(lateNs, 99), pct(lateNs, 100));
    if (early > 0 || stored.size() != due.size()) throw new IllegalStateException("a deadline was declared early, or twice, or not");
  }

  private static double pct(long[] ns, int p) {
    long[] s = ns.clone();
    Arrays.sort(s);
    int i = Math.min(s.length - 1, (int) Math.ceil(p / 100.0 * s.length) - 1);
    return s[Math.max(0, i)] / 1e6;
  }
}
