package org.jacquet.server.game;

import java.util.Map;
import org.jacquet.ai.Level;
import org.jacquet.ai.eval.Nets;
import org.jacquet.engine.IllegalPositionException;
import org.jacquet.engine.Side;
import org.jacquet.engine.StartingPosition;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.game.GameService.Checked;
import org.jacquet.server.game.GameService.Created;
import org.jacquet.server.game.GameService.NewGame;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.GameStore;

/**
 * New games: a request checked (rules, match length, level, position) before anything is
 * counted or stored, then the game's row — its secret seed, the seed's hash in the record, the
 * seats and their tokens' hashes — stored at once (a game with the computer or a friend), or
 * handed to the lobby to store with the seek it settles.
 */
final class GameCreation {
  private final Rooms rooms;

  GameCreation(Rooms rooms) {
    this.rooms = rooms;
  }

  /** Checks a creation without creating anything; refuses the first problem found. */
  static Checked check(NewGame req) {
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
    if (req.rated()) requireRated(req, level);
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
    if (req.rated() && start != null) {
      throw new Refusal("unrated-game", "a game from a set-up position is not rated: start from the usual position");
    }
    return new Checked(req, rules, level, start);
  }

  /**
   * A rated game against the computer: a signed-in player against a level that plays as itself
   * (not the random or heuristic players, nor a level kept for comparison), never practice.
   */
  private static void requireRated(NewGame req, Level level) {
    if (req.player() == null || !req.player().hasAccount()) {
      throw new Refusal("rated-needs-account", "only signed-in players play rated games");
    }
    if (level == null || req.practice()) {
      throw new Refusal("unrated-game", "only games against a level of the computer, or challenges in the lobby, are rated");
    }
    if (!RATED_LEVELS.contains(level)) {
      throw new Refusal("unrated-level", Map.of("level", level.key()), "this level of the computer plays no rated games");
    }
  }

  /** The levels that are rated players: the ones a player picks as an opponent. */
  static final java.util.List<Level> RATED_LEVELS = java.util.List.of(Level.BEGINNER, Level.CASUAL, Level.INTERMEDIATE,
      Level.ADVANCED, Level.EXPERT, Level.WORLD_CLASS);

  /** Creates a game already checked by {@link #check}, timed by {@code control} (its clock starts at the first opening throw). */
  Created create(Checked checked, TimeControl control) {
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
    // A rated game seats the level as the player it is (its ratings move with the game's end).
    org.jacquet.server.identity.Player bot = req.rated() ? org.jacquet.server.identity.Player.computer(level) : null;
    String botId = bot == null ? null : bot.id();
    String botName = bot == null ? null : bot.name();
    GameStore.Seats seats = me == null ? new GameStore.Seats(null, null, null, null, false, time) : side == Side.WHITE
        ? new GameStore.Seats(me.id(), me.name(), botId, botName, req.rated(), time)
        : new GameStore.Seats(botId, botName, me.id(), me.name(), req.rated(), time);
    Map<String, String> marks = new java.util.LinkedHashMap<>();
    if (req.practice() && level != null) marks.put(Practice.HEADER, "yes");
    if (level == null) marks.put(GameRoom.INVITATION, side.opponent().key()); // the friend's seat, until taken
    String mine = Tokens.sha256(token);
    String theirs = Tokens.sha256(invite);
    GameStore.Row row = row(id, rules, req.matchLength(), level == null ? null : level.key(), side == Side.WHITE ? null : computer,
        side == Side.BLACK ? null : computer, side == Side.WHITE ? mine : theirs, side == Side.WHITE ? theirs : mine,
        seed, match, seats, side == Side.WHITE ? "Player" : "Friend", side == Side.BLACK ? "Player" : "Friend", marks);
    rooms.stored("create a game", () -> {
      rooms.store().insert(row);
      return null;
    });
    return new Created(id, token, level == null ? invite : null, side);
  }

  /** See {@link GameService#seated}. */
  static GameStore.Row seated(String rulesText, int matchLength, TimeControl time, boolean rated,
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
}
