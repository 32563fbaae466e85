package org.jacquet.server.lobby;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.jacquet.engine.Side;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.identity.Player;
import org.jacquet.server.identity.Pseudonyms;
import org.jacquet.server.pairing.PairingWave;
import org.jdbi.v3.core.Handle;

/**
 * Where players meet: they post seeks (open or direct challenges, quick-pairing places), take
 * them, and are told when theirs became a game. The seeks live in the database ({@link
 * SeekStore}), so every server process lists and takes the same ones; this process keeps only
 * its lobby sockets ({@link Listener}), told of each change by {@link LobbyFeed}. A seek lives
 * while its poster is connected somewhere: renewed every {@link #RENEW_MILLIS} by the process
 * that holds the poster's socket, withdrawn {@link #LEAVE_GRACE_MILLIS} after its last socket
 * closed here, and expired {@link #LIFETIME_MILLIS} after its last renewal if that process died.
 */
public final class Lobby {
  /** Open and direct challenges a player may have waiting at once (a quick-pairing place apart: one). */
  public static final int MAX_WAITING = 3;
  /**
   * Seeks of every kind waiting at once from one address, whatever its players: a family or a
   * club behind one address has room, while 17 guests of one address can no longer post 51
   * challenges and push everyone else's out of the lobby's list.
   */
  public static final int MAX_WAITING_PER_ADDRESS = 8;
  public static final long LIFETIME_MILLIS = 120_000;
  /** How long a correspondence challenge waits for its taker, connected or not (a week, as the days a move go up to two). */
  public static final long CORRESPONDENCE_LIFETIME_MILLIS = 7L * 86_400_000;
  public static final long RENEW_MILLIS = 30_000;
  public static final long LEAVE_GRACE_MILLIS = 15_000;

  /** A lobby socket, as the lobby sees it: whose it is, and a way to queue a message (never blocks). */
  public interface Listener {
    Player player();

    void send(String json);
  }

  /** Makes the game of a taken seek: the stored row of a game between two seated players. */
  public interface Games {
    /** The game's id and how to store it (run inside the seek's transaction). */
    record Prepared(String id, Consumer<Handle> insert) {}

    Prepared prepare(Seek seek, Player white, Player black, String whiteTokenHash, String blackTokenHash);

    /** The side ("white" or "black") {@code playerId} sits on in stored game {@code gameId}, or null. */
    String sideOf(String gameId, String playerId);
  }

  /** A seek just posted: its id and the poster's seat token for the game it becomes. */
  public record Posted(Seek seek, String token) {}

  /** A seek taken: the game, and the taker's seat token and side. */
  public record Joined(String gameId, String token, Side side) {}

  private final SeekStore seeks;
  private final Pseudonyms names;
  private final Games games;
  private final Consumer<String> publish;
  private final LongSupplier clock;
  private final SecureRandom random = new SecureRandom();
  /** The lobby sockets of this process, by player id: kept exactly as long as the sockets. */
  private final Map<String, Set<Listener>> listeners = new ConcurrentHashMap<>();
  /** When the last lobby socket here of each player who left closed: kept until the grace is over. */
  private final Map<String, Long> leftAt = new ConcurrentHashMap<>();
  private volatile Runnable onChange = () -> {};

  public Lobby(SeekStore seeks, Pseudonyms names, Games games, Consumer<String> publish, LongSupplier clock) {
    this.seeks = seeks;
    this.names = names;
    this.games = games;
    this.publish = publish;
    this.clock = clock;
  }

  /** Called after every change this process makes, so that the feed goes out at once. */
  public void onChange(Runnable r) {
    onChange = r;
  }

  public SeekStore seeks() {
    return seeks;
  }

  public Pseudonyms names() {
    return names;
  }

