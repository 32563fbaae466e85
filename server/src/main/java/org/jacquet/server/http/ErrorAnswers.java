package org.jacquet.server.http;

import io.javalin.Javalin;
import java.util.Map;
import org.jacquet.server.limits.Health;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * How every route answers what goes wrong: a {@link Refusal} as its JSON with its status, a
 * body the client garbled or starved as the client's fault, anything else as {@code internal}
 * (logged); unknown paths and bodies too large as refusals too; the security headers on all.
 */
public final class ErrorAnswers {
  private ErrorAnswers() {}

  public static void install(Javalin app) {
    app.before(ctx -> Headers.SECURITY_HEADERS.forEach(ctx::header));
    // A refusal is an answer, not a log line: the one 5xx refusal, storage, was logged once
    // where the write failed (Health), not again for each request refused meanwhile.
    app.exception(Refusal.class, (e, ctx) -> {
      if (e.httpStatus() == 429) ctx.header("Retry-After", String.valueOf(retryAfterSeconds(e)));
      Problems.answer(ctx.status(e.httpStatus()), e);
    });
    app.exception(Exception.class, (e, ctx) -> {
      Refusal byClient = clientFault(e, ctx.req().getAttribute(HeadDeadline.BAD_BODY));
      if (byClient != null) { // a body too slow, cut off or garbled: the client's doing, answered, not logged
        Problems.answer(ctx.status(byClient.httpStatus()).header("Connection", "close"), byClient);
        return;
      }
      System.err.println("jacquet: " + ctx.method() + " " + ctx.path() + " failed: " + Health.rootCause(e));
      Problems.answer(ctx.status(500), new Refusal("internal", "the server failed to answer; this is a bug"));
    });
    app.error(404, ctx -> {
      if (ctx.result() == null || !ctx.result().startsWith("{")) {
        String path = Problems.shortPath(ctx.path());
        Problems.answer(ctx, new Refusal("not-found", Map.of("path", path), "nothing at " + path));
      }
    });
    app.error(413, ctx -> Problems.answer(ctx, new Refusal("too-large", Map.of("max", JsonBody.MAX_BYTES),
        "the body is larger than " + JsonBody.MAX_BYTES + " bytes")));
  }

  /**
   * When a client refused {@code too-many} may ask again: one event of a rate comes back every
   * {@code seconds / max}; a full queue or a count is given 10 s.
   */
  static int retryAfterSeconds(Refusal e) {
    if (e.params().get("seconds") instanceof Integer s && s > 0 && e.params().get("max") instanceof Integer m && m > 0) {
      return Math.max(1, (s + m - 1) / m);
    }
    return 10;
  }

  /**
   * The refusal for a failure the client caused while its body was read (too slow, cut off,
   * not HTTP), or null for a failure of the server's own. {@code badBody} is what the parser
   * found wrong in the body ({@link HeadDeadline#BAD_BODY}), if anything: Jetty tells the
   * reader of a body it could not parse only that the body ended early.
   */
  static Refusal clientFault(Throwable e, Object badBody) {
    if (badBody instanceof org.eclipse.jetty.http.BadMessageException) {
      return new Refusal("malformed", "the request is not valid HTTP");
    }
    // Jetty's own reason first: a bad chunk comes as an EofException around a BadMessageException.
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof org.eclipse.jetty.http.BadMessageException b) {
        return b.getCode() == 408
            ? new Refusal("too-slow", Map.of("minBytesPerSecond", HttpGuard.MIN_BODY_RATE),
                "the body came too slowly (at least " + HttpGuard.MIN_BODY_RATE + " bytes per second)")
            : new Refusal("malformed", "the request is not valid HTTP");
      }
    }
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof org.eclipse.jetty.io.EofException || c instanceof java.util.concurrent.TimeoutException) {
        return new Refusal("too-slow", Map.of("minBytesPerSecond", HttpGuard.MIN_BODY_RATE),
            "the body was cut off or never came");
      }
    }
    return null;
  }
}
