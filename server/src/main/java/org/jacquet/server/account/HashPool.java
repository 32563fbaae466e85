package org.jacquet.server.account;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jacquet.server.game.TestHold;
import org.jacquet.server.refusal.Refusal;

/**
 * Where every Argon2 hash of the process runs (sign-up, sign-in, a password checked or changed):
 * a few threads of their own — a quarter of the cores, at least one — and a short queue. A flood
 * of sign-ups then takes at most those cores, never the request threads games and clocks need;
 * past the queue a hash is refused at once ({@code accounts-busy}) instead of waiting without end.
 * Each thread also rests after a hash as long as the hash took (half its core at most: on a
 * 2-core machine, a quarter of the machine), since Java cannot lower one thread's priority.
 */
public final class HashPool {
  /** The process's pool: what the server's accounts hash on. */
  public static final HashPool PROCESS = new HashPool(Math.max(1, Runtime.getRuntime().availableProcessors() / 4), 16);
  /** Longer than any queue of hashes takes: past it the machine is stalled, and the request is answered rather than held. */
  private static final long WAIT_SECONDS = 30;

  private final ThreadPoolExecutor pool;
  /** Holds the hashes when a test wants the pool full. */
  final TestHold hold = new TestHold();

  /** Of each hashing thread's time, the most spent hashing (the rest resting). */
  private final double share;

  /** {@code threads} hashing at once, {@code queued} more waiting; each thread hashes at most half its time. */
  public HashPool(int threads, int queued) {
    this(threads, queued, 0.5);
  }

  /** {@code threads} hashing at once, {@code queued} more waiting; each hashes at most {@code share} (0 to 1) of its time. */
  public HashPool(int threads, int queued, double share) {
    if (!(share > 0 && share <= 1)) throw new IllegalArgumentException("share is above 0 and at most 1");
    this.share = share;
    pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queued), r -> {
      Thread t = new Thread(r, "jacquet-argon2");
      t.setDaemon(true);
      t.setPriority(Thread.MIN_PRIORITY);
      return t;
    });
    pool.allowCoreThreadTimeOut(true);
  }

  /** {@code hash} computed on the pool; refused {@code accounts-busy} when its queue is full. */
  public <T> T run(Supplier<T> hash) {
    Future<T> f;
    try {
      f = pool.submit(() -> {
        hold.pass();
        restOwed();
        long start = System.nanoTime();
        try {
          return hash.get();
        } finally {
          long end = System.nanoTime();
          RESTED_UNTIL.set(end + (long) ((end - start) * (1 - share) / share));
        }
      });
    } catch (RejectedExecutionException e) {
      throw busy();
    }
    try {
      return f.get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) throw r;
      if (e.getCause() instanceof Error err) throw err;
      throw new IllegalStateException(e.getCause());
    } catch (TimeoutException e) {
      f.cancel(true);
      throw busy();
    } catch (InterruptedException e) {
      f.cancel(true);
      Thread.currentThread().interrupt();
      throw busy();
    }
  }

  /**
   * When each hashing thread may hash again: the rest after a hash is taken before the next one,
   * so that it delays the next in the queue, not the answer of the one just computed.
   */
  private static final ThreadLocal<Long> RESTED_UNTIL = ThreadLocal.withInitial(() -> 0L);

  private static void restOwed() {
    long wait;
    while ((wait = RESTED_UNTIL.get() - System.nanoTime()) > 0) java.util.concurrent.locks.LockSupport.parkNanos(wait);
  }

  /** Hashes waiting for a thread (tests wait for the queue they filled). */
  int queued() {
    return pool.getQueue().size();
  }

  /** Hashes being computed now. */
  int running() {
    return pool.getActiveCount();
  }

  private static Refusal busy() {
    return new Refusal("accounts-busy", "too many sign-ins and sign-ups are being checked right now; try again in a few seconds");
  }
}
