package org.jacquet.server.telemetry;

import io.prometheus.metrics.instrumentation.jvm.JvmClassLoadingMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmGarbageCollectorMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmMemoryMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmRuntimeInfoMetric;
import io.prometheus.metrics.instrumentation.jvm.JvmThreadsMetrics;
import io.prometheus.metrics.instrumentation.jvm.ProcessMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * The JVM's numbers (memory by area and pool, collections, threads, classes, the process's CPU and
 * memory), from the Prometheus client's JVM instrumentation. Each group is registered on its own
 * and one the runtime cannot give is left out: a runtime made without {@code jdk.management}
 * lacks {@code com.sun.management}, and its absence must cost a group of numbers, not every
 * scrape (it cost {@code /api/metrics} a 500 and 50 lines of stack trace a request).
 */
final class JvmTelemetry {
  private JvmTelemetry() {}

  static void register(PrometheusRegistry registry) {
    register("memory", () -> JvmMemoryMetrics.builder().register(registry));
    register("garbage collection", () -> JvmGarbageCollectorMetrics.builder().register(registry));
    register("threads", () -> JvmThreadsMetrics.builder().register(registry));
    register("class loading", () -> JvmClassLoadingMetrics.builder().register(registry));
    register("runtime", () -> JvmRuntimeInfoMetric.builder().register(registry));
    register("process", () -> ProcessMetrics.builder().register(registry));
  }

  private static void register(String what, Runnable registration) {
    try {
      registration.run();
    } catch (LinkageError | RuntimeException e) {
      System.err.println("jacquet: the JVM's " + what + " figures are not measured on this runtime (" + e + ")");
    }
  }
}
