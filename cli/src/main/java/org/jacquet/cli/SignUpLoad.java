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
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code jacquet load --sign-ups-from N}: the games scenario's hostile company that floods
 * sign-ups, as an attack run did (12 addresses × 4 at once took a game's p99 from 39 ms to
 * 1.8–3.0 s) — {@code N} client addresses (loopback 127.0.10.2, 127.0.10.3…) each with {@code
 * each} connections signing up one new account after another, until the games end. Each sign-up
 * costs the server an Argon2id hash (19 MiB, about 50 ms of a core) unless it is refused first.
 * It counts the answers (made, {@code too-many}, {@code accounts-busy}, other) and the server's
 * CPU time meanwhile; the games' round trips meanwhile are the probe's.
 */
final class SignUpLoad {
  private final URI server;
  private final int addresses;
  private final int each;
  private final ServerCpu cpu;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final AtomicInteger made = new AtomicInteger();
  private final AtomicInteger limited = new AtomicInteger();
  private final AtomicInteger busy = new AtomicInteger();
  private final AtomicInteger other = new AtomicInteger();
  private final AtomicReference<String> firstOther = new AtomicReference<>();
  private final List<Thread> senders = new ArrayList<>();
  private long startNanos;
  private volatile long endNanos;
  private long cpuBefore;
  private long cpuAfter = -1;

  SignUpLoad(String url, int addresses, int each, ServerCpu cpu) {
    this.server = URI.create(url);
    this.addresses = addresses;
    this.each = each;
    this.cpu = cpu;
  }

  void start() {
    cpuBefore = cpu.nanos();
    startNanos = System.nanoTime();
    for (int a = 0; a < addresses; a++) {
      String from = "127.0.10." + (2 + a);
      for (int i = 0; i < each; i++) {
        SplittableRandom names = new SplittableRandom(System.nanoTime() * 31 + 1009L * a + i); // new names each run
        Thread t = new Thread(() -> {
          while (!stop.get()) signUp(from, names);
        }, "sign-up-flood");
        t.setDaemon(true);
        senders.add(t);
        t.start();
      }
    }
  }

  /** Whether an action sent at {@code nanos} went while the flood ran. */
  boolean during(long nanos) {
    long end = endNanos;
    return startNanos != 0 && nanos >= startNanos && (end == 0 || nanos <= end);
  }

  /** Ends the flood (the games are over) and waits for its last requests. */
  void stop() throws InterruptedException {
    stop.set(true);
    for (Thread t : senders) t.join(30_000);
    endNanos = System.nanoTime();
    cpuAfter = cpu.nanos();
  }

  private void signUp(String from, SplittableRandom names) {
    String name = "fl" + Long.toString(names.nextLong() & Long.MAX_VALUE, 36).substring(0, 10);
    String body = "{\"name\":\"" + name + "\",\"password\":\"a password of usual length\"}";
    String origin = server.getScheme() + "://" + server.getAuthority();
    try (Socket s = new Socket()) {
      s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
      s.connect(new InetSocketAddress(server.getHost(), server.getPort() == -1 ? 80 : server.getPort()), 10_000);
      s.setSoTimeout(60_000);
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      s.getOutputStream().write(("POST /api/account/signup HTTP/1.1\r\nHost: " + server.getAuthority() + "\r\nOrigin: " + origin
          + "\r\nContent-Type: application/json\r\nContent-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      s.getOutputStream().write(bytes);
      String answer = new String(s.getInputStream().readNBytes(LoadCommand.MAX_ANSWER), StandardCharsets.UTF_8);
      if (answer.startsWith("HTTP/1.1 201")) made.incrementAndGet();
      else if (answer.contains("\"too-many\"")) limited.incrementAndGet();
      else if (answer.contains("\"accounts-busy\"")) busy.incrementAndGet();
      else otherAnswer(answer.isEmpty() ? "closed without an answer" : answer.lines().findFirst().orElse(""));
    } catch (IOException e) {
      otherAnswer(e.toString());
    }
  }

  private void otherAnswer(String what) {
    other.incrementAndGet();
    firstOther.compareAndSet(null, what);
  }

  /** The figures, into {@code o}. */
  void report(ObjectNode o) {
    long end = endNanos == 0 ? System.nanoTime() : endNanos;
    o.put("sign_up_addresses", addresses).put("sign_up_connections", addresses * each).put("sign_ups_made", made.get())
        .put("sign_ups_rate_limited", limited.get()).put("sign_ups_busy", busy.get()).put("sign_ups_other", other.get())
        .put("sign_ups_other_first", firstOther.get()).put("sign_ups_seconds", Math.round((end - startNanos) / 1e8) / 10.0);
    if (cpuAfter >= 0 && cpuBefore >= 0) o.put("sign_ups_server_cpu_seconds", Math.round((cpuAfter - cpuBefore) / 1e8) / 10.0);
    else o.putNull("sign_ups_server_cpu_seconds");
  }
}
