package org.jacquet.server.game;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jacquet.ai.Level;
import org.jacquet.engine.Side;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.GameStore;

/**
 * The authority over every game, and the one door the routes, sockets and lobby go through: it
 * throws the dice, checks every action against the rules and the seat that sends it, stores the
 * new record before anything is acknowledged, and plays the computer's side. A refused action
 * changes nothing. Any number of server processes may share one database: each action starts
 * from the stored version of the game.
 *
 * <p>Each concern is a class of its own, all meeting at the game's lock and its storage
 * ({@link Rooms}): {@link GameCreation}, {@link PlayerActions}, {@link ComputerMoves},
 * {@link Hints}, {@link Flags}, {@link Claims}, {@link Invitations}. This class makes them and
 * hands each call to its concern.
 */
public final class GameService implements AutoCloseable {
  /**
   * What a player asks for a new game; {@code player}: who asks, seated by name (null: not known);
   * {@code practice}: against the computer with the tutor on ({@link Practice}).
   */
  public record NewGame(String rules, int matchLength, boolean vsComputer, String level, Side side, String position,
      org.jacquet.server.identity.Player player, boolean practice, boolean rated) {
    public NewGame(String rules, int matchLength, boolean vsComputer, String level, Side side, String position,
        org.jacquet.server.identity.Player player, boolean practice) {
      this(rules, matchLength, vsComputer, level, side, position, player, practice, false);
    }

    public NewGame(String rules, int matchLength, boolean vsComputer, String level, Side side, String position) {
      this(rules, matchLength, vsComputer, level, side, position, null, false);
    }

    public NewGame(String rules, int matchLength, boolean vsComputer, String level, Side side, String position,
        org.jacquet.server.identity.Player player) {
      this(rules, matchLength, vsComputer, level, side, position, player, false);
    }
  }

  /** A game just made: its id, the creator's seat token, and the other seat's (the invitation). */
  public record Created(String id, String token, String inviteToken, Side side) {}

  /**
   * A request to create a game, checked: rules, match length, level and position are read and
   * refused with their reason before anything is counted or stored (a refused creation does not
   * use the client's budget).
   */
  public record Checked(NewGame req, Rules rules, Level level, org.jacquet.engine.Position start) {}

  /** Something a seated player does. */
  public sealed interface Action {
    record Roll() implements Action {}
    record Choose(boolean throwAgain) implements Action {}
    record StepTo(int from, int to) implements Action {}
    record Undo() implements Action {}
    record Confirm() implements Action {}
    /** A whole play typed in {@code naming} ({@link TypedPlayText}). */
    record PlayText(String play, org.jacquet.engine.format.PointNaming naming) implements Action {
      /** A play in the mover's numbers, the protocol's own. */
      public PlayText(String play) {
        this(play, org.jacquet.engine.format.PointNaming.MOVER);
      }
    }
    record Resign() implements Action {}
    record Next() implements Action {}
    /** Practice: take back one's last play (the computer has not thrown since). */
    record TakeBack() implements Action {}
    /** Practice: the learner has read the tutor; the computer throws. */
    record GoOn() implements Action {}
  }

  /** The levels of the computer that are rated players (in games against people). */
  public static final java.util.List<Level> RATED_LEVELS = GameCreation.RATED_LEVELS;

  /** Pause before a computer move or a flag that could not be stored is tried again. */
  static final long STORAGE_RETRY_MILLIS = 2000;
  /**
   * The client of computer moves whose client is not known here (games resumed after a restart,
   * changes heard from another process): they take their turns together. Never a client's
   * address: a socket's is never empty, and an empty forwarded one is not taken.
   */
  public static final String UNKNOWN_CLIENT = "";
  /** How long a player of an untimed game must be gone (no socket at its seat) before its opponent may claim the game. */
  public static final long CLAIM_AFTER_MILLIS = Claims.CLAIM_AFTER_MILLIS;

  private final Rooms rooms;
  private final Flags flags;
  private final ComputerMoves computer;
  private final PlayerActions actions;
  private final GameCreation creation;
  private final Hints hints;
  private final Claims claims;
  private final Invitations invitations;
  private final AccountSeats accountSeats;

  private final org.jacquet.server.clock.ServerTime time;

  public GameService(GameStore store, long botDelayMillis) {
    this(store, botDelayMillis, Rooms.MAX_ROOMS_HELD, org.jacquet.server.clock.ServerTime.system());
  }

  /** Games timed by {@code time} (tests move it on by days). */
  public GameService(GameStore store, long botDelayMillis, org.jacquet.server.clock.ServerTime time) {
    this(store, botDelayMillis, Rooms.MAX_ROOMS_HELD, time);
  }

  /** With at most {@code maxRoomsHeld} games held in memory (tests use a few). */
  GameService(GameStore store, long botDelayMillis, int maxRoomsHeld) {
    this(store, botDelayMillis, maxRoomsHeld, org.jacquet.server.clock.ServerTime.system());
  }

