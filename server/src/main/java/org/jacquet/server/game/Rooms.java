package org.jacquet.server.game;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jacquet.engine.Play;
import org.jacquet.engine.Side;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Phase;
import org.jacquet.server.clock.Clock;
import org.jacquet.server.clock.FlagTimers;
import org.jacquet.server.limits.Health;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.GameStore;

/**
 * The games this process holds in memory and their storage: the one seam every concern of a
 * game goes through. A room is read under its lock, every change is stored (version checked)
 * before anything is acknowledged, and a room that fell behind what is stored is rebuilt from
 * its record. What a stored change of a timed game sets going — the flag's timer, the throws
 * the server makes for the side whose turn starts — happens here too, so no change can skip it.
 */
final class Rooms {
  /**
   * How many games this process holds in memory at most. A room is rebuilt from its record when
   * needed, so holding fewer only costs a replay; holding every game anyone looks at (a plain
   * read needs no seat) would let a client fill the memory.
   */
  static final int MAX_ROOMS_HELD = 2000;

  /** At most so many moves made in a row for the clock (each side passing in turn could go on). */
  private static final int MAX_MOVES_IN_A_ROW = 32;

  private final GameStore store;
  private final int maxRoomsHeld;
  private final FlagTimers flags;
  private final Map<String, GameRoom> rooms = new ConcurrentHashMap<>();
  /** The games whose next computer move is on its way: their rooms are never let go meanwhile. */
  private final Set<String> pinned = ConcurrentHashMap.newKeySet();
  private final Health health = new Health();
  private volatile Consumer<String> onChange = id -> {};
  private volatile Consumer<String> afterCommit = id -> {};

  private final org.jacquet.server.clock.ServerTime time;

  Rooms(GameStore store, int maxRoomsHeld, FlagTimers flags, org.jacquet.server.clock.ServerTime time) {
    if (maxRoomsHeld < 1) throw new IllegalArgumentException("maxRoomsHeld must be at least 1");
    this.store = store;
    this.time = time;
    this.maxRoomsHeld = maxRoomsHeld;
    this.flags = flags;
  }

  GameStore store() {
    return store;
  }

  /** The server's time (ms). */
  long now() {
    return time.now();
  }

  void onChange(Consumer<String> listener) {
    this.onChange = listener;
  }

  void afterCommit(Consumer<String> listener) {
    this.afterCommit = listener;
  }

  /** Tells the game's sockets (this process's) that it changed. */
  void changed(String id) {
    onChange.accept(id);
  }

  /** Tells the other processes that the game was stored anew. */
  void committed(String id) {
    afterCommit.accept(id);
  }

  /** Runs {@code f} on the up-to-date room, under its lock. */
  <T> T read(String id, Function<GameRoom, T> f) {
    GameRoom room = fresh(id);
    synchronized (room) {
      return f.apply(room);
    }
  }

  /** Like {@link #read}, on the room this process holds when it holds one (no query). */
  <T> T readLocal(String id, Function<GameRoom, T> f) {
    GameRoom room = rooms.get(id);
    if (room == null) return read(id, f);
    synchronized (room) {
      return f.apply(room);
    }
  }

  /** The room held for {@code id}, or null (not read from storage). */
  GameRoom held(String id) {
    return rooms.get(id);
  }

  /** The room as stored now: cached if no other process changed it, else rebuilt. */
  GameRoom fresh(String id) {
    GameStore.Stamp stamp;
    try {
      stamp = store.stamp(id).orElse(null);
    } catch (RuntimeException e) {
      health.failed("read game", e);
      throw new Refusal("storage", "the game could not be read (the server's storage fails); try again later");
    }
    if (stamp == null) throw noGame(id);
    GameRoom room = rooms.get(id);
    if (room != null) {
      room.lastUsed = System.currentTimeMillis();
      // Compared under the room's lock: a change being stored by this process has finished.
      synchronized (room) {
        if (room.version == stamp.version() && java.util.Objects.equals(room.pending, stamp.pending())) return room;
      }
    }
    GameRoom loaded = store.findTimed(id).map(f -> GameRoom.load(f.row(), f.timing(), time)).orElseThrow(() -> noGame(id));
    loaded.ratings = seatRatings(loaded);
    // Never replace a room with an older one (this process may have stored more meanwhile).
    GameRoom held = rooms.merge(id, loaded, (old, neu) -> old.version > neu.version ? old : neu);
    trim();
    return held;
  }

