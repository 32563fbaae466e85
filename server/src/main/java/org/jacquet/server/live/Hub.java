package org.jacquet.server.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.websocket.api.Session;
import org.jacquet.engine.Side;
import org.jacquet.server.game.GameRoom;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.StateView;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.limits.RateLimiter;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * The one owner of the game sockets and of fan-out. The state of a game is read under its lock
 * (in memory, no I/O), then written to each connection outside it, through the connection's
 * bounded queue: no socket can make a game wait. A connection gets a full {@code state} when it
 * joins or says hello, then only {@code change}s: the turn as it is now and the new events.
 * Entries live exactly as long as their socket.
 */
public final class Hub {
  private final GameService games;
  private final Limits limits;
  private final RateLimiter messageRate;
  /** Sockets opened per address (a reconnect loop costs a database read each time). */
  private final RateLimiter connectRate;
  private final Map<String, Set<Connection>> byGame = new ConcurrentHashMap<>();
  private final Map<String, Integer> byAddress = new ConcurrentHashMap<>();
  /**
   * For the games with a socket here: since when (server ms) this process has watched the game,
   * and when each seat's last socket left it ("id|side"). Together they say how long a seat has
   * been empty, as far as this process can tell (an untimed game's claim); forgotten with the
   * game's last socket.
   */
  private final Map<String, Long> watchedSince = new ConcurrentHashMap<>();
  private final Map<String, Long> leftAt = new ConcurrentHashMap<>();
  private final AtomicLong seq = new AtomicLong();
  private final Presence remote = new Presence();
  /** Games whose change is waiting to be fanned out: several changes in a row go out as one. */
  private final Map<String, Boolean> dirty = new ConcurrentHashMap<>();
  private final java.util.concurrent.ExecutorService fanout = java.util.concurrent.Executors.newFixedThreadPool(2, r -> {
    Thread t = new Thread(r, "jacquet-fanout");
    t.setDaemon(true);
    return t;
  });
  private volatile java.util.function.BiConsumer<String, Map<Side, Integer>> presenceChanged = (id, counts) -> {};

  /** With the rates' buckets refilled by {@code rateClock} (ns; a test's own clock). */
  public Hub(GameService games, Limits limits, java.util.function.LongSupplier rateClock) {
    this.games = games;
    this.limits = limits;
    this.messageRate = new RateLimiter("messages", limits.messagesPerSecond(), 1, rateClock);
    this.connectRate = new RateLimiter("connects", limits.connectsPerMinute(), limits.windowSeconds(), rateClock);
  }

  /** Forgets the connect-rate buckets of addresses idle a whole window. */
  public void sweep() {
    connectRate.sweep();
  }

  /** Addresses with a connect-rate bucket (for tests of bounded memory). */
  public int connectBuckets() {
    return connectRate.size();
  }

  /** Told with a game's local seat counts each time a seat connects or leaves (for other processes). */
  public void onPresence(java.util.function.BiConsumer<String, Map<Side, Integer>> listener) {
    this.presenceChanged = listener;
  }

  public Presence remote() {
     return remote;
  }

  /**
   * A new socket to game {@code id}: refused (with the reason) past the address's rate of sockets
   * opened, for an unknown game, or past the address's limit of open sockets; otherwise registered. It is sent the game once it says hello (with
   * its seat token or without, to watch), so a player never sees a spectator's view first.
   */
  public Connection join(String id, String address, java.util.Locale language, Session session) {
    connectRate.acquire(address); // before anything else: a reconnect loop is refused cheaply
    games.readLocal(id, room -> room.id); // refuses an unknown game before anything is kept
    Connection c = open(id, address, language, session);
    Set<Connection> set = byGame.compute(id, (k, s) -> {
      Set<Connection> out = s != null ? s : ConcurrentHashMap.newKeySet();
      out.add(c);
      watchedSince.putIfAbsent(id, System.currentTimeMillis());
      return out;
    });
    if (spectators(set) > limits.spectatorsPerGame()) {
      // Kept only until it proves a seat: players must always get in, however many watch.
      c.waitingForSeat = true;
    }
    return c;
  }

  /**
   * A socket to something other than a game ({@code what}: the lobby's), under the same limits
   * per address (sockets opened, sockets open); {@link #leave} forgets it.
   */
  public Connection admit(String what, String address, java.util.Locale language, Session session) {
    connectRate.acquire(address);
    return open(what, address, language, session);
  }