  private GameService(GameStore store, long botDelayMillis, int maxRoomsHeld, org.jacquet.server.clock.ServerTime time) {
    this.time = time;
    this.flags = new Flags(STORAGE_RETRY_MILLIS, time);
    this.rooms = new Rooms(store, maxRoomsHeld, flags.timers(), time);
    flags.judge(rooms);
    this.computer = new ComputerMoves(rooms, botDelayMillis, STORAGE_RETRY_MILLIS);
    this.actions = new PlayerActions(rooms, flags, computer);
    this.creation = new GameCreation(rooms);
    this.hints = new Hints(rooms);
    this.claims = new Claims(rooms);
    this.invitations = new Invitations(rooms);
    this.accountSeats = new AccountSeats(rooms);
    Warmup.start();
  }

  /** The server's time: what every clock, deadline and vacation reads. */
  public org.jacquet.server.clock.ServerTime time() {
    return time;
  }

  /** Called with a game's id after every stored change (to push it to the players). */
  public void onChange(Consumer<String> listener) {
    rooms.onChange(listener);
  }

  /** Called with a game's id after every stored change, to tell other server processes. */
  public void afterCommit(Consumer<String> listener) {
    rooms.afterCommit(listener);
  }

  // --- creation

  /** Checks a creation without creating anything; refuses the first problem found. */
  public Checked check(NewGame req) {
    return GameCreation.check(req);
  }

  public Created create(NewGame req) {
    return create(check(req), TimeControl.UNTIMED);
  }

  /** Creates a game already checked by {@link #check}, timed by {@code control} (its clock starts at the first opening throw). */
  public Created create(Checked checked, TimeControl control) {
    return creation.create(checked, control);
  }

  /**
   * The row of a game between two seated players, made by the lobby from a seek it checked (rules,
   * length and time control read there) with the seat tokens' hashes it holds; stored by the
   * lobby in the seek's transaction.
   */
  public GameStore.Row seated(String rulesText, int matchLength, TimeControl time, boolean rated,
      org.jacquet.server.identity.Player white, org.jacquet.server.identity.Player black, String whiteTokenHash,
      String blackTokenHash) {
    return GameCreation.seated(rulesText, matchLength, time, rated, white, black, whiteTokenHash, blackTokenHash);
  }

  // --- reading

  /** Runs {@code f} on the up-to-date room, under its lock. */
  public <T> T read(String id, Function<GameRoom, T> f) {
    return rooms.read(id, f);
  }

  /**
   * Like {@link #read}, on the room this process holds when it holds one: right after this
   * process stored a change it is the stored version, so no query is needed.
   */
  public <T> T readLocal(String id, Function<GameRoom, T> f) {
    return rooms.readLocal(id, f);
  }

  // --- a player's actions

  /**
   * Applies a seated player's action; refuses it, changing nothing, with the reason. The
   * computer's reply, if due, takes its turn with the other moves of {@code client} (the
   * player's address). Returns the game's version once the action is stored (with the throws a
   * running clock made after it): the states before it do not show the action.
   */
  public int act(String id, String tokenHash, Action action, String client) {
    return act(id, tokenHash, action, client, time.now());
  }

  /**
   * {@link #act}, the action received at {@code receivedAt} (server ms): that instant, not when
   * its turn at the game's lock comes, is what the clock charges. An action received after the
   * mover's flag fell is refused {@code out-of-time}, and the flag declared.
   */
  public int act(String id, String tokenHash, Action action, String client, long receivedAt) {
    return actions.act(id, tokenHash, action, client, receivedAt);
  }

  /**
   * The seated player of {@code tokenHash} claims an untimed game its opponent left:
   * {@code absentMillis} says how long the other seat has had no socket (negative: it is there).
   * Past {@link #claimAfterMillis} the absent side loses the game as if it resigned.
   */
  public void claim(String id, String tokenHash, java.util.function.ToLongFunction<Side> absentMillis) {
    claims.claim(id, tokenHash, absentMillis);
  }

  /** The absence after which a game may be claimed, in ms. */
  public long claimAfterMillis() {
    return claims.claimAfterMillis();
  }

  /** Tests wait less than {@link #CLAIM_AFTER_MILLIS}. */
  void claimAfterMillis(long millis) {
    claims.claimAfterMillis(millis);
  }

  /**
   * The invitation's seat taken by the first to come with its link: the seat gets a token of
   * its own, returned for that browser alone, and the link no longer seats anyone (it shows the
   * game to watch). Stored with the game, so every process knows.
   *
   * @throws Refusal {@code bad-token} when the seat was taken meanwhile
   */
  public String takeInvitation(String id, String tokenHash) {
    return invitations.take(id, tokenHash);
  }

  /**
   * A new key to the seat account {@code accountId} holds in correspondence game {@code id} (a
   * browser of theirs without one), or null when it holds none there.
   */
  public String seatKeyFor(String id, String accountId) {
    return accountSeats.keyFor(id, accountId);
  }

  // --- hints and analyses

