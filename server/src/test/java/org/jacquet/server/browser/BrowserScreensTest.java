package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.over;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.Browser.NewContextOptions;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.ColorScheme;
import org.jacquet.server.testing.BrowserFixture;
import org.jacquet.server.testing.Progress;
import org.junit.jupiter.api.Test;

/**
 * Every screen (lobby, a game being played, a review, the rules) on a desktop and on a phone
 * held both ways, in both languages and both themes, saved in target/screenshots to be looked
 * at; each page loads without a script error and without scrolling sideways.
 */
class BrowserScreensTest extends BrowserFixture {
  @Test
  void everyScreenInEveryShape() {
    // One finished game, to be reviewed in every shape (the review is computed once).
    String finished;
    try (BrowserContext setup = browser.context("en-US")) {
      Page page = setup.newPage();
      page.navigate(server.url("/#tools")); // the typed position, analysis and editor are behind their entry
      finished = create(page, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + BrowserTest.RACE + "\"}");
      page.navigate(server.url("/game.html#g=" + finished));
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      Progress progress = new Progress(page);
      while (!over(page) && progress.goesOn()) if (!BrowserPlayTest.act(page, false)) page.waitForTimeout(30);
      assertThat(over(page)).isTrue();
      // Its review computed once, here: every shape below only fetches it.
      page.click("#review");
      page.waitForSelector(".review-graph", new Page.WaitForSelectorOptions().setTimeout(60_000));
    }
    int[][] shapes = {{1280, 860}, {390, 844}, {844, 390}};
    String[] names = {"desktop", "phone", "phone-landscape"};
    for (int s = 0; s < shapes.length; s++) {
      for (String locale : new String[] {"en-US", "fr-FR"}) {
        for (ColorScheme scheme : new ColorScheme[] {ColorScheme.LIGHT, ColorScheme.DARK}) {
          boolean phone = s > 0;
          String tag = names[s] + "-" + locale.substring(0, 2) + "-" + scheme.name().toLowerCase();
          try (BrowserContext context = browser.chromium.newContext(new NewContextOptions().setLocale(locale)
              .setViewportSize(shapes[s][0], shapes[s][1]).setHasTouch(phone).setIsMobile(phone).setColorScheme(scheme))) {
            Page page = context.newPage();
            page.onPageError(e -> { throw new AssertionError(tag + ": script error in the page: " + e); });
            page.navigate(server.url("/#tools")); // the typed position, analysis and editor are behind their entry
            page.waitForSelector("#editorBoard .checker");
            noSidewaysScroll(page, tag + " lobby");
            shot(page, "screen-lobby-" + tag);
            // A game under way: the computer has moved (marked), your turn to throw.
            String id = create(page, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\""
                + BrowserPlayTest.MIDGAME.replace("turn=white", "turn=black") + "\"}");
            page.navigate(server.url("/game.html#g=" + id));
            page.waitForFunction("() => typeof shown !== 'undefined' && shown && shown.phase === 'roll' && shown.turn === 'white'");
            page.click("#roll");
            page.waitForFunction("() => shown.phase === 'play' || shown.turn === 'black'");
            noSidewaysScroll(page, tag + " game");
            shot(page, "screen-game-" + tag);
            // The finished game's link opens its review.
            page.navigate(server.url("/game.html#g=" + finished));
            try {
              page.waitForSelector(".review-graph", new Page.WaitForSelectorOptions().setTimeout(20_000));
            } catch (com.microsoft.playwright.TimeoutError e) {
              shot(page, "FAILED-review-" + tag);
              throw new AssertionError(tag + ": no review of " + finished + "; the page says " + page.textContent("#message") + "; page "
                  + page.evaluate("() => JSON.stringify({ game: gameId, phase: shown && shown.phase, panel: !document.getElementById('reviewPanel').hidden,"
                  + " done: document.getElementById('reviewProgress').value, total: document.getElementById('reviewProgress').max })"), e);
            }
            page.keyboard().press("End");
            page.waitForTimeout(300);
            shot(page, "screen-review-" + tag);
            page.navigate(server.url("/rules.html"));
            page.waitForSelector("svg.diagram .checker");
            noSidewaysScroll(page, tag + " rules");
            shot(page, "screen-rules-" + tag);
          }
        }
      }
    }
  }

  static void noSidewaysScroll(Page page, String where) {
    int scroll = ((Number) page.evaluate("() => document.documentElement.scrollWidth")).intValue();
    int width = ((Number) page.evaluate("() => window.innerWidth")).intValue();
    assertThat(scroll).as(where + " scrolls sideways").isLessThanOrEqualTo(width);
  }
}
