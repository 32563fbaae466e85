package org.jacquet.server.refusal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jacquet.engine.GameStateException;
import org.jacquet.engine.IllegalReason;
import org.jacquet.engine.game.Phase;
import org.jacquet.server.game.StateView;
import org.jacquet.server.http.Headers;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;

/**
 * Every refusal the server can send is data the page can word: its code is listed in
 * docs/PROTOCOL.md and worded in English and French in web/codes.json (the table the page and
 * the server's messages share), and the English detail of
 * {@code not-now} and {@code bad-level} comes with what the page needs to say it in French.
 */
class RefusalCodesTest {
  /** The codes the server's sources send: {@code new Refusal("…"}, {@code Problems.parse("…"}, and the engine's rule codes. */
  private static Set<String> sentCodes() throws Exception {
    Set<String> codes = inSources(Pattern.compile("(?:new Refusal|Problems\\.parse)\\(\"([a-z-]+)\""));
    for (IllegalReason r : IllegalReason.values()) codes.add(Problems.code(r));
    return codes;
  }

  /** What {@code pattern}'s first group matches in the server's main sources. */
  private static Set<String> inSources(Pattern pattern) throws Exception {
    Set<String> found = new TreeSet<>();
    try (Stream<Path> files = Files.walk(Path.of("src", "main", "java", "org", "jacquet", "server"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Matcher m = pattern.matcher(Files.readString(f, StandardCharsets.UTF_8));
        while (m.find()) found.add(m.group(1));
      }
    }
    return found;
  }

  /** The keys of one language's table {@code table} (codes, expected, limits) in web/codes.json. */
  static Set<String> worded(String table, String language) {
    JsonNode words = RefusalTexts.table().path(language).path(table);
    assertThat(words.isObject()).as("codes.json has %s.%s", language, table).isTrue();
    Set<String> keys = new TreeSet<>();
    words.fieldNames().forEachRemaining(k -> {
      if (!words.get(k).asText().isBlank()) keys.add(k);
    });
    return keys;
  }

  /** The limits the server's sources name in {@code too-many}: its rate limiters' and its counts'. */
  private static Set<String> sentLimits() throws Exception {
    return inSources(Pattern.compile("(?:new (?:Rate|Window)Limiter\\(|RateLimiter\\.shared\\(|\"limit\", )\"([a-z-]+)\""));
  }

  @Test
  void everyCodeTheServerSendsIsListedAndWordedInBothLanguages() throws Exception {
    Set<String> codes = sentCodes();
    assertThat(codes).contains("not-now", "bad-level", "no-hello", "bad-request", "too-large", "postilion-first").hasSizeGreaterThan(40);
    String protocol = Files.readString(Path.of("..", "docs", "PROTOCOL.md"), StandardCharsets.UTF_8);
    Set<String> en = worded("codes", "en");
    Set<String> fr = worded("codes", "fr");
    Set<String> listed = new TreeSet<>();
    Matcher m = Pattern.compile("(?m)^\\| `([a-z-]+)` \\|").matcher(protocol);
    while (m.find()) listed.add(m.group(1));
    for (String code : codes) {
      assertThat(listed).as("docs/PROTOCOL.md lists %s", code).contains(code);
      assertThat(en).as("codes.json words %s in English", code).contains(code);
      assertThat(fr).as("codes.json words %s in French", code).contains(code);
    }
    assertThat(en).as("the same codes in both languages").isEqualTo(fr);
  }

  @Test
  void everyLimitTheServerNamesIsWordedInBothLanguages() throws Exception {
    Set<String> limits = sentLimits();
    assertThat(limits).contains("games", "sign-ins", "sign-ups", "messages", "connects", "spectators", "uploads", "review-queue");
    assertThat(worded("limits", "en")).containsAll(limits);
    assertThat(worded("limits", "fr")).containsAll(limits);
  }

  @Test
  void thePageGetsTheTableAsAScriptUnderTheStrictPolicy() throws Exception {
    try (TestServer server = TestServer.sqlite(Files.createTempDirectory("codes-js"), 0)) {
      java.net.http.HttpResponse<String> r = WsClient.HTTP.send(java.net.http.HttpRequest.newBuilder(
          java.net.URI.create(server.url("/codes.js"))).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.headers().firstValue("Content-Type")).hasValue("text/javascript; charset=utf-8");
      assertThat(r.headers().firstValue("Content-Security-Policy")).hasValue(Headers.CSP);
      assertThat(r.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
      String prefix = "const CODES_TABLE = ";
      String body = r.body();
      JsonNode served = StateView.JSON.readTree(body.substring(body.indexOf(prefix) + prefix.length(), body.lastIndexOf(';')));
      JsonNode file = StateView.JSON.readTree(Headers.class.getResourceAsStream("/web/codes.json"));
      assertThat(served).isEqualTo(file);
      assertThat(StateView.JSON.readTree(WsClient.get(server.url("/codes.json")))).as("the table for API clients").isEqualTo(file);
      String etag = r.headers().firstValue("ETag").orElseThrow();
      java.net.http.HttpResponse<String> again = WsClient.HTTP.send(java.net.http.HttpRequest.newBuilder(
          java.net.URI.create(server.url("/codes.js"))).header("If-None-Match", etag).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(again.statusCode()).as("revalidated, not sent again").isEqualTo(304);
      for (String page : new String[] {"index.html", "game.html", "rules.html"}) {
        String html = WsClient.get(server.url("/" + page));
        assertThat(html.indexOf("<script src=\"codes.js\">")).as(page).isPositive().isLessThan(html.indexOf("<script src=\"i18n.js\">"));
      }
    }
  }

  @Test
  void notNowAndBadLevelCarryWhatThePageWordsInFrench() throws Exception {
    Refusal notNow = Problems.notNow(new GameStateException("cannot-throw", Phase.PLAY));
    assertThat(notNow.code()).isEqualTo("not-now");
    assertThat(notNow.params()).containsEntry("detailCode", "cannot-throw").containsEntry("detailParams", java.util.List.of("play"));
    String js = new String(Headers.class.getResourceAsStream("/web/formats.js").readAllBytes(), StandardCharsets.UTF_8);
    JsonNode forms = StateView.JSON.readTree(js.substring(js.indexOf("const FORMATS = ") + 16, js.lastIndexOf(';')));
    for (String language : new String[] {"en", "fr"}) {
      assertThat(forms.get(language).has("state.cannot-throw")).as(language).isTrue();
      assertThat(forms.get(language).has("phase.play")).as(language).isTrue();
    }
    assertThat(forms.get("fr").get("state.cannot-throw").asText()).startsWith("impossible de lancer");

    Refusal badLevel = catchThrowableOfType(Refusal.class, () -> Problems.level("grandmaster"));
    assertThat(badLevel.code()).isEqualTo("bad-level");
    assertThat(badLevel.params()).containsEntry("text", "grandmaster");
    assertThat(badLevel.params().get("known").toString()).contains("intermediate", "world-class");
  }
}