  /** The seated players' ratings in the game's pool: one query as the room is loaded. */
  private Map<Side, org.jacquet.server.rating.Glicko2.Rating> seatRatings(GameRoom room) {
    Map<Side, String> ids = new java.util.EnumMap<>(Side.class);
    for (Side s : Side.values()) {
      String player = room.ratedPlayerId(s);
      if (player != null) ids.put(s, player);
    }
    if (ids.isEmpty()) return Map.of();
    var pool = org.jacquet.server.rating.Ratings.Category.of(room.row.seats().timeControl());
    var found = org.jacquet.server.rating.PlayerRatings.read(store.database(), ids.values(), time.now());
    Map<Side, org.jacquet.server.rating.Glicko2.Rating> out = new java.util.EnumMap<>(Side.class);
    ids.forEach((side, player) -> out.put(side, found.get(player).in(pool)));
    return Map.copyOf(out);
  }

  static Refusal noGame(String id) {
    String shown = id.length() > 40 ? id.substring(0, 40) + "…" : id;
    return new Refusal("no-game", Map.of("id", shown), "there is no game " + shown);
  }

  /** Holds {@code id}'s room until {@link #unpin}; false when it was already pinned. */
  boolean pin(String id) {
    return pinned.add(id);
  }

  void unpin(String id) {
    pinned.remove(id);
  }

  /** Lets go of the room held for {@code id}: it is rebuilt from what is stored when next needed. */
  void forget(String id) {
    rooms.remove(id);
  }

  /** Lets go of the rooms nobody used for {@code idleMillis} (a room is rebuilt from its record when needed). */
  void forgetIdle(long idleMillis) {
    long now = System.currentTimeMillis();
    rooms.values().removeIf(r -> now - r.lastUsed > idleMillis && !pinned.contains(r.id));
  }

  int size() {
    return rooms.size();
  }

  /**
   * Makes {@code room}, just stored, the one this process holds (another thread may have
   * loaded an equal-version copy meanwhile, which is now behind): fan-out reads the newest.
   */
  private void holdNewest(GameRoom room) {
    rooms.merge(room.id, room, (old, neu) -> old.version > neu.version ? old : neu);
    trim();
  }

  /** Beyond the most rooms held, lets go of the least recently used ones down to 90% of it. */
  private void trim() {
    if (rooms.size() <= maxRoomsHeld) return;
    synchronized (rooms) { // one trim at a time; the map itself stays lock-free for readers
      int excess = rooms.size() - maxRoomsHeld * 9 / 10;
      if (excess <= 0) return;
      // lastUsed is read once per room: it may change while sorting, which a comparator must not see.
      record Use(String id, long lastUsed) {}
      rooms.values().stream()
          .filter(r -> !pinned.contains(r.id))
          .map(r -> new Use(r.id, r.lastUsed))
          .sorted(java.util.Comparator.comparingLong(Use::lastUsed))
          .limit(excess)
          .map(Use::id)
          .toList()
          .forEach(rooms::remove);
    }
  }

  /** Runs a write; a failure is refused as {@code storage} (and logged once), a success heals. */
  <T> T stored(String what, java.util.function.Supplier<T> write) {
    T result;
    try {
      result = write.get();
    } catch (RuntimeException e) {
      health.failed(what, e);
      throw new Refusal("storage", "the game could not be saved (the server's storage fails); nothing was changed, try again later");
    }
    health.succeeded();
    return result;
  }

  /** Why storage fails now, or null while it works. */
  String storageFailure() {
    return health.failure();
  }

  Health health() {
    return health;
  }