  /**
   * Posts a seek of {@code kind} for {@code poster}, from client {@code address} (null: none known,
   * not counted); {@code targetName} names a direct challenge's player.
   */
  public Posted post(Player poster, String address, Seek.Kind kind, String targetName, String rules, int matchLength,
      org.jacquet.server.clock.TimeControl time, Seek.Colour colour, boolean rated) {
    boolean corres = time.correspondence();
    if (corres && kind == Seek.Kind.POOL) throw new Refusal("bad-time-control", Map.of("text", time.toString(),
        "detail", "quick pairing is for live games"), "quick pairing is for live games; post a correspondence challenge instead");
    requireAccount(poster, rated, corres);
    Player target = null;
    if (kind == Seek.Kind.DIRECT) {
      // A correspondence challenge waits for its player: it may go to one who is not here now.
      target = names.find(targetName).filter(p -> corres || names.isOnline(p.id(), clock.getAsLong()))
          .orElseThrow(() -> new Refusal("no-player", Map.of("name", org.jacquet.engine.Excerpt.of(targetName)),
              "no player of that name is online"));
      if (target.id().equals(poster.id())) throw new Refusal("self-challenge", "a player cannot challenge itself");
      requireAccount(target, rated, corres);
    }
    long now = clock.getAsLong();
    Seek seek = new Seek(Tokens.gameId(), kind, poster, target, rules, matchLength, time, colour, rated, now,
        now + (corres ? CORRESPONDENCE_LIFETIME_MILLIS : LIFETIME_MILLIS));
    String token = Tokens.token();
    int max = kind == Seek.Kind.POOL ? 1 : MAX_WAITING;
    switch (seeks.insert(seek, Tokens.sha256(token), address, max, MAX_WAITING_PER_ADDRESS)) {
      case STORED -> { }
      case PLAYER_FULL -> throw new Refusal("too-many-seeks", Map.of("max", max), "you already have " + max + " seeks waiting");
      case ADDRESS_FULL -> throw new Refusal("too-many-seeks-address", Map.of("max", MAX_WAITING_PER_ADDRESS),
          MAX_WAITING_PER_ADDRESS + " seeks posted from your address already wait; one must be taken or withdrawn first");
    }
    onChange.run();
    return new Posted(seek, token);
  }

  /** Withdraws a seek its poster cancels or its target declines; refused when it is gone or not theirs. */
  public void withdraw(String seekId, Player player) {
    if (!seeks.withdraw(seekId, player.id())) throw gone(seekId);
    onChange.run();
  }

  /**
   * Takes seek {@code seekId} for {@code taker}: exactly one game is made however many take it at
   * once, here or on other processes; the others are refused {@code seek-taken}.
   */
  public Joined accept(String seekId, Player taker) {
    Seek seek = seeks.find(seekId).filter(s -> s.kind() != Seek.Kind.POOL).orElseThrow(() -> gone(seekId));
    if (seek.poster().id().equals(taker.id())) throw new Refusal("own-seek", "this is your own challenge");
    if (seek.kind() == Seek.Kind.DIRECT && !seek.target().id().equals(taker.id())) {
      throw new Refusal("not-for-you", "this challenge is for another player");
    }
    requireAccount(taker, seek.rated(), seek.timeControl().correspondence());
    String posterHash = seeks.tokenHash(seekId).orElseThrow(() -> gone(seekId));
    Side posterSide = switch (seek.colour()) {
      case WHITE -> Side.WHITE;
      case BLACK -> Side.BLACK;
      case RANDOM -> random.nextBoolean() ? Side.WHITE : Side.BLACK;
    };
    String token = Tokens.token();
    String takerHash = Tokens.sha256(token);
    boolean posterWhite = posterSide == Side.WHITE;
    Games.Prepared game = games.prepare(seek, posterWhite ? seek.poster() : taker, posterWhite ? taker : seek.poster(),
        posterWhite ? posterHash : takerHash, posterWhite ? takerHash : posterHash);
    if (!seeks.take(seekId, taker.id(), game.id(), clock.getAsLong(), game.insert())) throw gone(seekId);
    started(new SeekStore.Taken(seek, game.id(), taker.id()), posterSide);
    return new Joined(game.id(), token, posterSide.opponent());
  }

  /**
   * One wave of quick pairing over the places waiting, started from those of players connected
   * here (another process pairs its own; a pair both try is made once). How many games it made.
   */
  public int pairWave() {
    if (listeners.isEmpty()) return 0; // pairs start from players connected here
    long now = clock.getAsLong();
    List<PairingWave.Waiting> waiting = new ArrayList<>();
    Map<String, Seek> byId = new java.util.HashMap<>();
    for (Seek s : seeks.waiting(now)) {
      if (s.kind() != Seek.Kind.POOL) continue;
      byId.put(s.id(), s);
      waiting.add(new PairingWave.Waiting(s.id(), s.pool(), PairingWave.DEFAULT_RATING, s.createdAt()));
    }
    int made = 0;
    for (PairingWave.Pair pair : PairingWave.pair(waiting, now)) {
      Seek a = byId.get(pair.first().id());
      Seek b = byId.get(pair.second().id());
      if (a.poster().id().equals(b.poster().id())) continue;
      if (!listeners.containsKey(a.poster().id()) && !listeners.containsKey(b.poster().id())) continue;
      String aHash = seeks.tokenHash(a.id()).orElse(null);
      String bHash = seeks.tokenHash(b.id()).orElse(null);
      if (aHash == null || bHash == null) continue;
      boolean aWhite = random.nextBoolean();
      Games.Prepared game = aWhite ? games.prepare(a, a.poster(), b.poster(), aHash, bHash)
          : games.prepare(a, b.poster(), a.poster(), bHash, aHash);
      if (seeks.pair(a.id(), b.id(), game.id(), now, game.insert())) {
        started(new SeekStore.Taken(a, game.id(), b.poster().id()), aWhite ? Side.WHITE : Side.BLACK);
        started(new SeekStore.Taken(b, game.id(), a.poster().id()), aWhite ? Side.BLACK : Side.WHITE);
        made++;
      }
    }
    return made;
  }

