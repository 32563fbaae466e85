package org.jacquet.server;

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
import org.junit.jupiter.api.Test;

/**
 * Every refusal the server can send is data the page can word: its code is listed in
 * docs/PROTOCOL.md and worded in English and French by web/i18n.js, and the English detail of
 * {@code not-now} and {@code bad-level} comes with what the page needs to say it in French.
 */
class RefusalCodesTest {
  /** The codes the server's sources send: {@code new Refusal("…"}, {@code Problems.parse("…"}, and the engine's rule codes. */
  private static Set<String> sentCodes() throws Exception {
    Set<String> codes = new TreeSet<>();
    Pattern sent = Pattern.compile("(?:new Refusal|Problems\\.parse)\\(\"([a-z-]+)\"");
    try (Stream<Path> files = Files.walk(Path.of("src", "main", "java", "org", "jacquet", "server"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Matcher m = sent.matcher(Files.readString(f, StandardCharsets.UTF_8));
        while (m.find()) codes.add(m.group(1));
      }
    }
    for (IllegalReason r : IllegalReason.values()) codes.add(Problems.code(r));
    return codes;
  }

  /** The keys of one language's block of CODES in i18n.js. */
  private static Set<String> worded(String i18n, String language) {
    return worded(i18n, "CODES", language);
  }

  /** The keys of one language's block of the table {@code table} (CODES, EXPECTED…) in i18n.js. */
  static Set<String> worded(String i18n, String table, String language) {
    int start = i18n.indexOf("const " + table + " = {");
    assertThat(start).as("i18n.js has " + table).isPositive();
    int from = i18n.indexOf("\n  " + language + ": {", start);
    int to = i18n.indexOf("\n  },", from);
    Set<String> keys = new TreeSet<>();
    Matcher m = Pattern.compile("(?m)^    '?([a-z-]+)'?: ").matcher(i18n.substring(from, to));
    while (m.find()) keys.add(m.group(1));
    return keys;
  }

  @Test
  void everyCodeTheServerSendsIsListedAndWordedInBothLanguages() throws Exception {
    Set<String> codes = sentCodes();
    assertThat(codes).contains("not-now", "bad-level", "no-hello", "bad-request", "too-large", "postilion-first").hasSizeGreaterThan(40);
    String protocol = Files.readString(Path.of("..", "docs", "PROTOCOL.md"), StandardCharsets.UTF_8);
    String i18n = new String(WebServer.class.getResourceAsStream("/web/i18n.js").readAllBytes(), StandardCharsets.UTF_8);
    Set<String> en = worded(i18n, "en");
    Set<String> fr = worded(i18n, "fr");
    Set<String> listed = new TreeSet<>();
    Matcher m = Pattern.compile("(?m)^\\| `([a-z-]+)` \\|").matcher(protocol);
    while (m.find()) listed.add(m.group(1));
    for (String code : codes) {
      assertThat(listed).as("docs/PROTOCOL.md lists %s", code).contains(code);
      assertThat(en).as("i18n.js words %s in English", code).contains(code);
      assertThat(fr).as("i18n.js words %s in French", code).contains(code);
    }
  }

  @Test
  void notNowAndBadLevelCarryWhatThePageWordsInFrench() throws Exception {
    Refusal notNow = Problems.notNow(new GameStateException("cannot-throw", Phase.PLAY));
    assertThat(notNow.code()).isEqualTo("not-now");
    assertThat(notNow.params()).containsEntry("detailCode", "cannot-throw").containsEntry("detailParams", java.util.List.of("play"));
    String js = new String(WebServer.class.getResourceAsStream("/web/formats.js").readAllBytes(), StandardCharsets.UTF_8);
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