  /** Counts a new socket against its address's open sockets (refused past the limit) and makes its connection. */
  private Connection open(String id, String address, java.util.Locale language, Session session) {
    int[] open = {0};
    byAddress.compute(address, (k, n) -> {
      open[0] = n == null ? 0 : n;
      return open[0] >= limits.socketsPerAddress() ? n : open[0] + 1;
    });
    if (open[0] >= limits.socketsPerAddress()) {
      throw new Refusal("too-many", Map.of("limit", "sockets", "max", limits.socketsPerAddress(), "seconds", 0),
          "too many open connections from your address (at most " + limits.socketsPerAddress() + ")");
    }
    return new Connection(id, address, language, session, limits.queueBytes(), messageRate.bucket());
  }

  /** How many sockets here watch game {@code id} (greeted, without a seat). */
  public int watching(String id) {
    Set<Connection> set = byGame.get(id);
    return set == null ? 0 : (int) set.stream().filter(c -> c.greeted && c.side == null).count();
  }

  private static long spectators(Set<Connection> set) {
    return set.stream().filter(c -> c.side == null && !c.waitingForSeat).count();
  }

  /** The socket closed: forget it; tell the others only if a player left. */
  public void leave(Connection c) {
    c.closed();
    byAddress.computeIfPresent(c.address, (k, n) -> n <= 1 ? null : n - 1);
    byGame.computeIfPresent(c.gameId, (k, s) -> {
      s.remove(c);
      if (s.isEmpty()) {
        watchedSince.remove(k);
        for (Side x : Side.values()) leftAt.remove(k + "|" + x.key());
      }
      return s.isEmpty() ? null : s;
    });
    Side side = c.side;
    if (side != null && !seated(c.gameId, side)) {
      left(c.gameId, side);
      presenceChanged.accept(c.gameId, seatCounts(c.gameId));
       changed(c.gameId, false);
    }
  }

  /** {@code hello}: sit at the seat of {@code tokenHash} (or watch), and get the full state. */
  public void hello(Connection c, String presentedHash) {
    String presented = presentedHash != null || c.greeted ? presentedHash : accountSeat(c);
    // The room held here answers (no query per hello, however many come); a seat's token changes
    // only when an invitation is taken, which goes to the stored game.
    Side side = presented == null ? null : games.readLocal(c.gameId, room -> room.sideOf(presented));
    if (presented != null && side == null) throw new Refusal("bad-token", "this seat token does not belong to this game");
    if (c.greeted) {
      // One seat per socket, from its first hello: a socket that changed seats at will would
      // leave the others' view of who is connected wrong, and make them a message per change.
      if (side != c.side) {
        throw new Refusal("one-seat", "a socket keeps the seat of its first hello; open another one to sit elsewhere or to watch");
      }
      sendFull(c); // the same seat again: its full state, to it alone
      return;
    }
    String tokenHash = presented;
    Side invited = side;
    if (side != null && games.readLocal(c.gameId, room -> room.openInvitation() == invited)) {
      // The first to come with the invitation takes its seat, under a token of its own.
      String own = takeInvitation(c.gameId, presented);
      tokenHash = Tokens.sha256(own);
      c.send(StateView.JSON.createObjectNode().put("type", "seat").put("token", own).toString());
    }
    if (side == null && c.waitingForSeat) {
      c.send(Problems.sent(new Refusal("too-many", Map.of("limit", "spectators", "max", limits.spectatorsPerGame(), "seconds", 0),
          "this game has as many spectators as it can take (" + limits.spectatorsPerGame() + "); try again later"), true, c.language).toString());
      c.drop(Connection.FLOODING, "too-many");
      return;
    }
    c.waitingForSeat = false;
    c.greeted = true;
    boolean arrived = side != null && !seated(c.gameId, side);
    c.tokenHash = tokenHash;
    c.side = side;
    if (arrived) {
      presenceChanged.accept(c.gameId, seatCounts(c.gameId));
       changed(c.gameId, false); // the others see the player connected; this one gets a full state below
    }
    sendFull(c);
  }

