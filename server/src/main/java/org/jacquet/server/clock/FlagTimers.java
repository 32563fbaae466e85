package org.jacquet.server.clock;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * When each running clock's flag falls: one timer per game whose clock runs (set again at every
 * move, cancelled when it stops), all on one scheduling thread, not a thread per game. A timer
 * that fires hands the game to {@code due} on a small pool (a declaration is a database write; the
 * scheduling thread never waits for one). {@code due} must look at the stored clock itself: a
 * timer is a reminder, never the judge — it may fire for a clock moved on meanwhile, or on two
 * processes at once (the store's version check lets one declaration win).
 */
public final class FlagTimers implements AutoCloseable {
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "jacquet-flags"));
  private final ExecutorService declare = Executors.newFixedThreadPool(2, r -> daemon(r, "jacquet-flag-declare"));
  private final Map<String, Timer> byGame = new java.util.HashMap<>();
  private final Consumer<String> due;
  private final java.util.function.LongSupplier now;
  /** Timers set since the start (guarded by this): only grows, so a test never samples a timer's short life. */
  private long set;

  private record Timer(long at, java.util.concurrent.atomic.AtomicReference<ScheduledFuture<?>> future) {}

  public FlagTimers(Consumer<String> due) {
    this(due, System::currentTimeMillis);
  }

  /** Timers against {@code now} (ms): after {@code now} is moved on, {@link #rearm} sets each again. */
  public FlagTimers(Consumer<String> due, java.util.function.LongSupplier now) {
    this.due = due;
    this.now = now;
  }

  /** Every timer set again against the time as it is now (it was moved on: some may be due). */
  public synchronized void rearm() {
    Map<String, Long> at = new java.util.HashMap<>();
    for (var e : byGame.entrySet()) at.put(e.getKey(), e.getValue().at());
    for (var e : at.entrySet()) {
      cancel(e.getKey());
      set(e.getKey(), e.getValue());
    }
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  /**
   * Game {@code id}'s flag falls at {@code flagAt} (server ms); {@link Long#MAX_VALUE} (a stopped
   * clock) cancels its timer. Setting the same instant again keeps the timer there is.
   */
  public synchronized void set(String id, long flagAt) {
    Timer old = byGame.get(id);
    if (old != null && old.at() == flagAt) return;
    cancel(id);
    if (flagAt == Long.MAX_VALUE) return;
    long wait = Math.max(0, flagAt - now.getAsLong());
    Timer t = new Timer(flagAt, new java.util.concurrent.atomic.AtomicReference<>());
    byGame.put(id, t);
    set++;
    try {
      // Under this object's lock: the timer cannot fire (fire takes it) before it is complete.
      t.future().set(timer.schedule(() -> fire(id, t), wait, TimeUnit.MILLISECONDS));
    } catch (RejectedExecutionException stopping) {
      byGame.remove(id);
    }
  }

  /** Game {@code id}'s clock stopped (or the game left this process): no flag to watch. */
  public synchronized void cancel(String id) {
    Timer old = byGame.remove(id);
    if (old != null && old.future().get() != null) old.future().get().cancel(false);
  }

  private void fire(String id, Timer self) {
    synchronized (this) {
      // Only if it is still this game's timer (a move may have replaced it as it fired).
      if (!byGame.remove(id, self)) return;
    }
    try {
      declare.execute(() -> due.accept(id));
    } catch (RejectedExecutionException stopping) {
      // the server is stopping: the clock is stored, the next start declares it
    }
  }

  /** Timers set since the start: each time a game's flag was given a timer (a move, a change heard). */
  public synchronized long timersSet() {
    return set;
  }

  @Override
  public void close() {
    timer.shutdownNow();
    declare.shutdownNow();
  }
}
