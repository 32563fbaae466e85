package org.jacquet.server.live;

import java.util.ArrayDeque;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.api.WriteCallback;
import org.jacquet.engine.Side;
import org.jacquet.server.http.ClientLanguage;
import org.jacquet.server.limits.Health;
import org.jacquet.server.limits.RateLimiter;

/**
 * One WebSocket as the hub holds it: the seat it proved, and a bounded queue of messages
 * drained asynchronously, one write in flight at a time. Nothing here ever waits on the
 * network: a connection whose queue overflows (it does not read) is dropped.
 */
public final class Connection {
  /** Close code for a connection that does not read what it is sent. */
  static final int TOO_SLOW = 4008;
  /** Close code for a connection that floods messages. */
  public static final int FLOODING = 4029;
  /** Close code for a connection that did not say hello in time. */
  public static final int NO_HELLO = 4408;

  public final String gameId;
  public final String address;
  /** The language of its refusals' messages: its upgrade request's ({@link ClientLanguage}). */
  public final java.util.Locale language;
  private final Session session;
  private final int maxQueuedBytes;
  private final ArrayDeque<String> queue = new ArrayDeque<>();
  private long queuedBytes;
  private boolean writing;
  private boolean closed;
  private boolean dropped;
  volatile Side side;
  public volatile String tokenHash;
  /** Over the game's spectator limit: it gets nothing until it proves a seat. */
  volatile boolean waitingForSeat;
  /** Said hello: it has had the full state and gets the changes. */
  public volatile boolean greeted;
  /** A change was held back because the full state was not out yet (guarded by this). */
  boolean missedChange;
  /** What this connection was sent last: the hub's sequence, the game number and its event count. */
  long sentSeq = -1;
  int sentVersion = -1;
  int sentGame = -1;
  int sentEvents;
  public final RateLimiter.Bucket messages;
  /**
   * The refusals this connection may still draw for going past its message rate: a burst of
   * {@link #REFUSALS_PER_RATE} seconds' worth of the rate, one forgiven per second. Counted
   * whatever is accepted in between, so a steady flood is closed, not answered for ever.
   */
  public final RateLimiter.Bucket refusals;
  /** A lobby socket's player and feed ({@code /ws/lobby}); null on a game's socket. */
  public volatile org.jacquet.server.lobby.Lobby.Listener lobby;
  /** The name of the player its cookies named when it opened (a spectator's name in the chat), or null. */
  public volatile String viewerName;
  /** The id of that player (an account's seats correspondence games in any of its browsers), or null. */
  public volatile String viewerId;
  /** Closed (or closing) for flooding: what it still sends is ignored, unanswered. */
  public volatile boolean flooding;

  /** How many seconds' worth of its message rate a socket may be refused before it is closed (4029). */
  static final int REFUSALS_PER_RATE = 5;

  Connection(String gameId, String address, java.util.Locale language, Session session, int maxQueuedBytes,
      RateLimiter.Bucket messages) {
    this.gameId = gameId;
    this.address = address;
    this.language = language;
    this.session = session;
    this.maxQueuedBytes = maxQueuedBytes;
    this.messages = messages;
    this.refusals = messages.alike(REFUSALS_PER_RATE * messages.capacity(), 1e-9);
  }

  /** Queues {@code text}; drops the connection instead when its queue is full. Never blocks. */
  public void send(String text) {
    synchronized (this) {
      if (closed) return;
      if (queuedBytes + text.length() > maxQueuedBytes) {
        closed = true;
        queue.clear();
        queuedBytes = 0;
      } else {
        queue.add(text);
        queuedBytes += text.length();
        if (writing) return;
        writing = true;
      }
    }
    if (isClosed()) {
      System.err.println("jacquet: dropped a socket that does not read what it is sent (" + who() + ")");
       drop(TOO_SLOW, "too-slow");
      return;
    }
    writeNext();
  }

  private void writeNext() {
    String next;
    synchronized (this) {
      next = queue.poll();
      if (next == null || closed) {
        writing = false;
        return;
      }
      queuedBytes -= next.length();
    }
    try {
      session.getRemote().sendString(next, new WriteCallback() {
        @Override
        public void writeSuccess() {
          writeNext();
        }

        @Override
        public void writeFailed(Throwable x) {
          if (!isClosed()) System.err.println("jacquet: a write to a socket failed (" + who() + "): " + Health.rootCause(x));
           drop(1011, "write failed");
        }
      });
    } catch (RuntimeException e) {
       drop(1011, "write failed");
    }
  }

  /** The connection in a log line: its game, seat and address. */
  String who() {
    return "game " + gameId + ", " + (side == null ? "spectator" : side.key()) + ", " + address;
  }

  public synchronized boolean isClosed() {
    return closed;
  }

  /** The socket is closed (its close handler ran): nothing more is written to it, and a late write is not a failure to log. */
  void closed() {
    synchronized (this) {
      dropped = true;
      closed = true;
      queue.clear();
      queuedBytes = 0;
    }
  }

  /**
   * Closes with {@code code} after what is already being written (a last error message), and
   * lets the peer answer the close; {@link #drop} cuts it if it does not.
   */
  public void close(int code, String reason) {
    synchronized (this) {
      if (dropped) return;
    }
    try {
      session.close(code, reason);
    } catch (RuntimeException e) {
      // already closing
    }
  }

  /**
   * Closes with {@code code} and cuts the connection at once: a peer that does not read would
   * never take the close frame either. The close handler (Hub.leave) then forgets it.
   */
  public void drop(int code, String reason) {
    synchronized (this) {
      if (dropped) return;
      dropped = true;
      closed = true;
      queue.clear();
      queuedBytes = 0;
    }
    try {
      session.close(code, reason);
    } catch (RuntimeException e) {
      // already closing
    }
    try {
      session.disconnect();
    } catch (Exception e) {
      // already gone
    }
  }
}
