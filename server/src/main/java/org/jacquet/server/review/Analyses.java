package org.jacquet.server.review;

import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jacquet.server.refusal.Refusal;

/**
 * Where the heavy analyses a player asks for (hints, the tutor) run: never under a game's lock
 * (that would hold up every other action and socket of the game), on a small pool with a
 * bounded queue, at most one per seat and kind at a time. A second request from the same seat
 * for the same version of the game shares the one running; for another version it is refused
 * until the first is done. A full queue is refused too: the server never piles work up for
 * clients.
 */
public final class Analyses implements AutoCloseable {
  /** Analyses waiting for a thread beyond those running; more are refused as {@code busy}. */
  static final int QUEUED = 16;

  private record Job(int version, CompletableFuture<Object> result) {}

  private final ThreadPoolExecutor pool;
  private final Map<String, Job> running = new ConcurrentHashMap<>();
  private final java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
  /** Where each analysis, once started, waits before computing while a test holds it ({@link #holdForTests}). */
  private final org.jacquet.server.game.TestHold hold = new org.jacquet.server.game.TestHold();

  public Analyses() {
    int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors() / 2));
    pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUED), r -> {
      Thread t = new Thread(r, "jacquet-analysis");
      t.setDaemon(true);
      t.setPriority(Thread.NORM_PRIORITY - 1); // the players' actions come first
      return t;
    });
    pool.allowCoreThreadTimeOut(true);
  }

  /**
   * Runs {@code work} for {@code seat} (game, side and kind of analysis) on version
   * {@code version} of its game, or joins the same analysis already running.
   *
   * @throws Refusal {@code busy} when the seat has another analysis running, or the pool is full
   */
  @SuppressWarnings("unchecked")
  public <T> CompletableFuture<T> run(String seat, int version, Supplier<T> work) {
    CompletableFuture<Object> mine = new CompletableFuture<>();
    Job job = new Job(version, mine);
    Job before = running.putIfAbsent(seat, job);
    if (before != null) {
      if (before.version() == version) return (CompletableFuture<T>) before.result();
      throw busy();
    }
    try {
      pool.execute(() -> {
        started.incrementAndGet();
        try {
          hold.pass();
          mine.complete(work.get());
        } catch (Throwable e) {
          mine.completeExceptionally(e);
        } finally {
          running.remove(seat, job);
        }
      });
    } catch (RejectedExecutionException e) {
      running.remove(seat, job);
      throw busy();
    }
    return (CompletableFuture<T>) mine;
  }

  /**
   * Makes every analysis, once started (counted in {@link #started}) and holding its place,
   * wait until {@code release} is counted down: a test can then show what happens while
   * analyses run, whatever the machine's speed, instead of hoping one outlasts its requests.
   */
  public void holdForTests(java.util.concurrent.CountDownLatch release) {
    hold.holdUntil(release);
  }

  private static Refusal busy() {
    return new Refusal("busy", "the server is still computing your previous request; try again in a moment");
  }

  /** Analyses running or waiting (for tests and metrics). */
  int inFlight() {
    return running.size();
  }

  /** Analyses started since the server started. */
  public int started() {
    return started.get();
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