  /**
   * A correspondence game's seat is its account's: a browser of theirs without its key is given
   * one ({@code seat}, as an invitation's taker is) and its hash returned; null for anyone else.
   */
  private String accountSeat(Connection c) {
    if (c.viewerId == null) return null;
    String own = games.seatKeyFor(c.gameId, c.viewerId);
    if (own == null) return null;
    c.send(StateView.JSON.createObjectNode().put("type", "seat").put("token", own).toString());
    return Tokens.sha256(own);
  }

  /** Times a hello tries to take an invitation's seat while other processes store the game meanwhile. */
  private static final int TAKE_ATTEMPTS = 3;

  /**
   * The invitation's seat taken, tried again when another process stored the game in between
   * ({@code conflict}: nothing was taken) — the host playing on another process while the friend
   * arrives; after {@link #TAKE_ATTEMPTS} the page is told, and says hello again itself.
   */
  private String takeInvitation(String gameId, String presented) {
    for (int attempt = 1; ; attempt++) {
      try {
        return games.takeInvitation(gameId, presented);
      } catch (Refusal e) {
        if (!"conflict".equals(e.code()) || attempt == TAKE_ATTEMPTS) throw e;
      }
    }
  }

  private boolean seated(String id, Side side) {
    Set<Connection> set = byGame.get(id);
    return set != null && set.stream().anyMatch(x -> x.side == side);
  }

  Map<Side, Integer> seatCounts(String id) {
    int w = 0;
    int b = 0;
    for (Connection x : byGame.getOrDefault(id, Set.of())) {
      if (x.side == Side.WHITE) w++;
      else if (x.side == Side.BLACK) b++;
    }
    return Map.of(Side.WHITE, w, Side.BLACK, b);
  }

  public boolean isConnected(String id, Side side) {
    return seated(id, side) || remote.connected(id, side);
  }

  /** {@code side}'s last socket to game {@code id} left (here, or on another process as it told). */
  void left(String id, Side side) {
    if (byGame.containsKey(id)) leftAt.put(id + "|" + side.key(), System.currentTimeMillis());
  }

  /**
   * How long {@code side}'s seat of game {@code id} has had no socket, as far as this process
   * can tell (since it left, or since this process started watching the game); -1 while a socket
   * sits there, or when nobody here watches the game.
   */
  long absentMillis(String id, Side side) {
    Long since = watchedSince.get(id);
    if (since == null || isConnected(id, side)) return -1;
    return System.currentTimeMillis() - Math.max(since, leftAt.getOrDefault(id + "|" + side.key(), 0L));
  }

  /** Sends {@code message} to the sockets of game {@code id} that read {@code room}: the seated, or the spectators. */
  void chat(String id, org.jacquet.server.chat.ChatRoom room, String message) {
    for (Connection c : byGame.getOrDefault(id, Set.of())) {
      if (c.greeted && !c.waitingForSeat && org.jacquet.server.chat.ChatRoom.of(c.side != null) == room) c.send(message);
    }
  }

  /** How many seats of games have a player connected here (a player of two games counts twice). */
  public int seatsTaken() {
    int n = 0;
    for (Map<Side, Integer> counts : localSeats().values()) {
      for (int c : counts.values()) if (c > 0) n++;
    }
    return n;
  }

  /** Games with a seated connection here, with their counts (for the presence heartbeat). */
  public Map<String, Map<Side, Integer>> localSeats() {
    Map<String, Map<Side, Integer>> out = new java.util.HashMap<>();
    for (String id : byGame.keySet()) {
      Map<Side, Integer> counts = seatCounts(id);
      if (counts.get(Side.WHITE) + counts.get(Side.BLACK) > 0) out.put(id, counts);
    }
    return out;
  }

  /** Sends {@code c} the whole game as it sees it now. */
  void sendFull(Connection c) {
    // As stored: another process may have moved the game on while nobody here watched it.
    Snapshot s = snapshot(c.gameId, true, c.side == null ? 2 : c.side.ordinal());
    if (s != null) deliver(c, s, true);
    boolean missed;
    synchronized (c) {
      missed = c.missedChange;
      c.missedChange = false;
    }
    if (missed) changed(c.gameId, false); // a change that came while its full state was being made
  }

