package org.jacquet.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.management.ManagementFactory;

/**
 * The CPU a load run cost, beside its wall-clock figures: this command's own CPU time, the
 * server's (from its {@code /api/metrics}, when it reports it), the machine's cores and its load
 * average at the start and the end. Latencies measured on a shared machine rise with the load of
 * other jobs; CPU time per unit of work hardly does, so the two together tell a slow server from a
 * busy machine.
 */
final class CpuFigures {
  private final ServerCpu server;
  private final long wallStart = System.nanoTime();
  private final long clientCpuStart = clientCpuNanos();
  private final long serverCpuStart;
  private final double loadStart = loadAverage();

  /** Takes the starting readings now. */
  CpuFigures(ServerCpu server) {
    this.server = server;
    this.serverCpuStart = server.nanos();
  }

  /** Adds the figures since the start to {@code o}: seconds of CPU, and the load averages. */
  void addTo(ObjectNode o) {
    double wall = (System.nanoTime() - wallStart) / 1e9;
    long serverCpu = server.nanos();
    o.put("cores", Runtime.getRuntime().availableProcessors())
        .put("load_average_start", round2(loadStart)).put("load_average_end", round2(loadAverage()))
        .put("wall_seconds", round2(wall))
        .put("client_cpu_seconds", round2((clientCpuNanos() - clientCpuStart) / 1e9));
    if (serverCpuStart >= 0 && serverCpu >= 0) o.put("server_cpu_seconds", round2((serverCpu - serverCpuStart) / 1e9));
  }

  private static long clientCpuNanos() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  private static double round2(double x) {
    return Math.round(x * 100) / 100.0;
  }
}
