package org.jacquet.server.limits;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.jacquet.server.refusal.Refusal;

/**
 * At most {@code max} events per {@code seconds} per key (a client address), as a token
 * bucket: a burst of {@code max}, then refilled evenly. Buckets left full are forgotten by
 * {@link #sweep}, so the map holds only addresses active in the last window.
 */
public final class RateLimiter {
  final String limit;
  final int max;
  final int seconds;
  /** The time in ns its buckets refill by: the system's, or a test's own so that no test sleeps to see one refill. */
  private final LongSupplier nanos;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  public RateLimiter(String limit, int max, int seconds) {
    this(limit, max, seconds, System::nanoTime);
  }

  public RateLimiter(String limit, int max, int seconds, LongSupplier nanos) {
    this.limit = limit;
    this.max = max;
    this.seconds = seconds;
    this.nanos = nanos;
  }

  /** Takes one event for {@code key}, or refuses with {@code too-many} naming this limit. */
  public void acquire(String key) {
    Bucket b = buckets.computeIfAbsent(key, k -> bucket());
    if (!b.tryTake()) throw refusal();
  }

  Refusal refusal() {
    return new Refusal("too-many", Map.of("limit", limit, "max", max, "seconds", seconds),
        "too many " + limit + ": at most " + max + " per " + seconds + " s; try again shortly");
  }

  /** A bucket of its own (e.g. one socket's), not kept in this limiter's map. */
  public Bucket bucket() {
    return new Bucket(max, max / (double) Math.max(1, seconds) / 1e9, nanos);
  }

  /** Forgets buckets that have refilled (their keys were idle a whole window). */
  public void sweep() {
    long now = nanos.getAsLong();
    buckets.values().removeIf(b -> b.full(now));
  }

  public int size() {
    return buckets.size();
  }

  public static final class Bucket {
    private final int capacity;
    private final double perNano;
    private final LongSupplier nanos;
    private double tokens;
    private long last;

    private Bucket(int capacity, double perNano, LongSupplier nanos) {
      this.capacity = capacity;
      this.perNano = perNano;
      this.nanos = nanos;
      this.tokens = capacity;
      this.last = nanos.getAsLong();
    }

    /** Another bucket refilled by the same clock. */
    public Bucket alike(int capacity, double perNano) {
      return new Bucket(capacity, perNano, nanos);
    }

    /** The burst it allows. */
    public int capacity() {
      return capacity;
    }

    public synchronized boolean tryTake() {
      refill(nanos.getAsLong());
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    }

    /** How far past empty the bucket was pushed (refused events not yet forgiven). */
    synchronized boolean full(long now) {
      refill(now);
      return tokens >= capacity;
    }

    private void refill(long now) {
      tokens = Math.min(capacity, tokens + (now - last) * perNano);
      last = now;
    }
  }
}
