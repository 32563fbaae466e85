package org.jacquet.server.limits;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.jacquet.server.refusal.Refusal;

/**
 * At most {@code max} events in any {@code seconds} per key, counted exactly: an event is taken
 * when fewer than {@code max} of the key's taken events are younger than the window. Where the
 * limit is read by people as written ("5 lines per 10 s": the chat), a {@link RateLimiter}'s
 * bucket would let more through (a burst of 5, then one every 2 s: 9 in the first 10 s).
 * Keys idle a whole window are forgotten by {@link #sweep}.
 */
public final class WindowLimiter {
  private final String limit;
  private final int max;
  private final int seconds;
  private final long windowNanos;
  /** The time in ns: the system's, or a test's own that it moves on by hand. */
  private final LongSupplier nanos;
  /** Per key, the times of its taken events still in the window, oldest first (at most {@code max}). */
  private final Map<String, Deque<Long>> taken = new ConcurrentHashMap<>();

  public WindowLimiter(String limit, int max, int seconds, LongSupplier nanos) {
    this.limit = limit;
    this.max = max;
    this.seconds = seconds;
    this.windowNanos = seconds * 1_000_000_000L;
    this.nanos = nanos;
  }

  /** Takes one event for {@code key}, or refuses with {@code too-many} naming this limit (nothing taken). */
  public void acquire(String key) {
    long now = nanos.getAsLong();
    Deque<Long> times = taken.computeIfAbsent(key, k -> new ArrayDeque<>());
    synchronized (times) {
      while (!times.isEmpty() && now - times.peekFirst() >= windowNanos) times.pollFirst();
      if (times.size() >= max) {
        // "what": a window's limit is worded apart (too-many.chat: how many lines, and that the line is kept).
        throw new Refusal("too-many", Map.of("limit", limit, "max", max, "seconds", seconds, "what", limit),
            "too many " + limit + ": at most " + max + " per " + seconds + " s; try again shortly");
      }
      times.addLast(now);
    }
  }

  /** Forgets keys whose newest event has left the window. */
  public void sweep() {
    long now = nanos.getAsLong();
    taken.values().removeIf(times -> {
      synchronized (times) {
        return times.isEmpty() || now - times.peekLast() >= windowNanos;
      }
    });
  }

  public int size() {
    return taken.size();
  }
}
