package org.jacquet.server.live;

import java.util.Map;
import org.jacquet.engine.Side;
import org.jacquet.server.game.GameService;
import org.jacquet.server.limits.Health;

/**
 * The other server processes on the same database, through the {@link Notifier}: tells them
 * of this one's changes and presence, and hears theirs.
 */
public final class PeerProcesses {
  private final Hub hub;
  private final GameService games;
  private volatile Notifier notifier;

  public PeerProcesses(Hub hub, GameService games) {
    this.hub = hub;
    this.games = games;
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
      for (String id : hub.remote().expire()) hub.changed(id, false);
    } catch (RuntimeException e) {
      System.err.println("jacquet: presence heartbeat failed: " + Health.rootCause(e));
    }
  }

  /** What another process announced: a game changed, or who is connected to it there. */
  public void heard(String message) {
    String[] parts = message.split("\\|");
    if (parts[0].equals("game") && parts.length == 2) {
      hub.changed(parts[1], true);
      games.scheduleComputer(parts[1], GameService.UNKNOWN_CLIENT); // who acted there is not told
    } else if (parts[0].equals("presence") && parts.length == 5) {
      Side side = Side.parse(parts[3]);
      boolean before = hub.isConnected(parts[2], side);
      hub.remote().heard(parts[1], parts[2], side, Integer.parseInt(parts[4]));
      if (hub.isConnected(parts[2], side) != before) hub.changed(parts[2], false); // not on every heartbeat
    }
  }

  /** Tells the other processes how many sockets sit at each seat of a game here (also the heartbeat). */
  private void announcePresence(String id, Map<Side, Integer> counts) {
    for (Side s : Side.values()) {
      notifier.publish("presence|" + notifier.origin() + "|" + id + "|" + s.key() + "|" + counts.get(s));
    }
  }
}
