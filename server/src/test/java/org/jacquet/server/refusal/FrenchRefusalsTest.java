package org.jacquet.server.refusal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jacquet.server.WebServer;
import org.jacquet.server.http.JsonBody;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A French player reads French in every refusal: {@code bad-field} sends what it expected as a
 * code with its values (not only the English prose that the French sentence used to quote),
 * worded in both languages from web/codes.json, by the page's i18n.js and by the server itself
 * for a client that prefers French.
 */
class FrenchRefusalsTest {
  private static final String FRENCH = "fr-FR,fr;q=0.9";

  @TempDir Path dir;

  private static String i18n() throws Exception {
    return new String(WebServer.class.getResourceAsStream("/web/i18n.js").readAllBytes(), StandardCharsets.UTF_8);
  }

  /** The keys of one language's table of what a field should have been, in web/codes.json. */
  private static Set<String> worded(String language) {
    return RefusalCodesTest.worded("expected", language);
  }

  @Test
  void badFieldSendsWhatItExpectedAsACodeWordedInBothLanguages() throws Exception {
    List<JsonNode> refusals = new ArrayList<>();
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      JsonNode http = postInFrench(server.url("/api/games"), "{\"match\":100}");
      assertThat(http.get("code").asText()).isEqualTo("bad-field");
      assertThat(http.get("params").get("field").asText()).isEqualTo("match");
      assertThat(http.get("params").get("expected").asText()).isEqualTo("a whole number from 1 to 99");
      assertThat(http.get("params").get("expectedCode").asText()).isEqualTo("whole-number-range");
      assertThat(http.get("params").get("expectedParams").toString()).isEqualTo("[1,99]");
      refusals.add(http);
      refusals.add(postInFrench(server.url("/api/games"), "{\"opponent\":\"robot\"}"));
      JsonNode c = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}");
      try (WsClient ws = new WsClient(server.url(""), c.get("id").asText(), null, FRENCH)) {
        ws.send("{\"type\":\"hello\",\"token\":\"" + c.get("token").asText() + "\"}");
        ws.nextSeatedState();
        ws.send("{\"type\":\"step\",\"from\":0,\"to\":5}");
        refusals.add(ws.nextError());
        ws.send("{\"type\":\"step\",\"from\":1,\"to\":26}");
        refusals.add(ws.nextError());
        ws.send("{\"type\":\"choose\",\"throwAgain\":1}");
        refusals.add(ws.nextError());
      }
    }
    for (JsonNode r : refusals) {
      assertThat(r.get("code").asText()).isEqualTo("bad-field");
      assertThat(r.get("params").has("expectedCode")).as(r.toString()).isTrue();
    }
    for (JsonBody.Expected e : JsonBody.Expected.values()) {
      assertThat(worded("en")).as("codes.json words %s in English", e.code).contains(e.code);
      assertThat(worded("fr")).as("codes.json words %s in French", e.code).contains(e.code);
    }

    // The page's own function, run in Node when there is one: the French sentence is French throughout.
    Path node = Path.of("/usr/bin/node");
    assumeThat(Files.isExecutable(node)).as("node to run i18n.js").isTrue();
    ArrayNode all = WsClient.JSON.createArrayNode();
    refusals.forEach(all::add);
    for (JsonBody.Expected e : JsonBody.Expected.values()) {
      all.addObject().put("code", "bad-field").putObject("params").put("field", "x").put("expected", e.english(List.of(3, 9)))
          .put("expectedCode", e.code).putArray("expectedParams").add(3).add(9);
    }
    List<String> fr = render(node, "fr", all);
    List<String> en = render(node, "en", all);
    assertThat(fr.get(0)).isEqualTo("Le champ match est incorrect : attendu un nombre entier de 1 à 99.");
    assertThat(en.get(0)).isEqualTo("The field match is wrong: expected a whole number from 1 to 99.");
    assertThat(fr.get(1)).isEqualTo("Le champ opponent est incorrect : attendu l'une des valeurs computer, practice, friend.");
    assertThat(fr.get(3)).isEqualTo("Le champ to est incorrect : attendu un nombre entier de 2 à 25 (25 = sortie).");
    for (String line : fr) {
      assertThat(line).startsWith("Le champ").doesNotContain("whole", "number", "string", "one of", "a list", "like", "off)", "seat");
    }
    // The server's French message, for a client that prefers French, is the page's sentence: one table.
    for (int i = 0; i < refusals.size(); i++) {
      assertThat(refusals.get(i).get("message").asText()).as(refusals.get(i).toString()).isEqualTo(fr.get(i));
    }
  }

  private static JsonNode postInFrench(String url, String body) throws Exception {
    java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json")
        .header("Accept-Language", FRENCH).build();
    return WsClient.JSON.readTree(WsClient.HTTP.send(request, java.net.http.HttpResponse.BodyHandlers.ofString()).body());
  }

  /** problemText of i18n.js for each message, on a page in {@code language}. */
  private List<String> render(Path node, String language, ArrayNode messages) throws Exception {
    Path script = dir.resolve("render-" + language + ".js");
    Files.writeString(script, "const localStorage = { getItem: k => k === 'jacquet.lang' ? '" + language + "' : null, setItem: () => {} };\n"
        + "const navigator = { language: '" + language + "' };\n"
        + "const window = {};\n"
        + "const document = { documentElement: { dataset: {} }, addEventListener: () => {} };\n"
        + RefusalTexts.SCRIPT + i18n() + "\n"
        + "for (const m of " + messages + ") console.log(problemText(m));\n", StandardCharsets.UTF_8);
    Process p = new ProcessBuilder(node.toString(), script.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out.lines().toList();
  }
}
