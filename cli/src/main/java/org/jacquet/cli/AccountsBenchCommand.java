package org.jacquet.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jacquet.server.account.AccountLimits;
import org.jacquet.server.account.Accounts;
import org.jacquet.server.account.HashPool;
import org.jacquet.server.limits.RateLimiter;
import org.jacquet.server.account.Passwords;
import org.jacquet.server.history.History;
import org.jacquet.server.store.Database;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jacquet bench-accounts}: the accounts' numbers on a fresh SQLite database in a temporary
 * directory — Argon2id hashes a second on one thread at the parameters in use, the latency of
 * sign-ins started all at once (rate limits, lookup, hash, new session), and the first page of
 * the history of an account with many finished games.
 */
@Command(name = "bench-accounts", mixinStandardHelpOptions = true,
    description = "Measures password hashing (hashes/s on one thread), sign-ins started at once (p50/p99), and the first "
        + "history page of an account with many games (p50/p99).")
final class AccountsBenchCommand implements Callable<Integer> {
  @Option(names = "--seconds", defaultValue = "5", description = "Seconds of hashing measured, 1 to 600 (default: ${DEFAULT-VALUE}).")
  int seconds;

  @Option(names = "--concurrent", defaultValue = "50", description = "Sign-ins started at once, 1 to 1,000 (default: ${DEFAULT-VALUE}).")
  int concurrent;

  @Option(names = "--games", defaultValue = "10000", description = "Finished games of the account whose history is read, 1 to 1,000,000 (default: ${DEFAULT-VALUE}).")
  int games;

  @Override
  public Integer call() throws Exception {
    Checks.between("--seconds", seconds, 1, 600);
    Checks.between("--concurrent", concurrent, 1, 1000);
    Checks.between("--games", games, 1, 1_000_000);
    Path dir = Files.createTempDirectory("jacquet-bench-accounts");
    Database db = Database.sqlite(dir);
    try {
      hashes();
      signIns(db);
      history(db);
    } finally {
      db.close();
    }
    return 0;
  }

  private void hashes() {
    for (int i = 0; i < 3; i++) Passwords.hash("warm-up password"); // JIT
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    long start = System.nanoTime();
    var cpu = java.lang.management.ManagementFactory.getThreadMXBean();
    long cpuStart = cpu.getCurrentThreadCpuTime();
    int n = 0;
    while (System.nanoTime() < end) {
      Passwords.hash("a password of usual length");
      n++;
    }
    double s = (System.nanoTime() - start) / 1e9;
    // CPU time too: on a shared machine the wall clock counts other processes' turns.
    double cpuSeconds = (cpu.getCurrentThreadCpuTime() - cpuStart) / 1e9;
    System.out.printf("Argon2id (m=19 MiB, t=2, p=1), one thread: %.1f hashes/s of wall clock, %.1f per CPU second (%d in %.1f s,"
        + " load average %.1f)%n", n / s, n / cpuSeconds, n, s,
        java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  private void signIns(Database db) throws Exception {
    Accounts accounts = new Accounts(db, new AccountLimits(Integer.MAX_VALUE / 2, Integer.MAX_VALUE / 2,
        Integer.MAX_VALUE / 2, Integer.MAX_VALUE / 2, Integer.MAX_VALUE / 2), HashPool.PROCESS, RateLimiter.WALL_CLOCK);
    for (int i = 0; i < concurrent; i++) accounts.signUp("Bench" + i, "a password of usual length", null, "127.0.0.1", 1);
    ExecutorService pool = Executors.newFixedThreadPool(concurrent);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Long>> times = new ArrayList<>();
    for (int i = 0; i < concurrent; i++) {
      int k = i;
      times.add(pool.submit(() -> {
        go.await();
        long t0 = System.nanoTime();
        accounts.signIn("Bench" + k, "a password of usual length", "10.0." + (k / 250) + "." + (k % 250), null,
            System.currentTimeMillis());
        return System.nanoTime() - t0;
      }));
    }
    go.countDown();
    long[] ns = new long[concurrent];
    for (int i = 0; i < concurrent; i++) ns[i] = times.get(i).get();
    pool.shutdown();
    System.out.printf("%d sign-ins started at once (%d cores): p50 %.0f ms, p99 %.0f ms, max %.0f ms%n", concurrent,
        Runtime.getRuntime().availableProcessors(), pct(ns, 50), pct(ns, 99), pct(ns, 100));
  }

  private void history(Database db) {
    Accounts accounts = new Accounts(db);
    String me = accounts.signUp("Historian", "a password of usual length", null, "127.0.0.1", 1).player().id();
    String other = accounts.signUp("Opponent", "a password of usual length", null, "127.0.0.1", 1).player().id();
    db.jdbi().useTransaction(h -> {
      var batch = h.prepareBatch("""
          INSERT INTO games (id, rules, match_length, white_kind, black_kind, white_token, black_token, seed, seed_hash,
            record, status, version, created_at, updated_at, white_player, black_player, white_name, black_name, rated,
            winner)
          VALUES (:id, 'modern', 3, 'human', 'human', :id, :id, 1, 'h', '', 'over', 40, :t, :t, :w, :b, :wn, :bn, 1, :winner)""");
      for (int i = 0; i < games; i++) {
        boolean white = i % 2 == 0;
        batch.bind("id", "bench" + i).bind("t", 1_700_000_000_000L + i * 60_000L).bind("w", white ? me : other)
            .bind("b", white ? other : me).bind("wn", white ? "Historian" : "Opponent").bind("bn", white ? "Opponent" : "Historian")
            .bind("winner", i % 3 == 0 ? "white" : "black").add();
      }
      batch.execute();
      var ratings = h.prepareBatch("""
          INSERT INTO rating_history (account_id, game_id, category, rating_before, rating_after, deviation, created_at)
          VALUES (:a, :g, 'untimed', 1500, 1510, 80, :t)""");
      for (int i = 0; i < games; i++) ratings.bind("a", me).bind("g", "bench" + i).bind("t", 1_700_000_000_000L + i * 60_000L).add();
      ratings.execute();
    });
    History history = new History(db);
    for (int i = 0; i < 50; i++) history.page(me, null, 20); // warm-up
    int rounds = 500;
    long[] ns = new long[rounds];
    long[] cpuNs = new long[rounds];
    var cpu = java.lang.management.ManagementFactory.getThreadMXBean();
    for (int i = 0; i < rounds; i++) {
      long t0 = System.nanoTime();
      long c0 = cpu.getCurrentThreadCpuTime();
      if (history.page(me, null, 20).size() != Math.min(20, games)) throw new IllegalStateException("a short first page");
      cpuNs[i] = cpu.getCurrentThreadCpuTime() - c0;
      ns[i] = System.nanoTime() - t0;
    }
    System.out.printf("First history page (20 games) of an account with %,d games, SQLite, %d reads: p50 %.2f ms, p99 %.2f ms"
        + " (CPU time p50 %.2f ms, p99 %.2f ms)%n", games, rounds, pct(ns, 50), pct(ns, 99), pct(cpuNs, 50), pct(cpuNs, 99));
  }

  private static double pct(long[] ns, int p) {
    List<Long> sorted = Arrays.stream(ns).sorted().boxed().toList();
    return Quantiles.nearestRank(sorted, p / 100.0) / 1e6;
  }
}
