package org.jacquet.server.refusal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.jacquet.server.WebServer;
import org.jacquet.server.game.StateView;
import org.junit.jupiter.api.Test;

/**
 * The page words the engine's reasons (FormatException codes) from web/formats.js: it must say
 * what the engine's own messages say, in both languages, for every code.
 */
class FormatTextsTest {
  private static ObjectNode engineTexts(String bundle) throws Exception {
    Properties p = new Properties();
    try (var in = org.jacquet.engine.FormatException.class.getResourceAsStream("/org/jacquet/engine/" + bundle)) {
      p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
    ObjectNode o = StateView.JSON.createObjectNode();
    for (String k : new java.util.TreeSet<>(p.stringPropertyNames())) {
      // MessageFormat writes a quote as two; the page's templates hold the quote itself.
      String v = p.getProperty(k).replace("''", "'");
      if (k.startsWith("format.")) o.put(k.substring("format.".length()), v);
      else if (k.startsWith("side.") || k.startsWith("state.") || k.startsWith("phase.")) o.put(k, v);
    }
    return o;
  }

  @Test
  void thePageWordsEveryReasonAsTheEngineDoesInBothLanguages() throws Exception {
    ObjectNode expected = StateView.JSON.createObjectNode();
    expected.set("en", engineTexts("messages.properties"));
    expected.set("fr", engineTexts("messages_fr.properties"));
    String js;
    try (var in = WebServer.class.getResourceAsStream("/web/formats.js")) {
      js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String prefix = "const FORMATS = ";
    JsonNode page = StateView.JSON.readTree(js.substring(js.indexOf(prefix) + prefix.length(), js.lastIndexOf(';')));
    if (!page.equals(expected)) {
      Path should = Path.of("target", "formats.js");
      Files.writeString(should, js.substring(0, js.indexOf(prefix) + prefix.length())
          + StateView.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(expected) + ";\n");
      throw new AssertionError("web/formats.js differs from the engine's messages; " + should.toAbsolutePath()
          + " holds it as it should be");
    }
    assertThat(page.get("fr").size()).isGreaterThan(70);
  }
}
