package org.jacquet.server.http;

import io.javalin.Javalin;
import java.util.Map;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * How every route answers what goes wrong: a {@link Refusal} as its JSON with its status, a
 * body the client garbled or starved as the client's fault, anything else — an {@link Error}
 * too (a class missing from the runtime) — as {@code 500 internal}, logged in one line once
 * per kind ({@link Failures}); unknown paths and bodies too large as refusals too; the
 * security headers on all.
 */
public final class ErrorAnswers {
  private ErrorAnswers() {}

  /** What the server's own failures are logged through: once per kind, whatever the visitors repeat. */
  private static final Failures FAILURES = new Failures();

  /**
   * Set on the configuration, before the app exists: an {@link Error} thrown by a handler never
   * reaches {@link Javalin#exception} (Javalin answers it with an empty 500 and logs its whole
   * stack trace, ~50 lines a request), only this handler, which Javalin 6 exposes under its
   * Kotlin-internal name.
   */
  public static void configure(io.javalin.config.JavalinConfig config) {
    config.router.setJavaLangErrorHandler$javalin((res, error) -> {
      FAILURES.failed("a request", error);
      byte[] body = Problems.jsonText(Problems.counted(internal()), false, java.util.Locale.ENGLISH)
          .getBytes(java.nio.charset.StandardCharsets.UTF_8);
      res.setStatus(500);
      Headers.SECURITY_HEADERS.forEach(res::setHeader);
      res.setContentType(Headers.JSON_UTF8);
      res.setContentLength(body.length);
      try {
        res.getOutputStream().write(body);
      } catch (java.io.IOException | IllegalStateException gone) {
        // the client left, or the answer had begun: the status is all it gets
      }
    });
  }

  private static Refusal internal() {
    return new Refusal("internal", "the server failed to answer; this is a bug");
  }

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
      FAILURES.failed(ctx.method() + " " + Problems.shortPath(ctx.path()), e);
      Problems.answer(ctx.status(500), internal());
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
