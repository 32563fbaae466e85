package org.jacquet.server.game;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jacquet.ai.Level;
import org.jacquet.ai.eval.Nets;
import org.jacquet.engine.IllegalPlayException;
import org.jacquet.engine.IllegalPositionException;
import org.jacquet.engine.Play;
import org.jacquet.engine.Side;
import org.jacquet.engine.StartingPosition;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.Phase;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.clock.Clock;
import org.jacquet.server.clock.FlagTimers;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.limits.Health;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.review.Analyses;
import org.jacquet.server.store.GameStore;

/**
 * The authority over every game: it throws the dice, checks every action against the rules
 * and the seat that sends it, stores the new record before anything is acknowledged, and
 * plays the computer's side. A refused action changes nothing. Any number of server processes
 * may share one database: each action starts from the stored version of the game.
 *
 * <p>The computer's moves are thought by two threads, taken in turn across the clients they are
 * for ({@link FairQueue}): a client is the address whose action (or {@code hello}, or rematch)
 * made the computer due, and the computer's next actions in that game stay that client's. One
 * client with thirty games against the world-class level (30–400 ms a decision) then delays
 * another client's reply by about one of its decisions, not by all thirty. The client's address
 * is not stored: moves resumed after a restart, or heard from another process, share the one
 * {@link #UNKNOWN_CLIENT}, until the player's next action names its client again.
 */
