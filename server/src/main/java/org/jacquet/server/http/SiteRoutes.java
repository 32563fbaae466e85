package org.jacquet.server.http;

import io.javalin.Javalin;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.StateView;
import org.jacquet.server.limits.Metrics;
import org.jacquet.server.refusal.RefusalTexts;
import org.jacquet.server.telemetry.HealthChecks;

/** The routes about the site itself: its health, the refusals' words for the page, the actions' timings. */
public final class SiteRoutes {
  private SiteRoutes() {}

  /**
   * {@code /healthz}: each check and the overall status as JSON ({@link HealthChecks}), 200 while
   * it passes or warns, 503 when it fails — what a load balancer drops a backend on.
   */
  public static void install(Javalin app, GameService games, HealthChecks health, Metrics handling) {
    Routes.get(app, "/healthz", ctx -> {
      var checks = health.checks();
      ctx.status(HealthChecks.overall(checks) == HealthChecks.Status.FAIL ? 503 : 200)
          .header("Cache-Control", "no-store")
          .contentType("application/health+json; charset=utf-8").result(HealthChecks.json(checks).toString());
    });
    // The page's table of the refusals' words: a script, as the policy allows (script-src 'self'),
    // cached as the static files are (revalidated on each load).
    Routes.get(app, "/codes.js", ctx -> {
      ctx.header("Cache-Control", "max-age=0").header("ETag", RefusalTexts.SCRIPT_ETAG);
      if (RefusalTexts.SCRIPT_ETAG.equals(ctx.header("If-None-Match"))) {
        ctx.status(304);
      } else {
        ctx.contentType("text/javascript; charset=utf-8").result(RefusalTexts.SCRIPT);
      }
    });
    Routes.get(app, "/api/metrics", ctx -> {
      long since = count(ctx, "since");
      long flagsSince = count(ctx, "flags_since");
      double[] m = handling.snapshot(since);
      double[] f = games.flagLateness(flagsSince);
      var o = StateView.JSON.createObjectNode().put("actions", (long) m[0]).put("p50_ms", m[1])
          .put("p99_ms", m[2]).put("max_ms", m[3]).put("cpu_ms", processCpuMillis());
      o.putObject("flags").put("declared", (long) f[0]).put("late_p50_ms", f[1]).put("late_p99_ms", f[2]).put("late_max_ms", f[3]);
      ctx.result(o.toString());
    });
  }

  /** A count given in the query ({@code since}: the figures after the N-th), 0 if absent. */
  private static long count(io.javalin.http.Context ctx, String name) {
    String s = ctx.queryParam(name);
    if (s == null) return 0;
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw JsonBody.badField(name, JsonBody.Expected.WHOLE_NUMBER);
    }
  }

  /**
   * This process's CPU time so far, in ms (what a load run reports beside its wall-clock figures);
   * -1 if the JVM does not say. Read as an MBean attribute, by name: a runtime without
   * {@code jdk.management} has no {@code com.sun.management} class to name (naming it cost every
   * request a {@code NoClassDefFoundError}), and its operating system bean no such attribute.
   */
  static long processCpuMillis() {
    try {
      Object nanos = java.lang.management.ManagementFactory.getPlatformMBeanServer()
          .getAttribute(new javax.management.ObjectName("java.lang:type=OperatingSystem"), "ProcessCpuTime");
      return nanos instanceof Long n && n >= 0 ? n / 1_000_000 : -1;
    } catch (javax.management.JMException | RuntimeException e) {
      return -1;
    }
  }
}
