package org.jacquet.server.lobby;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.jacquet.server.store.Database;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.identity.Player;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * The seeks as stored (table {@code seeks}, V5), shared by every server process. A seek is taken
 * once: {@link #take} and {@link #pair} write the game's id into it with {@code WHERE game_id IS
 * NULL} in the same transaction as the game, so of two processes accepting at once one makes
 * the game and the other changes nothing. A taken seek stays a little while (until its
 * {@code expires_at}, pushed {@link #TAKEN_KEPT_MILLIS} on) so that a poster who reconnects
 * still learns of its game.
 */
public final class SeekStore {
  /** How long a taken seek is kept for its poster to find its game after a reconnection. */
  public static final long TAKEN_KEPT_MILLIS = 60_000;

  /** A seek that became a game: the game, and the poster's seat in it. */
  public record Taken(Seek seek, String gameId, String taker) {}

  private final Database db;

  public SeekStore(Database db) {
    this.db = db;
  }

  /** What became of a seek offered to {@link #insert}. */
  public enum Insertion {
    STORED,
    /** Its poster already has as many of its kind's family waiting as it may. */
    PLAYER_FULL,
    /** Its address already has as many seeks waiting as it may. */
    ADDRESS_FULL
  }

  /**
   * Stores {@code s}, posted from {@code address}, unless its poster already has {@code
   * maxOfPlayer} seeks of its kind's family waiting (open and direct together; pool places apart)
   * or its address {@code maxOfAddress} of any kind: nothing stored then. On PostgreSQL, whose
   * statements each see what was committed when they began, two processes could both count one
   * short of the cap and both insert: the poster's and the address's advisory locks (taken in one
   * order, so that two posts never wait for each other's) make such posts one after the other.
   */
  public Insertion insert(Seek s, String tokenHash, String address, int maxOfPlayer, int maxOfAddress) {
    String family = s.kind() == Seek.Kind.POOL ? "kind = 'pool'" : "kind <> 'pool'";
    String sql = """
        INSERT INTO seeks (id, kind, poster, poster_name, target, target_name, rules, match_length, time_control,
          colour, rated, token_hash, created_at, expires_at, address)
        SELECT :id, :kind, :poster, :posterName, :target, :targetName, :rules, :match, :time, :colour, :rated,
          :tokenHash, :created, :expires, :address
        WHERE (SELECT COUNT(*) FROM seeks WHERE poster = :poster AND game_id IS NULL AND %s) < :max
          AND (SELECT COUNT(*) FROM seeks WHERE address = :address AND game_id IS NULL) < :maxOfAddress"""
        .formatted(family);
    // One statement, its counts and its insert together: on SQLite (one process, one writer) a
    // transaction that read before writing could not take the write lock once another connection
    // wrote (BUSY_SNAPSHOT).
    org.jdbi.v3.core.HandleCallback<Boolean, RuntimeException> post = h -> {
      if (db.isPostgres()) lockInOrder(h, "poster|" + s.poster().id(), "address|" + address);
      return h.createUpdate(sql)
          .bind("id", s.id()).bind("kind", s.kind().key()).bind("poster", s.poster().id())
          .bind("posterName", s.poster().name()).bind("target", s.target() == null ? null : s.target().id())
          .bind("targetName", s.target() == null ? null : s.target().name()).bind("rules", s.rules())
          .bind("match", s.matchLength()).bind("time", s.timeControl().toString()).bind("colour", s.colour().key())
          .bind("rated", s.rated() ? 1 : 0).bind("tokenHash", tokenHash).bind("created", s.createdAt())
          .bind("expires", s.expiresAt()).bind("address", address).bind("max", maxOfPlayer)
          .bind("maxOfAddress", maxOfAddress).execute() == 1;
    };
    boolean stored = db.write(() -> db.isPostgres() ? db.jdbi().inTransaction(post) : db.jdbi().withHandle(post));
    if (stored) return Insertion.STORED;
    return waitingFrom(address) >= maxOfAddress ? Insertion.ADDRESS_FULL : Insertion.PLAYER_FULL;
  }

  /** PostgreSQL's transaction-scoped advisory locks on {@code keys}, always taken lowest first. */
  private static void lockInOrder(Handle h, String... keys) {
    int[] hashes = java.util.Arrays.stream(keys).mapToInt(String::hashCode).sorted().distinct().toArray();
    for (int k : hashes) {
      h.createQuery("SELECT 1 FROM (SELECT pg_advisory_xact_lock(:space, :key)) locked").bind("space", LOCK_SPACE)
          .bind("key", k).mapTo(Integer.class).one();
    }
  }

  /** The first key of this store's advisory locks: its own, apart from any other use of them. */
  private static final int LOCK_SPACE = 0x5eec;

  /** How many seeks posted from {@code address} wait (not taken). */
  public int waitingFrom(String address) {
    if (address == null) return 0;
    return db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM seeks WHERE address = :a AND game_id IS NULL")
        .bind("a", address).mapTo(Integer.class).one());
  }

  /** The seeks waiting at {@code now} (not taken, not expired), oldest first. */
  public List<Seek> waiting(long now) {
    return db.jdbi().withHandle(h -> h.createQuery(
        "SELECT * FROM seeks WHERE game_id IS NULL AND expires_at > :now ORDER BY created_at, id")
        .bind("now", now).map(SeekStore::seek).list());
  }

  /** The posters' ratings of {@code waiting} (one query), to show beside their names. */
  public Map<String, org.jacquet.server.rating.PlayerRatings.Pools> posterRatings(List<Seek> waiting, long now) {
    List<String> ids = new java.util.ArrayList<>();
    for (Seek s : waiting) if (s.kind() != Seek.Kind.POOL) ids.add(s.poster().id()); // pool places are not listed
    return org.jacquet.server.rating.PlayerRatings.read(db, ids, now);
  }

  public Optional<Seek> find(String id) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT * FROM seeks WHERE id = :id")
        .bind("id", id).map(SeekStore::seek).findOne());
  }

  /** The game a seek became, if it was taken. */
  public Optional<Taken> taken(String id) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT * FROM seeks WHERE id = :id AND game_id IS NOT NULL")
        .bind("id", id).map((rs, ctx) -> new Taken(seek(rs, ctx), rs.getString("game_id"), rs.getString("taker"))).findOne());
  }

  /** The seeks of {@code poster} taken since it last looked (kept {@link #TAKEN_KEPT_MILLIS}). */
  public List<Taken> takenFrom(String poster, long now) {
    return db.jdbi().withHandle(h -> h.createQuery(
        "SELECT * FROM seeks WHERE poster = :p AND game_id IS NOT NULL AND expires_at > :now")
        .bind("p", poster).bind("now", now)
        .map((rs, ctx) -> new Taken(seek(rs, ctx), rs.getString("game_id"), rs.getString("taker"))).list());
  }

  /** The poster's seat token hash, made when the seek was posted. */
  public Optional<String> tokenHash(String id) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT token_hash FROM seeks WHERE id = :id")
        .bind("id", id).mapTo(String.class).findOne());
  }

  /**
   * Takes seek {@code id} for {@code taker}: marks it with {@code gameId} and runs {@code makeGame}
   * in the same transaction. False, nothing written, when it is gone, expired or taken already.
   */
  public boolean take(String id, String taker, String gameId, long now, Consumer<Handle> makeGame) {
    return db.write(() -> db.jdbi().inTransaction(h -> {
      int n = h.createUpdate("""
          UPDATE seeks SET game_id = :game, taker = :taker, expires_at = :kept
          WHERE id = :id AND game_id IS NULL AND expires_at > :now""")
          .bind("game", gameId).bind("taker", taker).bind("kept", now + TAKEN_KEPT_MILLIS).bind("id", id).bind("now", now)
          .execute();
      if (n != 1) return false;
      makeGame.accept(h);
      return true;
    }));
  }

  /**
   * Pairs two pool places into game {@code gameId} made by {@code makeGame}, in one transaction;
   * false, nothing written, unless both were still waiting (another process paired one first).
   */
  public boolean pair(String first, String second, String gameId, long now, Consumer<Handle> makeGame) {
    try {
      return db.write(() -> db.jdbi().inTransaction(h -> {
        int n = 0;
        for (String[] mine : new String[][] {{first, second}, {second, first}}) {
          n += h.createUpdate("""
              UPDATE seeks SET game_id = :game, taker = (SELECT poster FROM seeks WHERE id = :other), expires_at = :kept
              WHERE id = :id AND game_id IS NULL AND expires_at > :now""")
              .bind("game", gameId).bind("other", mine[1]).bind("kept", now + TAKEN_KEPT_MILLIS).bind("id", mine[0])
              .bind("now", now).execute();
        }
        // One of the two went elsewhere: undo the other's mark with the whole transaction.
        if (n != 2) throw new NotBoth();
        makeGame.accept(h);
        return true;
      }));
    } catch (NotBoth e) {
      return false;
    }
  }

  /** Rolls {@link #pair}'s transaction back. */
  private static final class NotBoth extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotBoth() {
      super(null, null, false, false);
    }
  }

  /** Removes seek {@code id} if {@code player} posted it or is its target and it is still waiting. */
  public boolean withdraw(String id, String player) {
    return db.write(() -> db.jdbi().withHandle(h -> h.createUpdate(
        "DELETE FROM seeks WHERE id = :id AND game_id IS NULL AND (poster = :p OR target = :p)")
        .bind("id", id).bind("p", player).execute() == 1));
  }

  /** Removes every waiting seek of {@code poster} (it left); how many. */
  public int withdrawAll(String poster) {
    return db.write(() -> db.jdbi().withHandle(h -> h.createUpdate(
        "DELETE FROM seeks WHERE poster = :p AND game_id IS NULL AND " + LIVE).bind("p", poster).execute()));
  }

  /**
   * SQL true for a seek of a live game: a correspondence seek ("Nd") waits for its taker for days,
   * whether its poster is connected or not, so it is neither renewed nor withdrawn with the
   * poster's sockets — only cancelled, taken or expired.
   */
  private static final String LIVE = "NOT " + TimeControl.correspondenceSql("time_control");

  /** Keeps the waiting live seeks of {@code posters} (connected here) until {@code until}. */
  public void renew(List<String> posters, long until) {
    if (posters.isEmpty()) return;
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate(
        "UPDATE seeks SET expires_at = :until WHERE game_id IS NULL AND " + LIVE + " AND poster IN (<p>)")
        .bind("until", until).bindList("p", posters).execute()));
  }

  /** Forgets what expired; how many rows. */
  public int purge(long now) {
    return db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("DELETE FROM seeks WHERE expires_at <= :now")
        .bind("now", now).execute()));
  }

  private static Seek seek(ResultSet rs, StatementContext ctx) throws SQLException {
    String target = rs.getString("target");
    return new Seek(rs.getString("id"), Seek.Kind.of(rs.getString("kind")),
        new Player(rs.getString("poster"), rs.getString("poster_name")),
        target == null ? null : new Player(target, rs.getString("target_name")), rs.getString("rules"),
        rs.getInt("match_length"), TimeControl.parse(rs.getString("time_control")),
        Seek.Colour.of(rs.getString("colour")), rs.getInt("rated") == 1, rs.getLong("created_at"), rs.getLong("expires_at"));
  }
}
