package org.jacquet.server.game;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jacquet.ai.Bot;
import org.jacquet.ai.Level;
import org.jacquet.engine.Side;
import org.jacquet.engine.TurnBuilder;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.format.RecordedDice;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.clock.Clock;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.store.GameStore;

/**
 * One game as the server holds it in memory: the match rebuilt from its stored record (dice
 * going on from the secret seed), who sits where, and the steps the player to move has laid
 * down but not confirmed. Guarded by its own lock.
 */
public final class GameRoom {
  public final String id;
  public final Rules rules;
  final GameStore.Row row;
  public final Match match;
  final Map<String, String> headers;
  public final RecordedDice dice;
  public volatile int version;
  /** The id of this finished match's rematch, once one is made (stored with the game). */
  final String rematch;
  /** Steps laid down by the player to move, not yet confirmed; stored as {@link #pending}. */
  public TurnBuilder partial;
  /** The steps as stored ("from/to …"), or null. */
  String pending;
  /** How the game is timed (never null: {@link TimeControl#UNTIMED} when it is not). */
  final TimeControl timeControl;
  /** The clock as stored with the current version, or null in an untimed game. */
  Clock clock;
  /** How the last game ended unplayed ("2 timeout", "1 claim"), or null. */
  String forfeit;
  /** The names shown at each seat (null when none was given). */
  final String whiteName;
  final String blackName;
  /** A correspondence game's further seat keys (hash → side), one per device of the seat's account. */
  private final Map<String, Side> seatKeys;
  /** The time given back to the running clock for a server outage (ms; 0: none), until the next move. */
  final long outageCredit;
  /** When each player's latest vacation ends (correspondence games; ms), as loaded with the room. */
  final Map<Side, Long> vacations;
  /**
   * When the action being applied was received (server ms), for the clock; 0 outside an action
   * (the server's own moves are timed when they are stored). Guarded by the room's lock.
   */
  long now;
  /** The server's time, which the clock shown with each state is read against. */
  final org.jacquet.server.clock.ServerTime time;
  /**
   * The seated players' ratings in the game's pool (none for a guest), read once when the room is
   * loaded ({@link Rooms#fresh}), not per message: shown beside their names.
   */
  volatile Map<Side, org.jacquet.server.rating.Glicko2.Rating> ratings = Map.of();
  /** When this process last looked at the room (rooms unused for a while are let go). */
  volatile long lastUsed = System.currentTimeMillis();

  private GameRoom(GameStore.Row row, GameRecord.Parsed parsed, GameStore.Timing timing, org.jacquet.server.clock.ServerTime time) {
    this.time = time;
    this.timeControl = timing.control();
    this.clock = timing.clock();
    this.forfeit = timing.forfeit();
    this.whiteName = timing.whiteName();
    this.seatKeys = timing.seatKeys();
    this.outageCredit = timing.outageCredit();
    this.vacations = timing.vacations();
    this.blackName = timing.blackName();
    this.id = row.id();
    this.row = row;
    this.rules = parsed.match().rules();
    this.match = parsed.match();
    this.headers = new LinkedHashMap<>(parsed.headers());
    this.dice = parsed.dice();
    this.dice.continueWith(SeededDice.resumed(row.seed(), dice.thrown()));
    this.version = row.version();
    this.rematch = row.rematch();
    restorePending(row.pending());
  }

  /** Lays the stored steps down again; steps that no longer fit the turn are left out. */
  private void restorePending(String text) {
    pending = text; // as stored, so the cached room is known to match the stored game
    if (text == null || text.isBlank() || match.game().phase() != org.jacquet.engine.game.Phase.PLAY) return;
    try {
      // Read as the puzzle and lesson routes read steps: the play notation ("25" is "off" there too).
      partial = LaidSteps.lay(rules, match.game().legalPlays(), text);
    } catch (RuntimeException e) {
      // a step that no longer fits: the turn starts again from nothing laid
    }
  }

  /** The steps of {@code t} as stored: "from/to from/to" (25 = off), or null when none. */
  static String pendingText(TurnBuilder t) {
    if (t.steps().isEmpty()) return null;
    StringBuilder b = new StringBuilder();
    for (org.jacquet.engine.Step s : t.steps()) b.append(b.length() == 0 ? "" : " ").append(s.from()).append('/').append(s.to());
    return b.toString();
  }

