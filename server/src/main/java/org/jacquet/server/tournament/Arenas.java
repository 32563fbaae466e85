package org.jacquet.server.tournament;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jacquet.engine.Side;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.clock.ServerTime;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.identity.Player;
import org.jacquet.server.rating.Glicko2;
import org.jacquet.server.rating.Ratings;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.GameStore;
import org.jacquet.server.store.MatchEndHook;
import org.jdbi.v3.core.Handle;

/**
 * The arenas: made by the host (the CLI) or a signed-in player, joined and left at will by
 * signed-in players, paired by {@link #pair} while they run, scored when each of their matches ends
 * ({@link #matchEnded}, in the transaction that stores the end). Everything is in the database
 * (V30): a restart loses nothing, and of two processes pairing one arena at once, the first to
 * claim its row ({@code UPDATE arenas … WHERE id}: a row lock held to the commit) pairs, the other
 * then finds those players in a game. Time is the server's ({@link ServerTime}): tests move it.
 */
public final class Arenas implements MatchEndHook, AutoCloseable {
  /** A joined player is paired while its page said it is there within this long. */
  public static final long PRESENCE_MILLIS = 30_000;
  /** A page says so at most this often (its polls in between write nothing). */
  static final long PRESENCE_WRITE_MILLIS = 5_000;
  public static final long PAIR_EVERY_MILLIS = 1_000;
  public static final int MIN_MINUTES = 5;
  public static final int MAX_MINUTES = 24 * 60;
  public static final int MAX_NAME = 60;
  /** How far ahead an arena may be scheduled. */
  public static final long MAX_AHEAD_MILLIS = 90L * 86_400_000;
  /** The name of the host's arenas (made by the CLI, no account). */
  public static final String HOST_NAME = "Jacquet";