  /** A seek of this process became a game: its poster is told here, and every other process is told. */
  private void started(SeekStore.Taken t, Side posterSide) {
    tell(t, posterSide.key()); // what was just written: no query before the poster hears of it
    publish.accept("lobby|taken|" + t.seek().id());
    onChange.run();
  }

  /** Tells the poster of {@code seekId}, if connected here, that its seek became a game. */
  public void deliver(String seekId) {
    seeks.taken(seekId).ifPresent(t -> {
      if (listeners.containsKey(t.seek().poster().id())) tell(t, seatOf(t));
    });
  }

  /** Sends {@code start} to every lobby socket here of the poster of {@code t}. */
  private void tell(SeekStore.Taken t, String posterSide) {
    Set<Listener> mine = listeners.get(t.seek().poster().id());
    if (mine == null) return;
    String json = LobbyFeed.started(t, posterSide);
    for (Listener l : mine) l.send(json);
  }

  /** The poster's side in the game its seek became. */
  private String seatOf(SeekStore.Taken t) {
    return games.sideOf(t.gameId(), t.seek().poster().id());
  }

  /** A lobby socket opened: it is told of its seeks already taken (it may have missed the word). */
  public void join(Listener l) {
    listeners.computeIfAbsent(l.player().id(), k -> new CopyOnWriteArraySet<>()).add(l);
    names.connected(l.player().id(), clock.getAsLong());
    for (SeekStore.Taken t : seeks.takenFrom(l.player().id(), clock.getAsLong())) {
      l.send(LobbyFeed.started(t, seatOf(t)));
    }
  }

  /** A lobby socket closed; the player's seeks go {@link #LEAVE_GRACE_MILLIS} after its last one, unless it comes back. */
  public void leave(Listener l) {
    String id = l.player().id();
    long now = clock.getAsLong();
    names.disconnected(id, now);
    listeners.computeIfPresent(id, (k, set) -> {
      set.remove(l);
      if (set.isEmpty()) leftAt.put(id, now);
      return set.isEmpty() ? null : set;
    });
  }

  /** Whether {@code l} is a lobby socket here still open. */
  public boolean isListening(Listener l) {
    Set<Listener> mine = listeners.get(l.player().id());
    return mine != null && mine.contains(l);
  }

  /** Every lobby socket here. */
  public List<Listener> listeners() {
    List<Listener> all = new ArrayList<>();
    for (Set<Listener> s : listeners.values()) all.addAll(s);
    return all;
  }

  /**
   * The lobby's upkeep, every few seconds: seeks of players connected here renewed, those of
   * players whose last socket here closed past the grace withdrawn, expired ones purged.
   */
  public void upkeep() {
    long now = clock.getAsLong();
    seeks.renew(List.copyOf(listeners.keySet()), now + LIFETIME_MILLIS);
    boolean changed = false;
    for (var it = leftAt.entrySet().iterator(); it.hasNext(); ) {
      var left = it.next();
      if (listeners.containsKey(left.getKey())) {
        it.remove();
      } else if (now - left.getValue() >= LEAVE_GRACE_MILLIS) {
        changed |= seeks.withdrawAll(left.getKey()) > 0;
        it.remove();
      }
    }
    changed |= seeks.purge(now) > 0;
    if (changed) onChange.run();
  }

  /**
   * Rated games need accounts on both sides, and so do correspondence games: a guest's browser
   * is no place to keep a game for weeks.
   */
  private static void requireAccount(Player p, boolean rated, boolean correspondence) {
    if (p.hasAccount()) return;
    if (correspondence) {
      throw new Refusal("correspondence-needs-account", "correspondence games are between signed-in players: sign in or create an account");
    }
    if (rated) throw new Refusal("rated-needs-account", "only signed-in players play rated games");
  }

  private Refusal gone(String seekId) {
    Optional<SeekStore.Taken> taken = seeks.taken(seekId);
    if (taken.isPresent()) return new Refusal("seek-taken", "someone else accepted this challenge first");
    return new Refusal("seek-gone", "this challenge is no longer there (cancelled or expired)");
  }
}
