package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.javalin.Javalin;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;

/**
 * A handler that fails with an {@link Error} — a class missing from the runtime, as
 * {@code com.sun.management} was from the packaged one — is answered as any failure of the
 * server's: {@code 500 internal} as JSON, and one short line in the log for the kind, however
 * often a visitor asks (it was an empty 500 and ~50 lines of stack trace a request).
 */
class ErrorAnswersTest {
  @Test
  void anErrorIsAJson500AndOneLineOfTheLogPerKind() throws Exception {
    Javalin app = Javalin.create(ErrorAnswers::configure);
    ErrorAnswers.install(app);
    app.get("/missing-class", ctx -> {
      throw new NoClassDefFoundError("com/sun/management/OperatingSystemMXBean");
    });
    app.get("/bug", ctx -> {
      throw new IllegalStateException("a bug of this test");
    });
    PrintStream err = System.err;
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    try {
      System.setErr(new PrintStream(logged, true, StandardCharsets.UTF_8));
      app.start("127.0.0.1", 0);
      for (int i = 0; i < 5; i++) {
        for (String path : List.of("/missing-class", "/bug")) {
          HttpResponse<String> r = WsClient.HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path)).build(),
              HttpResponse.BodyHandlers.ofString());
          assertThat(r.statusCode()).isEqualTo(500);
          assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
          assertThat(WsClient.JSON.readTree(r.body()).get("code").asText()).as(r.body()).isEqualTo("internal");
        }
      }
    } finally {
      app.stop();
      System.setErr(err);
    }
    List<String> lines = logged.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.contains(" INFO ")).toList();
    assertThat(lines).as("the log").filteredOn(l -> l.contains("NoClassDefFoundError")).hasSize(1);
    assertThat(lines).as("the log").filteredOn(l -> l.contains("a bug of this test")).hasSize(1);
    assertThat(lines).as("no stack trace").noneMatch(l -> l.startsWith("\tat ") || l.contains("Exception occurred") || l.contains("Fatal error"));
  }
}
