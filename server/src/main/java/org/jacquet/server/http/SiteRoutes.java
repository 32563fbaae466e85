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
      long since = 0;
      String s = ctx.queryParam("since");
      if (s != null) {
        try {
          since = Long.parseLong(s);
        } catch (NumberFormatException e) {
          throw JsonBody.badField("since", JsonBody.Expected.WHOLE_NUMBER);
        }
      }
      double[] m = handling.snapshot(since);
      ctx.result(StateView.JSON.createObjectNode().put("actions", (long) m[0]).put("p50_ms", m[1])
          .put("p99_ms", m[2]).put("max_ms", m[3]).toString());
    });
  }
}
