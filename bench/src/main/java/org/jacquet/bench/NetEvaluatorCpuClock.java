package org.jacquet.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Network evaluations per CPU-second of one thread, for a machine too busy for JMH: the positions
 * of {@link NetEvaluatorBenchmark} (its {@code net} setting), evaluated round after round, each
 * round timed by the thread's own CPU clock (what other processes take from the core is not
 * counted; what they do to its caches is). Run: {@code java --add-modules jdk.incubator.vector
 * -cp bench/target/benchmarks.jar org.jacquet.bench.NetEvaluatorCpuClock [ROUNDS [EVALUATOR...]]}
 * (evaluators as {@link NetEvaluatorBenchmark#evaluator} names them; default {@code net}); the
 * first rounds include the JIT's warm-up.
 */
public final class NetEvaluatorCpuClock {
  private static final long ROUND_NANOS = 2_000_000_000L;

  private NetEvaluatorCpuClock() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    String[] evaluators = args.length > 1 ? java.util.Arrays.copyOfRange(args, 1, args.length) : new String[] {"net"};
    NetEvaluatorBenchmark[] benchmarks = new NetEvaluatorBenchmark[evaluators.length];
    for (int e = 0; e < evaluators.length; e++) {
      benchmarks[e] = new NetEvaluatorBenchmark();
      benchmarks[e].evaluator = evaluators[e];
      benchmarks[e].setUp();
    }
    ThreadMXBean clock = ManagementFactory.getThreadMXBean();
    float sink = 0;
    // Round after round, each evaluator in turn: a change in the machine's load falls on all of them.
    for (int round = 1; round <= rounds; round++) for (int e = 0; e < evaluators.length; e++) {
      NetEvaluatorBenchmark b = benchmarks[e];
      for (boolean siblings : new boolean[] {false, true}) {
        long start = clock.getCurrentThreadCpuTime();
        long n = 0;
        while (clock.getCurrentThreadCpuTime() - start < ROUND_NANOS) {
          for (int i = 0; i < 4096; i++) sink += siblings ? b.evaluateSiblings() : b.evaluate();
          n += 4096;
        }
        double seconds = (clock.getCurrentThreadCpuTime() - start) / 1e9;
        System.out.printf("round %d %-10s %-9s %,10.0f evaluations per CPU-second%n", round, evaluators[e],
            siblings ? "siblings" : "sequence", n / seconds);
      }
    }
    if (sink == 42f) System.out.println(); // keeps the evaluations from being optimised away
  }
}
