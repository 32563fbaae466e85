package org.jacquet.ai;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Numbered tasks spread over threads, each thread with its own worker state (bots, buffers),
 * reporting how many are done four times a second. Results depend only on the task numbers.
 */
public final class Parallel {
  /** Runs task {@code i} with the thread's state. */
  public interface Task<S> {
    void run(S state, int i);
  }

  private Parallel() {}

  public static <S> void run(int tasks, int threads, Supplier<S> state, Task<S> task, IntConsumer progress)
      throws InterruptedException {
    AtomicInteger next = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      Future<?>[] workers = new Future<?>[threads];
      for (int t = 0; t < threads; t++) {
        workers[t] = pool.submit(() -> {
          S s = state.get();
          int i;
          while ((i = next.getAndIncrement()) < tasks) {
            task.run(s, i);
            done.incrementAndGet();
          }
          return null;
        });
      }
      for (Future<?> w : workers) {
        while (true) {
          try {
            w.get(250, TimeUnit.MILLISECONDS);
            break;
          } catch (TimeoutException e) {
            if (progress != null) progress.accept(done.get());
          } catch (ExecutionException e) {
            throw new IllegalStateException("a task failed: " + e.getCause(), e.getCause());
          }
        }
      }
    } finally {
      pool.shutdownNow();
    }
    if (progress != null) progress.accept(done.get());
  }
}