  private final Database db;
  private final GameService games;
  private final ServerTime time;
  private final SecureRandom random = new SecureRandom();
  private final java.util.concurrent.ScheduledExecutorService ticker = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "jacquet-arenas");
    t.setDaemon(true);
    return t;
  });

  public Arenas(Database db, GameService games) {
    this.db = db;
    this.games = games;
    this.time = games.time();
  }

  /** Pairs every running arena each {@link #PAIR_EVERY_MILLIS} (a free player waits about that long at most). */
  public Arenas start() {
    org.jacquet.server.telemetry.OutageLog outage = new org.jacquet.server.telemetry.OutageLog("the arenas' pairing");
    ticker.scheduleWithFixedDelay(() -> {
      try {
        pair();
        outage.worked();
      } catch (RuntimeException e) {
        outage.failed(e); // one line an outage, not one a second
      }
    }, PAIR_EVERY_MILLIS, PAIR_EVERY_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS);
    return this;
  }

  @Override
  public void close() {
    ticker.shutdownNow();
  }

  /** What a new arena is asked to be (start: ms since the epoch). */
  public record Request(String name, long startsAt, int minutes, String time, String rules, int matchLength, boolean listed) {}

  /**
   * Checks and stores a new arena made by {@code host} (null: the site's host, from the CLI);
   * refuses the first problem found, storing nothing.
   */
  public Arena create(Request req, Player host) {
    return create(db, req, host, time.now());
  }

  /** {@link #create(Request, Player)} at {@code now}, without a running server (the host's command line). */
  public static Arena create(Database db, Request req, Player host, long now) {
    if (host != null && !host.hasAccount()) throw needsAccount();
    String name = req.name() == null ? "" : req.name().strip();
    if (name.isEmpty() || name.length() > MAX_NAME || name.chars().anyMatch(Character::isISOControl)) {
      throw new Refusal("arena-name", Map.of("max", MAX_NAME), "an arena needs a name of 1 to " + MAX_NAME + " characters");
    }
    Rules rules = Problems.parse("bad-rules", req.rules() == null ? "modern" : req.rules(), Rules::parse);
    TimeControl control = Problems.parse("bad-time-control", req.time() == null ? "" : req.time(), TimeControl::parse);
    if (!control.timed() || control.correspondence()) {
      throw new Refusal("bad-time-control", Map.of("text", control.toString(), "detail", "an arena is played with a live clock"),
          "an arena is played with a live clock (e.g. 8+30 or 12+60)");
    }
    if (req.matchLength() < 1 || req.matchLength() > 7) {
      throw new Refusal("bad-match", Map.of("min", 1, "max", 7, "value", req.matchLength()),
          "an arena's match length must be between 1 and 7 points");
    }
    if (req.minutes() < MIN_MINUTES || req.minutes() > MAX_MINUTES) {
      throw new Refusal("arena-minutes", Map.of("min", MIN_MINUTES, "max", MAX_MINUTES, "value", req.minutes()),
          "an arena lasts " + MIN_MINUTES + " to " + MAX_MINUTES + " minutes");
    }
    // A minute's grace: "now" typed on a page is already a little in the past when it arrives.
    if (req.startsAt() < now - 60_000 || req.startsAt() > now + MAX_AHEAD_MILLIS) {
      throw new Refusal("arena-start", Map.of("days", MAX_AHEAD_MILLIS / 86_400_000),
          "an arena starts from now to " + MAX_AHEAD_MILLIS / 86_400_000 + " days ahead");
    }
    long start = Math.max(req.startsAt(), now);
    Arena a = new Arena(Tokens.gameId(), name, host == null ? HOST_NAME : host.name(), rules.toString(), req.matchLength(),
        control, start, start + req.minutes() * 60_000L, req.listed());
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("""
        INSERT INTO arenas (id, name, host_id, host_name, rules, match_length, time_control, starts_at, ends_at, listed, created_at)
        VALUES (:id, :name, :host, :hostName, :rules, :match, :time, :start, :end, :listed, :now)""")
        .bind("id", a.id()).bind("name", a.name()).bind("host", host == null ? null : host.id())
        .bind("hostName", a.hostName()).bind("rules", a.rules()).bind("match", a.matchLength())
        .bind("time", a.time().toString()).bind("start", a.startsAt()).bind("end", a.endsAt())
        .bind("listed", a.listed() ? 1 : 0).bind("now", now).execute()));
    return a;
  }

  /**
   * A start as written by a page or the host: absent or {@code now}, else an ISO-8601 instant with
   * its offset ({@code 2026-12-01T18:00:00Z}, {@code 2026-12-01T19:00+01:00}); refused {@code bad-arena-start}.
   */
  public static long parseStart(String text, long now) {
    if (text == null || text.isBlank() || text.equals("now")) return now;
    try {
      return java.time.OffsetDateTime.parse(text).toInstant().toEpochMilli();
    } catch (java.time.format.DateTimeParseException e) {
      throw new Refusal("bad-arena-start", Map.of("text", org.jacquet.engine.Excerpt.of(text)),
          "a start is written as a date and time with its offset, e.g. 2026-12-01T18:00:00Z");
    }
  }

  public Optional<Arena> find(String id) {
    if (id == null || id.length() > 32) return Optional.empty();
    return db.jdbi().withHandle(h -> h.createQuery("SELECT * FROM arenas WHERE id = :id").bind("id", id)
        .map((rs, ctx) -> arena(rs)).findOne());
  }

  /** The arena {@code id}, or refused {@code no-arena}. */
  public Arena get(String id) {
    return find(id).orElseThrow(() -> new Refusal("no-arena", "there is no such tournament"));
  }

  /** The listed arenas not finished at {@code now}, soonest first (at most {@code max}). */
  public List<Arena> upcoming(long now, int max) {
    return db.jdbi().withHandle(h -> h.createQuery(
            "SELECT * FROM arenas WHERE listed = 1 AND ends_at > :now ORDER BY starts_at, id LIMIT :max")
        .bind("now", now).bind("max", max).map((rs, ctx) -> arena(rs)).list());
  }

  /**
   * {@code player} joins arena {@code id} (or joins again after leaving, its points kept): its
   * browser's seat token for every game the arena gives it, of which only the hash is kept.
   */
  public String join(String id, Player player) {
    if (player == null || !player.hasAccount()) throw needsAccount();
    Arena a = get(id);
    long now = time.now();
    if (a.status(now) == Arena.Status.FINISHED) throw new Refusal("arena-over", "this tournament is over");
    String token = Tokens.token();
    String hash = Tokens.sha256(token);
    double rating = db.jdbi().withHandle(h -> Ratings.find(h, player.id(), Ratings.Category.of(a.time().toString()), false, now))
        .map(s -> s.rating().rating()).orElse(Glicko2.START.rating());
    boolean joined = db.write(() -> db.jdbi().inTransaction(h -> {
      bumped(h, id); // the arena's row first, as a pairing locks it: two transactions never wait for each other
      int back = h.createUpdate("""
          UPDATE arena_players SET joined = 1, token_hash = :hash, seen_at = :now, rating = :rating, name = :name
          WHERE arena_id = :a AND player_id = :p AND joined = 0""")
          .bind("hash", hash).bind("now", now).bind("rating", rating).bind("name", player.name())
          .bind("a", id).bind("p", player.id()).execute();
      if (back == 1) return true;
      boolean there = h.createQuery("SELECT COUNT(*) FROM arena_players WHERE arena_id = :a AND player_id = :p")
          .bind("a", id).bind("p", player.id()).mapTo(Integer.class).one() > 0;
      if (there) return false;
      h.createUpdate("""
          INSERT INTO arena_players (arena_id, player_id, name, joined, rating, token_hash, joined_at, seen_at)
          VALUES (:a, :p, :name, 1, :rating, :hash, :now, :now)""")
          .bind("a", id).bind("p", player.id()).bind("name", player.name()).bind("rating", rating).bind("hash", hash)
          .bind("now", now).execute();
      return true;
    }));
    if (!joined) throw new Refusal("arena-joined", "you have already joined this tournament");
    return token;
  }

  /** {@code player} leaves arena {@code id}: no longer paired; its points stay in the standings, and a game it plays goes on. */
  public void leave(String id, Player player) {
    if (player == null || !player.hasAccount()) throw needsAccount();
    get(id);
    int n = db.write(() -> db.jdbi().inTransaction(h -> {
      bumped(h, id); // the arena's row first (see join)
      int left = h.createUpdate("UPDATE arena_players SET joined = 0 WHERE arena_id = :a AND player_id = :p AND joined = 1")
          .bind("a", id).bind("p", player.id()).execute();
      return left;
    }));
    if (n != 1) throw new Refusal("arena-not-joined", "you have not joined this tournament");
  }

  /** A joined player's page says it is there (written at most every {@link #PRESENCE_WRITE_MILLIS}). */
  public void here(String id, Player player) {
    if (player == null || !player.hasAccount()) return;
    long now = time.now();
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate(
            "UPDATE arena_players SET seen_at = :now WHERE arena_id = :a AND player_id = :p AND joined = 1 AND seen_at < :old")
        .bind("now", now).bind("old", now - PRESENCE_WRITE_MILLIS).bind("a", id).bind("p", player.id()).execute()));
  }

  /** The standings of arena {@code id}, best first ({@link ArenaScoring#ORDER}). */
  public List<ArenaScoring.Standing> standings(String id) {
    List<ArenaScoring.Standing> all = new ArrayList<>(db.jdbi().withHandle(h -> h.createQuery(
            "SELECT * FROM arena_players WHERE arena_id = :a").bind("a", id)
        .map((rs, ctx) -> new ArenaScoring.Standing(rs.getString("player_id"), rs.getString("name"), rs.getInt("points"),
            rs.getInt("streak"), rs.getInt("wins"), rs.getInt("games"), rs.getInt("joined") == 1, rs.getLong("joined_at"),
            (int) Math.round(rs.getDouble("rating"))))
        .list()));
    all.sort(ArenaScoring.ORDER);
    return all;
  }

  /** A game of an arena: who played, who won (null: being played) and the points each scored. */
  public record Game(String id, String whiteId, String blackId, String white, String black, String winner, int whitePoints,
      int blackPoints, long pairedAt) {}

  /** The games of arena {@code id}, newest first. */
  public List<Game> games(String id) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT * FROM arena_games WHERE arena_id = :a ORDER BY paired_at DESC, game_id")
        .bind("a", id).map((rs, ctx) -> new Game(rs.getString("game_id"), rs.getString("white_id"), rs.getString("black_id"),
            rs.getString("white_name"), rs.getString("black_name"), rs.getString("winner"), rs.getInt("white_points"),
            rs.getInt("black_points"), rs.getLong("paired_at")))
        .list());
  }

  /**
   * Pairs the free players of every arena running now; how many games were made. Each arena is
   * paired in one transaction that first claims its row, so two processes never pair it at once.
   */
  public int pair() {
    long now = time.now();
    List<String> running = db.jdbi().withHandle(h -> h.createQuery(
            "SELECT id FROM arenas WHERE starts_at <= :now AND ends_at > :now").bind("now", now).mapTo(String.class).list());
    int made = 0;
    for (String id : running) {
      List<String[]> games = new ArrayList<>();
      made += pair(id, now, games);
      for (String[] g : games) start(g[0], g[1]);
    }
    return made;
  }

  /**
   * Makes the opening throw of a game just paired, as either player would (the dice are the
   * server's, fair either way): its clocks run from now, so a player who does not come loses on
   * time and its opponent is free again, instead of both waiting for a game that never starts.
   */
  private void start(String gameId, String whiteTokenHash) {
    try {
      games.act(gameId, whiteTokenHash, new GameService.Action.Roll(), "arena");
    } catch (RuntimeException e) { // already thrown by a player (on this process or another): nothing to do
      if (!(e instanceof Refusal)) System.err.println("jacquet: the opening throw of arena game " + gameId + " failed: " + e);
    }
  }

  private int pair(String id, long now, List<String[]> made2) {
    return db.write(() -> db.jdbi().inTransaction(h -> {
      // The claim: this row stays locked (PostgreSQL) or the database's writer is this one (SQLite) until the commit.
      int claimed = h.createUpdate("UPDATE arenas SET pairings = pairings + 1 WHERE id = :id AND starts_at <= :now AND ends_at > :now")
          .bind("id", id).bind("now", now).execute();
      if (claimed != 1) return 0;
      Arena a = h.createQuery("SELECT * FROM arenas WHERE id = :id").bind("id", id).map((rs, ctx) -> arena(rs)).one();
      record Seat(String id, String name, String tokenHash) {}
      Map<String, Seat> seats = new java.util.HashMap<>();
      List<ArenaPairing.Free> free = h.createQuery("""
          SELECT * FROM arena_players p WHERE p.arena_id = :a AND p.joined = 1 AND p.seen_at >= :fresh
            AND NOT EXISTS (SELECT 1 FROM arena_games g WHERE g.arena_id = p.arena_id AND g.winner IS NULL
                            AND (g.white_id = p.player_id OR g.black_id = p.player_id))""")
          .bind("a", id).bind("fresh", now - PRESENCE_MILLIS)
          .map((rs, ctx) -> {
            seats.put(rs.getString("player_id"), new Seat(rs.getString("player_id"), rs.getString("name"), rs.getString("token_hash")));
            return new ArenaPairing.Free(rs.getString("player_id"), rs.getInt("points"), rs.getDouble("rating"),
                rs.getLong("joined_at"), rs.getString("last_opponent"));
          }).list();
      int made = 0;
      for (ArenaPairing.Pair p : ArenaPairing.pair(free)) {
        boolean firstWhite = random.nextBoolean();
        Seat w = seats.get((firstWhite ? p.first() : p.second()).id());
        Seat b = seats.get((firstWhite ? p.second() : p.first()).id());
        GameStore.Row row = games.seated(a.rules(), a.matchLength(), a.time(), true, new Player(w.id(), w.name()),
            new Player(b.id(), b.name()), w.tokenHash(), b.tokenHash());
        GameStore.insert(h, row);
        made2.add(new String[] {row.id(), w.tokenHash()});
        h.createUpdate("""
            INSERT INTO arena_games (game_id, arena_id, white_id, black_id, white_name, black_name, paired_at)
            VALUES (:g, :a, :w, :b, :wn, :bn, :now)""")
            .bind("g", row.id()).bind("a", id).bind("w", w.id()).bind("b", b.id()).bind("wn", w.name()).bind("bn", b.name())
            .bind("now", now).execute();
        for (Seat[] pair : new Seat[][] {{w, b}, {b, w}}) {
          h.createUpdate("UPDATE arena_players SET last_opponent = :o WHERE arena_id = :a AND player_id = :p")
              .bind("o", pair[1].id()).bind("a", id).bind("p", pair[0].id()).execute();
        }
        made++;
      }
      if (made > 0) bumped(h, id);
      return made;
    }));
  }

  /**
   * A match ended: if it is an arena's, its winner and the points it scored are stored with it
   * (once: a game stored again finds its winner already set).
   */
  @Override
  public void matchEnded(Handle h, String gameId) {
    var g = h.createQuery("SELECT arena_id, white_id, black_id, winner FROM arena_games WHERE game_id = :g").bind("g", gameId)
        .mapToMap().findOne().orElse(null);
    if (g == null || g.get("winner") != null) return;
    String record = h.createQuery("SELECT record FROM games WHERE id = :g").bind("g", gameId).mapTo(String.class).findOne().orElse(null);
    if (record == null) return;
    Side winner = GameRecord.read(record).match().winner();
    if (winner == null) return;
    String arena = (String) g.get("arena_id");
    bumped(h, arena); // the arena's row first, as a pairing locks it: two transactions never wait for each other
    String winnerId = (String) g.get(winner == Side.WHITE ? "white_id" : "black_id");
    String loserId = (String) g.get(winner == Side.WHITE ? "black_id" : "white_id");
    int streak = h.createQuery("SELECT streak FROM arena_players WHERE arena_id = :a AND player_id = :p")
        .bind("a", arena).bind("p", winnerId).mapTo(Integer.class).findOne().orElse(0);
    int points = ArenaScoring.pointsOfWin(streak);
    h.createUpdate("""
        UPDATE arena_players SET points = points + :pts, streak = streak + 1, wins = wins + 1, games = games + 1
        WHERE arena_id = :a AND player_id = :p""").bind("pts", points).bind("a", arena).bind("p", winnerId).execute();
    h.createUpdate("UPDATE arena_players SET streak = 0, games = games + 1 WHERE arena_id = :a AND player_id = :p")
        .bind("a", arena).bind("p", loserId).execute();
    h.createUpdate("UPDATE arena_games SET winner = :w, white_points = :wp, black_points = :bp WHERE game_id = :g")
        .bind("w", winner.key()).bind("wp", winner == Side.WHITE ? points : 0).bind("bp", winner == Side.BLACK ? points : 0)
        .bind("g", gameId).execute();
  }

  /** Moves arena {@code id}'s version on (its standings or games changed); true. */
  private static boolean bumped(Handle h, String id) {
    h.createUpdate("UPDATE arenas SET version = version + 1 WHERE id = :id").bind("id", id).execute();
    return true;
  }

  /** What changed in arena {@code id} so far (its version), or -1 when there is no such arena. */
  public int version(String id) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT version FROM arenas WHERE id = :id").bind("id", id)
        .mapTo(Integer.class).findOne().orElse(-1));
  }

  public ServerTime time() {
    return time;
  }

  private static Arena arena(java.sql.ResultSet rs) throws java.sql.SQLException {
    return new Arena(rs.getString("id"), rs.getString("name"), rs.getString("host_name"), rs.getString("rules"),
        rs.getInt("match_length"), TimeControl.parse(rs.getString("time_control")), rs.getLong("starts_at"),
        rs.getLong("ends_at"), rs.getInt("listed") == 1);
  }

  private static Refusal needsAccount() {
    return new Refusal("arena-needs-account", "tournaments are between signed-in players: sign in or create an account");
  }
}
