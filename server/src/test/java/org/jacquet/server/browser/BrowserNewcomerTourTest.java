package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserPlayTest.act;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.over;
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
 * A French newcomer's tour, as issue 10 asks it to be looked at: from the lobby's form on a
 * phone, a game against the computer to the end and its review; on a desktop, a friend game
 * with a spectator. Each screen is saved under target/screenshots (tour-*) to be looked at; the
 * test pins what a newcomer must find on them.
 */
class BrowserNewcomerTourTest extends BrowserFixture {
  BrowserContext context(String locale, int width, int height, boolean touch) {
    return browser.chromium.newContext(new NewContextOptions().setLocale(locale).setViewportSize(width, height)
        .setHasTouch(touch).setIsMobile(touch).setColorScheme(ColorScheme.LIGHT));
  }

  Page page(BrowserContext context, List<String> errors) {
    Page page = context.newPage();
    page.onPageError(e -> errors.add(String.valueOf(e)));
    page.onConsoleMessage(m -> { if ("error".equals(m.type())) errors.add(m.text()); });
    return page;
  }

  @Test
  void onAPhoneAGameAgainstTheComputerFromTheLobbyToTheReview() {
    List<String> errors = new ArrayList<>();
    try (BrowserContext context = context("fr-FR", 390, 844, true)) {
      Page page = page(context, errors);
      page.navigate(server.url("/#tools")); // the typed position, analysis and editor are behind their entry
      page.evaluate("() => localStorage.setItem('jacquet.speed', '0')");
      shot(page, "tour-phone-lobby");
      page.selectOption("#opponent", "computer");
      page.selectOption("#level", "beginner");
      page.fill("#match", "1");
      page.fill("#position", BrowserTest.RACE);
      page.tap("#start");
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      // A newcomer's very first game waits for their own throw (issue 31, item 16), and says so.
      assertThat(js(page, "automatic")).as("no throw waiting").isNull();
      assertThat(page.textContent("#guide")).isEqualTo("Votre première partie : jetez vous-même les dés. Ensuite, la page les jette pour vous (Réglages).");
      assertThat(page.isVisible("#chatBox")).as("no chat with the computer").isFalse();
      shot(page, "tour-phone-start");
      boolean hinted = false;
      boolean refused = false;
      Progress progress = new Progress(page);
      while (!over(page) && progress.goesOn()) {
        // What the board shows (it follows the server's state once the opponent's play has
        // glided, later on a loaded machine): the newcomer acts on that, as a person does.
        boolean myPlay = Boolean.TRUE.equals(js(page, "shown.phase === 'play' && shown.turn === shown.you && !(shown.steps || []).length"));
        // The board may still show a turn already confirmed (a forced play confirmed by the
        // last pass of this loop, its answer not yet come): a Hint button the answer disables
        // is then let go, and asked for on the next turn of ours.
        if (myPlay && !hinted) {
          // Looked at and pressed in one evaluation: a tap waiting on a loaded machine for a
          // button the next state disables timed out once, which said nothing of the page.
          Object version = page.evaluate("() => { const hint = document.getElementById('hint');"
              + " if (hint.disabled || !(shown.phase === 'play' && shown.turn === shown.you)) return null;"
              + " hint.click(); return shown.version; }");
          if (version != null) {
            page.waitForFunction("v => document.querySelector('#hints li') || shown.version !== v", version);
          }
          if (page.querySelector("#hints li") != null) {
            shot(page, "tour-phone-hint");
            hinted = true;
          }
          continue;
        }
        if (myPlay && !refused) {
          // Looked at, pressed and read in one go: a state arriving in between clears the
          // message. Only with no checker picked up: a press on one's own point is then a play
          // to it (a pick left by a tap that timed out below), not a question.
          Object said = page.evaluate("() => { const r = Object.keys(shown.blocked || {})[0];"
              + " if (r == null || board.selected != null || board.state !== shown || !(shown.phase === 'play' && shown.turn === shown.you && !(shown.steps || []).length)) return null;"
              + " board.press(Number(r)); return document.getElementById('message').textContent; }");
          if (said != null) {
            assertThat(String.valueOf(said)).startsWith("Cette dame ne peut pas bouger");
            shot(page, "tour-phone-why-not");
            refused = true;
          }
        }
        if (!act(page, true)) page.waitForTimeout(20);
      }
      assertThat(over(page)).isTrue();
      page.waitForSelector("#overPanel:not([hidden])");
      shot(page, "tour-phone-over");
      page.tap("#review");
      page.waitForSelector(".review-graph", new Page.WaitForSelectorOptions().setTimeout(60_000));
      shot(page, "tour-phone-review");
      page.locator("#reviewTurns li").nth(1).tap();
      // The board stays in view when a turn is picked.
      double top = ((Number) js(page, "document.getElementById('board').getBoundingClientRect().top")).doubleValue();
      double bottom = ((Number) js(page, "document.getElementById('board').getBoundingClientRect().bottom")).doubleValue();
      assertThat(bottom).isGreaterThan(0);
      assertThat(top).isLessThan(844);
      shot(page, "tour-phone-review-turn");
    }
    assertThat(errors).isEmpty();
  }

  @Test
  void onADesktopAFriendGameWithASpectator() {
    List<String> errors = new ArrayList<>();
    try (BrowserContext alice = context("fr-FR", 1280, 860, false); BrowserContext bob = context("fr-FR", 1280, 860, false);
        BrowserContext carol = context("fr-FR", 1280, 860, false)) {
      Page a = page(alice, errors);
      a.navigate(server.url("/#tools")); // the typed position, analysis and editor are behind their entry
      a.evaluate("() => localStorage.setItem('jacquet.speed', '0')");
      a.selectOption("#opponent", "friend");
      a.fill("#match", "1");
      a.fill("#position", BrowserTest.RACE);
      a.click("#start");
      a.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      shot(a, "tour-desktop-friend-created");
      String invite = a.inputValue("#inviteLink");
      Page b = page(bob, errors);
      b.navigate(server.url("/#tools")); // the typed position, analysis and editor are behind their entry
      b.evaluate("() => localStorage.setItem('jacquet.speed', '0')");
      b.navigate(invite);
      b.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === 'black'");
      Page c = page(carol, errors);
      c.navigate(a.inputValue("#spectateLink"));
      c.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      shot(b, "tour-desktop-friend-invited");
      shot(c, "tour-desktop-spectator");
      boolean shotMid = false;
      Progress progress = new Progress(a);
      while (!over(a) && progress.goesOn()) {
        boolean acted = act(a, false) | act(b, false);
        if (!acted) a.waitForTimeout(30);
        if (!shotMid && ((Number) js(c, "shown.events.length")).intValue() > 4) {
          shot(c, "tour-desktop-spectator-playing");
          shot(a, "tour-desktop-friend-playing");
          shotMid = true;
        }
      }
      assertThat(over(a)).isTrue();
      c.waitForFunction("() => shown.phase === 'over'");
      b.waitForFunction("() => shown.phase === 'over'");
      shot(a, "tour-desktop-friend-over");
      shot(c, "tour-desktop-spectator-over");
      assertThat(c.textContent("#status")).containsPattern("Les (Blancs|Noirs) gagnent");
    }
    assertThat(errors).isEmpty();
  }
}
