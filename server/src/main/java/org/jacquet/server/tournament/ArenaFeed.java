package org.jacquet.server.tournament;

import io.javalin.http.sse.SseClient;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jacquet.server.identity.Player;

/**
 * The arenas' pages, pushed to ({@code GET /api/arenas/{id}/events}, server-sent events): each
 * watcher is sent its arena as {@code GET /api/arenas/{id}} shows it (its own {@code me}) at once,
 * then again whenever the arena's version moves (a join, a leave, a pairing, a match's end — on
 * any process: the version is read from the database every {@link #TICK_MILLIS}) or its status
 * does (the start, the end). An open page is a joined player's presence: said to the database
 * every few seconds, so that only players there are paired.
 */
public final class ArenaFeed implements AutoCloseable {
  static final long TICK_MILLIS = 250;
  /** A comment this often keeps a quiet stream from the connection's idle timeout (30 s). */
  static final long KEEP_ALIVE_MILLIS = 10_000;
  static final long HERE_EVERY_MILLIS = Arenas.PRESENCE_WRITE_MILLIS;

  private static final class Watcher {
    final SseClient client;
    final Player me;
    volatile boolean fresh = true;
    long hereAt;

    Watcher(SseClient client, Player me) {
      this.client = client;
      this.me = me;
    }
  }

  private final Arenas arenas;
  private final Map<String, Set<Watcher>> watchers = new ConcurrentHashMap<>();
  /** What was last sent of each arena watched here: its version and status. */
  private final Map<String, String> sent = new ConcurrentHashMap<>();
  private long keptAliveAt;
  private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "jacquet-arena-feed");
    t.setDaemon(true);
    return t;
  });

  public ArenaFeed(Arenas arenas) {
    this.arenas = arenas;
  }

  public ArenaFeed start() {
    ticker.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    return this;
  }

  /** A page watches arena {@code id} (refused {@code no-arena} before the stream opens). */
  public void watch(SseClient client, String id, Player me) {
    arenas.get(id);
    Watcher w = new Watcher(client, me);
    client.keepAlive();
    client.onClose(() -> watchers.computeIfPresent(id, (k, set) -> {
      set.remove(w);
      return set.isEmpty() ? null : set;
    }));
    watchers.computeIfAbsent(id, k -> ConcurrentHashMap.newKeySet()).add(w);
  }

  /** How many pages watch an arena here. */
  public int watching() {
    return watchers.values().stream().mapToInt(Set::size).sum();
  }

  /** One line when the feed starts failing (its database gone), one when it works again. */
  private final org.jacquet.server.telemetry.OutageLog outage = new org.jacquet.server.telemetry.OutageLog("the arenas' feed");

  private void tick() {
    try {
      long now = arenas.time().now();
      boolean keepAlive = now - keptAliveAt >= KEEP_ALIVE_MILLIS;
      if (keepAlive) keptAliveAt = now;
      sent.keySet().retainAll(watchers.keySet());
      for (var e : watchers.entrySet()) send(e.getKey(), e.getValue(), now, keepAlive);
      outage.worked();
    } catch (RuntimeException e) {
      outage.failed(e);
    }
  }

  private void send(String id, Set<Watcher> set, long now, boolean keepAlive) {
    for (Watcher w : set) {
      if (w.me != null && now - w.hereAt >= HERE_EVERY_MILLIS) {
        w.hereAt = now;
        arenas.here(id, w.me);
      }
    }
    Arena a = arenas.find(id).orElse(null);
    if (a == null) return;
    String key = arenas.version(id) + "/" + a.status(now).key;
    boolean changed = !key.equals(sent.put(id, key));
    List<ArenaScoring.Standing> standings = null;
    List<Arenas.Game> games = null;
    for (Watcher w : set) {
      if (changed || w.fresh) {
        if (standings == null) {
          standings = arenas.standings(id);
          games = arenas.games(id);
        }
        w.fresh = false;
        w.client.sendEvent("arena", ArenaView.of(a, standings, games, w.me, now).toString());
      } else if (keepAlive) {
        w.client.sendComment("alive");
      }
    }
  }

  @Override
  public void close() {
    ticker.shutdownNow();
    for (Set<Watcher> set : watchers.values()) for (Watcher w : set) w.client.close();
  }
}
