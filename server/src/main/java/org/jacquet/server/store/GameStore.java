package org.jacquet.server.store;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jacquet.engine.Side;
import org.jacquet.server.clock.Clock;
import org.jacquet.server.clock.TimeControl;

/** Games as stored: one row per game, its record the source of truth, a row per action. */
public final class GameStore {
  /** A stored game. Tokens are hashes; {@code seed} is secret until the match ends. */
  public record Row(String id, String rules, int matchLength, String whiteKind, String blackKind,
      String level, String whiteToken, String blackToken, long seed, String seedHash,
      String record, String status, int version, long createdAt, long updatedAt, String pending, String rematch,
      Seats seats) {
    /** A row with no rematch yet and nobody named. */
    public Row(String id, String rules, int matchLength, String whiteKind, String blackKind,
        String level, String whiteToken, String blackToken, long seed, String seedHash,
        String record, String status, int version, long createdAt, long updatedAt, String pending) {
      this(id, rules, matchLength, whiteKind, blackKind, level, whiteToken, blackToken, seed, seedHash, record, status,
          version, createdAt, updatedAt, pending, null, Seats.NONE);
    }
  }

  /**
   * How a game is timed and what its clock says as stored: {@code clock} null in an untimed game
   * (a timed game not yet started has its full reserves, stopped); {@code forfeit} how the last
   * game ended unplayed ("2 timeout", "1 claim") or null; the names shown at each seat (null
   * when none was given).
   */
  public record Timing(TimeControl control, Clock clock, String forfeit, String whiteName, String blackName,
      Map<String, Side> seatKeys, long outageCredit, Map<Side, Long> vacations) {
    public Timing(TimeControl control, Clock clock, String forfeit, String whiteName, String blackName) {
      this(control, clock, forfeit, whiteName, blackName, Map.of(), 0, Map.of());
    }
  }

  /** How many keys a seat held by an account may have beside its first token (devices): the oldest goes beyond. */
  public static final int SEAT_KEYS_PER_SEAT = 5;

  /**
   * Who sits at each seat (V4, V5): a player id and the name shown (null: the computer, a friend
   * not known, or a game from before names), whether the game is rated, and its time control
   * ({@link org.jacquet.server.clock.TimeControl}'s text).
   */
  public record Seats(String whitePlayer, String whiteName, String blackPlayer, String blackName, boolean rated,
      String timeControl) {
    public static final Seats NONE = new Seats(null, null, null, null, false, "untimed");

    /** The same players on the other sides (a rematch). */
    public Seats swapped() {
      return new Seats(blackPlayer, blackName, whitePlayer, whiteName, rated, timeControl);
    }

    /** The name at {@code white}'s seat or the other's, or null. */
    public String name(boolean white) {
      return white ? whiteName : blackName;
    }
  }

  private static final String INSERT = """
      INSERT INTO games (id, rules, match_length, white_kind, black_kind, level, white_token,
        black_token, seed, seed_hash, record, status, version, created_at, updated_at,
        white_player, white_name, black_player, black_name, rated, time_control)
      VALUES (:id, :rules, :matchLength, :whiteKind, :blackKind, :level, :whiteToken,
        :blackToken, :seed, :seedHash, :record, :status, :version, :createdAt, :updatedAt,
        :s.whitePlayer, :s.whiteName, :s.blackPlayer, :s.blackName, :rated, :s.timeControl)""";

  /** Stores a new game with the handle of a transaction under way (the lobby's, the rematch's). */
  public static void insert(org.jdbi.v3.core.Handle h, Row r) {
    h.createUpdate(INSERT).bindMethods(r).bindMethods("s", r.seats()).bind("rated", r.seats().rated() ? 1 : 0).execute();
  }

  /** A game's stored version and the steps laid down on it, not yet confirmed (or null). */
  public record Stamp(int version, String pending) {}

  private final Database db;
  private volatile MatchEndHook matchEnd = MatchEndHook.NONE;
  private volatile GameChangeHook changed = GameChangeHook.NONE;

  public GameStore(Database db) {
    this.db = db;
  }

  /** Runs {@code hook} in the transaction of every {@link #update} that stores a finished match. */
  public void onMatchEnd(MatchEndHook hook) {
    this.matchEnd = hook;
  }

  /** Runs {@code hook} in the transaction of every {@link #update} that stores a change. */
  public void onChange(GameChangeHook hook) {
    this.changed = hook;
  }

  /** The database the games are in (the lobby's seeks are stored beside them). */
  public Database database() {
    return db;
  }

  public void insert(Row r) {
    write(() -> db.jdbi().useHandle(h -> insert(h, r)));
  }

