package org.jacquet.server.lobby;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.jacquet.server.rating.Glicko2;
import org.jacquet.server.rating.PlayerRatings;
import org.jacquet.server.rating.Ratings;

/**
 * What the lobby sockets are shown, pushed — never polled by the page: the open challenges,
 * how many wait in each quick-pairing pool, the games being played (most interesting first) and
 * how many players are online. Read from the database every {@link #TICK_MILLIS} while someone
 * listens here (so seeks of other processes show too), serialized once and sent only when it
 * changed; a player's direct challenges are added to its own copy. Lists are capped, so a
 * message stays small however busy the lobby is.
 */
public final class LobbyFeed implements AutoCloseable {
  /** The tick's failures (the database down): one line an outage, not one a tick. */
  private final org.jacquet.server.telemetry.OutageLog ticks = new org.jacquet.server.telemetry.OutageLog("the lobby's tick");
  static final long TICK_MILLIS = 250;
  /** The played games' list is read this often (scores and spectators move slowly). */
  static final long GAMES_EVERY_MILLIS = 2000;
  public static final int MAX_SEEKS_SHOWN = 50;
  public static final int MAX_GAMES_SHOWN = 20;
  static final ObjectMapper JSON = new ObjectMapper();

  /** A game being played, as the lobby lists it; each side's rating in the game's pool, or null (a guest). */
  public record Played(String id, String white, String black, String rules, int matchLength, String time,
      boolean rated, int whiteScore, int blackScore, int spectators, Glicko2.Rating whiteRating, Glicko2.Rating blackRating) {}

  /** No rating known for the posters (each seek is shown without one). */
  static final Map<String, PlayerRatings.Pools> NO_RATINGS = Map.of();