public final class GameService implements AutoCloseable {
  /**
   * What a player asks for a new game; {@code player}: who asks, seated by name (null: not known);
   * {@code practice}: against the computer with the tutor on ({@link Practice}).
   */
  public record NewGame(String rules, int matchLength, boolean vsComputer, String level, Side side, String position,
      org.jacquet.server.identity.Player player, boolean practice) {
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

  private final GameStore store;
  private final long botDelayMillis;
  private final int maxRoomsHeld;
  private final Map<String, GameRoom> rooms = new ConcurrentHashMap<>();
  /** The games whose next computer move is on its way (paused, waiting its turn or being thought). */
  private final Map<String, Boolean> botPending = new ConcurrentHashMap<>();
  /**
   * The computer moves past their pause, waiting their turn. Bounded though keyed by client
   * address: at most one move per game ({@link #botPending}), so never more than the games
   * waiting for their computer (each made at a rate limited per address, and due after a
   * player's action), and a client is kept only while one of its moves waits.
   */
  private final FairQueue<Runnable> botTurns = new FairQueue<>();
  /** Thinks the moves of {@link #botTurns}: each task it is given takes the next one in turn. */
  private final ExecutorService bots = Executors.newFixedThreadPool(2, r -> daemon(r, "jacquet-bot"));
  /** Holds each computer move for its pause, then hands it to {@link #botTurns}: never reads storage or thinks. */
  private final ScheduledExecutorService botPauses = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "jacquet-bot-pause"));
  private volatile Consumer<String> onChange = id -> {};
  private volatile Consumer<String> afterCommit = id -> {};
  private final Health health = new Health();
  /** The flags of the running clocks this process holds (see {@link #flagDue}). */
  private final FlagTimers flags = new FlagTimers(this::flagDue);
  private final Analyses analyses = new Analyses();
  /** Pause before a computer move that could not be stored is tried again. */
  static final long STORAGE_RETRY_MILLIS = 2000;
  /**
   * The client of computer moves whose client is not known here (games resumed after a restart,
   * changes heard from another process): they take their turns together. Never a client's
   * address: a socket's is never empty, and an empty forwarded one is not taken.
   */
  public static final String UNKNOWN_CLIENT = "";

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  public GameService(GameStore store, long botDelayMillis) {
    this(store, botDelayMillis, MAX_ROOMS_HELD);
  }

  /** With at most {@code maxRoomsHeld} games held in memory (tests use a few). */
  GameService(GameStore store, long botDelayMillis, int maxRoomsHeld) {
    if (maxRoomsHeld < 1) throw new IllegalArgumentException("maxRoomsHeld must be at least 1");
    this.store = store;
    this.botDelayMillis = botDelayMillis;
    this.maxRoomsHeld = maxRoomsHeld;
    Warmup.start();
  }

  /** Called with a game's id after every stored change (to push it to the players). */
  public void onChange(Consumer<String> listener) {
    this.onChange = listener;
  }

  /** Called with a game's id after every stored change, to tell other server processes. */
  public void afterCommit(Consumer<String> listener) {
    this.afterCommit = listener;
  }

  /**
   * A request to create a game, checked: rules, match length, level and position are read and
   * refused with their reason before anything is counted or stored (a refused creation does not
   * use the client's budget).
   */
  public record Checked(NewGame req, Rules rules, Level level, org.jacquet.engine.Position start) {}

  /** Checks a creation without creating anything; refuses the first problem found. */
  public Checked check(NewGame req) {
    Rules rules = Problems.parse("bad-rules", req.rules(), Rules::parse);
    if (req.matchLength() < 1 || req.matchLength() > 99) {
      throw new Refusal("bad-match", Map.of("min", 1, "max", 99, "value", req.matchLength()),
          "the match length must be between 1 and 99 points");
    }
    Level level = null;
    if (req.vsComputer()) {
      level = Problems.level(req.level() == null ? "intermediate" : req.level());
      if (level.needsNetwork() && !Nets.available(rules)) {
        throw new Refusal("no-network", Map.of("rules", rules.toString()), "no trained network for " + rules);
      }
    }
    org.jacquet.engine.Position start = null;
    if (req.position() != null && !req.position().isBlank()) {
      start = Problems.parse("bad-position", req.position(), org.jacquet.engine.Position::parse);
      if (start.isOver()) throw new Refusal("position-over", "the game is already over in this position");
      try {
        StartingPosition.check(rules, start);
      } catch (IllegalPositionException e) {
        throw Problems.startingPosition(e);
      }
    }
    return new Checked(req, rules, level, start);
  }

  public Created create(NewGame req) {
    return create(check(req), TimeControl.UNTIMED);
  }

  /** Creates a game already checked by {@link #check}, timed by {@code control} (its clock starts at the first opening throw). */
  public Created create(Checked checked, TimeControl control) {
    NewGame req = checked.req();
    Rules rules = checked.rules();
    Level level = checked.level();
    org.jacquet.engine.Position start = checked.start();
    Side side = req.side() == null ? Side.WHITE : req.side();
    String id = Tokens.gameId();
    String token = Tokens.token();
    String invite = Tokens.token();
    long seed = Tokens.seed();
    Match match = new Match(rules, req.matchLength(), new SeededDice(seed), start);
    String computer = level == null ? null : "Computer (" + level.key() + ")";
    org.jacquet.server.identity.Player me = req.player();
    String time = control.toString();
    GameStore.Seats seats = me == null ? new GameStore.Seats(null, null, null, null, false, time) : side == Side.WHITE
        ? new GameStore.Seats(me.id(), me.name(), null, null, false, time)
        : new GameStore.Seats(null, null, me.id(), me.name(), false, time);
    Map<String, String> marks = new java.util.LinkedHashMap<>();
    if (req.practice() && level != null) marks.put(Practice.HEADER, "yes");
    if (level == null) marks.put(GameRoom.INVITATION, side.opponent().key()); // the friend's seat, until taken
    String mine = Tokens.sha256(token);
    String theirs = Tokens.sha256(invite);
    GameStore.Row row = row(id, rules, req.matchLength(), level == null ? null : level.key(), side == Side.WHITE ? null : computer,
        side == Side.BLACK ? null : computer, side == Side.WHITE ? mine : theirs, side == Side.WHITE ? theirs : mine,
        seed, match, seats, side == Side.WHITE ? "Player" : "Friend", side == Side.BLACK ? "Player" : "Friend", marks);
    stored("create a game", () -> {
      store.insert(row);
      return null;
    });
    return new Created(id, token, level == null ? invite : null, side);
  }

  /**
   * The row of a game between two seated players, made by the lobby from a seek it checked (rules,
   * length and time control read there) with the seat tokens' hashes it holds; stored by the
   * lobby in the seek's transaction.
   */
  public GameStore.Row seated(String rulesText, int matchLength, org.jacquet.server.clock.TimeControl time, boolean rated,
      org.jacquet.server.identity.Player white, org.jacquet.server.identity.Player black, String whiteTokenHash,
      String blackTokenHash) {
    Rules rules = Rules.parse(rulesText);
    long seed = Tokens.seed();
    Match match = new Match(rules, matchLength, new SeededDice(seed), null);
    GameStore.Seats seats = new GameStore.Seats(white.id(), white.name(), black.id(), black.name(), rated, time.toString());
    return row(Tokens.gameId(), rules, matchLength, null, null, null, whiteTokenHash, blackTokenHash, seed, match, seats,
        null, null, Map.of());
  }

  /**
   * A new game's row: its record headed by who plays (a computer's name, else the seated name,
   * else {@code whiteElse}/{@code blackElse}), the seed's hash and the date, then {@code marks}
   * (a practice game, an invitation's seat).
   */
  static GameStore.Row row(String id, Rules rules, int matchLength, String level, String whiteComputer,
      String blackComputer, String whiteTokenHash, String blackTokenHash, long seed, Match match, GameStore.Seats seats,
      String whiteElse, String blackElse, Map<String, String> marks) {
    Map<String, String> headers = new java.util.LinkedHashMap<>();
    headers.put("White", whiteComputer != null ? whiteComputer : headerName(seats.whiteName(), whiteElse));
    headers.put("Black", blackComputer != null ? blackComputer : headerName(seats.blackName(), blackElse));
    headers.put("Game", id);
    headers.put("SeedHash", Tokens.seedHash(seed));
    headers.put("Date", java.time.LocalDate.now().toString());
    headers.putAll(marks);
    long now = System.currentTimeMillis();
    return new GameStore.Row(id, rules.toString(), matchLength, whiteComputer != null ? "computer" : "human",
        blackComputer != null ? "computer" : "human", level, whiteTokenHash, blackTokenHash,
        seed, Tokens.seedHash(seed), GameRecord.write(match, headers), "playing", 0, now, now, null, null, seats);
  }

  /** A record header's player: the seated name, or {@code otherwise} (names are checked by Names: no line breaks). */
  static String headerName(String seated, String otherwise) {
    return seated != null ? seated : otherwise;
  }

  /** Runs {@code f} on the up-to-date room, under its lock. */
  public <T> T read(String id, Function<GameRoom, T> f) {
    GameRoom room = fresh(id);
    synchronized (room) {
      return f.apply(room);
    }
  }

  /**
   * Like {@link #read}, on the room this process holds when it holds one: right after this
   * process stored a change it is the stored version, so no query is needed.
   */
  public <T> T readLocal(String id, Function<GameRoom, T> f) {
    GameRoom room = rooms.get(id);
    if (room == null) return read(id, f);
    synchronized (room) {
      return f.apply(room);
    }
  }

  /**
   * Applies a seated player's action; refuses it, changing nothing, with the reason. The
   * computer's reply, if due, takes its turn with the other moves of {@code client} (the
   * player's address). Returns the game's version once the action is stored (with the throws a
   * running clock made after it): the states before it do not show the action.
   */
  public int act(String id, String tokenHash, Action action, String client) {
    return act(id, tokenHash, action, client, System.currentTimeMillis());
  }

  /**
   * {@link #act}, the action received at {@code receivedAt} (server ms): that instant, not when
   * its turn at the game's lock comes, is what the clock charges. An action received after the
   * mover's flag fell is refused {@code out-of-time}, and the flag declared.
   */
  public int act(String id, String tokenHash, Action action, String client, long receivedAt) {
    for (int attempt = 1; ; attempt++) {
      try {
        return actOnce(id, tokenHash, action, client, receivedAt);
      } catch (Refusal e) {
        // The game was stored meanwhile by another hand (the invitation's seat taken as this
        // action came, another process's action): nothing of this action was stored, and it is
        // looked at again on the game as stored now — made, or refused for what the game is now.
        if (!"conflict".equals(e.code()) || attempt == ACT_ATTEMPTS) throw e;
      }
    }
  }

  /** How many times an action is tried on the game as stored when a change stored meanwhile refused it. */
  private static final int ACT_ATTEMPTS = 3;

  private int actOnce(String id, String tokenHash, Action action, String client, long receivedAt) {
    GameRoom room = fresh(id);
    boolean flagged = false;
    int stored;
    try {
      synchronized (room) {
        Side side = room.sideOf(tokenHash);
        if (side == null) throw new Refusal("not-seated", "only the players of this game can play; spectators watch");
        if (room.clock != null && room.clock.outOfTime(receivedAt)) {
          Side loser = room.clock.running();
          flagged = declareFlag(room, receivedAt);
          throw new Refusal("out-of-time", Map.of("side", loser.key()),
              loser.key() + "'s reserve was spent before this action arrived: " + loser.key() + " loses the game on time");
        }
        room.now = receivedAt;
        apply(room, side, action);
        stored = room.version;
      }
    } finally {
      room.now = 0;
      if (flagged) onChange.accept(id);
    }
    onChange.accept(id);
    scheduleComputer(id, false, client);
    return stored;
  }

  private void apply(GameRoom room, Side side, Action action) {
    Match match = room.match;
    Game game = match.game();
    try {
      if (action instanceof Action.Roll) {
        if (game.phase() == Phase.OPENING_THROW) {
          if (room.isComputer(side)) throw new Refusal("not-your-turn", "it is not your turn");
        } else {
          requireTurn(game, side, Phase.ROLL, "it is not your turn to throw");
        }
        game.roll();
        commit(room, side, "roll");
      } else if (action instanceof Action.Choose c) {
        requireTurn(game, side, Phase.OPENING_CHOICE, "there is no opening choice for you to make");
        game.chooseOpening(c.throwAgain());
        commit(room, side, c.throwAgain() ? "throw again" : "play the opening dice");
      } else if (action instanceof Action.StepTo s) {
        requireTurn(game, side, Phase.PLAY, "it is not your turn to play");
        TurnBuilder t = partial(room, game);
        t.add(s.from(), s.to());
        storePending(room, t, () -> t.undo());
      } else if (action instanceof Action.Undo) {
        requireTurn(game, side, Phase.PLAY, "it is not your turn to play");
        TurnBuilder t = partial(room, game);
        List<org.jacquet.engine.Step> before = List.copyOf(t.steps());
        if (!t.undo()) throw new Refusal("nothing-to-undo", "there is no step to take back");
        org.jacquet.engine.Step taken = before.get(before.size() - 1);
        storePending(room, t, () -> t.add(taken.from(), taken.to()));
      } else if (action instanceof Action.Confirm) {
        requireTurn(game, side, Phase.PLAY, "it is not your turn to play");
        TurnBuilder t = partial(room, game);
        if (!t.isComplete()) throw new Refusal("incomplete", "the play is not complete: play the dice left or take steps back");
        Play play = t.play();
        game.play(play);
        commit(room, side, "play " + play.notation());
      } else if (action instanceof Action.PlayText p) {
        requireTurn(game, side, Phase.PLAY, "it is not your turn to play");
        Play play = game.play(TypedPlayText.read(p.play(), p.naming(), side));
        commit(room, side, "play " + play.notation());
      } else if (action instanceof Action.Resign) {
        if (game.isOver()) throw new Refusal("over", "the game is over");
        game.resign(side);
        commit(room, side, "resign");
      } else if (action instanceof Action.TakeBack) {
        commitRecord(room, side, "take back", Practice.takenBack(room, side));
      } else if (action instanceof Action.GoOn) {
        Practice.require(room);
        Side computer = side.opponent();
        requireTurn(game, computer, Phase.ROLL, "the computer has nothing to throw now");
        game.roll();
        commit(room, computer, "roll");
      } else if (action instanceof Action.Next) {
        if (!game.isOver()) throw new Refusal("not-over", "the game is not over");
        if (match.isOver()) throw new Refusal("match-over", "the match is over");
        match.nextGame();
        commit(room, side, "next game");
      }
    } catch (IllegalPlayException e) {
      throw Problems.illegal(e);
    } catch (IllegalStateException e) {
      throw Problems.notNow(e);
    }
  }

  /**
   * The plays ranked by the world-class level, for the player to move in a game against the
   * computer. What is needed is taken under the game's lock, the ranking is done outside it
   * (on {@link Analyses}: 60–400 ms that would hold up every action and socket of the game),
   * and {@code deliver} gets the result only if the game is still at the version it was asked
   * on (with that {@code version} in it); a hint overtaken by the game is dropped.
   *
   * @throws Refusal at once for what is refused (not seated, not your turn, {@code busy} …)
   */
  public void hint(String id, String tokenHash, Consumer<com.fasterxml.jackson.databind.node.ObjectNode> deliver) {
    record Ask(Side side, int version, Rules rules, org.jacquet.engine.LegalPlays legal) {}
    Ask ask = read(id, room -> {
      Side side = room.sideOf(tokenHash);
      Game game = room.match.game();
      if (side == null) throw new Refusal("not-seated", "only a player can ask for a hint");
      if (!room.hasComputer()) throw new Refusal("no-hint", "hints are for games against the computer");
      requireTurn(game, side, Phase.PLAY, "hints are for your own turn");
      return new Ask(side, room.version, room.rules, game.legalPlays());
    });
    analyses.run(id + "|" + ask.side().key() + "|hint", ask.version(), () -> {
      var ranked = Level.WORLD_CLASS.ranker(ask.rules()).rank(ask.legal());
      var o = StateView.JSON.createObjectNode().put("type", "hint").put("version", ask.version());
      var plays = o.putArray("plays");
      for (var r : ranked) {
        plays.addObject().put("play", r.play().notation()).put("equity", r.equity()).put("win", r.winProbability())
            .put("doubleWin", r.doubleWinProbability()).put("doubleLoss", r.doubleLossProbability());
      }
      return o;
    }).whenComplete((o, failure) -> {
      if (failure != null) {
        System.err.println("jacquet: hint failed in game " + id + ": " + Health.rootCause(failure));
      } else {
        // Under the lock: a play stored meanwhile is either after this hint on the socket, or
        // it has moved the version on and the hint is dropped.
        try {
          read(id, room -> {
            if (room.version == ask.version()) deliver.accept(o);
            return null;
          });
        } catch (Refusal e) {
          // the game cannot be read now: the hint is dropped
        }
      }
    });
  }

  /** Holds every analysis (hints, the tutor, {@code /api/analyse}) until {@code release}: see {@link Analyses#holdForTests}. */
  public void holdAnalysesForTests(java.util.concurrent.CountDownLatch release) {
    analyses.holdForTests(release);
  }

  /** Analyses started so far (hints and the tutor), for tests. */
  int analysesStarted() {
    return analyses.started();
  }

  /** Runs {@code work} off the game's lock for a seat (see {@link Analyses#run}). */
  public <T> java.util.concurrent.CompletableFuture<T> analyse(String seat, int version, java.util.function.Supplier<T> work) {
    return analyses.run(seat, version, work);
  }

  /** Whether game {@code id} is still at {@code version} (false when it cannot be told). */
  public boolean stillAt(String id, int version) {
    try {
      return read(id, room -> room.version == version);
    } catch (Refusal e) {
      return false;
    }
  }

  private static void requireTurn(Game game, Side side, Phase phase, String message) {
    if (game.phase() != phase || game.sideToAct() != side) throw new Refusal("not-your-turn", message);
  }

  private static TurnBuilder partial(GameRoom room, Game game) {
    if (room.partial == null || !room.partial.matches(game.legalPlays())) {
      room.partial = new TurnBuilder(room.rules, game.legalPlays());
    }
    return room.partial;
  }

  /**
   * Stores the steps laid down (so a restart or another process finds them); if that fails,
   * {@code revert} takes the step back and the player is told.
   */
  private void storePending(GameRoom room, TurnBuilder t, Runnable revert) {
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
      throw new Refusal("conflict", "the game moved on meanwhile; nothing was changed, try again");
    }
    room.pending = pending;
    holdNewest(room);
  }

  /**
   * Makes {@code room}, just stored, the one this process holds (another thread may have
   * loaded an equal-version copy meanwhile, which is now behind): fan-out reads the newest.
   */
  private void holdNewest(GameRoom room) {
    rooms.merge(room.id, room, (old, neu) -> old.version > neu.version ? old : neu);
    trimRooms();
  }

  /**
   * How many games this process holds in memory at most. A room is rebuilt from its record when
   * needed, so holding fewer only costs a replay; holding every game anyone looks at (a plain
   * read needs no seat) would let a client fill the memory.
   */
  static final int MAX_ROOMS_HELD = 2000;

  /** Beyond the most rooms held, lets go of the least recently used ones down to 90% of it. */
  private void trimRooms() {
    if (rooms.size() <= maxRoomsHeld) return;
    synchronized (rooms) { // one trim at a time; the map itself stays lock-free for readers
      int excess = rooms.size() - maxRoomsHeld * 9 / 10;
      if (excess <= 0) return;
      // lastUsed is read once per room: it may change while sorting, which a comparator must not see.
      record Use(String id, long lastUsed) {}
      rooms.values().stream()
          .filter(r -> !botPending.containsKey(r.id))
          .map(r -> new Use(r.id, r.lastUsed))
          .sorted(java.util.Comparator.comparingLong(Use::lastUsed))
          .limit(excess)
          .map(Use::id)
          .toList()
          .forEach(rooms::remove);
    }
  }

  /** Runs a write; a failure is refused as {@code storage} (and logged once), a success heals. */
  private <T> T stored(String what, java.util.function.Supplier<T> write) {
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

  /**
   * Lets go of the rooms nobody used for {@code idleMillis}: memory holds the games being
   * played, not every game ever visited (a room is rebuilt from its record when needed).
   */
  public void forgetIdle(long idleMillis) {
    long now = System.currentTimeMillis();
    rooms.values().removeIf(r -> now - r.lastUsed > idleMillis && !botPending.containsKey(r.id));
  }

  int roomsHeld() {
    return rooms.size();
  }

  /** Computer moves waiting for a thinker (past their pause). */
  public int computerMovesWaiting() {
    return botTurns.size();
  }

  /** Games not over, in the whole database. */
  public long gamesInProgress() {
    return store.inProgress();
  }

  /** Why storage fails now, or null while it works. */
  public String storageFailure() {
    return health.failure();
  }

  /** Whether writes work: the health checks read it, and clear it once their own write succeeds. */
  public Health storageHealth() {
    return health;
  }

  /**
   * Stores the room's new record (and the action) before anything is acknowledged. If the
   * database refuses — another process moved the game on, or storage failed — the room is
   * rebuilt from what is stored, so the change is undone everywhere.
   */
  private void commit(GameRoom room, Side side, String action) {
    commitOnce(room, side, action);
    throwForTheClock(room);
  }

  /** At most so many throws made in a row for the clock (each side passing in turn could go on). */
  private static final int MAX_THROWS_IN_A_ROW = 16;

  /**
   * In a timed game the server throws for the side whose turn starts (nobody may stall the game
   * by not throwing, and the clock charges the thinking, not the tapping). A throw that could not
   * be stored is left to the player (it may throw) or to the next look at the clock.
   */
  private void throwForTheClock(GameRoom room) {
    Game game = room.match.game();
    for (int i = 0; i < MAX_THROWS_IN_A_ROW && room.clock != null && game.phase() == Phase.ROLL; i++) {
      Side side = game.sideToAct();
      game.roll();
      try {
        commitOnce(room, side, "roll");
      } catch (Refusal e) {
        return; // the room was let go: rebuilt from what is stored
      }
    }
  }

  private void commitOnce(GameRoom room, Side side, String action) {
    long now = room.now != 0 ? room.now : System.currentTimeMillis();
    Clock clock = room.clock == null ? null : room.clock.next(room.clockSide(), now);
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
      throw new Refusal("conflict", "the game moved on meanwhile; nothing was changed, try again");
    }
    room.version++;
    room.clock = clock;
    room.forfeit = forfeit;
    if (clock != null) flags.set(room.id, clock.flagAt());
    holdNewest(room);
    afterCommit.accept(room.id);
  }

  /**
   * A flag timer fired for game {@code id}: the stored clock is the judge. Out of time: the
   * running side loses the game as if it resigned then (same stake, same path, so whatever a
   * match's end runs, runs). Otherwise the timer is set again for the clock as it is now — a
   * move came in time, or this process's room was behind. The room this process holds is judged
   * first, without reading the store: the write's version check refuses it if another process
   * moved the game on ({@code conflict}), and then the stored game is read and judged at once.
   * That keeps a flag to one database write when many fall together.
   */
  void flagDue(String id) {
    FlagJudged judged = null;
    try {
      GameRoom held = rooms.get(id);
      if (held != null) {
        try {
          judged = judgeFlag(held);
        } catch (Refusal e) {
          if (!"conflict".equals(e.code())) throw e; // behind another process: judged again below, on what is stored
        }
      }
      if (judged == null) judged = judgeFlag(fresh(id));
    } catch (Refusal e) {
      // Another process declared it first (conflict), or storage fails: look again shortly.
      if ("storage".equals(e.code()) || "conflict".equals(e.code())) flags.set(id, System.currentTimeMillis() + STORAGE_RETRY_MILLIS);
      return;
    }
    if (judged == FlagJudged.NO_CLOCK) return;
    // Counted before the sockets are told: whoever saw the loss on time finds it counted.
    if (judged == FlagJudged.DECLARED) flagsDeclared.incrementAndGet();
    onChange.accept(id);
  }

  /** What a flag timer found: no clock, a clock that goes on (a throw made, or the timer set again), a flag declared. */
  private enum FlagJudged { NO_CLOCK, GOES_ON, DECLARED }

  /** Judges {@code room}'s flag under its lock; a flag declared has its lateness after the due instant recorded. */
  private FlagJudged judgeFlag(GameRoom room) {
    synchronized (room) {
      long now = System.currentTimeMillis();
      if (room.clock == null) return FlagJudged.NO_CLOCK;
      long due = room.clock.flagAt();
      if (room.clock.outOfTime(now)) {
        if (!declareFlag(room, now)) return FlagJudged.GOES_ON;
        flagLateness.record((System.currentTimeMillis() - due) * 1_000_000);
        return FlagJudged.DECLARED;
      }
      if (room.match.game().phase() == Phase.ROLL) commit(room, room.match.game().sideToAct(), "roll");
      else flags.set(room.id, due);
      return FlagJudged.GOES_ON;
    }
  }

  /** How late after its due instant each flag this process's timers declared was stored (ns). */
  private final org.jacquet.server.limits.Metrics flagLateness = org.jacquet.server.limits.Metrics.flagLateness(1 << 16);

  /** {count, p50, p99, max} in ms of the flags declared by this process's timers after the {@code since}-th: their lateness once stored. */
  public double[] flagLateness(long since) {
    return flagLateness.snapshot(since);
  }

  private final java.util.concurrent.atomic.AtomicLong flagsDeclared = new java.util.concurrent.atomic.AtomicLong();

  /** Flags this process declared (a flag is declared once, by one process). */
  public long flagsDeclared() {
    return flagsDeclared.get();
  }

  /** The running side's flag fell by {@code now}: it resigns the game (under the room's lock). */
  private boolean declareFlag(GameRoom room, long now) {
    Side loser = room.clock.running();
    Game game = room.match.game();
    if (loser == null || game.isOver()) return false;
    game.resign(loser);
    room.now = now;
    try {
      commitOnce(room, loser, "timeout");
    } finally {
      room.now = 0;
    }
    return true;
  }

  /**
   * The seated player of {@code tokenHash} claims an untimed game its opponent left:
   * {@code absentMillis} says how long the other seat has had no socket (negative: it is there).
   * Past {@link #claimAfterMillis} the absent side loses the game as if it resigned.
   */
  public void claim(String id, String tokenHash, java.util.function.ToLongFunction<Side> absentMillis) {
    GameRoom room = fresh(id);
    synchronized (room) {
      Side side = room.sideOf(tokenHash);
      if (side == null) throw new Refusal("not-seated", "only the players of this game can claim it");
      Side other = side.opponent();
      if (room.match.game().isOver()) throw new Refusal("over", "the game is over");
      if (room.clock != null || room.isComputer(other)) {
        throw new Refusal("no-claim", "only an untimed game against a person can be claimed (a clock settles a timed one)");
      }
      // A friend who never came with the invitation did not leave: nothing is won from them.
      if (other == room.openInvitation()) {
        throw new Refusal("not-arrived", "your friend has not come with the invitation yet: the game waits for them, there is nothing to claim");
      }
      long absent = absentMillis.applyAsLong(other);
      long after = claimAfterMillis;
      if (absent < after) {
        long wait = absent < 0 ? after : after - absent;
        throw new Refusal("claim-too-soon", Map.of("seconds", (wait + 999) / 1000),
            "your opponent is connected or left too recently: the game can be claimed after "
                + (after + 999) / 1000 + " s of absence");
      }
      room.match.game().resign(other);
      commit(room, other, "claim");
    }
    onChange.accept(id);
  }

  /** How long a player of an untimed game must be gone (no socket at its seat) before its opponent may claim the game. */
  public static final long CLAIM_AFTER_MILLIS = 120_000;
  private volatile long claimAfterMillis = CLAIM_AFTER_MILLIS;

  /** The absence after which a game may be claimed, in ms. */
  public long claimAfterMillis() {
    return claimAfterMillis;
  }

  /** Tests wait less than {@link #CLAIM_AFTER_MILLIS}. */
  void claimAfterMillis(long millis) {
    this.claimAfterMillis = millis;
  }

  /** Watches game {@code id}'s flag if its clock runs (after a restart, or a change heard from another process). */
  public void watchClock(String id) {
    try {
      Clock clock = read(id, room -> room.clock);
      if (clock != null) flags.set(id, clock.flagAt());
    } catch (Refusal e) {
      // gone, or storage fails: the next change or start looks again
    }
  }

  /** Flag timers this process has set since it started (it never goes down). */
  public long flagTimersSet() {
    return flags.timersSet();
  }

  /**
   * The invitation's seat taken by the first to come with its link: the seat gets a token of
   * its own, returned for that browser alone, and the link no longer seats anyone (it shows the
   * game to watch). Stored with the game, so every process knows.
   *
   * @throws Refusal {@code bad-token} when the seat was taken meanwhile
   */
  public String takeInvitation(String id, String tokenHash) {
    GameRoom room = fresh(id);
    String token = Tokens.token();
    synchronized (room) {
      Side side = room.sideOf(tokenHash);
      if (side == null || side != room.openInvitation()) throw new Refusal("bad-token", "this seat token does not belong to this game");
      Map<String, String> headers = new java.util.LinkedHashMap<>(room.headers);
      headers.remove(GameRoom.INVITATION);
      String record = GameRecord.write(room.match, headers);
      boolean stored;
      try {
        stored = stored("take a seat of " + id, () -> store.takeSeat(id, room.version, side.key(), Tokens.sha256(token), record));
      } finally {
        rooms.remove(id); // rebuilt with the seat's new token
      }
      if (!stored) throw new Refusal("conflict", "the game moved on meanwhile; nothing was changed, try again");
      afterCommit.accept(id);
    }
    onChange.accept(id);
    return token;
  }

  /** Stores {@code record} in place of the room's (a take-back); the room is rebuilt from it. */
  private void commitRecord(GameRoom room, Side side, String action, String record) {
    boolean stored;
    try {
      stored = stored("store game " + room.id, () -> store.update(room.id, room.version, record, "playing", side.key(), action, room.clock, null));
    } finally {
      rooms.remove(room.id);
    }
    if (!stored) throw new Refusal("conflict", "the game moved on meanwhile; nothing was changed, try again");
    afterCommit.accept(room.id);
  }

  /** The room as stored now: cached if no other process changed it, else rebuilt. */
  private GameRoom fresh(String id) {
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
    GameRoom loaded = store.findTimed(id).map(f -> GameRoom.load(f.row(), f.timing())).orElseThrow(() -> noGame(id));
    // Never replace a room with an older one (this process may have stored more meanwhile).
    GameRoom held = rooms.merge(id, loaded, (old, neu) -> old.version > neu.version ? old : neu);
    trimRooms();
    return held;
  }

  /**
   * Game {@code id} was changed in storage outside {@link #act} (a rematch linked to it): the
   * room held is let go, rebuilt from what is stored when next needed.
   */
  void changedElsewhere(String id) {
    forget(id);
    afterCommit.accept(id);
  }

  /** Lets go of the room held for {@code id}: it is rebuilt from what is stored when next needed. */
  void forget(String id) {
    rooms.remove(id);
  }

  static Refusal noGame(String id) {
    String shown = id.length() > 40 ? id.substring(0, 40) + "…" : id;
    return new Refusal("no-game", Map.of("id", shown), "there is no game " + shown);
  }

  /** Whether the game waits for its computer player. */
  private static boolean computerToAct(GameRoom room) {
    Game g = room.match.game();
    if (!room.hasComputer() || g.isOver()) return false;
    return switch (g.phase()) {
      case ROLL -> room.isComputer(g.sideToAct()) && !Practice.is(room); // practice: the learner goes on first
      case PLAY, OPENING_CHOICE -> room.isComputer(g.sideToAct());
      default -> false;
    };
  }

  /**
   * Lets the computer take its next action after a short pause, once (looking at the stored
   * game), in turn with the other moves of {@code client} (see the class comment).
   */
  public void scheduleComputer(String id, String client) {
    scheduleComputer(id, true, client);
  }

  private void scheduleComputer(String id, boolean checkStored, String client) {
    boolean due = checkStored ? read(id, GameService::computerToAct) : readLocal(id, GameService::computerToAct);
    if (!due || botPending.putIfAbsent(id, Boolean.TRUE) != null) return;
    afterPause(botDelayMillis, client, () -> computerMove(id, client));
  }

  /**
   * Hands {@code move} to {@link #botTurns} after {@code millis}, and a worker to take the next
   * move in turn: as many tasks go to the workers as moves to the queue, so none is left waiting.
   */
  private void afterPause(long millis, String client, Runnable move) {
    botPauses.schedule(() -> {
      botTurns.add(client, move);
      bots.execute(() -> {
        Runnable next = botTurns.poll();
        if (next != null) next.run();
      });
    }, millis, TimeUnit.MILLISECONDS);
  }

  /** One computer action of game {@code id}, on a worker; the next one (if due) is scheduled for the same client. */
  private void computerMove(String id, String client) {
    boolean acted = false;
    boolean again = false;
    try {
      acted = computerTurn(id);
      again = !acted;
    } catch (Refusal e) {
      // Another process acted first: look again. Storage failed: try again shortly, the
      // move is not dropped (and the failure was logged once).
      if ("conflict".equals(e.code())) again = true;
      else if ("storage".equals(e.code())) retryComputer(id, client);
    } catch (RuntimeException e) {
      System.err.println("jacquet: computer move failed in game " + id + ": " + e);
    } finally {
      botPending.remove(id); // only now: one computer move of a game is thought at a time
    }
    try {
      if (acted) {
        onChange.accept(id);
        scheduleComputer(id, false, client);
      } else if (again) {
        scheduleComputer(id, true, client);
      }
    } catch (Refusal e) {
      if ("storage".equals(e.code())) retryComputer(id, client);
    }
  }

  /**
   * The computer's next action. A play is chosen outside the game's lock (it takes up to a few
   * hundred milliseconds, during which the game's other sockets and actions go on) and made
   * only if the game is still where it was; false when it did nothing (the game moved on, or
   * it is not the computer's to act).
   */
  private boolean computerTurn(String id) {
    computerHold.pass();
    record Think(int version, org.jacquet.ai.Bot bot, org.jacquet.engine.LegalPlays legal, org.jacquet.ai.match.MatchContext context) {}
    GameRoom room = fresh(id);
    org.jacquet.ai.Bot bot = room.newBot(); // made before the lock is taken (the first one of a process: seconds)
    Think think;
    synchronized (room) {
      if (!computerToAct(room)) return false;
      Game g = room.match.game();
      if (g.phase() != Phase.PLAY) return computerStep(room, bot);
      think = new Think(room.version, bot, g.legalPlays(), org.jacquet.ai.match.MatchContext.of(room.match));
    }
    Play p = think.bot().choose(think.legal(), think.context());
    room = fresh(id);
    synchronized (room) {
      if (room.version != think.version() || !computerToAct(room)) return false;
      Game g = room.match.game();
      Side side = g.sideToAct();
      g.play(p);
      commit(room, side, "play " + p.notation());
    }
    return true;
  }

  /** Where the computer's actions wait while a test holds them ({@link #holdComputerForTests}). */
  private final TestHold computerHold = new TestHold();

  /**
   * Makes every computer action wait, on its worker, until {@code release} is counted down: a
   * test can then show that something (the first board of a game, an answer) never waits for
   * the computer, whatever the machine's speed. Nothing else waits on it.
   */
  public void holdComputerForTests(java.util.concurrent.CountDownLatch release) {
    computerHold.holdUntil(release);
  }

  /** Looks again at game {@code id} later, on a worker in its client's turn (the read goes to the failing storage). */
  private void retryComputer(String id, String client) {
    try {
      afterPause(STORAGE_RETRY_MILLIS, client, () -> {
        try {
          scheduleComputer(id, true, client);
        } catch (Refusal e) {
          if ("storage".equals(e.code())) retryComputer(id, client);
        }
      });
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // stopping
    }
  }

  private boolean computerStep(GameRoom room, org.jacquet.ai.Bot bot) {
    Game g = room.match.game();
    Side side = g.sideToAct();
    switch (g.phase()) {
      case ROLL -> {
        g.roll();
        commit(room, side, "roll");
      }
      case OPENING_CHOICE -> {
        GameEvent.OpeningThrow t = (GameEvent.OpeningThrow) g.events().get(g.events().size() - 1);
        boolean again = bot.throwAgain(g.position(), org.jacquet.engine.Dice.of(t.white(), t.black()));
        g.chooseOpening(again);
        commit(room, side, again ? "throw again" : "play the opening dice");
      }
      default -> { // a play is chosen off the lock: computerTurn
        return false;
      }
    }
    return true;
  }

  /**
   * After a restart: every game not over gets its computer going again where it was, for the
   * {@link #UNKNOWN_CLIENT} (who played it is not stored).
   */
  public int resumeAll() {
    List<String> active = store.activeIds();
    for (String id : active) {
      try {
        scheduleComputer(id, true, UNKNOWN_CLIENT);
        watchClock(id);
      } catch (Refusal e) {
        if ("storage".equals(e.code())) retryComputer(id, UNKNOWN_CLIENT);
      }
    }
    return active.size();
  }

  public GameStore store() {
    return store;
  }

  @Override
  public void close() {
    flags.close();
    botPauses.shutdownNow();
    bots.shutdownNow();
    analyses.close();
  }
}
