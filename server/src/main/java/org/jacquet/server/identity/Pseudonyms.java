package org.jacquet.server.identity;

import java.security.SecureRandom;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;
import org.jdbi.v3.core.Handle;

/**
 * The names players read, kept in the database ({@code player_names}) so that a guest keeps its
 * pseudonym across a restart and on every server process, and no two players online anywhere
 * read alike ({@link Names#skeleton}). A guest is given {@code Player-4821} or {@code
 * Joueur-4821} (by language) at first sight and may change it; an account's name is mirrored
 * here while it is online. Guests never take an account's name, online or not ({@code
 * name-of-account}).
 *
 * <p><b>Online</b> means a lobby socket open on some process: that process renews the player's
 * lease ({@code online_until}) at every {@link #sweep}, {@link #ONLINE_MILLIS} ahead; a process
 * that dies lets it lapse. A name is <b>held</b> — nobody else may take it — while its player is
 * online and for {@link #HOLD_MILLIS} after its last request, so a reload or a short absence never
 * loses it. A guest offline past that keeps its name unless another player takes it; then it is
 * given a fresh pseudonym when it comes back. Rows not seen for {@link #EXPIRE_MILLIS} are
 * deleted, and the table never keeps more than {@link #MAX_ROWS} (the oldest unheld go first).
 *
 * <p>This process keeps in memory only its own lobby sockets' count per player (bounded by the
 * sockets) and when it last wrote each player's {@code last_seen} (forgotten past the hold).
 */
public final class Pseudonyms {
  /** A lobby socket's lease: renewed by every {@link #sweep} (each 10 s), so it lapses only when its process stops. */
  public static final long ONLINE_MILLIS = 60_000;
  /** How long a name stays held after its player's last request or socket. */
  public static final long HOLD_MILLIS = 10 * 60_000;
  /** A guest's row is deleted when not seen this long (30 days): the cookie may live on, the name does not. */
  public static final long EXPIRE_MILLIS = 30L * 24 * 3600_000;
  /** Rows kept at most, whatever the rate of newcomers: past it the oldest unheld rows go at the next sweep. */
  public static final int MAX_ROWS = 200_000;
  /** A guest's last_seen is written at most this often (a request each second writes nothing). */
  static final long TOUCH_EVERY_MILLIS = 30_000;

  private final Database db;
  private final Predicate<String> accountName;
  private final int maxRows;
  private final SecureRandom random = new SecureRandom();
  /** Lobby sockets open here, by player id (removed at the last close). */
  private final Map<String, Integer> connections = new ConcurrentHashMap<>();
  /** When this process last wrote each player's last_seen (forgotten past the hold by {@link #sweep}). */
  private final Map<String, Long> touched = new ConcurrentHashMap<>();

  /**
   * {@code accountName}: whether a name (or a look-alike) is an account's or reserved for one
   * ({@code Accounts#isAccountName}). The stored skeletons are brought to this version's rule
   * first ({@link NameSkeletons}): names are compared from then on.
   */
  public Pseudonyms(Database db, Predicate<String> accountName) {
    this(db, accountName, MAX_ROWS);
    NameSkeletons.bringUpToDate(db);
  }

  /** With another bound on the rows kept (tests of the bound). */
  Pseudonyms(Database db, Predicate<String> accountName, int maxRows) {
    this.db = db;
    this.accountName = accountName;
    this.maxRows = maxRows;
  }

  private record Row(String id, String name, long lastSeen, long onlineUntil) {}

  private Optional<Row> row(Handle h, String where, String value) {
    return h.createQuery("SELECT id, name, last_seen, online_until FROM player_names WHERE " + where + " = :v")
        .bind("v", value).map((rs, ctx) -> new Row(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getLong(4))).findOne();
  }

  private Optional<Row> byId(String id) {
    return db.jdbi().withHandle(h -> row(h, "id", id));
  }

  /** The guest {@code id}: its stored name, or for a newcomer (or a guest whose name was taken while away) a fresh pseudonym. */
  public Player guest(String id, Locale language, long now) {
    Optional<Row> row = byId(id);
    if (row.isPresent() && row.get().name() != null) {
      touch(id, row.get().lastSeen(), now);
      return new Player(id, row.get().name());
    }
    return new Player(id, giveFreshName(id, language, row.isPresent(), now));
  }

