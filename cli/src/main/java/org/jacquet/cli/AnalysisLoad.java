package org.jacquet.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code jacquet load --analyses-from N}: the hostile company of the games scenario that asks
 * for analyses — {@code N} client addresses (loopback 127.0.9.2, 127.0.9.3…: the server tells
 * them apart by their peer address, no proxy header needed) each sending {@code each} {@code
 * GET /api/analyse} at once, each on its own connection, for a different roll of one middle-game
 * position ({@link #POSITION}; nothing shared between them). It counts the answers (200, {@code busy}, other), how
 * long until the last came, and the server's CPU time meanwhile ({@link ServerCpu}:
 * {@code analyses_server_cpu_seconds}).
 */
final class AnalysisLoad {
  /**
   * A middle-game position (one of the shipped puzzles) where the rolls have many plays to rank:
   * about 0.15 s of the server's CPU per roll on average (0.7 s for 3-3), as the 320
   * analyses in 47 CPU-seconds.
   */
  static final String POSITION = "SNgkchyA5S5SEQ";
  private static final String[] DICE = {"6-5", "6-4", "6-3", "6-2", "6-1", "5-4", "5-3", "5-2", "5-1", "4-3", "4-2", "4-1",
      "3-2", "3-1", "2-1", "6-6", "5-5", "4-4", "3-3", "2-2", "1-1"};

  private final URI server;
  private final int addresses;
  private final int each;
  private final CountDownLatch answered;
  private final AtomicInteger ok = new AtomicInteger();
  private final AtomicInteger busy = new AtomicInteger();
  private final AtomicInteger limited = new AtomicInteger();
  private final AtomicInteger other = new AtomicInteger();
  /** The first answer that was neither an analysis nor a refusal for load: what went wrong. */
  private final java.util.concurrent.atomic.AtomicReference<String> firstOther = new java.util.concurrent.atomic.AtomicReference<>();
  private final List<Thread> askers = new ArrayList<>();
  private final ServerCpu cpu;
  private long startNanos;
  private volatile long endNanos;
  private long cpuBefore;
  /** The server's CPU time when the last answer came. */
  private volatile long cpuAfter = -1;

  AnalysisLoad(String url, int addresses, int each, ServerCpu cpu) {
    this.server = URI.create(url);
    this.addresses = addresses;
    this.each = each;
    this.answered = new CountDownLatch(addresses * each);
    this.cpu = cpu;
  }

  /** Sends every request at once (one thread per connection: they wait on the server, not on the CPU). */
  void start() {
    cpuBefore = cpu.nanos();
    startNanos = System.nanoTime();
    for (int a = 0; a < addresses; a++) {
      String from = "127.0.9." + (2 + a);
      for (int i = 0; i < each; i++) {
        String dice = DICE[i % DICE.length];
        Thread t = new Thread(() -> ask(from, dice), "analysis-asker");
        t.setDaemon(true);
        askers.add(t);
        t.start();
      }
    }
  }

  /** Whether an action sent at {@code nanos} went while analyses were still being answered. */
  boolean during(long nanos) {
    long end = endNanos;
    return nanos >= startNanos && (end == 0 || nanos <= end);
  }

  private void ask(String from, String dice) {
    try (Socket s = new Socket()) {
      s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
      s.connect(new InetSocketAddress(server.getHost(), server.getPort() == -1 ? 80 : server.getPort()), 10_000);
      s.setSoTimeout(300_000);
      s.getOutputStream().write(("GET /api/analyse?position=" + POSITION + "&dice=" + dice + " HTTP/1.1\r\nHost: "
          + server.getHost() + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      String answer = new String(s.getInputStream().readNBytes(LoadCommand.MAX_ANSWER), StandardCharsets.UTF_8);
      if (answer.startsWith("HTTP/1.1 200")) ok.incrementAndGet();
      else if (answer.contains("\"busy\"")) busy.incrementAndGet();
      else if (answer.contains("\"too-many\"")) limited.incrementAndGet();
      else otherAnswer(answer.isEmpty() ? "closed without an answer" : answer.lines().findFirst().orElse(""));
    } catch (IOException e) {
      otherAnswer(e.toString());
    } finally {
      answered.countDown();
      if (answered.getCount() == 0) {
        endNanos = System.nanoTime();
        cpuAfter = cpu.nanos();
      }
    }
  }

  private void otherAnswer(String what) {
    other.incrementAndGet();
    firstOther.compareAndSet(null, what);
  }

  /** Waits for the last answer, at most until {@code deadlineNanos}; true when every answer came. */
  boolean await(long deadlineNanos) throws InterruptedException {
    return answered.await(Math.max(0, deadlineNanos - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
  }

  /** The figures, into {@code o}. */
  void report(ObjectNode o) {
    long end = endNanos == 0 ? System.nanoTime() : endNanos;
    long cpuNow = endNanos == 0 ? cpu.nanos() : cpuAfter;
    o.put("analyses_addresses", addresses).put("analyses_asked", addresses * each).put("analyses_answered", ok.get())
        .put("analyses_busy", busy.get()).put("analyses_rate_limited", limited.get()).put("analyses_other", other.get())
        .put("analyses_other_first", firstOther.get())
        .put("analyses_seconds", Math.round((end - startNanos) / 1e8) / 10.0);
    // The server's CPU while the analyses were answered (the run's whole is server_cpu_seconds).
    if (cpuNow >= 0 && cpuBefore >= 0) o.put("analyses_server_cpu_seconds", Math.round((cpuNow - cpuBefore) / 1e8) / 10.0);
    else o.putNull("analyses_server_cpu_seconds"); // neither its own count nor its process found
    cpu.pid().ifPresent(pid -> o.put("server_pid", pid));
  }
}
