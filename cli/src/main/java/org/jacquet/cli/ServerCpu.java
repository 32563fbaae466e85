package org.jacquet.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The CPU time the server under load has used so far — the one way {@code jacquet load} reads
 * it. Its own count first ({@code cpu_ms} of {@code /api/metrics}: exact, and it works for a
 * server on another machine); else, for a server too old to report it (the builds a "before"
 * figure is measured on), the process listening on the URL's port on this machine (Linux's
 * {@code /proc}).
 */
final class ServerCpu {
  /** How the server is asked: {@code jacquet load}'s own GET (bounded time and answer). */
  interface Get {
    String get(String path) throws Exception;
  }

  private final Get get;
  private final OptionalLong pid;

  ServerCpu(String url, Get get) {
    this.get = get;
    URI u = URI.create(url);
    this.pid = listeningProcess(u.getPort() == -1 ? 80 : u.getPort());
  }

  /** The process found listening on the server's port on this machine, if any. */
  OptionalLong pid() {
    return pid;
  }

  /** The server's CPU time so far in nanoseconds (user and system, all threads), or -1 when it cannot be read. */
  long nanos() {
    try {
      JsonNode cpu = Json.MAPPER.readTree(get.get("/api/metrics")).get("cpu_ms");
      if (cpu != null && cpu.canConvertToLong()) return cpu.asLong() * 1_000_000L;
    } catch (Exception e) {
      // an older server without the figure, or none answering: the process, if it is here
    }
    if (pid.isEmpty()) return -1;
    return ProcessHandle.of(pid.getAsLong()).flatMap(p -> p.info().totalCpuDuration()).map(java.time.Duration::toNanos).orElse(-1L);
  }

  /** The process listening on TCP {@code port} of this machine (Linux: its socket's inode among the processes' files). */
  static OptionalLong listeningProcess(int port) {
    String inode = null;
    for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
      try {
        for (String line : Files.readAllLines(Path.of(table))) {
          String[] f = line.trim().split("\\s+");
          // local address "HEX:PORT", state 0A is LISTEN, the inode is the tenth column.
          if (f.length > 9 && f[1].endsWith(String.format(":%04X", port)) && f[3].equals("0A")) inode = f[9];
        }
      } catch (IOException | RuntimeException e) {
        // not Linux, or no IPv6: the other table, or no figure
      }
    }
    if (inode == null) return OptionalLong.empty();
    String socket = "socket:[" + inode + "]";
    try (var procs = Files.list(Path.of("/proc"))) {
      for (Path p : (Iterable<Path>) procs::iterator) {
        if (!p.getFileName().toString().matches("\\d+")) continue;
        try (var fds = Files.list(p.resolve("fd"))) {
          for (Path fd : (Iterable<Path>) fds::iterator) {
            if (socket.equals(String.valueOf(Files.readSymbolicLink(fd)))) return OptionalLong.of(Long.parseLong(p.getFileName().toString()));
          }
        } catch (IOException | RuntimeException e) {
          // another user's process, or one that ended meanwhile
        }
      }
    } catch (IOException e) {
      return OptionalLong.empty();
    }
    return OptionalLong.empty();
  }
}
