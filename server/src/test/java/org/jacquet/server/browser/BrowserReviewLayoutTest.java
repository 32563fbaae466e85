package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.over;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.BoundingBox;
import org.jacquet.server.testing.BrowserFixture;
import org.jacquet.server.testing.Progress;
import org.junit.jupiter.api.Test;

/**
 * A review on a desktop window, short (1280×720) or usual (1280×860): the board, the turn's bar
 * and the whole graph are on screen without scrolling, the board still a good size; and they
 * stay there when the turns list beside them is scrolled.
 */
class BrowserReviewLayoutTest extends BrowserFixture {
  @Test
  void theGraphIsSeenWithoutScrollingOnAShortDesktopWindow() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = context.newPage();
      page.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
      page.navigate(server.url("/"));
      String id = create(page, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + BrowserTest.RACE + "\"}");
      page.navigate(server.url("/game.html#g=" + id));
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      Progress progress = new Progress(page);
      while (!over(page) && progress.goesOn()) if (!BrowserPlayTest.act(page, false)) page.waitForTimeout(30);
      assertThat(over(page)).isTrue();
      page.click("#review");
      page.waitForSelector(".review-graph", new Page.WaitForSelectorOptions().setTimeout(60_000));
      page.keyboard().press("Home");
      for (int height : new int[] {720, 860}) {
        page.setViewportSize(1280, height);
        page.evaluate("() => window.scrollTo(0, 0)");
        page.waitForTimeout(200);
        shot(page, "review-" + 1280 + "x" + height);
        fitsOnScreen(page, height);
        // Scrolling the page (the panel is long) leaves board and graph in view.
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)");
        page.waitForTimeout(100);
        fitsOnScreen(page, height);
      }
    }
  }

  static void fitsOnScreen(Page page, int height) {
    BoundingBox graph = page.locator(".review-graph").boundingBox();
    BoundingBox board = page.locator("#board").boundingBox();
    BoundingBox bar = page.locator("#historyBar").boundingBox();
    String at = "at 1280×" + height;
    assertThat(graph.y).as(at + ": graph top").isGreaterThanOrEqualTo(0);
    assertThat(graph.y + graph.height).as(at + ": graph bottom").isLessThanOrEqualTo(height);
    assertThat(graph.height).as(at + ": graph height").isGreaterThanOrEqualTo(100);
    assertThat(board.y).as(at + ": board top").isGreaterThanOrEqualTo(0);
    assertThat(bar.y + bar.height).as(at + ": the turn's bar").isLessThanOrEqualTo(graph.y + 1);
    // The graph's drawing fills its box (its shape follows the box, not a fixed 5:1).
    double drawnRatio = ((Number) page.evaluate("() => { const b = document.querySelector('.review-graph').viewBox.baseVal; return b.width / b.height; }")).doubleValue();
    assertThat(drawnRatio).as(at + ": graph drawing's shape").isCloseTo(graph.width / graph.height, org.assertj.core.data.Percentage.withPercentage(3));
    // The board drawn keeps its shape: its height is that of the box, its width at least 1000/720 of it.
    assertThat(board.height).as(at + ": board height").isGreaterThanOrEqualTo(height * 0.5);
  }
}
