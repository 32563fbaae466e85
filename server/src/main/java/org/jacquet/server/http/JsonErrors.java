package org.jacquet.server.http;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.jacquet.server.refusal.Problems;
import org.jacquet.server.refusal.Refusal;

/**
 * Jetty's own answers in the project's shape: a request the HTTP parser refuses before any route
 * sees it (a bad request line, a NUL in the path, a request line or headers over 8 KB, an
 * unknown HTTP version or {@code Expect}) and the errors Jetty sends itself are
 * {@code {"code","params","message"}} with the security headers, not Jetty's HTML page.
 */
public final class JsonErrors extends ErrorHandler {
  /** Jetty's limits on the request line and on the headers (its defaults, kept). */
  static final int MAX_REQUEST_LINE = 8192;
  static final int MAX_HEADERS = 8192;

  /** The refusal for an HTTP status Jetty answers on its own. */
  static Refusal refusal(int status) {
    return switch (status) {
      case 408 -> new Refusal("too-slow", Map.of("minBytesPerSecond", HttpGuard.MIN_BODY_RATE),
          "the request came too slowly or was cut off");
      case 413 -> new Refusal("too-large", Map.of("max", JsonBody.MAX_BYTES, "what", "body"),
          "the body is larger than " + JsonBody.MAX_BYTES + " bytes");
      case 414 -> new Refusal("too-large", Map.of("max", MAX_REQUEST_LINE, "what", "request-line"),
          "the request line is longer than " + MAX_REQUEST_LINE + " bytes");
      case 431 -> new Refusal("too-large", Map.of("max", MAX_HEADERS, "what", "headers"),
          "the request headers are larger than " + MAX_HEADERS + " bytes");
      default -> new Refusal("bad-request", Map.of("status", status),
          "the request is not one this server can read (HTTP " + status + ")");
    };
  }

  /** The refusal of a request whose line and headers did not all come within {@code millis} ({@link HeadDeadline}). */
  static Refusal headTooSlow(long millis) {
    long seconds = TimeUnit.MILLISECONDS.toSeconds(millis + 999);
    return new Refusal("too-slow", Map.of("what", "headers", "seconds", seconds),
        "the request line and headers did not all come within " + seconds + " s");
  }

  /**
   * A whole HTTP/1.1 answer with {@code r} as its body, that closes the connection: written
   * straight to a connection where no request was parsed, so no servlet response exists.
   */
  static byte[] wire(int status, String reason, Refusal r) {
    // The head did not come (whole): no Accept-Language to follow.
    byte[] body = Problems.jsonText(r, false, Locale.ENGLISH).getBytes(StandardCharsets.UTF_8);
    StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason).append("\r\n");
    head.append("Content-Type: ").append(Headers.JSON_UTF8).append("\r\n");
    Headers.SECURITY_HEADERS.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
    head.append("Connection: close\r\nContent-Length: ").append(body.length).append("\r\n\r\n");
    byte[] h = head.toString().getBytes(StandardCharsets.US_ASCII);
    byte[] all = java.util.Arrays.copyOf(h, h.length + body.length);
    System.arraycopy(body, 0, all, h.length, body.length);
    return all;
  }

  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    fields.put(HttpHeader.CONTENT_TYPE, Headers.JSON_UTF8);
    Headers.SECURITY_HEADERS.forEach(fields::put);
    // The parser refused the request before it was read: no Accept-Language to follow.
    return ByteBuffer.wrap(Problems.jsonText(Problems.counted(refusal(status)), false, Locale.ENGLISH).getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public boolean errorPageForMethod(String method) {
    return true; // every method gets the same JSON answer
  }

  @Override
  protected void generateAcceptableResponse(Request baseRequest, HttpServletRequest request, HttpServletResponse response,
      int code, String message) throws IOException {
    String path = Problems.shortPath(request.getRequestURI());
    Refusal refusal = code == 404 ? new Refusal("not-found", Map.of("path", path), "nothing at " + path) : refusal(code);
    byte[] body = Problems.jsonText(Problems.counted(refusal), false, ClientLanguage.of(request)).getBytes(StandardCharsets.UTF_8);
    response.setContentType(Headers.JSON_UTF8);
    Headers.SECURITY_HEADERS.forEach(response::setHeader);
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
    baseRequest.setHandled(true);
  }
}