  private final Lobby lobby;
  private final Supplier<List<Played>> played;
  private final LongSupplier clock;
  private final java.util.function.IntSupplier online;
  private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "jacquet-lobby");
    t.setDaemon(true);
    return t;
  });
  private volatile boolean dirty = true;
  /** Each section of the lobby as last sent (its JSON text), by name: a tick sends only those that changed. */
  private Map<String, String> lastSections = Map.of();
  /** The direct challenges last sent to each player here who has some (JSON text). */
  private Map<String, String> lastDirect = Map.of();
  private static final String NO_DIRECT = "[]";
  /** Sockets sent the whole lobby once: from then on they get only what changed (touched by the tick alone). */
  private final java.util.Set<Lobby.Listener> shown = new java.util.HashSet<>();
  /** Sockets that said hello since the last tick: they get the lobby as it is, changed or not. */
  private final java.util.Set<Lobby.Listener> greeted = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private List<Played> games = List.of();
  private long gamesReadAt;
  private long upkeepAt;
  private long pairedAt;

  /** {@code online}: how many players are connected here, in the lobby or at a game. */
  public LobbyFeed(Lobby lobby, Supplier<List<Played>> played, java.util.function.IntSupplier online, LongSupplier clock) {
    this.lobby = lobby;
    this.online = online;
    this.played = played;
    this.clock = clock;
    lobby.onChange(() -> dirty = true);
  }

  /** Starts the ticks: the feed, the pairing waves (every second) and the upkeep (every few seconds). */
  public LobbyFeed start() {
    ticker.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    return this;
  }

  /** A socket said hello: it is sent the lobby on the next tick. */
  public void greet(Lobby.Listener l) {
    greeted.add(l);
  }

  /** Something changed elsewhere (another process): show it on the next tick. */
  public void changed() {
    dirty = true;
  }

  private void tick() {
    try {
      long now = clock.getAsLong();
      if (now - pairedAt >= 1000) {
        pairedAt = now;
        lobby.pairWave();
      }
      if (now - upkeepAt >= 5000) {
        upkeepAt = now;
        lobby.upkeep();
      }
      // A socket that closed before its first tick is forgotten (one greeted since is kept for the next).
      greeted.removeIf(l -> !lobby.isListening(l));
      List<Lobby.Listener> all = lobby.listeners();
      if (all.isEmpty()) {
        lastDirect = Map.of();
        shown.clear();
        return;
      }
      if (now - gamesReadAt >= GAMES_EVERY_MILLIS) {
        gamesReadAt = now;
        games = played.get();
        dirty = true;
      }
      if (!dirty && greeted.isEmpty()) return;
      dirty = false;
      send(all, now);
      ticks.worked();
    } catch (RuntimeException e) {
      ticks.failed(e);
    }
  }

  private void send(List<Lobby.Listener> all, long now) {
    List<Seek> waiting = lobby.seeks().waiting(now);
    // Read only when something is sent (a change, a new socket), not every tick.
    Map<String, PlayerRatings.Pools> ratings = lobby.seeks().posterRatings(waiting, now);
    ObjectNode shared = snapshot(waiting, games, online.getAsInt(), ratings);
    // Each section's text, to send only those that changed since the last tick.
    ObjectNode changed = JSON.createObjectNode().put("type", "lobby");
    Map<String, String> sections = new HashMap<>();
    shared.fields().forEachRemaining(f -> {
      String text = f.getValue().toString();
      sections.put(f.getKey(), text);
      if (!text.equals(lastSections.get(f.getKey()))) changed.set(f.getKey(), f.getValue());
    });
    lastSections = sections;
    Map<String, ArrayNode> direct = new HashMap<>();
    for (Seek s : waiting) {
      if (s.kind() != Seek.Kind.DIRECT) continue;
      direct.computeIfAbsent(s.poster().id(), k -> JSON.createArrayNode()).add(seek(s, ratings));
      direct.computeIfAbsent(s.target().id(), k -> JSON.createArrayNode()).add(seek(s, ratings));
    }
    shown.removeIf(l -> !lobby.isListening(l));
    String fullShared = null;
    String delta = changed.size() > 1 ? changed.toString() : null;
    Map<String, String> nowDirect = new HashMap<>();
    for (var e : direct.entrySet()) nowDirect.put(e.getKey(), e.getValue().toString());
    for (Lobby.Listener l : all) {
      String id = l.player().id();
      String mine = nowDirect.getOrDefault(id, NO_DIRECT);
      if (greeted.remove(l) || !shown.contains(l)) {
        // A socket new here (or saying hello again): the whole lobby, its direct challenges too.
        if (mine.equals(NO_DIRECT) && fullShared != null) {
          l.send(fullShared);
        } else {
          ObjectNode full = shared.deepCopy();
          full.set("direct", direct.getOrDefault(id, JSON.createArrayNode()));
          String text = full.toString();
          if (mine.equals(NO_DIRECT)) fullShared = text;
          l.send(text);
        }
        shown.add(l);
      } else if (!mine.equals(lastDirect.getOrDefault(id, NO_DIRECT))) {
        ObjectNode personal = changed.deepCopy();
        personal.set("direct", direct.getOrDefault(id, JSON.createArrayNode()));
        l.send(personal.toString());
      } else if (delta != null) {
        l.send(delta);
      }
    }
    nowDirect.keySet().retainAll(connectedIds(all));
    lastDirect = nowDirect;
  }

  private static java.util.Set<String> connectedIds(List<Lobby.Listener> all) {
    java.util.Set<String> ids = new java.util.HashSet<>();
    for (Lobby.Listener l : all) ids.add(l.player().id());
    return ids;
  }

  /** The message every lobby socket is sent (direct challenges apart). */
  static ObjectNode snapshot(List<Seek> waiting, List<Played> played, int online, Map<String, PlayerRatings.Pools> ratings) {
    ObjectNode o = JSON.createObjectNode().put("type", "lobby").put("online", online);
    ArrayNode times = o.putArray("timeControls");
    for (var t : org.jacquet.server.clock.TimeControl.PRESETS) times.add(t.toString());
    ArrayNode seeks = o.putArray("seeks");
    Map<String, Integer> pools = new TreeMap<>();
    List<Seek> open = new ArrayList<>();
    for (Seek s : waiting) {
      if (s.kind() == Seek.Kind.POOL) pools.merge(s.timeControl().toString(), 1, Integer::sum);
      if (s.kind() == Seek.Kind.OPEN) open.add(s);
    }
    for (Seek s : listed(open, MAX_SEEKS_SHOWN)) seeks.add(seek(s, ratings));
    ObjectNode pool = o.putObject("pools");
    pools.forEach(pool::put);
    ArrayNode games = o.putArray("games");
    List<Played> sorted = new ArrayList<>(played);
    sorted.sort(INTEREST);
    for (Played p : sorted.subList(0, Math.min(MAX_GAMES_SHOWN, sorted.size()))) {
      ObjectNode g = games.addObject().put("id", p.id()).put("white", p.white()).put("black", p.black()).put("rules", p.rules())
          .put("match", p.matchLength()).put("time", p.time()).put("rated", p.rated())
          .put("whiteScore", p.whiteScore()).put("blackScore", p.blackScore()).put("spectators", p.spectators());
      if (p.whiteRating() != null) g.set("whiteRating", PlayerRatings.json(p.whiteRating()));
      if (p.blackRating() != null) g.set("blackRating", PlayerRatings.json(p.blackRating()));
    }
    return o;
  }

  /**
   * The open challenges listed when there are more than {@code max}, oldest first: every poster's
   * oldest challenge before anyone's second (a poster with three waiting does not push out
   * three others), and past {@code max} posters, the oldest half and the newest half, so that a
   * challenge just posted is listed too, not only those that came first. {@code open}: oldest first.
   */
  static List<Seek> listed(List<Seek> open, int max) {
    if (open.size() <= max) return open;
    Map<String, Integer> rank = new HashMap<>();
    List<List<Seek>> rounds = new ArrayList<>(); // round k: each poster's (k+1)-th oldest, oldest first
    for (Seek s : open) {
      int k = rank.merge(s.poster().id(), 1, Integer::sum) - 1;
      if (k == rounds.size()) rounds.add(new ArrayList<>());
      rounds.get(k).add(s);
    }
    List<Seek> chosen = new ArrayList<>();
    for (List<Seek> round : rounds) {
      int room = max - chosen.size();
      if (round.size() <= room) {
        chosen.addAll(round);
        continue;
      }
      int newest = room / 2;
      chosen.addAll(round.subList(0, room - newest));
      chosen.addAll(round.subList(round.size() - newest, round.size()));
      break;
    }
    chosen.sort(Comparator.comparingLong(Seek::createdAt).thenComparing(Seek::id));
    return chosen;
  }

  /** Most interesting first: rated, then longer matches, then more watched. */
  static final Comparator<Played> INTEREST = Comparator.comparing(Played::rated).reversed()
      .thenComparing(Comparator.comparingInt(Played::matchLength).reversed())
      .thenComparing(Comparator.comparingInt(Played::spectators).reversed())
      .thenComparing(Played::id);

  /** A seek as listed, with its poster's rating in the seek's pool when the poster has one (not a guest). */
  static ObjectNode seek(Seek s, Map<String, PlayerRatings.Pools> ratings) {
    ObjectNode o = JSON.createObjectNode().put("id", s.id()).put("kind", s.kind().key()).put("poster", s.poster().name())
        .put("rules", s.rules()).put("match", s.matchLength()).put("time", s.timeControl().toString())
        .put("colour", s.colour().key()).put("rated", s.rated());
    PlayerRatings.Pools poster = ratings.get(s.poster().id());
    if (poster != null) o.set("posterRating", PlayerRatings.json(poster.in(Ratings.Category.of(s.timeControl().toString()))));
    if (s.target() != null) o.put("target", s.target().name());
    return o;
  }

  /** The message that tells a poster its seek became a game: its seek, the game, its side. */
  static String started(SeekStore.Taken t, String side) {
    ObjectNode o = JSON.createObjectNode().put("type", "start").put("seek", t.seek().id()).put("game", t.gameId());
    if (side != null) o.put("side", side);
    return o.toString();
  }

  @Override
  public void close() {
    ticker.shutdownNow();
  }
}
