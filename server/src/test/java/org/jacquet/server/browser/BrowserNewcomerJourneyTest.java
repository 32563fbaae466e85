package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.Browser.NewContextOptions;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.ColorScheme;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.testing.BrowserFixture;
import org.jacquet.server.testing.Progress;
import org.junit.jupiter.api.Test;

/**
 * Issue 24's "done when", walked in one go as a French newcomer does it on a phone, with a
 * browser that has never seen the site (no setting written beforehand, automatic throws and
 * forced plays left as new players get them), following only what the pages show: from the home
 * page to the first lesson, back to the home page, a game against the computer begun and a play
 * of one's own made, back again, and the puzzle of the day answered. On every page: French only,
 * nothing wider than the phone, no script error.
 */
class BrowserNewcomerJourneyTest extends BrowserFixture {
  @Test
  void aFrenchNewcomerOnAPhoneGoesFromTheHomePageThroughALessonToAGameAndThePuzzleOfTheDay() {
    List<String> problems = new ArrayList<>();
    try (BrowserContext context = browser.chromium.newContext(new NewContextOptions().setLocale("fr-FR")
        .setViewportSize(390, 844).setHasTouch(true).setIsMobile(true).setColorScheme(ColorScheme.LIGHT))) {
      Page page = context.newPage();
      page.onPageError(e -> problems.add("script error: " + e));
      page.navigate(server.url("/"));
      page.waitForFunction("() => { const n = document.getElementById('myName'); return n && n.textContent.length > 0; }");
      assertThat(page.textContent(".pitch")).startsWith("Le jacquet est");
      look(page, "home", problems);
      shot(page, "journey-home");

      // "New to Jacquet?": the first lesson, its play laid on the board.
      page.tap("#learnLink");
      // (read null-safe: the wait starts while the home page is still the one shown)
      page.waitForFunction("() => { const t = document.getElementById('task'); return t && t.textContent.length > 0 && document.querySelector(\".hit[data-point='1']\"); }");
      assertThat(page.textContent("#lessonOf")).startsWith("Leçon 1 sur ");
      look(page, "first lesson", problems);
      page.tap(".hit[data-point='1']");
      page.tap("[data-target='6']");
      page.waitForSelector(".hit[data-point='6']");
      page.tap(".hit[data-point='6']");
      page.tap("[data-target='9']");
      page.waitForSelector("#next:not([hidden])");
      assertThat(page.textContent("#message")).startsWith("Bien");
      look(page, "first lesson done", problems);
      shot(page, "journey-lesson");

      // Back to the home page by its link, and a game against the computer.
      page.tap("header h1 a");
      page.waitForSelector("#playComputer");
      page.tap("#playComputer");
      page.tap("#start");
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      assertThat(js(page, "shown.players.black.kind")).isEqualTo("computer");
      look(page, "game", problems);
      // Thrown for the newcomer (automatic throws are on for new players); the newcomer lays the
      // plays on the board and confirms them, until one play of theirs is in the game's moves.
      Progress progress = new Progress(page);
      String played = "shown.events.some(e => e.kind === 'turn' && e.side === shown.you && !e.pass)";
      while (!Boolean.TRUE.equals(js(page, played)) && progress.goesOn()) {
        if (!BrowserPlayTest.act(page, true)) page.waitForTimeout(50);
      }
      assertThat(js(page, played)).as("a play of the newcomer's own in the game").isEqualTo(true);
      assertThat(js(page, "document.getElementById('moves').innerText")).asString().contains("Blancs");
      look(page, "game played", problems);
      shot(page, "journey-game");

      // Back to the home page, then the puzzles from its header: the puzzle of the day.
      page.tap("header h1 a");
      page.waitForSelector("header a[href='puzzles.html']");
      page.tap("header a[href='puzzles.html']");
      page.waitForFunction("() => typeof puzzle !== 'undefined' && puzzle !== null && document.querySelectorAll('.hit').length > 0");
      assertThat(page.textContent("#puzzleTitle")).contains("Problème du jour");
      look(page, "puzzle", problems);
      BrowserPuzzleTest.play(page, BrowserPuzzleTest.shown(page), BrowserPuzzleTest.shown(page).best());
      BrowserPuzzleTest.check(page);
      assertThat(page.textContent("#verdict")).startsWith("Juste");
      look(page, "puzzle answered", problems);
      shot(page, "journey-puzzle");
    }
    assertThat(problems).isEmpty();
  }

  /** What a French reader on a 390 px phone must never meet: English words, a page wider than the screen. */
  static void look(Page page, String when, List<String> problems) {
    BrowserFrenchTest.noEnglish(page, when, problems);
    Number width = (Number) js(page, "document.documentElement.scrollWidth");
    if (width.intValue() > 390) problems.add(when + ": the page is " + width + " px wide");
  }
}