  /** Writes last_seen when it is older than {@link #TOUCH_EVERY_MILLIS} (here or as stored). */
  private void touch(String id, long storedLastSeen, long now) {
    long last = Math.max(storedLastSeen, touched.getOrDefault(id, Long.MIN_VALUE));
    if (now - last < TOUCH_EVERY_MILLIS) return;
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate("UPDATE player_names SET last_seen = :now WHERE id = :id AND last_seen < :now")
        .bind("now", now).bind("id", id).execute()));
    touched.put(id, now);
  }

  /** {@code Player-4821} (or {@code Joueur-4821}): four digits, five and more once they run short; the unique index decides. */
  private String giveFreshName(String id, Locale language, boolean exists, long now) {
    String word = "fr".equals(language.getLanguage()) ? "Joueur" : "Player";
    for (int attempt = 0; attempt < 200; attempt++) {
      int digits = attempt < 20 ? 4 : 5 + attempt / 40;
      int low = (int) Math.pow(10, digits - 1);
      String name = word + "-" + (low + random.nextInt(9 * low));
      if (accountName.test(name)) continue;
      String sql = exists
          ? "UPDATE player_names SET name = :n, skeleton = :s, last_seen = :now WHERE id = :id AND name IS NULL"
          : "INSERT INTO player_names (id, name, skeleton, last_seen, online_until) VALUES (:id, :n, :s, :now, 0)";
      try {
        int n = db.write(() -> db.jdbi().withHandle(h -> h.createUpdate(sql).bind("id", id).bind("n", name)
            .bind("s", Names.skeleton(name)).bind("now", now).execute()));
        if (n == 1) {
          touched.put(id, now);
          return name;
        }
      } catch (RuntimeException e) {
        // a look-alike is held (the unique index), or another request of this guest named it first: read again
      }
      Optional<Row> again = byId(id);
      if (again.isPresent() && again.get().name() != null) return again.get().name();
      exists = again.isPresent();
    }
    throw new Refusal("server-full", "no free pseudonym was found; try again later");
  }

  /**
   * Mirrors an online account's name (its own, unique among accounts): any other row holding a
   * look-alike is released, as guests never hold an account's name. Written when new, renamed, or
   * not written for {@link #TOUCH_EVERY_MILLIS}.
   */
  public Player account(Player account, long now) {
    Optional<Row> row = byId(account.id());
    if (row.isPresent() && account.name().equals(row.get().name())) {
      touch(account.id(), row.get().lastSeen(), now);
      return account;
    }
    String skeleton = Names.skeleton(account.name());
    db.write(() -> db.jdbi().inTransaction(h -> {
      h.createUpdate("UPDATE player_names SET name = NULL, skeleton = NULL WHERE skeleton = :s AND id <> :id")
          .bind("s", skeleton).bind("id", account.id()).execute();
      int n = h.createUpdate("UPDATE player_names SET name = :n, skeleton = :s, last_seen = :now WHERE id = :id")
          .bind("n", account.name()).bind("s", skeleton).bind("now", now).bind("id", account.id()).execute();
      if (n == 0) {
        h.createUpdate("INSERT INTO player_names (id, name, skeleton, last_seen, online_until) VALUES (:id, :n, :s, :now, 0)")
            .bind("id", account.id()).bind("n", account.name()).bind("s", skeleton).bind("now", now).execute();
      }
      return null;
    }));
    touched.put(account.id(), now);
    return account;
  }

  /**
   * Gives guest {@code id} the name {@code name}; refused, nothing changed, when the name breaks
   * {@link Names}' rule ({@code bad-name}), is an account's ({@code name-of-account}), or reads like
   * the name of another player who holds it ({@code name-taken}). A look-alike kept by a player
   * not holding it any more is released to this guest.
   */
  public Player rename(String id, String name, long now) {
    Names.require(name);
    if (accountName.test(name)) throw nameOfAccount(name);
    String skeleton = Names.skeleton(name);
    Optional<Row> holder = db.jdbi().withHandle(h -> row(h, "skeleton", skeleton));
    if (holder.isPresent() && !holder.get().id().equals(id) && held(holder.get(), now)) throw nameTaken(name);
    int n;
    try {
      n = db.write(() -> db.jdbi().inTransaction(h -> {
        h.createUpdate("UPDATE player_names SET name = NULL, skeleton = NULL WHERE skeleton = :s AND id <> :id "
                + "AND online_until <= :now AND last_seen < :since")
            .bind("s", skeleton).bind("id", id).bind("now", now).bind("since", now - HOLD_MILLIS).execute();
        return h.createUpdate("UPDATE player_names SET name = :n, skeleton = :s, last_seen = :now WHERE id = :id")
            .bind("n", name).bind("s", skeleton).bind("now", now).bind("id", id).execute();
      }));
    } catch (RuntimeException e) {
      // The unique index: another process gave a look-alike at the same moment.
      if (db.jdbi().withHandle(h -> row(h, "skeleton", skeleton)).filter(r -> !r.id().equals(id)).isPresent()) throw nameTaken(name);
      throw e;
    }
    if (n == 0) throw new IllegalStateException("rename of a player never seen: " + id);
    touched.put(id, now);
    return new Player(id, name);
  }

  private static boolean held(Row r, long now) {
    return r.onlineUntil() > now || now - r.lastSeen() <= HOLD_MILLIS;
  }

  /** The refusal of a name another player holds. */
  public static Refusal nameTaken(String name) {
    return new Refusal("name-taken", Map.of("name", name), "another player online has this name or one that reads like it");
  }

  private static Refusal nameOfAccount(String name) {
    return new Refusal("name-of-account", Map.of("name", name), "this name belongs to an account: sign in to use it");
  }

  /** Whether a player other than {@code exceptId} (null: anyone) holds {@code name} or a look-alike now: a sign-up may not take it. */
  public boolean heldByAnother(String name, String exceptId, long now) {
    if (Names.problem(name).isPresent()) return false;
    return db.jdbi().withHandle(h -> row(h, "skeleton", Names.skeleton(name)))
        .filter(r -> !r.id().equals(exceptId) && held(r, now)).isPresent();
  }

  /** The player (on any process) whose name reads as {@code name}, if any; {@link #isOnline} says whether it is there now. */
  public Optional<Player> find(String name) {
    if (Names.problem(name).isPresent()) return Optional.empty();
    return db.jdbi().withHandle(h -> row(h, "skeleton", Names.skeleton(name)))
        .filter(r -> r.name() != null).map(r -> new Player(r.id(), r.name()));
  }

  /** Whether a name is stored for {@code id} (a guest not yet stored is a newcomer, counted against its address). */
  public boolean knows(String id) {
    return byId(id).isPresent();
  }

  /** A lobby socket of {@code id} opened here: its lease starts now, and is renewed while any is open. */
  public void connected(String id, long now) {
    connections.merge(id, 1, Integer::sum);
    renew(List.of(id), now);
  }

  /** A lobby socket of {@code id} closed here (the lease, if no other process renews it, lapses within {@link #ONLINE_MILLIS}). */
  public void disconnected(String id, long now) {
    connections.computeIfPresent(id, (k, n) -> n <= 1 ? null : n - 1);
  }

  /** Whether {@code id} has a lobby socket open here or a lease renewed by another process. */
  public boolean isOnline(String id, long now) {
    if (connections.containsKey(id)) return true;
    return byId(id).filter(r -> r.onlineUntil() > now).isPresent();
  }

  /** How many players have a lobby socket open here. */
  public int online() {
    return connections.size();
  }

  private void renew(List<String> ids, long now) {
    if (ids.isEmpty()) return;
    db.write(() -> db.jdbi().withHandle(h -> h.createUpdate(
            "UPDATE player_names SET online_until = :until, last_seen = :now WHERE id IN (<ids>)")
        .bind("until", now + ONLINE_MILLIS).bind("now", now).bindList("ids", ids).execute()));
  }

  /**
   * The upkeep, every few seconds: leases of the players connected here renewed, rows not seen for
   * {@link #EXPIRE_MILLIS} deleted, the table cut back to {@link #MAX_ROWS}, and this process's
   * write times forgotten past the hold.
   */
  public void sweep(long now) {
    List<String> here = List.copyOf(connections.keySet());
    for (int i = 0; i < here.size(); i += 500) renew(here.subList(i, Math.min(here.size(), i + 500)), now);
    db.write(() -> db.jdbi().withHandle(h -> {
      h.createUpdate("DELETE FROM player_names WHERE last_seen < :old AND online_until <= :now")
          .bind("old", now - EXPIRE_MILLIS).bind("now", now).execute();
      int rows = h.createQuery("SELECT COUNT(*) FROM player_names").mapTo(Integer.class).one();
      if (rows > maxRows) {
        // The oldest unheld rows beyond the bound: found by their last_seen (indexed).
        Optional<Long> cut = h.createQuery("SELECT last_seen FROM player_names ORDER BY last_seen LIMIT 1 OFFSET :n")
            .bind("n", rows - maxRows).mapTo(Long.class).findOne();
        cut.ifPresent(c -> h.createUpdate("DELETE FROM player_names WHERE last_seen < :cut AND last_seen < :since "
                + "AND online_until <= :now").bind("cut", c).bind("since", now - HOLD_MILLIS).bind("now", now).execute());
      }
      return null;
    }));
    touched.values().removeIf(t -> now - t > HOLD_MILLIS);
  }

  /** Rows stored (every process's players). */
  public int size() {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM player_names").mapTo(Integer.class).one());
  }
}
