package org.jacquet.server.game;

import org.jacquet.engine.Side;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Phase;
import org.jacquet.server.clock.Clock;
import org.jacquet.server.clock.FlagTimers;
import org.jacquet.server.refusal.Refusal;

/**
 * The flags of running clocks: a timer per game whose clock runs ({@link FlagTimers}), and, when
 * one fires, the stored clock judged — out of time, the running side loses the game as if it
 * resigned then (same stake, same path, so whatever a match's end runs, runs). Exactly one
 * process declares a flag: the store's version check lets one declaration win.
 */
final class Flags implements AutoCloseable {
  /** Pause before a flag that could not be judged (storage fails, another process wrote) is looked at again. */
  private final long retryMillis;
  private final FlagTimers timers;
  private Rooms rooms;
  /** How late after its due instant each flag this process's timers declared was stored (ns). */
  private final org.jacquet.server.limits.Metrics lateness = org.jacquet.server.limits.Metrics.flagLateness(1 << 16);
  private final java.util.concurrent.atomic.AtomicLong declared = new java.util.concurrent.atomic.AtomicLong();

  private final org.jacquet.server.clock.ServerTime time;

  Flags(long retryMillis, org.jacquet.server.clock.ServerTime time) {
    this.retryMillis = retryMillis;
    this.time = time;
    this.timers = new FlagTimers(this::due, time);
    time.onMove(timers::rearm);
  }

  /** The timers, set by every stored change of a timed game ({@link Rooms#commitOnce}). */
  FlagTimers timers() {
    return timers;
  }

  /** The rooms judged (made after the timers they set). */
  void judge(Rooms rooms) {
    this.rooms = rooms;
  }

  /**
   * A flag timer fired for game {@code id}: the stored clock is the judge. Out of time: the
   * running side loses. Otherwise the timer is set again for the clock as it is now — a move
   * came in time, or this process's room was behind. The room this process holds is judged
   * first, without reading the store: the write's version check refuses it if another process
   * moved the game on ({@code conflict}), and then the stored game is read and judged at once.
   * That keeps a flag to one database write when many fall together.
   */
  void due(String id) {
    Judged judged = null;
    try {
      GameRoom held = rooms.held(id);
      if (held != null) {
        try {
          judged = judge(held);
        } catch (Refusal e) {
          if (!"conflict".equals(e.code())) throw e; // behind another process: judged again below, on what is stored
        }
      }
      if (judged == null) judged = judge(rooms.fresh(id));
    } catch (Refusal e) {
      // Another process declared it first (conflict), or storage fails: look again shortly.
      if ("storage".equals(e.code()) || "conflict".equals(e.code())) timers.set(id, time.now() + retryMillis);
      return;
    }
    if (judged == Judged.NO_CLOCK) return;
    // Counted before the sockets are told: whoever saw the loss on time finds it counted.
    if (judged == Judged.DECLARED) declared.incrementAndGet();
    rooms.changed(id);
  }

  /** What a flag timer found: no clock, a clock that goes on (a throw made, or the timer set again), a flag declared. */
  private enum Judged { NO_CLOCK, GOES_ON, DECLARED }

  /** Judges {@code room}'s flag under its lock; a flag declared has its lateness after the due instant recorded. */
  private Judged judge(GameRoom room) {
    synchronized (room) {
      long now = time.now();
      if (room.clock == null) return Judged.NO_CLOCK;
      long due = room.clock.flagAt();
      if (room.clock.outOfTime(now)) {
        if (!declare(room, now)) return Judged.GOES_ON;
        lateness.record((time.now() - due) * 1_000_000);
        return Judged.DECLARED;
      }
      if (room.match.game().phase() == Phase.ROLL) rooms.commit(room, room.match.game().sideToAct(), "roll");
      else timers.set(room.id, due);
      return Judged.GOES_ON;
    }
  }

  /** The running side's flag fell by {@code now}: it resigns the game (under the room's lock). */
  boolean declare(GameRoom room, long now) {
    Side loser = room.clock.running();
    Game game = room.match.game();
    if (loser == null || game.isOver()) return false;
    game.resign(loser);
    room.now = now;
    try {
      rooms.commitOnce(room, loser, "timeout");
    } finally {
      room.now = 0;
    }
    return true;
  }

  /** Watches game {@code id}'s flag if its clock runs (after a restart, or a change heard from another process). */
  void watch(String id) {
    try {
      Clock clock = rooms.read(id, room -> room.clock);
      if (clock != null) timers.set(id, clock.flagAt());
    } catch (Refusal e) {
      // gone, or storage fails: the next change or start looks again
    }
  }

  /** {count, p50, p99, max} in ms of the flags declared by this process's timers after the {@code since}-th. */
  double[] lateness(long since) {
    return lateness.snapshot(since);
  }

  /** Flags this process declared (a flag is declared once, by one process). */
  long declared() {
    return declared.get();
  }

  /** Flag timers this process has set since it started (it never goes down). */
  long timersSet() {
    return timers.timersSet();
  }

  @Override
  public void close() {
    timers.close();
  }
}
