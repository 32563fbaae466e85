package org.jacquet.server.identity;

import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jacquet.server.refusal.Refusal;

/**
 * The names of the players this server process sees: a guest's pseudonym (given at first sight,
 * {@code Player-4821} or {@code Joueur-4821} by language, changeable) and the names of accounts
 * online, so that no two players online read alike ({@link Names#skeleton}). Kept in memory while
 * a player is connected, and {@link #GRACE_MILLIS} after: a guest who reloads keeps its name, and
 * the memory is bounded by the players online (and {@link #MAX_KEPT} whatever happens).
 */
public final class Pseudonyms {
  /** How long a name is kept for a player with no connection left. */
  public static final long GRACE_MILLIS = 10 * 60_000;
  /** Names kept at most: past it a newcomer is refused (busy) rather than the memory grown. */
  public static final int MAX_KEPT = 50_000;

  private static final class Entry {
    String name;
    String skeleton;
    int connections;
    long lastSeen;
  }

  private final Map<String, Entry> byId = new HashMap<>();
  private final Map<String, String> idBySkeleton = new HashMap<>();
  private final SecureRandom random = new SecureRandom();

  /** The player with id {@code id}: its name kept here, or for a newcomer a fresh pseudonym in {@code language}. */
  public synchronized Player guest(String id, Locale language, long now) {
    Entry e = byId.get(id);
    if (e == null) e = keep(id, freshName(language), now);
    e.lastSeen = Math.max(e.lastSeen, now);
    return new Player(id, e.name);
  }

  /** Keeps an account's name while it is online, so that no guest takes a look-alike. */
  public synchronized Player account(Player account, long now) {
    Entry e = byId.get(account.id());
    if (e == null) {
      e = keep(account.id(), account.name(), now);
    } else if (!e.name.equals(account.name())) {
      idBySkeleton.remove(e.skeleton, account.id());
      e.name = account.name();
      e.skeleton = Names.skeleton(account.name());
      idBySkeleton.put(e.skeleton, account.id());
    }
    e.lastSeen = Math.max(e.lastSeen, now);
    return account;
  }

  /**
   * Gives guest {@code id} the name {@code name}; refused, nothing changed, when the name breaks
   * {@link Names}' rule ({@code bad-name}) or reads like another online player's ({@code name-taken}).
   */
  public synchronized Player rename(String id, String name, long now) {
    Names.require(name);
    Entry e = byId.get(id);
    if (e == null) throw new IllegalStateException("rename of a player never seen: " + id);
    String skeleton = Names.skeleton(name);
    String holder = idBySkeleton.get(skeleton);
    if (holder != null && !holder.equals(id)) {
      throw new Refusal("name-taken", Map.of("name", name), "another player online has this name or one that reads like it");
    }
    idBySkeleton.remove(e.skeleton, id);
    e.name = name;
    e.skeleton = skeleton;
    idBySkeleton.put(skeleton, id);
    e.lastSeen = Math.max(e.lastSeen, now);
    return new Player(id, name);
  }

  /** The online player whose name reads as {@code name}, if any. */
  public synchronized Optional<Player> find(String name) {
    if (Names.problem(name).isPresent()) return Optional.empty();
    String id = idBySkeleton.get(Names.skeleton(name));
    return id == null ? Optional.empty() : Optional.of(new Player(id, byId.get(id).name));
  }

  /** Whether a name is kept for {@code id}. */
  public synchronized boolean knows(String id) {
    return byId.containsKey(id);
  }

  /** A connection of {@code id} opened (its name is held while any is open). */
  public synchronized void connected(String id) {
    Entry e = byId.get(id);
    if (e != null) e.connections++;
  }

  public synchronized void disconnected(String id, long now) {
    Entry e = byId.get(id);
    if (e == null) return;
    e.connections = Math.max(0, e.connections - 1);
    e.lastSeen = Math.max(e.lastSeen, now);
  }

  /** Whether {@code id} has a connection open here. */
  public synchronized boolean isOnline(String id) {
    Entry e = byId.get(id);
    return e != null && e.connections > 0;
  }

  /** How many players have a connection open here. */
  public synchronized int online() {
    int n = 0;
    for (Entry e : byId.values()) if (e.connections > 0) n++;
    return n;
  }

  /** Forgets the players with no connection for {@link #GRACE_MILLIS}. */
  public synchronized void sweep(long now) {
    byId.entrySet().removeIf(en -> {
      Entry e = en.getValue();
      boolean gone = e.connections == 0 && now - e.lastSeen > GRACE_MILLIS;
      if (gone) idBySkeleton.remove(e.skeleton, en.getKey());
      return gone;
    });
  }

  public synchronized int size() {
    return byId.size();
  }

  private Entry keep(String id, String name, long now) {
    if (byId.size() >= MAX_KEPT) {
      sweep(now);
      if (byId.size() >= MAX_KEPT) throw new Refusal("server-full", "the server has as many players as it can keep; try again later");
    }
    Entry e = new Entry();
    e.name = name;
    e.skeleton = Names.skeleton(name);
    e.lastSeen = now;
    byId.put(id, e);
    idBySkeleton.putIfAbsent(e.skeleton, id);
    return e;
  }

  /** {@code Player-4821} (or {@code Joueur-4821} in French): four digits, five once they run short. */
  private String freshName(Locale language) {
    String word = "fr".equals(language.getLanguage()) ? "Joueur" : "Player";
    for (int attempt = 0; ; attempt++) {
      int digits = attempt < 20 ? 4 : 5 + attempt / 40;
      int low = (int) Math.pow(10, digits - 1);
      String name = word + "-" + (low + random.nextInt(9 * low));
      if (!idBySkeleton.containsKey(Names.skeleton(name))) return name;
    }
  }
}