  /**
   * Stores the steps laid down (so a restart or another process finds them); if that fails,
   * {@code revert} takes the step back and the player is told.
   */
  void storePending(GameRoom room, TurnBuilder t, Runnable revert) {
    String pending = GameRoom.pendingText(t);
    boolean ok;
    try {
      ok = stored("store a step", () -> store.savePending(room.id, room.version, pending));
    } catch (Refusal e) {
      revert.run();
      throw e;
    }
    if (!ok) {
      rooms.remove(room.id);
      throw conflict();
    }
    room.pending = pending;
    holdNewest(room);
  }

  static Refusal conflict() {
    return new Refusal("conflict", "the game moved on meanwhile; nothing was changed, try again");
  }

  /**
   * Stores the room's new record (and the action) before anything is acknowledged, then makes
   * the moves nobody needs to be asked for ({@link #goOnForTheClock}). If the database refuses —
   * another process moved the game on, or storage failed — the room is rebuilt from what is
   * stored, so the change is undone everywhere.
   */
  void commit(GameRoom room, Side side, String action) {
    commitOnce(room, side, action);
    goOnForTheClock(room);
  }

  /**
   * In a timed game the server throws for the side whose turn starts (nobody may stall the game
   * by not throwing, and the clock charges the thinking, not the tapping). By correspondence it
   * also plays a forced play: a player is not called back days later to make the only move
   * there is. A move that could not be stored is left to the player or to the next look at the
   * clock.
   */
  private void goOnForTheClock(GameRoom room) {
    Game game = room.match.game();
    boolean corres = room.timeControl.correspondence();
    for (int i = 0; i < MAX_MOVES_IN_A_ROW && room.clock != null; i++) {
      Side side = game.sideToAct();
      String action;
      if (game.phase() == Phase.ROLL) {
        game.roll();
        action = "roll";
      } else if (corres && game.phase() == Phase.PLAY && game.legalPlays().isForced()) {
        Play forced = game.legalPlays().plays().get(0);
        game.play(forced);
        action = "play " + forced.notation();
      } else {
        return;
      }
      try {
        commitOnce(room, side, action);
      } catch (Refusal e) {
        return; // the room was let go: rebuilt from what is stored
      }
    }
  }

  /** Stores the room's new record and nothing more (no throw for the clock). */
  void commitOnce(GameRoom room, Side side, String action) {
    long now = room.now != 0 ? room.now : time.now();
    Clock clock = room.clock == null ? null : awayUntil(room, room.clock.next(room.clockSide(), now), now);
    String forfeit = action.equals("timeout") || action.equals("claim") ? room.match.games().size() + " " + action : room.forfeit;
    boolean stored;
    try {
      stored = stored("store game " + room.id, () -> store.update(room.id, room.version, room.storedRecord(),
          room.match.isOver() ? "over" : "playing", side == null ? null : side.key(), action, clock, forfeit));
    } catch (Refusal e) {
      rooms.remove(room.id); // the room moved on in memory: rebuilt from what is stored
      throw e;
    }
    room.partial = null;
    room.pending = null;
    if (!stored) {
      rooms.remove(room.id);
      throw conflict();
    }
    room.version++;
    room.clock = clock;
    room.forfeit = forfeit;
    if (clock != null) flags.set(room.id, clock.flagAt());
    holdNewest(room);
    afterCommit.accept(room.id);
  }

  /**
   * {@code clock}, a correspondence game's, with the move of a player away on vacation counted from
   * the end of it: their days start when they are back.
   */
  private Clock awayUntil(GameRoom room, Clock clock, long now) {
    if (!room.timeControl.correspondence() || clock.running() == null || clock.since() != now) return clock;
    String player = room.playerId(clock.running());
    if (player == null) return clock;
    long back = stored("read a vacation", () -> store.vacationUntil(player, now)).orElse(0L);
    return back > now ? clock.runningFrom(back) : clock;
  }

  /** Stores {@code record} in place of the room's (a take-back); the room is rebuilt from it. */
  void commitRecord(GameRoom room, Side side, String action, String record) {
    boolean stored;
    try {
      stored = stored("store game " + room.id, () -> store.update(room.id, room.version, record, "playing", side.key(), action, room.clock, null));
    } finally {
      rooms.remove(room.id);
    }
    if (!stored) throw conflict();
    afterCommit.accept(room.id);
  }
}
