package org.jacquet.server.clock;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server's time in ms since the epoch: the one source that game clocks, correspondence
 * deadlines and vacations read. The system's, or one a test sets and moves on by days — whatever
 * waits for a time ({@link FlagTimers}) hears of each move and looks again, so no test sleeps.
 */
public final class ServerTime implements java.util.function.LongSupplier {
  private final AtomicLong offset = new AtomicLong();
  private final boolean movable;
  private final List<Runnable> onMove = new CopyOnWriteArrayList<>();

  private ServerTime(boolean movable, long offset) {
    this.movable = movable;
    this.offset.set(offset);
  }

  /** The system's time. */
  public static ServerTime system() {
    return new ServerTime(false, 0);
  }

  /** The system's time, which {@link #advance} moves on (tests). */
  public static ServerTime movable() {
    return new ServerTime(true, 0);
  }

  /** Now, in ms since the epoch. */
  public long now() {
    return System.currentTimeMillis() + offset.get();
  }

  @Override
  public long getAsLong() {
    return now();
  }

  /** Moves this time on by {@code d} (never back) and tells what waits on it. */
  public void advance(java.time.Duration d) {
    if (!movable) throw new IllegalStateException("the system's time is not moved");
    if (d.isNegative()) throw new IllegalArgumentException("time is moved on, never back");
    offset.addAndGet(d.toMillis());
    for (Runnable r : onMove) r.run();
  }

  /** Runs {@code r} after every {@link #advance}. */
  public void onMove(Runnable r) {
    onMove.add(r);
  }
}
