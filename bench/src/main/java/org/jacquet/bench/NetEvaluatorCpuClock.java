package org.jacquet.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Network evaluations per CPU-second of one thread, for a machine too busy for JMH: the positions
 * of {@link NetEvaluatorBenchmark} (its {@code net} setting), evaluated round after round, each
 * round timed by the thread's own CPU clock (what other processes take from the core is not
 * counted; what they do to its caches is). Run: {@code java -cp bench/target/benchmarks.jar
 * org.jacquet.bench.NetEvaluatorCpuClock [ROUNDS]}; the first rounds include the JIT's warm-up.
 */
public final class NetEvaluatorCpuClock {
  private static final long ROUND_NANOS = 2_000_000_000L;

  private NetEvaluatorCpuClock() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    NetEvaluatorBenchmark b = new NetEvaluatorBenchmark();
    b.evaluator = "net";
    b.setUp();
    ThreadMXBean clock = ManagementFactory.getThreadMXBean();
    float sink = 0;
    for (int round = 1; round <= rounds; round++) {
      for (boolean siblings : new boolean[] {false, true}) {
        long start = clock.getCurrentThreadCpuTime();
        long n = 0;
        while (clock.getCurrentThreadCpuTime() - start < ROUND_NANOS) {
          for (int i = 0; i < 4096; i++) sink += siblings ? b.evaluateSiblings() : b.evaluate();
          n += 4096;
        }
        double seconds = (clock.getCurrentThreadCpuTime() - start) / 1e9;
        System.out.printf("round %d %-9s %,10.0f evaluations per CPU-second%n", round,
            siblings ? "siblings" : "sequence", n / seconds);
      }
    }
    if (sink == 42f) System.out.println(); // keeps the evaluations from being optimised away
  }
}
