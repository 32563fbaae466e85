package org.jacquet.server.http;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.BadMessageException;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.CyclicTimeout;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnection;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * Jetty's HTTP/1.1 connections, with a deadline for each request's head (its request line and
 * headers). A slowloris sending its head one byte every few seconds resets Jetty's idle timer
 * with each byte, and so held its connection for ever (about 40 addresses could hold all 10,000);
 * a body is already bounded by the minimum data rate, and a silent connection by the idle timeout.
 *
 * <p>The clock starts when the connection opens (a client sends its first request at once), and
 * for each later request on a kept-alive connection at the first byte of that request: a
 * connection idle between requests is the idle timeout's business, not this one's. A head that
 * is not complete by then is answered {@code 408 too-slow} ({@code "what":"headers"}) and the
 * connection closed; a connection that sent nothing is closed unanswered (nothing was asked).
 *
 * <p>Cheap and bounded: each connection has one {@link CyclicTimeout} on the connector's shared
 * scheduler (no thread, and re-armed for each request without a new scheduled task each time),
 * cancelled when its head is complete and destroyed when the connection closes.
 */
public final class HeadDeadline extends HttpConnectionFactory {
  /**
   * How long a request's head may take by default. A page's heads are under 2 KB, one or two TCP
   * segments: 10 s leave room for three lost segments in a row (retransmitted after 1, 2 and 4 s),
   * and a dribbler holds a connection 10 s, not for ever.
   */
  public static final Duration WITHIN = Duration.ofSeconds(10);

  /**
   * The request attribute holding what the parser found wrong in a request's body (a chunk size
   * that is no number, a trailer too large…): past the head, Jetty tells the body's reader only
   * that the body ended early, which would be answered as a body cut off.
   */
  public static final String BAD_BODY = "org.jacquet.server.badBody";

  private final long nanos;
  /** The refusal of a head too slow, and its answer written once (each sent one is counted: {@link Problems#counted}). */
  private final Refusal refusal;
  private final byte[] answer;

  public HeadDeadline(HttpConfiguration config, Duration within) {
    super(config);
    this.nanos = within.toNanos();
    this.refusal = JsonErrors.headTooSlow(within.toMillis());
    this.answer = JsonErrors.wire(408, "Request Timeout", refusal);
  }

  @Override
  public Connection newConnection(Connector connector, EndPoint endPoint) {
    // As HttpConnectionFactory does, with the timed connection.
    TimedConnection c = new TimedConnection(getHttpConfiguration(), connector, endPoint, isRecordHttpComplianceViolations());
    c.setUseInputDirectByteBuffers(isUseInputDirectByteBuffers());
    c.setUseOutputDirectByteBuffers(isUseOutputDirectByteBuffers());
    return configure(c, connector, endPoint);
  }

  /** An HTTP connection whose parser tells it when a head starts and when it is complete. */
  private final class TimedConnection extends HttpConnection {
    /** Between the parsing thread and the scheduler's: a head completed and a deadline passed never both act. */
    private final Object lock = new Object();
    private final CyclicTimeout timer;
    /** When the awaited head's clock started (System.nanoTime), 0 when no head is awaited. */
    private long headSince;
    /** Whether a byte of the awaited head came (if not, there is nothing to answer). */
    private boolean heard;
    /** The deadline passed: the connection is being closed, what still comes is dropped unread. */
    private boolean expired;

    TimedConnection(HttpConfiguration config, Connector connector, EndPoint endPoint, boolean recordViolations) {
      super(config, connector, endPoint, recordViolations);
      this.timer = new CyclicTimeout(connector.getScheduler()) {
        @Override
        public void onTimeoutExpired() {
          expire();
        }
      };
    }

    /** Called by the superclass's constructor: this object's own fields are not set yet. */
    @Override
    protected HttpParser newHttpParser(HttpCompliance compliance) {
      // As HttpConnection does, with the timed parser.
      HttpParser p = new TimedParser(newRequestHandler(), getHttpConfiguration().getRequestHeaderSize(), compliance);
      p.setHeaderCacheSize(getHttpConfiguration().getHeaderCacheSize());
      p.setHeaderCacheCaseSensitive(getHttpConfiguration().isHeaderCacheCaseSensitive());
      return p;
    }

    @Override
    public void onOpen() {
      synchronized (lock) { // before reading starts, so the first head cannot begin its clock later
        await(System.nanoTime());
      }
      super.onOpen();
    }

    @Override
    public void onClose(Throwable cause) {
      super.onClose(cause);
      timer.destroy(); // nothing left on the scheduler for a closed connection (or one upgraded to a WebSocket)
    }

    private void await(long now) {
      headSince = now;
      timer.schedule(nanos, TimeUnit.NANOSECONDS);
    }

    /** On the scheduler's thread: the head is still not complete, answer if it began, and close. */
    private void expire() {
      boolean answered;
      synchronized (lock) {
        if (headSince == 0 || expired) return; // completed meanwhile
        long left = headSince + nanos - System.nanoTime();
        if (left > 0) { // a late wake-up meant for an earlier head
          timer.schedule(left, TimeUnit.NANOSECONDS);
          return;
        }
        expired = true;
        answered = heard;
      }
      EndPoint e = getEndPoint();
      if (!answered) {
        e.close();
        return;
      }
      Problems.counted(refusal);
      try {
        // No request is being answered: the previous one was complete before this head began.
        e.write(Callback.from(e::close, failed -> e.close()), ByteBuffer.wrap(answer));
      } catch (RuntimeException writing) {
        e.close();
      }
    }

    /**
     * Jetty's parser, telling its connection when bytes of a head come and when the head is
     * complete, and the request when its body cannot be parsed.
     */
    private final class TimedParser extends HttpParser {
      TimedParser(HttpParser.RequestHandler handler, int maxHeaderBytes, HttpCompliance compliance) {
        super(handler, maxHeaderBytes, compliance);
      }

      @Override
      public boolean parseNext(ByteBuffer buffer) {
        synchronized (lock) {
          if (expired) {
            buffer.position(buffer.limit()); // closing: not parsed, so never dispatched
            return false;
          }
          // Any byte counts, blank lines before a request line too: a dribbler of CRLFs is one.
          if (buffer.hasRemaining() && inHeaderState()) {
            heard = true;
            if (headSince == 0) await(System.nanoTime());
          }
          boolean handle = super.parseNext(buffer);
          if (headSince != 0 && !inHeaderState()) { // complete (or refused, or closed)
            headSince = 0;
            heard = false;
            timer.cancel();
          }
          return handle;
        }
      }

      @Override
      protected void badMessage(BadMessageException failure) {
        if (!inHeaderState()) getHttpChannel().getRequest().setAttribute(BAD_BODY, failure);
        super.badMessage(failure);
      }
    }
  }
}
