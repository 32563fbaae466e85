package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.Test;

/** The lobby for players: the board editor, options as controls, the rules pages. */
class BrowserLobbyTest extends BrowserFixture {
  Page lobby(BrowserContext context) {
    Page page = context.newPage();
    page.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
    page.navigate(server.url("/#tools")); // the typed position, analysis and editor are behind their entry
    page.waitForSelector("#editorBoard .hit");
    return page;
  }

  static void clickPoint(Page page, int r) {
    page.locator("#editorBoard .hit[data-point='" + r + "']").click(new Locator.ClickOptions().setForce(true));
  }

  @Test
  void theBoardEditorWritesThePositionToStartAGameAndToAnalyse() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = lobby(context);
      page.click("#editorClear");
      page.selectOption("#editorSide", "white");
      clickPoint(page, 19);
      clickPoint(page, 19);
      clickPoint(page, 24);
      clickPoint(page, 20);
      // A right click takes one away.
      page.locator("#editorBoard .hit[data-point='20']").click(new Locator.ClickOptions().setForce(true)
          .setButton(com.microsoft.playwright.options.MouseButton.RIGHT));
      page.selectOption("#editorSide", "black");
      clickPoint(page, 7); // Black's 19, as White sees it
      clickPoint(page, 19); // held by White: refused
      page.selectOption("#editorTurn", "black");
      assertThat(page.inputValue("#editorText")).isEqualTo("white=19:2,24:1 black=19:1 turn=black");
      page.click("#useToStart");
      assertThat(page.inputValue("#position")).isEqualTo("white=19:2,24:1 black=19:1 turn=black");
      page.fill("#aDice", "6-5");
      page.click("#useToAnalyse");
      page.waitForSelector("#aResult li");
      assertThat(page.locator("#editorBoard .arrow-best").count()).isGreaterThan(0);
      assertThat(page.textContent("#aId")).startsWith("ID: ");
      shot(page, "lobby-editor-analysed");
    }
  }

  @Test
  void optionsChosenAsControlsMakeTheGamesRules() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = lobby(context);
      assertThat(page.textContent("#presetHelp")).isNotBlank();
      page.selectOption("#preset", "advanced");
      assertThat(page.textContent("#presetHelp")).contains("opponent's talon");
      page.click(".options summary");
      page.selectOption("#optReturn", "2");
      page.selectOption("#optScoring", "spanish");
      page.selectOption("#opponent", "friend");
      page.fill("#match", "1");
      page.click("#start");
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      assertThat((String) js(page, "shown.rules")).contains("return-checkers=2").contains("scoring=spanish");
    }
  }

  @Test
  void theRulesAreExplainedWithDiagramsInBothLanguages() {
    try (BrowserContext context = browser.context("fr-FR")) {
      Page page = context.newPage();
      page.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
      page.navigate(server.url("/rules.html#advanced"));
      page.waitForSelector("svg.diagram .checker");
      assertThat(page.locator("svg.diagram").count()).isEqualTo(4);
      assertThat(page.textContent("main h2")).isEqualTo("Comment jouer au jacquet"); // the page's own, not the inbox's in the header
      assertThat(page.locator("#advanced.chosen").count()).isEqualTo(1);
      List<String> english = new ArrayList<>();
      BrowserFrenchTest.noEnglish(page, "rules", english);
      assertThat(english).isEmpty();
      shot(page, "rules-fr");
      page.click("#lang");
      assertThat(page.textContent("main h2")).isEqualTo("How to play Jacquet");
      shot(page, "rules-en");
    }
  }
}
