package org.jacquet.server.http;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * Keeps slow or numerous HTTP clients from taking the server's threads or file descriptors
 * (a slowloris). Two guards:
 * <ul>
 *   <li>TCP connections open per address are counted; one past the limit is closed at once
 *       (not counted per address behind a trusted proxy, whose connections all come from it).
 *   <li>Reading a request body blocks a thread (Jetty reads bodies for the servlet). A client
 *       dribbling a body byte by byte would hold that thread, and a few hundred of them every
 *       thread: so at most {@link #BODIES_PER_ADDRESS} bodies per address and {@link #BODIES}
 *       in all are read at once; one more is refused at once ({@code 429 too-many}, limit
 *       {@code uploads}) without reading it. Jetty's minimum data rate ends a body that comes
 *       too slowly.
 * </ul>
 * Both maps hold an address only while it has something open.
 */
public final class HttpGuard implements Connection.Listener, Filter {
  /**
   * Bodies read at once from one address: a page sends one at a time. Small against
   * {@link #BODIES}: at 8, six addresses dribbling bodies took every slot, and every POST of
   * everyone else was refused.
   */
  public static final int BODIES_PER_ADDRESS = 4;
  /** Bodies read at once in all: well under Jetty's 250 threads, so reading never takes them all. */
  static final int BODIES = 48;
  /** Slowest body accepted, in bytes per second (a 16 KB body then arrives within 16 s). */
  public static final long MIN_BODY_RATE = 1024;

  private final int connectionsPerAddress;
  private final boolean countConnections;
  private final Function<HttpServletRequest, String> clientAddress;
  private final Map<String, AtomicInteger> connections = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> bodies = new ConcurrentHashMap<>();
  private final AtomicInteger bodiesInAll = new AtomicInteger();
  /** The connections counted in {@link #connections}, with their addresses, each uncounted once when it closes. */
  private final Map<Connection, String> counted = new ConcurrentHashMap<>();

  public HttpGuard(int connectionsPerAddress, boolean behindProxy, Function<HttpServletRequest, String> clientAddress) {
    this.connectionsPerAddress = connectionsPerAddress;
    this.countConnections = !behindProxy;
    this.clientAddress = clientAddress;
  }

  @Override
  public void onOpened(Connection c) {
    if (!countConnections) return;
    String a = address(c.getEndPoint());
    if (counted.putIfAbsent(c, a) != null) return; // told twice
    if (increment(connections, a) > connectionsPerAddress) {
      counted.remove(c);
      decrement(connections, a);
      c.getEndPoint().close();
    }
  }

  @Override
  public void onClosed(Connection c) {
    String a = counted.remove(c); // its address, kept: a closed channel no longer tells it
    if (a != null) decrement(connections, a);
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException {
    HttpServletRequest req = (HttpServletRequest) request;
    boolean body = req.getContentLengthLong() > 0 || req.getHeader("Transfer-Encoding") != null;
    if (!body) {
      chain.doFilter(request, response);
      return;
    }
    if (req.getContentLengthLong() > JsonBody.MAX_BYTES) { // refused unread, as Javalin would, but without its log line
      answer(req, (HttpServletResponse) response, 413, new Refusal("too-large", Map.of("max", JsonBody.MAX_BYTES),
          "the body is larger than " + JsonBody.MAX_BYTES + " bytes"));
      return;
    }
    String a = clientAddress.apply(req);
    int mine = increment(bodies, a);
    int all = bodiesInAll.incrementAndGet();
    try {
      if (mine > BODIES_PER_ADDRESS || all > BODIES) {
        refuse(req, (HttpServletResponse) response, mine > BODIES_PER_ADDRESS ? BODIES_PER_ADDRESS : BODIES);
        return;
      }
      chain.doFilter(new BoundedBody(req), response);
    } finally {
      bodiesInAll.decrementAndGet();
      decrement(bodies, a);
    }
  }

  /**
   * A request whose body stops at {@link JsonBody#MAX_BYTES}: Javalin checks a declared length,
   * but reads a chunked body to its end, however long (100 MB went to memory).
   *
   * <p>A body of declared length ends here once that many bytes were read, without asking Jetty
   * for its end: Jetty checks its minimum data rate at each read, the last one too, against the
   * bytes arrived since the first, so a 20-byte body that had wholly arrived was refused
   * {@code 408 too-slow} when the reading thread paused 21 ms before that last read (a cold JVM
   * loading classes, a collection, a loaded machine): the server's own pause, counted against
   * the client. A body still arriving is checked at each read as before.
   */
  private static final class BoundedBody extends jakarta.servlet.http.HttpServletRequestWrapper {
    private jakarta.servlet.ServletInputStream bounded;
    /** The declared length, or -1 for a chunked body (whose end only Jetty knows). */
    private final long declared;

    BoundedBody(HttpServletRequest req) {
      super(req);
      this.declared = req.getHeader("Transfer-Encoding") == null ? req.getContentLengthLong() : -1;
    }

    @Override
    public jakarta.servlet.ServletInputStream getInputStream() throws IOException {
      if (bounded != null) return bounded;
      jakarta.servlet.ServletInputStream in = super.getInputStream();
      bounded = new jakarta.servlet.ServletInputStream() {
        private long read;

        @Override
        public int read() throws IOException {
          if (complete()) return -1;
          int b;
          try {
            b = in.read();
          } catch (IOException e) {
            throw unanswered(e);
          }
          if (b >= 0) count(1);
          return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
          if (complete() && len > 0) return -1;
          int n;
          try {
            n = in.read(buf, off, (int) Math.min(len, declared < 0 ? len : declared - read));
          } catch (IOException e) {
            throw unanswered(e);
          }
          if (n > 0) count(n);
          return n;
        }

        /** The declared length was read: the end, without Jetty's rate check of the reader's pauses. */
        private boolean complete() {
          return declared >= 0 && read >= declared;
        }

        private void count(int n) {
          read += n;
          if (read > JsonBody.MAX_BYTES) {
            throw new Refusal("too-large", Map.of("max", JsonBody.MAX_BYTES), "the body is larger than " + JsonBody.MAX_BYTES + " bytes");
          }
        }

        @Override
        public boolean isFinished() {
          return complete() || in.isFinished();
        }

        @Override
        public boolean isReady() {
          return in.isReady();
        }

        @Override
        public void setReadListener(jakarta.servlet.ReadListener listener) {
          in.setReadListener(listener);
        }
      };
      return bounded;
    }
  }

  /**
   * A body that never came, was cut off or garbled, rethrown unchecked: Javalin answers an
   * {@code IOException} of that kind itself with an empty 408 or 400, while this reaches the
   * server's handler, which answers it as JSON ({@link ErrorAnswers#clientFault}).
   */
  private static java.io.UncheckedIOException unanswered(IOException e) {
    return new java.io.UncheckedIOException(e);
  }

  /** Refused without reading the body: the connection is closed after the answer. */
  private static void refuse(HttpServletRequest req, HttpServletResponse res, int max) throws IOException {
    res.setHeader("Retry-After", "1");
    answer(req, res, 429, new Refusal("too-many", Map.of("limit", "uploads", "max", max, "seconds", 0),
        "too many requests sending a body at once: at most " + max));
  }

  private static void answer(HttpServletRequest req, HttpServletResponse res, int status, Refusal r) throws IOException {
    byte[] text = Problems.jsonText(Problems.counted(r), false, ClientLanguage.of(req)).getBytes(StandardCharsets.UTF_8);
    res.setStatus(status);
    res.setHeader("Connection", "close");
    Headers.SECURITY_HEADERS.forEach(res::setHeader);
    res.setContentType(Headers.JSON_UTF8);
    res.setContentLength(text.length);
    res.getOutputStream().write(text);
  }

  /** TCP connections from {@code address} counted now (tests wait for theirs to be counted). */
  public int connections(String address) {
    AtomicInteger n = connections.get(address);
    return n == null ? 0 : n.get();
  }

  /** Addresses holding a connection or a body being read (for tests of bounded memory). */
  public int size() {
    return connections.size() + bodies.size();
  }

  private static String address(EndPoint e) {
    return e.getRemoteSocketAddress() instanceof InetSocketAddress i && i.getAddress() != null
        ? i.getAddress().getHostAddress() : String.valueOf(e.getRemoteSocketAddress());
  }

  private static int increment(Map<String, AtomicInteger> counts, String key) {
    return counts.compute(key, (k, v) -> {
      AtomicInteger n = v == null ? new AtomicInteger() : v;
      n.incrementAndGet();
      return n;
    }).get();
  }

  private static void decrement(Map<String, AtomicInteger> counts, String key) {
    counts.computeIfPresent(key, (k, v) -> v.decrementAndGet() <= 0 ? null : v);
  }
}