  /** A stored game with its time control and clock, read at once (one version of both). */
  public record Timed(Row row, Timing timing) {}

  public Optional<Timed> findTimed(String id) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT * FROM games WHERE id = :id")
        .bind("id", id).map((rs, ctx) -> new Timed(row(rs, ctx), timing(rs))).findOne()
        .map(t -> t.timing().control().correspondence() ? withCorrespondence(h, t) : t));
  }

  /**
   * A correspondence game with the keys its seats were given for more devices ({@link #addSeatKey})
   * and when each player's latest vacation ends (vacations start when taken: one ending later than
   * now runs now).
   */
  private static Timed withCorrespondence(org.jdbi.v3.core.Handle h, Timed t) {
    Map<String, Side> keys = new java.util.HashMap<>();
    h.createQuery("SELECT token_hash, side FROM seat_keys WHERE game_id = :id").bind("id", t.row().id())
        .map((rs, ctx) -> Map.entry(rs.getString("token_hash"), Side.parse(rs.getString("side"))))
        .forEach(e -> keys.put(e.getKey(), e.getValue()));
    Map<Side, Long> away = new java.util.EnumMap<>(Side.class);
    for (Side s : Side.values()) {
      String player = s == Side.WHITE ? t.row().seats().whitePlayer() : t.row().seats().blackPlayer();
      if (player == null) continue;
      h.createQuery("SELECT MAX(ends_at) FROM vacations WHERE account_id = :p").bind("p", player).mapTo(Long.class)
          .findOne().ifPresent(u -> away.put(s, u));
    }
    Timing m = t.timing();
    return new Timed(t.row(), new Timing(m.control(), m.clock(), m.forfeit(), m.whiteName(), m.blackName(), Map.copyOf(keys),
        m.outageCredit(), Map.copyOf(away)));
  }

  /** When {@code player}'s vacation that runs at {@code at} ends, if one does. */
  public static Optional<Long> vacationUntil(org.jdbi.v3.core.Handle h, String player, long at) {
    return h.createQuery("SELECT MAX(ends_at) FROM vacations WHERE account_id = :p AND starts_at <= :at AND ends_at > :at")
        .bind("p", player).bind("at", at).mapTo(Long.class).findOne();
  }

  /** See {@link #vacationUntil(org.jdbi.v3.core.Handle, String, long)}. */
  public Optional<Long> vacationUntil(String player, long at) {
    return db.jdbi().withHandle(h -> vacationUntil(h, player, at));
  }

  /**
   * Gives {@code side}'s seat one more key ({@code tokenHash}), if nobody stored another version
   * since {@code version}: the version moves on (every process rebuilds the game with the key),
   * the action is recorded, and the seat's oldest keys beyond {@link #SEAT_KEYS_PER_SEAT} go.
   */
  public boolean addSeatKey(String id, int version, Side side, String tokenHash, long now) {
    return write(() -> db.jdbi().inTransaction(h -> {
      int n = h.createUpdate("UPDATE games SET version = :next, updated_at = :now WHERE id = :id AND version = :version")
          .bind("next", version + 1).bind("now", now).bind("id", id).bind("version", version).execute();
      if (n != 1) return false;
      h.createUpdate("INSERT INTO actions (game_id, version, side, action, created_at) VALUES (:id, :v, :side, 'seat another device', :now)")
          .bind("id", id).bind("v", version + 1).bind("side", side.key()).bind("now", now).execute();
      h.createUpdate("INSERT INTO seat_keys (token_hash, game_id, side, created_at) VALUES (:t, :id, :side, :now)")
          .bind("t", tokenHash).bind("id", id).bind("side", side.key()).bind("now", now).execute();
      List<String> old = h.createQuery("SELECT token_hash FROM seat_keys WHERE game_id = :id AND side = :side "
              + "ORDER BY created_at DESC, token_hash")
          .bind("id", id).bind("side", side.key()).mapTo(String.class).list();
      for (String gone : old.subList(Math.min(old.size(), SEAT_KEYS_PER_SEAT), old.size())) {
        h.createUpdate("DELETE FROM seat_keys WHERE token_hash = :t").bind("t", gone).execute();
      }
      return true;
    }));
  }

  private static Timing timing(java.sql.ResultSet rs) throws java.sql.SQLException {
    TimeControl control = TimeControl.parse(rs.getString("time_control"));
    Clock clock = null;
    if (control.timed()) {
      long white = rs.getLong("clock_white");
      clock = rs.wasNull() ? Clock.start(control, rs.getInt("match_length"))
          : new Clock(control, white, rs.getLong("clock_black"),
              rs.getString("clock_running") == null ? null : Side.parse(rs.getString("clock_running")),
              rs.getLong("clock_since"));
    }
    return new Timing(control, clock, rs.getString("forfeit"), rs.getString("white_name"), rs.getString("black_name"),
        Map.of(), rs.getLong("outage_credit"), Map.of());
  }

  /** Runs a write on the database file the server holds (see {@link Database#write}). */
  private <T> T write(java.util.function.Supplier<T> w) {
    return db.write(w);
  }

  private void write(Runnable w) {
    write(() -> {
      w.run();
      return null;
    });
  }

  /** Stores the steps laid down on {@code version} (null: none); false if the game moved on. */
  public boolean savePending(String id, int version, String pending) {
    return write(() -> db.jdbi().withHandle(h -> h.createUpdate(
        "UPDATE games SET pending = :pending WHERE id = :id AND version = :version")
        .bind("pending", pending).bind("id", id).bind("version", version).execute() == 1));
  }

  /**
   * Gives {@code side}'s seat a new token (its hash) with the game's new record, if nobody
   * stored another version since {@code version}: an invitation taken. The steps laid down stay.
   */
  public boolean takeSeat(String id, int version, String side, String tokenHash, String record) {
    String column = "white".equals(side) ? "white_token" : "black_token"; // one of two names, never the input
    long now = System.currentTimeMillis();
    return write(() -> db.jdbi().inTransaction(h -> {
      int n = h.createUpdate("UPDATE games SET " + column + " = :token, record = :record, version = :next, updated_at = :now"
          + " WHERE id = :id AND version = :version")
          .bind("token", tokenHash).bind("record", record).bind("next", version + 1).bind("now", now)
          .bind("id", id).bind("version", version).execute();
      if (n != 1) return false;
      h.createUpdate("INSERT INTO actions (game_id, version, side, action, created_at) VALUES (:id, :v, :side, 'take the invited seat', :now)")
          .bind("id", id).bind("v", version + 1).bind("side", side).bind("now", now).execute();
      return true;
    }));
  }

  /**
   * Stores the game's new record if nobody stored another version since {@code version}, with
   * its clock (null: untimed) and how the last game ended unplayed ({@code forfeit}, or null);
   * records the action with it, in one transaction. False when the version moved on.
   */
  public boolean update(String id, int version, String record, String status, String side, String action, Clock clock,
      String forfeit) {
    long now = System.currentTimeMillis();
    return write(() -> db.jdbi().inTransaction(h -> {
      int n = h.createUpdate("""
          UPDATE games SET record = :record, status = :status, version = :next, updated_at = :now, pending = NULL, outage_credit = NULL,
            clock_white = :cw, clock_black = :cb, clock_running = :cr, clock_since = :cs, forfeit = :forfeit
          WHERE id = :id AND version = :version""")
          .bind("record", record).bind("status", status).bind("next", version + 1).bind("now", now)
          .bind("cw", clock == null ? null : clock.whiteMillis()).bind("cb", clock == null ? null : clock.blackMillis())
          .bind("cr", clock == null || clock.running() == null ? null : clock.running().key())
          .bind("cs", clock == null ? null : clock.since()).bind("forfeit", forfeit)
          .bind("id", id).bind("version", version).execute();
      if (n != 1) return false;
      h.createUpdate("INSERT INTO actions (game_id, version, side, action, created_at) VALUES (:id, :v, :side, :action, :now)")
          .bind("id", id).bind("v", version + 1).bind("side", side).bind("action", action).bind("now", now).execute();
      if ("over".equals(status)) matchEnd.matchEnded(h, id);
      changed.stored(h, new GameChangeHook.Change(id, version + 1, side, action, status, clock));
      return true;
    }));
  }

  /**
   * Stores {@code rematch} as the rematch of the finished game {@code id} at {@code version},
   * in one transaction: the new game, the link (which moves the old game's version on, so every
   * process rebuilds it) and the action. False, nothing stored, when the old game has a rematch
   * already or moved on.
   */
  public boolean insertRematch(String id, int version, String side, Row rematch) {
    long now = System.currentTimeMillis();
    return write(() -> db.jdbi().inTransaction(h -> {
      int n = h.createUpdate("""
          UPDATE games SET rematch = :rematch, version = :next, updated_at = :now
          WHERE id = :id AND version = :version AND rematch IS NULL""")
          .bind("rematch", rematch.id()).bind("next", version + 1).bind("now", now)
          .bind("id", id).bind("version", version).execute();
      if (n != 1) return false;
      h.createUpdate("INSERT INTO actions (game_id, version, side, action, created_at) VALUES (:id, :v, :side, :action, :now)")
          .bind("id", id).bind("v", version + 1).bind("side", side).bind("action", "rematch " + rematch.id()).bind("now", now).execute();
      insert(h, rematch);
      return true;
    }));
  }

  public Optional<Row> find(String id) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT * FROM games WHERE id = :id")
        .bind("id", id).map(GameStore::row).findOne());
  }

  /**
   * Takes the name off every seat of {@code playerId} (a deleted account: "deleted player"),
   * moving each game's version on — every process holding one of these games rebuilds it at its
   * next read, so no page shows the name a moment longer — with the action logged at that
   * version. In the caller's transaction; {@code updated_at} is kept (it is when a game ended).
   */
  public static void unnameSeats(org.jdbi.v3.core.Handle h, String playerId, long now) {
    for (String side : List.of("white", "black")) {
      h.createUpdate("INSERT INTO actions (game_id, version, side, action, created_at) SELECT id, version + 1, :side, "
              + "'account deleted', :now FROM games WHERE " + side + "_player = :p")
          .bind("side", side).bind("now", now).bind("p", playerId).execute();
      h.createUpdate("UPDATE games SET " + side + "_name = NULL, version = version + 1 WHERE " + side + "_player = :p")
          .bind("p", playerId).execute();
    }
  }

  public int version(String id) {
    return stamp(id).map(Stamp::version).orElse(-1);
  }

  public Optional<Stamp> stamp(String id) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT version, pending FROM games WHERE id = :id")
        .bind("id", id).map((rs, ctx) -> new Stamp(rs.getInt("version"), rs.getString("pending"))).findOne());
  }

  /** Games one of whose seats has one of these token hashes, newest first. */
  public List<Row> byTokens(List<String> tokenHashes) {
    if (tokenHashes.isEmpty()) return List.of();
    return db.jdbi().withHandle(h -> h.createQuery("""
        SELECT * FROM games WHERE white_token IN (<t>) OR black_token IN (<t>)
        ORDER BY updated_at DESC""").bindList("t", tokenHashes).map(GameStore::row).list());
  }

  /** Ids of the games not finished. */
  /** How many games are not over (in the whole database, whichever process serves them). */
  public long inProgress() {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT count(*) FROM games WHERE status <> 'over'").mapTo(Long.class).one());
  }

  public List<String> activeIds() {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT id FROM games WHERE status <> 'over'")
        .mapTo(String.class).list());
  }

  /** The side ("white", "black") {@code playerId} sits on in game {@code id}, or null. */
  public String sideOf(String id, String playerId) {
    return db.jdbi().withHandle(h -> h.createQuery("""
        SELECT CASE WHEN white_player = :p THEN 'white' WHEN black_player = :p THEN 'black' END
        FROM games WHERE id = :id""").bind("p", playerId).bind("id", id).mapTo(String.class).findOne().orElse(null));
  }

  /**
   * Games being played between two named players that moved since {@code since} (epoch ms): rated
   * first, then longer matches, then the most recently moved (at most {@code limit}).
   */
  public List<Row> playedBetweenPlayers(long since, int limit) {
    return db.jdbi().withHandle(h -> h.createQuery("""
        SELECT * FROM games WHERE status <> 'over' AND white_player IS NOT NULL AND black_player IS NOT NULL
          AND updated_at > :since
        ORDER BY rated DESC, match_length DESC, updated_at DESC LIMIT :limit""")
        .bind("since", since).bind("limit", limit).map(GameStore::row).list());
  }

  public List<String> actions(String id) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT action FROM actions WHERE game_id = :id ORDER BY version")
        .bind("id", id).mapTo(String.class).list());
  }

  private static Row row(java.sql.ResultSet rs, org.jdbi.v3.core.statement.StatementContext ctx)
      throws java.sql.SQLException {
    return new Row(rs.getString("id"), rs.getString("rules"), rs.getInt("match_length"),
        rs.getString("white_kind"), rs.getString("black_kind"), rs.getString("level"),
        rs.getString("white_token"), rs.getString("black_token"), rs.getLong("seed"),
        rs.getString("seed_hash"), rs.getString("record"), rs.getString("status"),
        rs.getInt("version"), rs.getLong("created_at"), rs.getLong("updated_at"), rs.getString("pending"),
        rs.getString("rematch"), new Seats(rs.getString("white_player"), rs.getString("white_name"),
            rs.getString("black_player"), rs.getString("black_name"), rs.getInt("rated") == 1, rs.getString("time_control")));
  }
}
