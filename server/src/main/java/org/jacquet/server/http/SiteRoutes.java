package org.jacquet.server.http;

import io.javalin.Javalin;
import java.util.Map;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.StateView;
import org.jacquet.server.limits.Metrics;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.refusal.RefusalTexts;
import org.jacquet.server.store.Database;

/** The routes about the site itself: its health, the refusals' words for the page, the actions' timings. */
public final class SiteRoutes {
  private SiteRoutes() {}

  /** {@code db} may be null (none given): then only the games' storage tells the health. */
  public static void install(Javalin app, GameService games, Database db, Metrics handling) {
    Routes.get(app, "/healthz", ctx -> {
      String failure = db != null && db.failure() != null ? db.failure() : games.storageFailure();
      if (failure == null) {
        ctx.contentType("text/plain; charset=utf-8").result("ok");
      } else {
        Problems.answer(ctx.status(503), new Refusal("unhealthy", Map.of("cause", failure), "storage fails: " + failure));
      }
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

  /** This process's CPU time so far, in ms (what a load run reports beside its wall-clock figures); -1 if the JVM does not say. */
  private static long processCpuMillis() {
    var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() / 1_000_000 : -1;
  }
}
