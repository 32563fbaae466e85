package org.jacquet.server.limits;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.jacquet.server.refusal.Refusal;

/**
 * At most {@code max} events per {@code seconds} per key (a client address), as a token
 * bucket: a burst of {@code max}, then refilled evenly. Buckets left full are forgotten by
 * {@link #sweep}, so the map holds only addresses active in the last window.
 *
 * <p>A limiter made {@link #shared} keeps its buckets in a {@link Store} every server process
 * reads (the database), so that two processes behind one proxy give one budget, not two.
 */
public final class RateLimiter {
  final String limit;
  final int max;
  final int seconds;
  /** The time in ns its buckets refill by: the system's, or a test's own so that no test sleeps to see one refill. */
  private final LongSupplier nanos;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();
  /** Where the buckets are kept when every process must see them (null: in this process's memory). */
  private final Store store;
  /** This limiter's name among the store's buckets (two limiters may refuse with the same {@link #limit}). */
  private final String scope;

  /**
   * Buckets kept where every process reads them, as a GCRA: per key one time, {@code fullAt},
   * when the bucket would be full again. Taking an event moves it {@code interval} on from
   * {@code max(fullAt, now)}, unless that puts it more than {@code window} ahead of now (the
   * bucket is empty). One atomic step, so processes racing for the last event get it once.
   */
  public interface Store {
    /** Takes one event for {@code key} of {@code scope} at {@code now} (ns), or false when its bucket is empty. */
    boolean take(String scope, String key, long now, long interval, long window);

    /** Forgets the buckets full again at {@code now}. */
    void sweep(long now);
  }

  /**
   * The wall clock in ns: what a server's limiters refill by, since shared buckets are compared
   * across processes (each JVM's {@link System#nanoTime} has an origin of its own).
   */
  public static final LongSupplier WALL_CLOCK = () -> System.currentTimeMillis() * 1_000_000L;

  public RateLimiter(String limit, int max, int seconds) {
    this(limit, max, seconds, System::nanoTime);
  }

  public RateLimiter(String limit, int max, int seconds, LongSupplier nanos) {
    this(limit, max, seconds, nanos, null, null);
  }

  private RateLimiter(String limit, int max, int seconds, LongSupplier nanos, Store store, String scope) {
    this.limit = limit;
    this.max = max;
    this.seconds = seconds;
    this.nanos = nanos;
    this.store = store;
    this.scope = scope;
  }

  /**
   * A limiter whose buckets are kept in {@code store} under {@code scope}, shared by every process
   * using it: {@code nanos} must then be a wall clock in ns (processes compare its readings), as
   * the server's rate clock is.
   */
  public static RateLimiter shared(String limit, int max, int seconds, LongSupplier nanos, Store store, String scope) {
    return new RateLimiter(limit, max, seconds, nanos, java.util.Objects.requireNonNull(store),
        java.util.Objects.requireNonNull(scope));
  }

  /** Takes one event for {@code key}, or refuses with {@code too-many} naming this limit. */
  public void acquire(String key) {
    if (!tryAcquire(key)) throw refusal();
  }

  /**
   * Refuses with {@code too-many} when this process alone has emptied {@code key}'s bucket, taking
   * nothing: a flood past the limit is turned away before any other work (the event is taken
   * later, once the request proved worth counting).
   */
  public void refuseWhenSpent(String key) {
    Bucket here = buckets.get(key);
    if (here != null && !here.hasOne()) throw refusal();
  }

  /** Takes one event for {@code key} if its bucket has one. */
  public boolean tryAcquire(String key) {
    Bucket here = buckets.computeIfAbsent(key, k -> bucket());
    if (store == null) return here.tryTake();
    // This process's own takes are some of the store's: when they alone emptied the bucket, the
    // store's is empty too, and a flood past the limit is refused without a write to the database.
    if (!here.hasOne()) return false;
    long window = seconds * 1_000_000_000L;
    boolean shared;
    try {
      shared = store.take(scope, key, nanos.getAsLong(), window / max, window);
    } catch (RuntimeException storeFails) {
      // The database fails: this process's own bucket decides alone meanwhile, and the request
      // goes on to the work it asked for, which reads the same database and is refused for it
      // ("storage", 503) — a limit is no reason to answer 500.
      shared = true;
    }
    if (!shared) return false;
    here.tryTake();
    return true;
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
    if (store != null) store.sweep(now); // last: a failing database leaves this process's buckets swept
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

    /** Whether an event could be taken now (nothing is taken). */
    synchronized boolean hasOne() {
      refill(nanos.getAsLong());
      return tokens >= 1;
    }

    /** How far past empty the bucket was pushed (refused events not yet forgiven). */
    synchronized boolean full(long now) {
      refill(now);
      return tokens >= capacity;
    }

    private void refill(long now) {
      // A wall clock set back refills nothing (nor empties the bucket); it goes on from there.
      tokens = Math.min(capacity, tokens + Math.max(0, now - last) * perNano);
      last = now;
    }
  }
}