  /** Rebuilds the room by replaying the stored record, with its clock as stored. */
  static GameRoom load(GameStore.Row row, GameStore.Timing timing, org.jacquet.server.clock.ServerTime time) {
    return new GameRoom(row, GameRecord.read(row.record()), timing, time);
  }

  /** The clock as stored with the current version, or null in an untimed game. */
  public Clock clock() {
    return clock;
  }

  /** The name shown at {@code side}'s seat, or null. */
  public String name(Side side) {
    return side == Side.WHITE ? whiteName : blackName;
  }

  /** Whether the current game ended by {@code how} ("timeout", "claim") rather than by play. */
  public String forfeitOfCurrentGame() {
    if (forfeit == null || !match.game().isOver()) return null;
    String[] parts = forfeit.split(" ");
    return parts.length == 2 && parts[0].equals(Integer.toString(match.games().size())) ? parts[1] : null;
  }

  /**
   * The side whose clock must run now: the side to act once the opening throw is made (a throw,
   * an opening choice, a play); nobody before it, between games or at the end.
   */
  Side clockSide() {
    var game = match.game();
    return switch (game.phase()) {
      case ROLL, PLAY, OPENING_CHOICE -> game.sideToAct();
      default -> null;
    };
  }

  /** The record's header naming the seat an invitation link holds until someone takes it. */
  public static final String INVITATION = "Invitation";

  /** The seat an invitation link still holds (nobody has come with it yet), or null. */
  public Side openInvitation() {
    String side = headers.get(INVITATION);
    return side == null ? null : Side.parse(side);
  }

  public boolean hasComputer() {
    return row.level() != null;
  }

  /**
   * A computer player for this game's next decision, or null in a game between people. Made
   * anew for each decision rather than kept: a bot's search holds its own play generators
   * (hundreds of kilobytes), which every game held in memory would otherwise keep. Its noise is
   * seeded from the game's secret seed and the game's version, so each decision draws anew. The
   * first bot of a process may take seconds (the shared tables it reads are built once): make
   * it off the room's lock.
   */
  Bot newBot() {
    if (row.level() == null) return null;
    long decision = version * 0x9E3779B97F4A7C15L;
    return Level.parse(row.level()).create(rules, row.seed() ^ 0x5DEECE66DL ^ decision);
  }

  /** The side whose seat token hashes to {@code tokenHash}, or null (a spectator). */
  public Side sideOf(String tokenHash) {
    if (tokenHash == null) return null;
    if (tokenHash.equals(row.whiteToken())) return Side.WHITE;
    if (tokenHash.equals(row.blackToken())) return Side.BLACK;
    return seatKeys.get(tokenHash);
  }

  /** The account or guest id seated at {@code side}, or null (a computer, an invitation's friend). */
  public String playerId(Side side) {
    return side == Side.WHITE ? row.seats().whitePlayer() : row.seats().blackPlayer();
  }

  /**
   * Who sits at {@code side} as a rated player: the account, or the level of the computer
   * ({@code c:LEVEL}) when it is one of the rated levels; null for a guest or an invitation's seat.
   */
  String ratedPlayerId(Side side) {
    if (isComputer(side)) {
      Level level = row.level() == null ? null : Level.parse(row.level());
      return level != null && GameCreation.RATED_LEVELS.contains(level) ? org.jacquet.server.identity.Player.computer(level).id() : null;
    }
    String id = playerId(side);
    return org.jacquet.server.rating.PlayerRatings.rated(id) ? id : null;
  }

  /** The seated player's rating in the game's pool, or null (a guest). */
  public org.jacquet.server.rating.Glicko2.Rating rating(Side side) {
    return ratings.get(side);
  }

  /** How the game is timed (untimed, a live clock, days a move). */
  public TimeControl timeControl() {
    return timeControl;
  }

  boolean isComputer(Side side) {
    return "computer".equals(side == Side.WHITE ? row.whiteKind() : row.blackKind());
  }

  /** The record as it may be shown: the seed only once the match is over. */
  public String publicRecord() {
    Map<String, String> h = new LinkedHashMap<>(headers);
    if (match.isOver()) h.put("Seed", Long.toString(row.seed()));
    return GameRecord.write(match, h);
  }

  public String storedRecord() {
    return GameRecord.write(match, headers);
  }
}