  /**
   * The game changed (or who is connected did): each connection gets the change, from the
   * fan-out threads (the caller, often the player who acted, does not wait for the sockets).
   * {@code checkStored}: look at the stored game (another process changed it).
   */
  public void changed(String id, boolean checkStored) {
    if (!byGame.containsKey(id)) return;
    boolean[] due = {false};
    dirty.compute(id, (k, stored) -> {
      due[0] = stored == null;
      return stored == null ? checkStored : stored || checkStored;
    });
    if (!due[0]) return; // a fan-out of this game is already due: it will show this change too
    try {
      fanout.execute(() -> {
        Boolean stored = dirty.remove(id);
        Set<Connection> set = byGame.get(id);
        if (set == null || set.isEmpty()) return;
        Snapshot s = snapshot(id, stored != null && stored, -1);
        if (s == null) return;
        for (Connection c : set) if (c.greeted && !c.waitingForSeat) deliver(c, s, false);
      });
    } catch (java.util.concurrent.RejectedExecutionException e) {
      dirty.remove(id); // stopping
    }
  }

  /**
   * The views of the game (for White, Black and spectators, or only {@code only}), read under
   * the game's lock, numbered.
   */
  private Snapshot snapshot(String id, boolean checkStored, int only) {
    java.util.function.Function<GameRoom, Snapshot> read = room -> {
      long n = seq.incrementAndGet();
      ObjectNode[] views = new ObjectNode[3];
      for (int i = 0; i < 3; i++) {
        if (only >= 0 && i != only) continue;
        views[i] = StateView.of(room, i == 2 ? null : Side.values()[i], side -> isConnected(id, side));
        absence(room, views[i]);
        views[i].put("seq", n);
      }
      return new Snapshot(n, room.version, room.match.games().size(), views);
    };
    try {
      return checkStored ? games.read(id, read) : games.readLocal(id, read);
    } catch (Refusal e) {
      return null; // the game is gone or storage fails: nothing to show now
    }
  }

  /**
   * In an untimed game between people: how long each empty seat has been empty here
   * ({@code players.<side>.absentFor}, ms) and after how long its opponent may claim the game
   * ({@code claimAfter}); the page counts on from them.
   */
  private void absence(GameRoom room, ObjectNode view) {
    if (room.clock() != null || room.hasComputer() || room.match.game().isOver()) return;
    view.put("claimAfter", games.claimAfterMillis());
    for (Side s : Side.values()) {
      if (s == room.openInvitation()) continue; // never came: not gone, and nothing to claim from it
      long absent = absentMillis(room.id, s);
      if (absent >= 0) ((ObjectNode) view.get("players").get(s.key())).put("absentFor", absent);
    }
  }

  private void deliver(Connection c, Snapshot s, boolean full) {
    synchronized (c) {
      // Changes only once the connection has had its full state (a change racing ahead of the
      // hello's answer would make that answer look old, and the page would have nothing).
      if (!full && c.sentSeq < 0) {
        c.missedChange = true; // sent again once the full state is out (sendFull)
        return;
      }
      // A newer view was already sent to this connection (an older version, read from a room
      // this process held before reloading it, is never sent after a newer one).
      if (s.version < c.sentVersion || (s.version == c.sentVersion && s.seq <= c.sentSeq)) return;
      int index = c.side == null ? 2 : c.side.ordinal();
      int events = s.views[index].get("events").size();
      int from = full || c.sentGame != s.game || c.sentEvents > events ? 0 : c.sentEvents;
      String text = full ? s.full(index) : s.change(index, from);
      c.sentSeq = s.seq;
      c.sentVersion = s.version;
      c.sentGame = s.game;
      c.sentEvents = events;
      c.send(text);
    }
  }

  public int connections() {
    int n = 0;
    for (Set<Connection> s : byGame.values()) n += s.size();
    return n;
  }

  /** Lobby sockets open here (counted in {@link #connections} too, under the lobby's own key). */
  public int lobbyConnections() {
    Set<Connection> s = byGame.get(LobbySocket.PATH);
    return s == null ? 0 : s.size();
  }

  public int gamesWatched() {
    return byGame.size();
  }

  public int addresses() {
    return byAddress.size();
  }

  public void closeAll() {
    fanout.shutdownNow();
    for (Set<Connection> s : byGame.values()) for (Connection c : s) c.drop(1001, "server stopping");
  }

