package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.over;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.Browser.NewContextOptions;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.BoundingBox;
import com.microsoft.playwright.options.ColorScheme;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.Test;

/**
 * Where things are on a phone held upright, a phone lying down and a desktop window (issue 24,
 * item 6): the actions always on screen and still, the history's bar in view with a status that
 * says what is shown, the review graph's labels readable and apart.
 */
class BrowserLayoutFaultsTest extends BrowserFixture {
  static BrowserContext phone(org.jacquet.server.testing.Browser browser, String locale, int width, int height) {
    return browser.chromium.newContext(new NewContextOptions().setLocale(locale).setViewportSize(width, height)
        .setHasTouch(true).setIsMobile(true).setColorScheme(ColorScheme.LIGHT));
  }

  static BrowserContext desktop(org.jacquet.server.testing.Browser browser, String locale, int width, int height) {
    return browser.chromium.newContext(new NewContextOptions().setLocale(locale).setViewportSize(width, height));
  }

  @Test
  void onAPhoneHeldUprightTheActionsStayOnScreenAndStill() {
    for (int height : new int[] {700, 844}) {
      for (String locale : new String[] {"en-US", "fr-FR"}) {
        try (BrowserContext context = phone(browser, locale, 390, height)) {
          Page page = BrowserFaultsTest.page(context);
          String id = create(page, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"position\":\"" + BrowserTest.RACE + "\"}");
          page.evaluate("() => localStorage.setItem('jacquet.autoRoll', 'off')");
          page.navigate(server.url("/game.html#g=" + id));
          page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
          String at = locale + " 390×" + height;
          List<Double> rollTops = new ArrayList<>();
          for (int action = 0; action < 14 && !over(page); action++) {
            page.waitForFunction("() => shown.phase === 'over' || !document.getElementById('roll').disabled"
                + " || !document.getElementById('confirm').disabled || document.querySelector('.checker.movable')");
            // Where the page is and where its buttons are, read at one moment (the game may end just after).
            @SuppressWarnings("unchecked")
            java.util.Map<String, Object> seen = (java.util.Map<String, Object>) page.evaluate("() => ({ over: shown.phase === 'over', scrollY,"
                + " boxes: ['roll', 'confirm', 'hint', 'resign'].map(id => { const b = document.getElementById(id).getBoundingClientRect(); return [id, b.top, b.bottom, b.height]; }) })");
            if ((Boolean) seen.get("over")) break;
            assertThat(((Number) seen.get("scrollY")).doubleValue()).as(at + ": the page has not moved").isZero();
            @SuppressWarnings("unchecked")
            List<List<Object>> boxes = (List<List<Object>>) seen.get("boxes");
            for (List<Object> b : boxes) {
              assertThat(((Number) b.get(3)).doubleValue()).as(at + ": " + b.get(0) + " shown").isGreaterThan(0);
              assertThat(((Number) b.get(1)).doubleValue()).as(at + ": " + b.get(0) + " top").isGreaterThanOrEqualTo(0);
              assertThat(((Number) b.get(2)).doubleValue()).as(at + ": " + b.get(0) + " bottom").isLessThanOrEqualTo(height);
            }
            rollTops.add(((Number) boxes.get(0).get(1)).doubleValue());
            if (action == 3) shot(page, "actions-" + locale + "-390x" + height);
            BrowserPlayTest.act(page, true);
          }
          assertThat(rollTops).as(at + ": the buttons do not jump from turn to turn").isNotEmpty().allSatisfy(y -> assertThat(y).isEqualTo(rollTops.get(0)));
        }
      }
    }
  }

  @Test
  void onADesktopTheHistorysBarIsInViewAndTheStatusSaysWhatIsShown() {
    try (BrowserContext context = desktop(browser, "en-US", 1366, 768)) {
      Page page = BrowserFaultsTest.page(context);
      String id = create(page, "{\"opponent\":\"friend\"}");
      page.navigate(server.url("/game.html#g=" + id));
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      // Twelve turns played (as the moves list has them), the page left with the last.
      page.evaluate("() => { fatal = true; socket.close(); const s = JSON.parse(JSON.stringify(shown)); s.events = []; s.phase = 'roll'; s.turn = 'white';"
          + " for (let i = 0; i < 6; i++) { s.events.push({ kind: 'turn', side: 'white', dice: '2-1', play: '1/3 3/4', pass: false });"
          + " s.events.push({ kind: 'turn', side: 'black', dice: '2-1', play: '1/3 3/4', pass: false }); } shown = s; render(); }");
      page.locator("body").press("ArrowLeft");
      page.locator("body").press("ArrowLeft");
      assertThat(page.isVisible("#historyBar")).isTrue();
      BoundingBox bar = page.locator("#historyBar").boundingBox();
      assertThat(bar.y + bar.height).as("the history bar's bottom").isLessThanOrEqualTo(768);
      assertThat(page.textContent("#status")).isEqualTo("Looking back — turn 10 of 12: Black 2-1: a/c c/d"); // Black's 1/3 3/4 in the board letters
      shot(page, "history-1366x768");
      page.locator("body").press("End");
      assertThat(page.textContent("#status")).doesNotStartWith("Looking back").isEqualTo(js(page, "status(mine(), false)"));
    }
  }

  @Test
  void theReviewGraphsLabelsAreApartAndReadableLyingDownToo() {
    for (int[] size : new int[][] {{1280, 860}, {844, 390}, {390, 844}}) {
      for (String locale : new String[] {"en-US", "fr-FR"}) {
        try (BrowserContext context = size[0] < size[1] || size[1] < 500 ? phone(browser, locale, size[0], size[1]) : desktop(browser, locale, size[0], size[1])) {
          Page page = BrowserFaultsTest.page(context);
          String id = create(page, "{\"opponent\":\"friend\"}");
          page.navigate(server.url("/game.html#g=" + id));
          page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
          // A long match's review (97 turns over two games), drawn by the page's own graph.
          page.evaluate("() => { const turns = []; for (let i = 0; i < 97; i++) turns.push({ game: i < 50 ? 1 : 2, winWhite: 0.5 + 0.4 * Math.sin(i / 9),"
              + " mark: i % 13 === 5 ? 'bad' : null }); review = { turns }; drawGraph(); }");
          String at = locale + " " + size[0] + "×" + size[1];
          @SuppressWarnings("unchecked")
          List<List<Number>> boxes = (List<List<Number>>) page.evaluate("() => [...document.querySelectorAll('.review-graph .g-text')]"
              + ".filter(e => /^\\d+$/.test(e.textContent)).map(e => { const b = e.getBoundingClientRect(); return [b.left, b.right, b.height]; })");
          assertThat(boxes.size()).as(at + ": turn numbers").isGreaterThan(3);
          for (int i = 1; i < boxes.size(); i++) {
            assertThat(boxes.get(i).get(0).doubleValue()).as(at + ": turn number " + i + " apart from the one before").isGreaterThan(boxes.get(i - 1).get(1).doubleValue());
          }
          assertThat(boxes).as(at + ": labels at least 10 px high").allSatisfy(b -> assertThat(b.get(2).doubleValue()).isGreaterThanOrEqualTo(10));
          @SuppressWarnings("unchecked")
          List<String> axis = (List<String>) page.evaluate("() => [...document.querySelectorAll('.review-graph .g-text')].map(e => e.textContent).filter(s => s.includes('%'))");
          assertThat(axis).contains(locale.startsWith("fr") ? "100\u00a0%" : "100%");
          shot(page, "graph-" + locale + "-" + size[0] + "x" + size[1]);
        }
      }
    }
  }
}
