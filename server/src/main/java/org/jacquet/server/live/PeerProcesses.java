package org.jacquet.server.live;

import java.util.Map;
import org.jacquet.engine.Side;
import org.jacquet.server.chat.ChatRoom;
import org.jacquet.server.game.GameService;

/**
 * The other server processes on the same database, through the {@link Notifier}: tells them
 * of this one's changes and presence, and hears theirs.
 */
public final class PeerProcesses {
  private final Hub hub;
  private final GameService games;
  private volatile Notifier notifier;
  /** Told the id of a seek another process made a game of (its poster may be connected here). */
  private volatile java.util.function.Consumer<String> seekTaken = id -> { };
  /** How many players are connected here, announced to the others with the heartbeat. */
  private volatile java.util.function.IntSupplier onlineHere = () -> 0;
  private final org.jacquet.server.telemetry.OutageLog heartbeat = new org.jacquet.server.telemetry.OutageLog("the presence heartbeat");

  public PeerProcesses(Hub hub, GameService games) {
    this.hub = hub;
    this.games = games;
  }

  /** Where this process's own count of players online comes from (announced with the heartbeat). */
  public void countOnlineFrom(java.util.function.IntSupplier here) {
    onlineHere = here;
  }

  /**
   * The players the other processes have online, as they last said (a word counts for
   * {@link Hub.Presence#TTL_MILLIS}, as their seats' presence does: a process that died stops
   * counting): with this process's own, the lobby's "players online" on every process.
   */
  public int onlineElsewhere() {
    return hub.remote().online();
  }

  /** Starts hearing the other processes and telling them of this one's changes and presence. */
  public void connect(Notifier notifier) {
    this.notifier = notifier;
    games.afterCommit(id -> notifier.publish("game|" + id));
    hub.onPresence(this::announcePresence);
  }

  /**
   * Every {@link Hub.Presence#RENEW_MILLIS}: tell the other processes again who is seated here,
   * and forget what they stopped renewing (a process that died), telling the sockets concerned.
   */
  public void renewPresence() {
    try {
      for (var e : hub.localSeats().entrySet()) announcePresence(e.getKey(), e.getValue());
      Notifier n = notifier;
      if (n != null) n.publish("online|" + n.origin() + "|" + Math.max(0, onlineHere.getAsInt()));
      for (String id : hub.remote().expire()) hub.changed(id, false);
      heartbeat.worked();
    } catch (RuntimeException e) {
      heartbeat.failed(e);
    }
  }

  /** Hears, from now on, of the seeks other processes make games of. */
  public void onSeekTaken(java.util.function.Consumer<String> listener) {
    seekTaken = listener;
  }

  /** Tells the other processes (none on SQLite) something of the lobby's: {@code lobby|taken|ID}. */
  public void publish(String message) {
    Notifier n = notifier;
    if (n != null) n.publish(message);
  }

  /** What another process announced: a game changed, who is connected to it there, or a seek taken. */
  public void heard(String message) {
    String[] parts = message.split("\\|");
    if (parts[0].equals("chat")) {
      String[] chat = message.split("\\|", 4);
      if (chat.length == 4) hub.chat(chat[1], ChatRoom.parse(chat[2]), chat[3]);
    } else if (parts[0].equals("game") && parts.length == 2) {
      hub.changed(parts[1], true);
      games.scheduleComputer(parts[1], GameService.UNKNOWN_CLIENT); // who acted there is not told
      games.watchClock(parts[1]); // a clock started or moved there: its flag is watched here too
    } else if (parts[0].equals("online") && parts.length == 3) {
      heardOnline(parts[1], parts[2]);
    } else if (parts[0].equals("lobby") && parts.length == 3 && parts[1].equals("taken")) {
      seekTaken.accept(parts[2]);
    } else if (parts[0].equals("presence") && parts.length == 5) {
      Side side = Side.parse(parts[3]);
      boolean before = hub.isConnected(parts[2], side);
      hub.remote().heard(parts[1], parts[2], side, Integer.parseInt(parts[4]));
      if (hub.isConnected(parts[2], side) != before) {
        if (before) hub.left(parts[2], side); // its absence counts from now (an untimed game's claim)
        hub.changed(parts[2], false); // not on every heartbeat
      }
    }
  }

  /** What process {@code origin} said of its players online (a word not of ours is let go). */
  private void heardOnline(String origin, String count) {
    try {
      hub.remote().heardOnline(origin, Integer.parseInt(count));
    } catch (NumberFormatException e) {
      // not a word of ours
    }
  }

  /** Tells the other processes of a chat message said here ({@code message}: what the room's sockets are sent). */
  void chat(String id, ChatRoom room, String message) {
    Notifier n = notifier;
    if (n != null) n.publish("chat|" + id + "|" + room.key() + "|" + message);
  }

  /** Tells the other processes how many sockets sit at each seat of a game here (also the heartbeat). */
  private void announcePresence(String id, Map<Side, Integer> counts) {
    for (Side s : Side.values()) {
      notifier.publish("presence|" + notifier.origin() + "|" + id + "|" + s.key() + "|" + counts.get(s));
    }
  }
}
