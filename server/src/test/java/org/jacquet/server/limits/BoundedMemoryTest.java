package org.jacquet.server.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jacquet.server.live.RawWebSocket;
import org.jacquet.server.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** No stream of visits leaves memory behind: nothing keyed by client input outlives its connection. */
class BoundedMemoryTest {
  @TempDir Path dir;

  static long heapAfterGc() throws InterruptedException {
    long best = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(200);
      best = Math.min(best, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return best;
  }

  @Test
  void twentyThousandVisitsToUnknownGamesLeaveNothingBehind() throws Exception {
    // Sockets opened per address are limited too: not here, where the visits are the point.
    try (TestServer server = TestServer.sqlite(dir, 20, Limits.defaults().connects(1_000_000))) {
      // Warm up (classes, pools, caches), then measure.
      visit(server, 500, 2);
      long baseline = heapAfterGc();
      AtomicInteger refused = visit(server, 20_000, 4);
      assertThat(refused.get()).isEqualTo(20_000);
      // The last close handlers run after the visits' sockets closed: wait for them (10 s at most).
      long deadline = System.nanoTime() + 10_000_000_000L;
      java.util.List<String> perClient = java.util.List.of("connections", "gamesWatched", "addresses");
      while (perClient.stream().anyMatch(k -> server.web.holdings().get(k) > 0) && System.nanoTime() < deadline) Thread.sleep(20);
      Map<String, Integer> held = server.web.holdings();
      assertThat(held).as("what the server holds per client").containsEntry("connections", 0).containsEntry("gamesWatched", 0)
          .containsEntry("addresses", 0);
      long after = heapAfterGc();
      System.out.printf("heap after GC: %.1f MB before 20,000 visits, %.1f MB after%n", baseline / 1e6, after / 1e6);
      // Long ids (up to 2 KB each) of 20,000 visits would be 40 MB if kept; the margin is for the JIT and pools.
      assertThat(after - baseline).as("heap growth (bytes)").isLessThan(8_000_000);
    }
  }

  /** {@code n} socket visits to unknown game ids (some 2 KB long), from {@code threads} threads; returns how many were refused with no-game. */
  static AtomicInteger visit(TestServer server, int n, int threads) throws InterruptedException {
    AtomicInteger refused = new AtomicInteger();
    AtomicInteger next = new AtomicInteger();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread w = new Thread(() -> {
        byte[] buf = new byte[4096];
        for (int i; (i = next.getAndIncrement()) < n; ) {
          String id = "unknown-" + i + (i % 10 == 0 ? "x".repeat(2000) : "");
          try (RawWebSocket ws = new RawWebSocket("127.0.0.1", server.port(), "/ws/" + id, 65536)) {
            String answer = ws.readText(buf);
            if (answer.contains("\"no-game\"")) refused.incrementAndGet();
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        }
      });
      w.start();
      workers.add(w);
    }
    for (Thread w : workers) w.join();
    return refused;
  }
}