  /**
   * The plays ranked by the world-class level, for the player to move in a game against the
   * computer. What is needed is taken under the game's lock, the ranking is done outside it
   * (on {@link org.jacquet.server.review.Analyses}), and {@code deliver} gets the result only if
   * the game is still at the version it was asked on (with that {@code version} in it); a hint
   * overtaken by the game is dropped.
   *
   * @throws Refusal at once for what is refused (not seated, not your turn, {@code busy} …)
   */
  public void hint(String id, String tokenHash, Consumer<com.fasterxml.jackson.databind.node.ObjectNode> deliver) {
    hints.hint(id, tokenHash, deliver);
  }

  /** Runs {@code work} off the game's lock for a seat (see {@link org.jacquet.server.review.Analyses#run}). */
  public <T> java.util.concurrent.CompletableFuture<T> analyse(String seat, int version, java.util.function.Supplier<T> work) {
    return hints.analyse(seat, version, work);
  }

  /** Whether game {@code id} is still at {@code version} (false when it cannot be told). */
  public boolean stillAt(String id, int version) {
    return hints.stillAt(id, version);
  }

  /** Holds every analysis (hints, the tutor, {@code /api/analyse}) until {@code release}: see {@link org.jacquet.server.review.Analyses#holdForTests}. */
  public void holdAnalysesForTests(java.util.concurrent.CountDownLatch release) {
    hints.holdForTests(release);
  }

  /** Analyses started so far (hints and the tutor), for tests. */
  int analysesStarted() {
    return hints.started();
  }

  // --- the computer

  /**
   * Lets the computer take its next action after a short pause, once (looking at the stored
   * game), in turn with the other moves of {@code client} (see {@link ComputerMoves}).
   */
  public void scheduleComputer(String id, String client) {
    computer.schedule(id, client);
  }

  /**
   * Makes every computer action wait, on its worker, until {@code release} is counted down: a
   * test can then show that something (the first board of a game, an answer) never waits for
   * the computer, whatever the machine's speed. Nothing else waits on it.
   */
  public void holdComputerForTests(java.util.concurrent.CountDownLatch release) {
    computer.holdForTests(release);
  }

  /** Computer moves waiting for a thinker (past their pause). */
  public int computerMovesWaiting() {
    return computer.waiting();
  }

  // --- clocks

  /** Watches game {@code id}'s flag if its clock runs (after a restart, or a change heard from another process). */
  public void watchClock(String id) {
    flags.watch(id);
  }

  /** Flag timers this process has set since it started (it never goes down). */
  public long flagTimersSet() {
    return flags.timersSet();
  }

  /** {count, p50, p99, max} in ms of the flags declared by this process's timers after the {@code since}-th: their lateness once stored. */
  public double[] flagLateness(long since) {
    return flags.lateness(since);
  }

  /** Flags this process declared (a flag is declared once, by one process). */
  public long flagsDeclared() {
    return flags.declared();
  }

  // --- the rooms held and storage

  /**
   * Lets go of the rooms nobody used for {@code idleMillis}: memory holds the games being
   * played, not every game ever visited (a room is rebuilt from its record when needed).
   */
  public void forgetIdle(long idleMillis) {
    rooms.forgetIdle(idleMillis);
  }

  int roomsHeld() {
    return rooms.size();
  }

  /**
   * Game {@code id} was changed in storage outside {@link #act} (a rematch linked to it): the
   * room held is let go, rebuilt from what is stored when next needed.
   */
  void changedElsewhere(String id) {
    rooms.forget(id);
    rooms.committed(id);
  }

  /**
   * Games stored anew outside this service (a vacation moved their deadlines on): the rooms held
   * are let go, the other processes and the players told, and their flags watched again.
   */
  public void storedElsewhere(List<String> ids) {
    for (String id : ids) {
      rooms.forget(id);
      rooms.committed(id);
      rooms.changed(id);
      flags.watch(id);
    }
  }

  /** Lets go of the room held for {@code id}: it is rebuilt from what is stored when next needed. */
  void forget(String id) {
    rooms.forget(id);
  }

  /** Games not over, in the whole database. */
  public long gamesInProgress() {
    return rooms.store().inProgress();
  }

  /** Why storage fails now, or null while it works. */
  public String storageFailure() {
    return rooms.storageFailure();
  }

  /** Whether writes work: the health checks read it, and clear it once their own write succeeds. */
  public org.jacquet.server.limits.Health storageHealth() {
    return rooms.health();
  }

  public GameStore store() {
    return rooms.store();
  }

  /**
   * After a restart: every game not over gets its computer going again where it was, for the
   * {@link #UNKNOWN_CLIENT} (who played it is not stored), and its clock watched.
   */
  public int resumeAll() {
    List<String> active = rooms.store().activeIds();
    for (String id : active) {
      try {
        computer.schedule(id, UNKNOWN_CLIENT);
        flags.watch(id);
      } catch (Refusal e) {
        if ("storage".equals(e.code())) computer.retry(id, UNKNOWN_CLIENT);
      }
    }
    return active.size();
  }

  @Override
  public void close() {
    flags.close();
    computer.close();
    hints.close();
  }
}
