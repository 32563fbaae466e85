package org.jacquet.server.refusal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import org.jacquet.engine.FormatException;
import org.jacquet.engine.GameStateException;
import org.jacquet.engine.Position;
import org.jacquet.engine.game.Phase;
import org.jacquet.server.http.ClientLanguage;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that is not the page reads a refusal's {@code message} in its language: French when
 * its request prefers French (Accept-Language, or {@code ?lang=fr}), English otherwise; the
 * code and params are the same in both.
 */
class RefusalLanguageTest {
  private static final String FRENCH = "fr-FR,fr;q=0.9,en;q=0.8";

  @TempDir Path dir;

  private static JsonNode send(HttpRequest.Builder request, String acceptLanguage) throws Exception {
    if (acceptLanguage != null) request.header("Accept-Language", acceptLanguage);
    return WsClient.JSON.readTree(WsClient.HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString()).body());
  }

  private static HttpRequest.Builder newGame(TestServer server, String body) {
    return HttpRequest.newBuilder(URI.create(server.url("/api/games"))).POST(HttpRequest.BodyPublishers.ofString(body))
        .header("Content-Type", "application/json");
  }

  private static HttpRequest.Builder get(TestServer server, String path) {
    return HttpRequest.newBuilder(URI.create(server.url(path))).GET();
  }

  @Test
  void anApiRefusalIsInFrenchWhenTheRequestPrefersFrenchAndInEnglishOtherwise() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      JsonNode fr = send(newGame(server, "{\"match\":100}"), FRENCH);
      JsonNode en = send(newGame(server, "{\"match\":100}"), null);
      assertThat(fr.get("message").asText()).isEqualTo("Le champ match est incorrect : attendu un nombre entier de 1 à 99.");
      assertThat(en.get("message").asText()).isEqualTo("\"match\" must be a whole number from 1 to 99");
      assertThat(fr.get("code")).isEqualTo(en.get("code"));
      assertThat(fr.get("params")).isEqualTo(en.get("params"));
      assertThat(send(newGame(server, "{\"match\":100}"), "en-GB,fr;q=0.9").get("message")).isEqualTo(en.get("message"));
      assertThat(send(newGame(server, "{\"opponent\":\"robot\"}"), FRENCH).get("message").asText())
          .isEqualTo("Le champ opponent est incorrect : attendu l'une des valeurs computer, practice, friend.");

      assertThat(send(get(server, "/api/games/nope"), FRENCH).get("message").asText()).isEqualTo("Cette partie n'existe pas.");
      assertThat(send(get(server, "/api/games/nope"), null).get("message").asText()).doesNotContain("partie");
      // An explicit ?lang= wins over the header.
      assertThat(send(get(server, "/api/games/nope?lang=fr"), "en-US").get("message").asText()).isEqualTo("Cette partie n'existe pas.");
      assertThat(send(get(server, "/api/games/nope?lang=en"), FRENCH).get("message").asText()).doesNotContain("partie");
      // Jetty's own answers too.
      assertThat(send(get(server, "/nothing/here"), FRENCH).get("message").asText()).isEqualTo("Il n'y a rien ici (/nothing/here).");
    }
  }

  @Test
  void aPositionThatCannotBeReadIsExplainedInFrenchWithTheEnginesOwnFrenchReason() throws Exception {
    String text = "white=1:15 turn=white";
    FormatException reason = null;
    try {
      Position.parse(text);
    } catch (FormatException e) {
      reason = e;
    }
    assertThat(reason).as("the engine refuses %s", text).isNotNull();
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      String path = "/api/analyse?dice=6-5&position=" + URLEncoder.encode(text, StandardCharsets.UTF_8);
      JsonNode fr = send(get(server, path), FRENCH);
      JsonNode en = send(get(server, path), null);
      assertThat(fr.get("code").asText()).isEqualTo("bad-position");
      assertThat(fr.get("params")).isEqualTo(en.get("params"));
      assertThat(fr.get("message").asText())
          .isEqualTo("Cette position est illisible : « " + text + " » (" + reason.message(Locale.FRENCH) + ").")
          .contains("il manque le champ de position 'black'");
      assertThat(en.get("message").asText()).isEqualTo(reason.getMessage());

      JsonNode created = send(newGame(server, "{\"opponent\":\"friend\",\"position\":\"" + text + "\"}"), FRENCH);
      assertThat(created.get("message").asText()).contains(reason.message(Locale.FRENCH));
    }
  }

  @Test
  void whatTheGameCannotDoNowIsSaidWithTheEnginesFrenchReason() {
    Refusal notNow = Problems.notNow(new GameStateException("cannot-throw", Phase.PLAY));
    assertThat(Problems.json(notNow, true, Locale.FRENCH).get("message").asText())
        .isEqualTo("Ce n'est pas possible maintenant (impossible de lancer les dés maintenant : la partie attend un coup).");
    assertThat(Problems.json(notNow, true, Locale.ENGLISH).get("message").asText()).isEqualTo(notNow.getMessage());
  }

  @Test
  void aSocketsRefusalsFollowTheLanguageOfItsUpgradeRequest() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 0)) {
      JsonNode c = WsClient.post(server.url("/api/games"), "{\"opponent\":\"friend\"}");
      String id = c.get("id").asText();
      try (WsClient fr = new WsClient(server.url(""), id, null, FRENCH);
          WsClient en = new WsClient(server.url(""), id, null, null);
          WsClient asked = new WsClient(server.url(""), id + "?lang=fr", null, "en-US")) {
        for (WsClient ws : new WsClient[] {fr, en, asked}) {
          ws.send("{\"type\":\"hello\"}");
          ws.nextState();
          ws.send("{\"type\":\"teleport\"}");
          ws.send("{\"type\":\"step\",\"from\":1,\"to\":26}");
        }
        assertThat(fr.nextError().get("message").asText()).isEqualTo("Le serveur ne connaît pas le message teleport.");
        assertThat(fr.nextError().get("message").asText())
            .isEqualTo("Le champ to est incorrect : attendu un nombre entier de 2 à 25 (25 = sortie).");
        assertThat(en.nextError().get("message").asText()).startsWith("unknown message type 'teleport'");
        assertThat(en.nextError().get("message").asText()).isEqualTo("\"to\" must be a whole number from 2 to 25 (25 = off)");
        assertThat(asked.nextError().get("message").asText()).isEqualTo("Le serveur ne connaît pas le message teleport.");
      }
      // Refused as it opens: an unknown game.
      try (WsClient fr = new WsClient(server.url(""), "nope", null, FRENCH)) {
        assertThat(fr.nextError().get("message").asText()).isEqualTo("Cette partie n'existe pas.");
      }
    }
  }

  @Test
  void theLanguageIsTheOneTheRequestPrefers() {
    assertThat(ClientLanguage.of("fr-FR,fr;q=0.9,en;q=0.8", null)).isEqualTo(Locale.FRENCH);
    assertThat(ClientLanguage.of("fr", null)).isEqualTo(Locale.FRENCH);
    assertThat(ClientLanguage.of("en;q=0.5, fr-CA;q=0.8", null)).isEqualTo(Locale.FRENCH);
    assertThat(ClientLanguage.of("en-GB,fr;q=0.9", null)).isEqualTo(Locale.ENGLISH);
    assertThat(ClientLanguage.of("de-DE,fr;q=0.9", null)).isEqualTo(Locale.ENGLISH);
    assertThat(ClientLanguage.of("fr;q=0, en", null)).isEqualTo(Locale.ENGLISH);
    assertThat(ClientLanguage.of("fry", null)).isEqualTo(Locale.ENGLISH);
    assertThat(ClientLanguage.of(";;,,q=", null)).isEqualTo(Locale.ENGLISH);
    assertThat(ClientLanguage.of(null, null)).isEqualTo(Locale.ENGLISH);
    assertThat(ClientLanguage.of(null, "a=1&lang=fr")).isEqualTo(Locale.FRENCH);
    assertThat(ClientLanguage.of("fr", "lang=en")).isEqualTo(Locale.ENGLISH);
    assertThat(ClientLanguage.of("fr", "lang=de")).isEqualTo(Locale.FRENCH);
  }
}
