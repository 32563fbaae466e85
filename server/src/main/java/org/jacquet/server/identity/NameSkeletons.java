package org.jacquet.server.identity;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jacquet.server.store.Database;
import org.jdbi.v3.core.Handle;

/**
 * Brings the stored name skeletons to the running {@link Names#SKELETON_VERSION} at start (SQL
 * cannot compute UTS #39 skeletons; {@code V10__name_skeletons.sql} keeps which version is
 * stored, none before the first start). In one transaction, on SQLite and PostgreSQL alike (where a second process starting at
 * once waits on the version row and then finds nothing to do):
 *
 * <ul>
 *   <li><b>Accounts</b>, oldest first, take their new skeleton. An account whose name now reads
 *       like an older account's (an impostor the earlier fold let through, {@code pɑulwacz643}
 *       beside {@code paulwacz643}) is given a skeleton no name has ({@code ~} and its id) and its
 *       sessions end: nobody reaches it by that name any more — neither signing in nor its
 *       profile — while its games stay.
 *   <li><b>Former names</b> kept reserved follow; one that now reads like another account's name
 *       is let go.
 *   <li><b>Players' names</b>: an account's mirror is let go (written again from the account at its
 *       next request); guests, the most recently seen first, keep theirs unless it is now refused
 *       by {@link Names#problem} or reads like an account's name or one already kept (then released: the guest is given
 *       a fresh pseudonym at its next visit).
 * </ul>
 */
public final class NameSkeletons {
  private NameSkeletons() {}

  /** The skeleton of an account that lost its name to an older look-alike: '~' is in no skeleton of a valid name. */
  static String unreachable(String accountId) {
    return "~" + accountId;
  }

  /** Recomputes every stored skeleton if they are not of {@link Names#SKELETON_VERSION}; true when it did. */
  public static boolean bringUpToDate(Database db) {
    if (Names.SKELETON_VERSION.equals(stored(db))) return false;
    return db.write(() -> db.jdbi().inTransaction(h -> {
      h.createUpdate("INSERT INTO name_skeletons (id, version) VALUES (1, '') ON CONFLICT (id) DO NOTHING").execute();
      // Holds the row: another process migrating at the same moment waits here, then sees it done.
      String version = h.createQuery("SELECT version FROM name_skeletons WHERE id = 1" + (db.isPostgres() ? " FOR UPDATE" : ""))
          .mapTo(String.class).one();
      if (Names.SKELETON_VERSION.equals(version)) return false;
      Set<String> accountSkeletons = accounts(h);
      Set<String> reserved = formerNames(h, accountSkeletons);
      playerNames(h, reserved);
      h.createUpdate("UPDATE name_skeletons SET version = :v WHERE id = 1").bind("v", Names.SKELETON_VERSION).execute();
      return true;
    }));
  }

  private static String stored(Database db) {
    return db.jdbi().withHandle(h -> h.createQuery("SELECT version FROM name_skeletons WHERE id = 1").mapTo(String.class)
        .findOne().orElse(""));
  }

  private record Named(String id, String name) {}

  /** The accounts' new skeletons, oldest account first; the set of those given. */
  private static Set<String> accounts(Handle h) {
    List<Named> all = h.createQuery("SELECT id, name FROM accounts ORDER BY created_at, id")
        .map((rs, ctx) -> new Named(rs.getString(1), rs.getString(2))).list();
    // First out of the way (the unique index), then each in turn.
    h.createUpdate("UPDATE accounts SET skeleton = '~' || id").execute();
    Set<String> given = new HashSet<>();
    var update = h.prepareBatch("UPDATE accounts SET skeleton = :s WHERE id = :id");
    for (Named a : all) {
      String s = Names.skeleton(a.name());
      if (!given.add(s)) {
        s = unreachable(a.id());
        h.createUpdate("DELETE FROM sessions WHERE account_id = :a").bind("a", a.id()).execute();
      }
      update.bind("s", s).bind("id", a.id()).add();
    }
    if (!all.isEmpty()) update.execute();
    return given;
  }

  /** The former names' new skeletons; the set of the accounts' and theirs. */
  private static Set<String> formerNames(Handle h, Set<String> accountSkeletons) {
    record Former(String accountId, String name, long until) {}
    List<Former> all = h.createQuery("SELECT account_id, name, reserved_until FROM account_names ORDER BY reserved_until DESC")
        .map((rs, ctx) -> new Former(rs.getString(1), rs.getString(2), rs.getLong(3))).list();
    h.createUpdate("DELETE FROM account_names").execute();
    Set<String> given = new HashSet<>(accountSkeletons);
    var insert = h.prepareBatch("INSERT INTO account_names (skeleton, account_id, name, reserved_until) VALUES (:s, :a, :n, :u)");
    boolean any = false;
    for (Former f : all) {
      String s = Names.skeleton(f.name());
      if (!given.add(s)) continue;
      insert.bind("s", s).bind("a", f.accountId()).bind("n", f.name()).bind("u", f.until()).add();
      any = true;
    }
    if (any) insert.execute();
    return given;
  }

  /** {@code accountNames}: the skeletons of accounts' names, current and former, which no guest may hold. */
  private static void playerNames(Handle h, Set<String> accountNames) {
    // Accounts' rows are let go: mirrored again from the account at its next request.
    h.createUpdate("UPDATE player_names SET name = NULL, skeleton = NULL WHERE id LIKE 'a:%'").execute();
    List<Named> all = h.createQuery("SELECT id, name FROM player_names WHERE name IS NOT NULL ORDER BY last_seen DESC, id")
        .map((rs, ctx) -> new Named(rs.getString(1), rs.getString(2))).list();
    h.createUpdate("UPDATE player_names SET skeleton = NULL").execute();
    Set<String> given = new HashSet<>(accountNames);
    List<String> released = new ArrayList<>();
    var update = h.prepareBatch("UPDATE player_names SET skeleton = :s WHERE id = :id");
    boolean any = false;
    for (Named p : all) {
      String s = Names.skeleton(p.name());
      if (Names.problem(p.name()).isPresent() || !given.add(s)) {
        released.add(p.id());
        continue;
      }
      update.bind("s", s).bind("id", p.id()).add();
      any = true;
    }
    if (any) update.execute();
    for (int i = 0; i < released.size(); i += 500) {
      h.createUpdate("UPDATE player_names SET name = NULL WHERE id IN (<ids>)")
          .bindList("ids", released.subList(i, Math.min(released.size(), i + 500))).execute();
    }
  }
}