  /** One moment of a game as each kind of viewer sees it; messages serialized once per shape. */
  private static final class Snapshot {
    final long seq;
    final int version;
    final int game;
    final ObjectNode[] views;
    private final Map<Long, String> texts = new ConcurrentHashMap<>();

    Snapshot(long seq, int version, int game, ObjectNode[] views) {
      this.seq = seq;
      this.version = version;
      this.game = game;
      this.views = views;
    }

    String full(int index) {
      return texts.computeIfAbsent((long) index << 32 | 0xFFFFFFFFL, k -> views[index].toString());
    }

    String change(int index, int from) {
      return texts.computeIfAbsent((long) index << 32 | from, k -> {
        ObjectNode view = views[index];
        ObjectNode o = StateView.JSON.createObjectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = view.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          if (!e.getKey().equals("events")) o.set(e.getKey(), e.getValue());
        }
        o.put("type", "change");
        o.put("eventsFrom", from);
        ArrayNode all = (ArrayNode) view.get("events");
        ArrayNode added = o.putArray("events");
        for (int i = from; i < all.size(); i++) added.add(all.get(i));
        return o.toString();
      });
    }
  }

  /**
   * Players connected to other server processes, as they announce it: absolute counts with a
   * time to live, renewed by each process's heartbeat, so a process that dies stops counting.
   */
  public static final class Presence {
    /**
     * How long a process's word counts without being renewed: 30 s (tests shorten it with
     * {@code -Djacquet.presenceTtlMillis=N}); each process renews its word every third of it.
     */
    static final long TTL_MILLIS = Math.max(300, Long.getLong("jacquet.presenceTtlMillis", 30_000));
    public static final long RENEW_MILLIS = TTL_MILLIS / 3;
    private record Seen(int count, long until) {}
    private final Map<String, Map<String, Seen>> byGame = new ConcurrentHashMap<>();
    /** Each other process's players online (the lobby's count), by its origin. */
    private final Map<String, Seen> online = new ConcurrentHashMap<>();
    private final long ttlMillis;
    /** The time in ms (the system's; a test's own clock, so that no test sleeps to see a word expire). */
    private final java.util.function.LongSupplier clock;

    Presence() {
      this(TTL_MILLIS, System::currentTimeMillis);
    }

    Presence(long ttlMillis, java.util.function.LongSupplier clock) {
      this.ttlMillis = ttlMillis;
      this.clock = clock;
    }

    /** Process {@code origin} has {@code count} sockets at {@code side} of game {@code id}. */
    public void heard(String origin, String id, Side side, int count) {
      String key = origin + "|" + side.key();
      if (count <= 0) {
        byGame.computeIfPresent(id, (k, m) -> {
          m.remove(key);
          return m.isEmpty() ? null : m;
        });
      } else {
        byGame.computeIfAbsent(id, k -> new ConcurrentHashMap<>()).put(key, new Seen(count, clock.getAsLong() + ttlMillis));
      }
    }

    /** Process {@code origin} has {@code count} players online (in its lobby or seated at a game). */
    public void heardOnline(String origin, int count) {
      if (count <= 0) online.remove(origin);
      else online.put(origin, new Seen(count, clock.getAsLong() + ttlMillis));
    }

    /** The players online the other processes announced, of those whose word still counts. */
    public int online() {
      long now = clock.getAsLong();
      long sum = 0;
      for (Seen seen : online.values()) if (seen.until() > now) sum += seen.count();
      return (int) Math.min(Integer.MAX_VALUE, sum);
    }

    boolean connected(String id, Side side) {
      Map<String, Seen> m = byGame.get(id);
      if (m == null) return false;
      long now = clock.getAsLong();
      String suffix = "|" + side.key();
      return m.entrySet().stream().anyMatch(e -> e.getKey().endsWith(suffix) && e.getValue().until() > now);
    }

    /** Forgets what expired; returns the games whose presence changed (to tell their sockets). */
    public Set<String> expire() {
      long now = clock.getAsLong();
       Set<String> changed = new java.util.HashSet<>();
      online.values().removeIf(s -> s.until() <= now);
      for (Map.Entry<String, Map<String, Seen>> e : byGame.entrySet()) {
        if (e.getValue().values().removeIf(s -> s.until() <= now)) changed.add(e.getKey());
        if (e.getValue().isEmpty()) byGame.remove(e.getKey(), e.getValue());
      }
       return changed;
    }
  }
}
