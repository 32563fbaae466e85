package org.jacquet.server.telemetry;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.jacquet.server.limits.Health;
import org.jacquet.server.store.DatabaseProbe;

/**
 * What {@code /healthz} answers, as Gitea's {@code /api/healthz} does (the IETF draft "Health
 * Check Response Format for HTTP APIs"): an overall {@code status} ({@code pass}, {@code warn},
 * {@code fail}) and a {@code checks} map, one entry a check — the database (asked on its own
 * schedule, whatever the players do), the storage of games (the last write failed, until one
 * succeeds), the disk under the SQLite file, the queues' depths.
 *
 * <p>The database is asked every {@link #EVERY} by {@link #probe} on its own thread: an idle
 * process whose database is gone says so within a period, and says pass again by itself when the
 * database is back — then a write that failed meanwhile is tried again by the probe, so a load
 * balancer that drops failing backends sends players to this one again without waiting for a
 * player's write. Each outage is logged in one line when it begins and one when it ends.
 */
public final class HealthChecks {
  /** How often the database is asked by default. */
  public static final Duration EVERY = Duration.ofSeconds(5);
  /** Free space under which the disk check warns, as a share of the disk, and under which it fails, in bytes. */
  static final double WARN_SHARE = 0.10;
  static final long FAIL_BYTES = 64L << 20;
  private static final ObjectMapper JSON = new ObjectMapper();

  public enum Status {
    PASS, WARN, FAIL;

    String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    Status worse(Status other) {
      return other.ordinal() > ordinal() ? other : this;
    }
  }

  /** One check's answer: {@code observed} a number where the check measures one (null: none). */
  public record Check(Status status, Instant time, String output, Long observed, String unit) {}

  /** A queue's depth and where it starts to warn (its bound: past it, requests are refused). */
  public record Queue(IntSupplier depth, int warnAt) {}

  private final DatabaseProbe probe;
  private final Health storage;
  private final Path dataDir;
  private final Map<String, Queue> queues;
  private final Clock clock;
  /** The database's last answer (pass until asked: a server that started has just reached it). */
  private volatile Check database;
  /** When the current outage began (null: the database answers). */
  private volatile Instant downSince;

  /**
   * {@code probe} asks the database ({@code storage}: the games' writes, cleared by the probe's
   * own write once the database answers again); {@code dataDir} the SQLite file's folder (null on
   * PostgreSQL: its disk is its host's to watch); {@code queues} by name.
   */
  public HealthChecks(DatabaseProbe probe, Health storage, Path dataDir, Map<String, Queue> queues, Clock clock) {
    this.probe = probe;
    this.storage = storage;
    this.dataDir = dataDir;
    this.queues = new java.util.TreeMap<>(queues);
    this.clock = clock;
    this.database = new Check(Status.PASS, clock.instant(), null, null, null);
  }

  /** Asks the database on {@code scheduler} every {@code every}, from now on. */
  public HealthChecks start(ScheduledExecutorService scheduler, Duration every) {
    scheduler.scheduleWithFixedDelay(this::probe, 0, every.toMillis(), TimeUnit.MILLISECONDS);
    return this;
  }

  /**
   * Asks the database now: a read, and, when a write of the games failed, a write. Logs the start
   * of an outage and its end, once each.
   */
  public void probe() {
    Instant now = clock.instant();
    String failure = null;
    try {
      probe.read();
    } catch (Exception | LinkageError e) {
      failure = Health.rootCause(e);
    }
    if (failure == null && storage.failure() != null) {
      try {
        probe.write();
        storage.succeeded();
      } catch (Exception e) {
        // still failing: the storage check says so, as Health logged when it began
      }
    }
    database = new Check(failure == null ? Status.PASS : Status.FAIL, now, failure, null, null);
    if (failure != null && downSince == null) {
      downSince = now;
      Telemetry.databaseError();
      System.err.println("jacquet: the database does not answer (" + failure + "); /healthz says fail until it does");
    } else if (failure == null && downSince != null) {
      long seconds = Duration.between(downSince, now).toSeconds();
      downSince = null;
      System.err.println("jacquet: the database answers again (it did not for " + seconds + " s)");
    }
  }

  /** Every check now, by name ({@code component:measurement}, as Gitea names them). */
  public Map<String, Check> checks() {
    Instant now = clock.instant();
    Map<String, Check> all = new LinkedHashMap<>();
    all.put("database:ping", database);
    String failed = storage.failure();
    all.put("storage:write", new Check(failed == null ? Status.PASS : Status.FAIL, now, failed, null, null));
    if (dataDir != null) all.put("disk:free", disk(now));
    queues.forEach((name, q) -> {
      int depth = q.depth().getAsInt();
      all.put("queue:" + name, new Check(depth >= q.warnAt() ? Status.WARN : Status.PASS, now,
          depth >= q.warnAt() ? "full: " + depth + " waiting, new ones are refused" : null, (long) depth, null));
    });
    return all;
  }

  private Check disk(Instant now) {
    try {
      FileStore store = Files.getFileStore(dataDir);
      long free = store.getUsableSpace();
      long total = store.getTotalSpace();
      Status s = free < FAIL_BYTES ? Status.FAIL : free < total * WARN_SHARE ? Status.WARN : Status.PASS;
      String output = s == Status.PASS ? null : (free >> 20) + " MiB free of " + (total >> 20) + " MiB under " + dataDir;
      return new Check(s, now, output, free, "bytes");
    } catch (IOException e) {
      return new Check(Status.FAIL, now, "cannot read the disk under " + dataDir + ": " + Health.rootCause(e), null, null);
    }
  }

  /** The worst of {@code checks}. */
  public static Status overall(Map<String, Check> checks) {
    Status s = Status.PASS;
    for (Check c : checks.values()) s = s.worse(c.status());
    return s;
  }

  /**
   * {@code {"status":…,"description":…,"output":…,"checks":{"database:ping":[{"status":…,"time":…}],…}}}:
   * {@code output} (the first failing check's) only when not passing.
   */
  public static ObjectNode json(Map<String, Check> checks) {
    Status overall = overall(checks);
    ObjectNode o = JSON.createObjectNode().put("status", overall.word())
        .put("description", "Jacquet " + BuildInfo.version());
    checks.values().stream().filter(c -> c.status() == overall && c.output() != null).findFirst()
        .ifPresent(c -> o.put("output", c.output()));
    ObjectNode all = o.putObject("checks");
    checks.forEach((name, c) -> {
      ObjectNode n = all.putArray(name).addObject().put("status", c.status().word()).put("time", c.time().toString());
      if (c.observed() != null) n.put("observedValue", c.observed());
      if (c.unit() != null) n.put("observedUnit", c.unit());
      if (c.output() != null) n.put("output", c.output());
    });
    return o;
  }

  /** Each check's status as a number for the metrics: 0 pass, 1 warn, 2 fail. */
  public Map<String, Integer> statusByCheck() {
    Map<String, Integer> out = new LinkedHashMap<>();
    checks().forEach((name, c) -> out.put(name, c.status().ordinal()));
    return out;
  }
}
