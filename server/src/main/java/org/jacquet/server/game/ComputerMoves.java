package org.jacquet.server.game;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jacquet.engine.Play;
import org.jacquet.engine.Side;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.Phase;
import org.jacquet.server.refusal.Refusal;

/**
 * The computer's side of its games: after a short pause, each of its actions is thought on one
 * of two threads, taken in turn across the clients they are for ({@link FairQueue}). A client is
 * the address whose action (or {@code hello}, or rematch) made the computer due, and the
 * computer's next actions in that game stay that client's. One client with thirty games against
 * the world-class level (30–400 ms a decision) then delays another client's reply by about one
 * of its decisions, not by all thirty. The client's address is not stored: moves resumed after a
 * restart, or heard from another process, share the one {@link GameService#UNKNOWN_CLIENT}.
 */
final class ComputerMoves implements AutoCloseable {
  private final Rooms rooms;
  private final long pauseMillis;
  private final long retryMillis;
  /**
   * The computer moves past their pause, waiting their turn. Bounded though keyed by client
   * address: at most one move per game (a game's room is pinned while its move is on its way),
   * so never more than the games waiting for their computer (each made at a rate limited per
   * address, and due after a player's action), and a client is kept only while one of its
   * moves waits.
   */
  private final FairQueue<Runnable> turns = new FairQueue<>();
  /** Thinks the moves of {@link #turns}: each task it is given takes the next one in turn. */
  private final ExecutorService thinkers = Executors.newFixedThreadPool(2, r -> daemon(r, "jacquet-bot"));
  /** Holds each computer move for its pause, then hands it to {@link #turns}: never reads storage or thinks. */
  private final ScheduledExecutorService pauses = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "jacquet-bot-pause"));
  /** Where the computer's actions wait while a test holds them ({@link #holdForTests}). */
  private final TestHold hold = new TestHold();

  ComputerMoves(Rooms rooms, long pauseMillis, long retryMillis) {
    this.rooms = rooms;
    this.pauseMillis = pauseMillis;
    this.retryMillis = retryMillis;
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  /** Whether the game waits for its computer player. */
  static boolean toAct(GameRoom room) {
    Game g = room.match.game();
    if (!room.hasComputer() || g.isOver()) return false;
    return switch (g.phase()) {
      case ROLL -> room.isComputer(g.sideToAct()) && !Practice.is(room); // practice: the learner goes on first
      case PLAY, OPENING_CHOICE -> room.isComputer(g.sideToAct());
      default -> false;
    };
  }

  /** Schedules the computer's next action if due, looking at the stored game. */
  void schedule(String id, String client) {
    schedule(id, true, client);
  }

  /** Schedules it after a change this process just stored (the room held is the stored one). */
  void scheduleAfterLocalChange(String id, String client) {
    schedule(id, false, client);
  }

  private void schedule(String id, boolean checkStored, String client) {
    boolean due = checkStored ? rooms.read(id, ComputerMoves::toAct) : rooms.readLocal(id, ComputerMoves::toAct);
    if (!due || !rooms.pin(id)) return;
    afterPause(pauseMillis, client, () -> move(id, client));
  }

  /**
   * Hands {@code move} to {@link #turns} after {@code millis}, and a worker to take the next
   * move in turn: as many tasks go to the workers as moves to the queue, so none is left waiting.
   */
  private void afterPause(long millis, String client, Runnable move) {
    pauses.schedule(() -> {
      turns.add(client, move);
      thinkers.execute(() -> {
        Runnable next = turns.poll();
        if (next != null) next.run();
      });
    }, millis, TimeUnit.MILLISECONDS);
  }

  /** One computer action of game {@code id}, on a worker; the next one (if due) is scheduled for the same client. */
  private void move(String id, String client) {
    boolean acted = false;
    boolean again = false;
    try {
      acted = turn(id);
      again = !acted;
    } catch (Refusal e) {
      // Another process acted first: look again. Storage failed: try again shortly, the
      // move is not dropped (and the failure was logged once).
      if ("conflict".equals(e.code())) again = true;
      else if ("storage".equals(e.code())) retry(id, client);
    } catch (RuntimeException e) {
      System.err.println("jacquet: computer move failed in game " + id + ": " + e);
    } finally {
      rooms.unpin(id); // only now: one computer move of a game is thought at a time
    }
    try {
      if (acted) {
        rooms.changed(id);
        schedule(id, false, client);
      } else if (again) {
        schedule(id, true, client);
      }
    } catch (Refusal e) {
      if ("storage".equals(e.code())) retry(id, client);
    }
  }

  /**
   * The computer's next action. A play is chosen outside the game's lock (it takes up to a few
   * hundred milliseconds, during which the game's other sockets and actions go on) and made
   * only if the game is still where it was; false when it did nothing (the game moved on, or
   * it is not the computer's to act).
   */
  private boolean turn(String id) {
    hold.pass();
    record Think(int version, org.jacquet.ai.Bot bot, org.jacquet.engine.LegalPlays legal, org.jacquet.ai.match.MatchContext context) {}
    GameRoom room = rooms.fresh(id);
    org.jacquet.ai.Bot bot = room.newBot(); // made before the lock is taken (the first one of a process: seconds)
    Think think;
    synchronized (room) {
      if (!toAct(room)) return false;
      Game g = room.match.game();
      if (g.phase() != Phase.PLAY) return step(room, bot);
      think = new Think(room.version, bot, g.legalPlays(), org.jacquet.ai.match.MatchContext.of(room.match));
    }
    Play p = think.bot().choose(think.legal(), think.context());
    room = rooms.fresh(id);
    synchronized (room) {
      if (room.version != think.version() || !toAct(room)) return false;
      Game g = room.match.game();
      Side side = g.sideToAct();
      g.play(p);
      rooms.commit(room, side, "play " + p.notation());
    }
    return true;
  }

  /** A throw or an opening choice, made under the lock (no thinking to speak of). */
  private boolean step(GameRoom room, org.jacquet.ai.Bot bot) {
    Game g = room.match.game();
    Side side = g.sideToAct();
    switch (g.phase()) {
      case ROLL -> {
        g.roll();
        rooms.commit(room, side, "roll");
      }
      case OPENING_CHOICE -> {
        GameEvent.OpeningThrow t = (GameEvent.OpeningThrow) g.events().get(g.events().size() - 1);
        boolean again = bot.throwAgain(g.position(), org.jacquet.engine.Dice.of(t.white(), t.black()));
        g.chooseOpening(again);
        rooms.commit(room, side, again ? "throw again" : "play the opening dice");
      }
      default -> { // a play is chosen off the lock: turn
        return false;
      }
    }
    return true;
  }

  /** Looks again at game {@code id} later, on a worker in its client's turn (the read goes to the failing storage). */
  void retry(String id, String client) {
    try {
      afterPause(retryMillis, client, () -> {
        try {
          schedule(id, true, client);
        } catch (Refusal e) {
          if ("storage".equals(e.code())) retry(id, client);
        }
      });
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // stopping
    }
  }

  /** See {@link GameService#holdComputerForTests}. */
  void holdForTests(java.util.concurrent.CountDownLatch release) {
    hold.holdUntil(release);
  }

  /** Computer moves waiting for a thinker (past their pause). */
  int waiting() {
    return turns.size();
  }

  @Override
  public void close() {
    pauses.shutdownNow();
    thinkers.shutdownNow();
  }
}
