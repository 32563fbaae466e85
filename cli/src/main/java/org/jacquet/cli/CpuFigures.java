package org.jacquet.cli;

import com.fasterxml.jackson.databind.JsonNode;
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
  /** How the server is asked: {@code jacquet load}'s own GET (bounded time and answer). */
  interface Get {
    String get(String path) throws Exception;
  }

  private final Get get;
  private final long wallStart = System.nanoTime();
  private final long clientCpuStart = clientCpuNanos();
  private final long serverCpuStart;
  private final double loadStart = loadAverage();

  /** Takes the starting readings now. */
  CpuFigures(Get get) {
    this.get = get;
    this.serverCpuStart = serverCpuMillis();
  }

  /** Adds the figures since the start to {@code o}: seconds of CPU, and the load averages. */
  void addTo(ObjectNode o) {
    double wall = (System.nanoTime() - wallStart) / 1e9;
    long serverCpu = serverCpuMillis();
    o.put("cores", Runtime.getRuntime().availableProcessors())
        .put("load_average_start", round2(loadStart)).put("load_average_end", round2(loadAverage()))
        .put("wall_seconds", round2(wall))
        .put("client_cpu_seconds", round2((clientCpuNanos() - clientCpuStart) / 1e9));
    if (serverCpuStart >= 0 && serverCpu >= 0) o.put("server_cpu_seconds", round2((serverCpu - serverCpuStart) / 1e3));
  }

  private long serverCpuMillis() {
    try {
      JsonNode cpu = Json.MAPPER.readTree(get.get("/api/metrics")).get("cpu_ms");
      return cpu != null && cpu.canConvertToLong() ? cpu.asLong() : -1;
    } catch (Exception e) {
      return -1; // an older server without the figure: the report goes without it
    }
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
