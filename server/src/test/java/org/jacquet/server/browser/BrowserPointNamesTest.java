package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.Page;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.engine.Side;
import org.jacquet.server.testing.BrowserFixture;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The opponent's play in the move list reads forward in both namings of Settings: the board's
 * letters (the default) and the mover's own numbers, which the downloaded record writes too.
 */
class BrowserPointNamesTest extends BrowserFixture {
  /**
   * Black's checkers on its 10 and 11, White's on Black's 14 and beyond: whatever Black plays
   * crosses White's talon (its 12/13), where the reader's numbering used to wrap ("22/2").
   */
  private static final String ACROSS = "white=2:5,3:5,4:5 black=10:8,11:7 turn=black";

  @ParameterizedTest
  @CsvSource({"en-GB, false", "fr-FR, true"})
  void blacksPlayReadsForwardInLettersAndInTheMoversNumbers(String locale, boolean phone) {
    List<String> errors = new ArrayList<>();
    Page page = device(locale, phone, errors);
    // A throw that is not a double: each step shows once, not compacted to "a/b(2)".
    String id = planted(page, "modern", ACROSS, "beginner", g -> g.diceToPlay().high() != g.diceToPlay().low());
    page.navigate(server.url("/game.html#g=" + id));
    page.waitForFunction("() => typeof shown !== 'undefined' && shown && shown.events.some(e => e.kind === 'turn' && e.side === 'black')");
    String recorded = (String) js(page, "shown.events.find(e => e.kind === 'turn' && e.side === 'black').play");
    String line = blackLine(page);

    String letters = letters(recorded);
    assertThat(line).as("letters by default").contains(letters);
    for (String step : letters.split(" ")) assertThat(step.charAt(0)).as(step).isLessThan(step.charAt(2));
    shot(page, "point-names-letters-" + locale);

    page.locator("details.settings summary").click();
    assertThat(page.locator("#points option").allTextContents())
        .containsExactly(locale.startsWith("fr")
            ? new String[] {"les lettres a–x du tablier (un nom par flèche)", "les numéros propres à chaque camp, 1–24 (comme les relevés)"}
            : new String[] {"the board's letters a–x (one name per point)", "each side's own numbers 1–24 (as in records)"});
    page.selectOption("#points", "mover");
    page.waitForFunction("p => [...document.querySelectorAll('#moves li')].some(li => li.textContent.includes(p))", recorded);
    assertThat(blackLine(page)).contains(recorded);
    for (String step : recorded.split(" ")) {
      String[] ends = step.split("/");
      assertThat(Integer.parseInt(ends[0])).as(step).isLessThan(ends[1].equals("off") ? 25 : Integer.parseInt(ends[1]));
    }
    // The file writes what the screen now shows; the setting outlives the page.
    assertThat(WsClient.getUnchecked(server.url("/api/games/" + id + "/record"))).contains(recorded);
    page.reload();
    page.waitForFunction("p => [...document.querySelectorAll('#moves li')].some(li => li.textContent.includes(p))", recorded);
    shot(page, "point-names-mover-" + locale);
    assertThat(errors).isEmpty();
  }

  /**
   * The lobby's analysis names the plays of the side to move as the game screen does: Black's
   * best 6-5 across White's talon reads forward in the board's letters, then in Black's numbers.
   */
  @ParameterizedTest
  @CsvSource({"en-GB, false", "fr-FR, true"})
  void theLobbysAnalysisNamesPlaysAsTheGameScreenDoes(String locale, boolean phone) throws Exception {
    List<String> errors = new ArrayList<>();
    Page page = device(locale, phone, errors);
    String query = "/api/analyse?rules=modern&dice=6-5&position=" + java.net.URLEncoder.encode(ACROSS, java.nio.charset.StandardCharsets.UTF_8);
    String best = WsClient.JSON.readTree(WsClient.get(server.url(query))).get("plays").get(0).get("play").asText();
    page.navigate(server.url("/#tools"));
    page.fill("#aPosition", ACROSS);
    page.fill("#aDice", "6-5");
    page.click("#analyseButton");
    page.waitForSelector("#aResult li");
    String first = page.locator("#aResult li").first().textContent();
    assertThat(first).startsWith(letters(best) + " ");
    for (String step : letters(best).split(" ")) assertThat(step.charAt(0)).as(step).isLessThan(step.charAt(2));
    shot(page, "point-names-analysis-" + locale);
    js(page, "localStorage.setItem('jacquet.points', 'mover')");
    page.click("#analyseButton");
    page.waitForFunction("p => document.querySelector('#aResult li') && document.querySelector('#aResult li').textContent.startsWith(p + ' ')", best);
    assertThat(errors).isEmpty();
  }

  /** The move list's line of Black's play. */
  private static String blackLine(Page page) {
    String black = (String) js(page, "sideName('black')");
    for (String li : page.locator("#moves li").allTextContents()) if (li.contains(black) && li.contains("/")) return li;
    throw new AssertionError("no play of Black in the move list: " + page.locator("#moves li").allTextContents());
  }

  /** Black's play in the board letters: its route is a..x in order. */
  private static String letters(String moverNumbers) {
    StringBuilder s = new StringBuilder();
    for (String step : moverNumbers.split(" ")) {
      String[] ends = step.split("/");
      if (s.length() > 0) s.append(' ');
      s.append(Side.BLACK.letter(Integer.parseInt(ends[0]))).append('/')
          .append(ends[1].equals("off") ? "off" : String.valueOf(Side.BLACK.letter(Integer.parseInt(ends[1]))));
    }
    return s.toString();
  }
}
