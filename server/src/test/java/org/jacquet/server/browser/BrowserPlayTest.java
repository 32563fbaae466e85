package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.over;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.Browser.NewContextOptions;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.ColorScheme;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jacquet.server.testing.BrowserFixture;
import org.jacquet.server.testing.Progress;
import org.junit.jupiter.api.Test;

/**
 * Issue 10 in a real browser: the opponent's play seen and marked, a phone game by touch,
 * a game by keyboard alone, friends with a spectator and a rematch, the review by keys and by
 * the graph, the French page free of English.
 */
class BrowserPlayTest extends BrowserFixture {
  static final String RACE = BrowserTest.RACE;
  /** Halfway through a game: long enough to see every kind of turn, short enough for a test. */
  static final String MIDGAME = "white=13:5,17:5,20:5 black=13:5,17:5,20:5 turn=white";

  BrowserContext context(String locale, int width, int height, boolean touch, ColorScheme scheme) {
    return browser.chromium.newContext(new NewContextOptions().setLocale(locale).setViewportSize(width, height)
        .setHasTouch(touch).setIsMobile(touch).setColorScheme(scheme));
  }

  /** A game created through the API (the lobby form is tested elsewhere), opened in {@code context}. */
  Page open(BrowserContext context, String body, String speed) {
    Page page = context.newPage();
    page.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
    page.navigate(server.url("/"));
    // Every throw and play the test's own: a page acting by itself after its pause races the
    // test's clicks (a throw landing between a look at the button and its click).
    page.evaluate("s => { localStorage.setItem('jacquet.speed', s); " + MANUAL + " }", speed);
    Object created = page.evaluate("async b => { const r = await fetch('/api/games', { method: 'POST', headers: {'Content-Type': 'application/json'}, body: b });"
        + " const d = await r.json(); const g = JSON.parse(localStorage.getItem('jacquet.games') || '[]');"
        + " g.unshift({ id: d.id, token: d.token, invite: d.inviteToken || null }); localStorage.setItem('jacquet.games', JSON.stringify(g)); return d.id; }", body);
    page.navigate(server.url("/game.html#g=" + created));
    page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
    return page;
  }

  static String other(int r) {
    return Integer.toString(r <= 12 ? r + 12 : r - 12);
  }

  /** The play as the other side reads it. */
  static List<String[]> stepsSeenByOther(String play) {
    List<String[]> out = new ArrayList<>();
    for (String step : play.trim().split("\\s+")) {
      String[] ft = step.split("/");
      out.add(new String[] {other(Integer.parseInt(ft[0])), ft[1].equals("off") ? "25" : other(Integer.parseInt(ft[1]))});
    }
    return out;
  }

  /** One action of the player by clicking or tapping: confirm, a step, or a throw. */
  static boolean act(Page page, boolean touch) {
    try {
      if (page.isEnabled("#confirm")) {
        if (touch) page.tap("#confirm", new Page.TapOptions().setTimeout(2000));
        else page.click("#confirm", new Page.ClickOptions().setTimeout(2000));
        return true;
      }
      Locator movable = page.locator(".checker.movable");
      if (movable.count() > 0) {
        int version = ((Number) js(page, "state.version")).intValue();
        int steps = ((Number) js(page, "(state.steps || []).length")).intValue();
        if (touch) movable.first().tap(new Locator.TapOptions().setForce(true).setTimeout(2000));
        else movable.first().click(new Locator.ClickOptions().setForce(true).setTimeout(2000));
        page.waitForSelector(".target", new Page.WaitForSelectorOptions().setTimeout(2000));
        if (touch) page.locator(".target").first().tap(new Locator.TapOptions().setForce(true).setTimeout(2000));
        else page.locator(".target").first().click(new Locator.ClickOptions().setForce(true).setTimeout(2000));
        page.waitForFunction("([v, s]) => state.version !== v || (state.steps || []).length !== s",
            new Object[] {version, steps}, new Page.WaitForFunctionOptions().setTimeout(5000));
        return true;
      }
      if (page.isEnabled("#roll")) {
        if (touch) page.tap("#roll", new Page.TapOptions().setTimeout(2000));
        else page.click("#roll", new Page.ClickOptions().setTimeout(2000));
        return true;
      }
    } catch (com.microsoft.playwright.PlaywrightException e) {
      return false;
    }
    return false;
  }

  @Test
  void theOpponentsPlayGlidesAlongItsStepsAndStaysMarkedFromTheViewersSeat() {
    try (BrowserContext context = context("en-US", 1280, 860, false, ColorScheme.DARK)) {
      Page page = open(context, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + RACE + "\"}", "300");
      page.evaluate("() => { window.glides = 0; new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n => {"
          + " if (n.classList && n.classList.contains('moving')) window.glides++; }))).observe(document.getElementById('board'), { childList: true, subtree: true }); }");
      Progress progress = new Progress(page);
      while (!over(page) && progress.goesOn()) {
        boolean blackPlayed = (Boolean) js(page, "shown.events.some(e => e.kind === 'turn' && e.side === 'black' && !e.pass)");
        if (blackPlayed && !(Boolean) js(page, "board.animating") && ((Number) js(page, "queue.length")).intValue() == 0) break;
        if (!act(page, false)) page.waitForTimeout(30);
      }
      assertThat(((Number) js(page, "window.glides")).intValue()).as("checkers glided").isGreaterThan(0);
      String play = (String) js(page, "[...shown.events].reverse().find(e => e.kind === 'turn').play");
      String side = (String) js(page, "[...shown.events].reverse().find(e => e.kind === 'turn').side");
      if (side.equals("black")) {
        Set<String> from = new TreeSet<>();
        Set<String> to = new TreeSet<>();
        for (String[] s : stepsSeenByOther(play)) {
          from.add(s[0]);
          to.add(s[1]);
        }
        assertThat(new TreeSet<>(page.locator("[data-mark=from]").all().stream().map(l -> l.getAttribute("data-at")).toList())).isEqualTo(from);
        assertThat(new TreeSet<>(page.locator("[data-mark=to]").all().stream().map(l -> l.getAttribute("data-at")).toList())).isEqualTo(to);
        // The move list names its points by the board letters (Black's route is a..x).
        // Written the short way: a step made by several checkers once, with its count.
        java.util.Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        for (String st : play.trim().split("\\s+")) counts.merge(org.jacquet.engine.format.PointNaming.LETTERS.write(st, org.jacquet.engine.Side.BLACK), 1, Integer::sum);
        String seen = String.join(" ", counts.entrySet().stream().map(e -> e.getValue() > 1 ? e.getKey() + "(" + e.getValue() + ")" : e.getKey()).toList());
        assertThat(page.locator("#moves li").last().textContent()).contains(seen);
      }
      // The dice of the last throw stay on the board until the next one.
      assertThat(page.locator(".die").count()).isGreaterThan(0);
      shot(page, "opponent-marked-dark");
    }
  }

  @Test
  void aNewcomerPlaysAWholeGameOnAPhoneByTouch() {
    try (BrowserContext context = context("fr-FR", 390, 844, true, ColorScheme.LIGHT)) {
      Page page = open(context, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + MIDGAME + "\"}", "0");
      // The board stands up and fills the width: checkers of 36 px at least.
      double board = ((Number) js(page, "document.getElementById('board').getBoundingClientRect().width")).doubleValue();
      assertThat(board).isGreaterThan(370);
      page.waitForSelector(".checker");
      double checker = ((Number) js(page, "document.querySelector('.checker').getBoundingClientRect().width")).doubleValue();
      assertThat(checker).isGreaterThanOrEqualTo(36);
      shot(page, "phone-fr-start");
      boolean shotMid = false;
      Progress progress = new Progress(page);
      while (!over(page) && progress.goesOn()) {
        if (!act(page, true)) page.waitForTimeout(20);
        if (!shotMid && ((Number) js(page, "state.events.length")).intValue() > 12) {
          shot(page, "phone-fr-playing");
          shotMid = true;
        }
      }
      assertThat(over(page)).isTrue();
      page.waitForSelector("#overPanel:not([hidden])");
      assertThat(page.textContent("#status")).containsPattern("Les (Blancs|Noirs) gagnent");
      shot(page, "phone-fr-over");
    }
  }

  @Test
  void aLandscapePhoneShowsTheWholeBoardWithoutScrolling() {
    try (BrowserContext context = context("en-US", 844, 390, true, ColorScheme.DARK)) {
      Page page = open(context, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + RACE + "\"}", "0");
      page.waitForSelector(".checker");
      assertThat(((Number) js(page, "document.documentElement.scrollHeight")).intValue()).isLessThanOrEqualTo(390);
      assertThat(((Number) js(page, "document.getElementById('board').getBoundingClientRect().bottom")).doubleValue()).isLessThanOrEqualTo(390);
      assertThat(((Number) js(page, "document.getElementById('board').getBoundingClientRect().right")).doubleValue()).isLessThanOrEqualTo(844);
      shot(page, "phone-landscape-en-dark");
    }
  }

  @Test
  void aWholeGameIsPlayedWithTheKeyboardAlone() {
    try (BrowserContext context = context("en-US", 1280, 860, false, ColorScheme.LIGHT)) {
      Page page = open(context, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + RACE + "\"}", "0");
      page.waitForSelector(".hit");
      Progress progress = new Progress(page);
      while (!over(page) && progress.goesOn()) {
        boolean myPlay = (Boolean) js(page, "!!(state.you === state.turn && state.phase === 'play' && !board.animating && queue.length === 0 && shown === state)");
        if ((Boolean) js(page, "!document.getElementById('confirm').disabled")) {
          page.keyboard().press("c");
        } else if (myPlay && (Boolean) js(page, "Object.keys(state.moves || {}).length > 0")) {
          int version = ((Number) js(page, "state.version")).intValue();
          int steps = ((Number) js(page, "(state.steps || []).length")).intValue();
          // Tab to the points, arrows along them to a checker that can move, Enter, then to where it may go, Enter.
          if (!(Boolean) js(page, "!!(document.activeElement && document.activeElement.classList.contains('hit'))")) {
            for (int i = 0; i < 10 && !(Boolean) js(page, "document.activeElement.classList.contains('hit')"); i++) page.keyboard().press("Tab");
          }
          for (int i = 0; i < 26 && !(Boolean) js(page, "(document.activeElement.getAttribute('aria-label') || '').includes('can move to')"); i++) {
            page.keyboard().press("ArrowRight");
          }
          page.keyboard().press("Enter");
          for (int i = 0; i < 26 && !(Boolean) js(page, "(document.activeElement.getAttribute('aria-label') || '').includes('drop here')"); i++) {
            page.keyboard().press("ArrowRight");
          }
          page.keyboard().press("Enter");
          page.waitForFunction("([v, s]) => state.version !== v || (state.steps || []).length !== s",
              new Object[] {version, steps}, new Page.WaitForFunctionOptions().setTimeout(5000));
        } else if ((Boolean) js(page, "!document.getElementById('roll').disabled")) {
          page.keyboard().press("r");
          page.waitForTimeout(50);
        } else {
          page.waitForTimeout(30);
        }
      }
      assertThat(over(page)).isTrue();
      // Every point says what it holds.
      assertThat(page.locator(".hit[data-point='19']").getAttribute("aria-label")).startsWith("Point 19");
      assertThat(page.textContent("#announce")).isNotBlank();
      shot(page, "keyboard-over");
    }
  }

  @Test
  void friendsPlayWithASpectatorThenARematch() {
    try (BrowserContext alice = context("en-US", 1280, 860, false, ColorScheme.LIGHT);
        BrowserContext bob = context("fr-FR", 1280, 860, false, ColorScheme.DARK);
        BrowserContext carol = context("en-US", 1280, 860, false, ColorScheme.DARK)) {
      Page a = open(alice, "{\"opponent\":\"friend\",\"match\":1,\"position\":\"" + RACE + "\"}", "0");
      // The address bar holds no seat: it is the link to watch.
      assertThat(a.url()).doesNotContain("&t=");
      String invite = a.inputValue("#inviteLink");
      assertThat(invite).contains("&t=");
      assertThat(a.inputValue("#spectateLink")).isEqualTo(a.url());
      Page b = bob.newPage();
      b.evaluate("() => 0");
      b.navigate(server.url("/"));
      b.evaluate("() => localStorage.setItem('jacquet.speed', '0')");
      b.navigate(invite);
      b.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === 'black'");
      Page c = carol.newPage();
      c.navigate(a.url());
      c.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      // The spectator sees players (not "opponents"), whose turn it is, and no controls.
      // (White by her guest name when the page had one when she created the game.)
      assertThat(c.textContent("#players")).containsPattern("White \\((player|Player-\\d+)\\)").contains("Black (player)")
          .doesNotContain("opponent");
      assertThat(c.isVisible("#roll")).isFalse();
      assertThat(c.textContent("#status")).contains("You are watching");
      Progress progress = new Progress(a);
      while (!over(a) && progress.goesOn()) {
        boolean acted = act(a, false) | act(b, false);
        if (!acted) a.waitForTimeout(30);
      }
      assertThat(over(a)).isTrue();
      c.waitForFunction("() => shown.phase === 'over'");
      shot(c, "spectator-over");
      // Rematch: Alice asks, Bob is offered it; sides swap, the same seats.
      a.click("#rematch");
      a.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === 'black'");
      b.waitForSelector("#openRematch", new Page.WaitForSelectorOptions().setState(com.microsoft.playwright.options.WaitForSelectorState.VISIBLE));
      assertThat(b.textContent("#openRematch")).isEqualTo("Jouer la revanche");
      shot(b, "rematch-offered-fr");
      // The spectator is offered to watch the rematch, never to play it, and watches it.
      c.waitForSelector("#openRematch", new Page.WaitForSelectorOptions().setState(com.microsoft.playwright.options.WaitForSelectorState.VISIBLE));
      assertThat(c.textContent("#rematchReady")).contains("The players are playing a rematch.").contains("Watch the rematch")
          .doesNotContain("Play the rematch");
      assertThat(c.isVisible("#rematch")).isFalse();
      shot(c, "rematch-spectator");
      Object over = js(c, "shown.id");
      c.click("#openRematch");
      c.waitForFunction("old => typeof shown !== 'undefined' && shown !== null && shown.id !== old", over);
      assertThat(js(c, "shown.you")).isNull();
      assertThat(js(c, "shown.id")).isEqualTo(js(a, "shown.id"));
      assertThat((String) js(c, "localStorage.getItem('jacquet.games') || ''")).as("no seat kept").doesNotContain((String) js(a, "shown.id"));
      b.click("#openRematch");
      b.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === 'white'");
      assertThat(js(a, "shown.id")).isEqualTo(js(b, "shown.id"));
    }
  }

  @Test
  void theReviewIsReadByKeysAndByTheGraph() {
    try (BrowserContext context = context("en-US", 1280, 900, false, ColorScheme.DARK)) {
      Page page = open(context, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + RACE + "\"}", "0");
      Progress progress = new Progress(page);
      while (!over(page) && progress.goesOn()) if (!act(page, false)) page.waitForTimeout(30);
      assertThat(over(page)).isTrue();
      page.click("#review");
      page.waitForSelector(".review-graph", new Page.WaitForSelectorOptions().setTimeout(60_000));
      int turns = page.locator("#reviewTurns li").count();
      assertThat(turns).isGreaterThan(2);
      page.locator("body").click(new Locator.ClickOptions().setPosition(5, 5));
      page.keyboard().press("Home");
      assertThat(js(page, "reviewIndex")).isEqualTo(0);
      page.keyboard().press("ArrowRight");
      assertThat(js(page, "reviewIndex")).isEqualTo(1);
      assertThat(page.locator(".arrow-played").count()).isGreaterThan(0);
      page.locator(".g-hit[data-index='" + (turns - 1) + "']").click(new Locator.ClickOptions().setForce(true));
      assertThat(((Number) js(page, "reviewIndex")).intValue()).isEqualTo(turns - 1);
      assertThat(page.textContent("#historyText")).contains(":");
      shot(page, "review-dark");
      // A finished game's link opens its review.
      Page again = context.newPage();
      again.navigate(page.url());
      again.waitForSelector(".review-graph", new Page.WaitForSelectorOptions().setTimeout(30_000));
    }
  }

  @Test
  void theTutorWarnsBeforeAPlayThatGivesUpTooMuchAndLetsItBeTakenBack() {
    try (BrowserContext context = context("en-US", 1280, 860, false, ColorScheme.LIGHT)) {
      Page page = open(context, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + MIDGAME + "\"}", "0");
      page.evaluate("() => { localStorage.setItem('jacquet.tutor', '0.04'); }");
      boolean warned = false;
      Progress progress = new Progress(page);
      while (!warned && !over(page) && progress.goesOn()) {
        if ((Boolean) js(page, "!document.getElementById('roll').disabled")) {
          page.click("#roll");
          page.waitForTimeout(100);
          continue;
        }
        if (!(Boolean) js(page, "state.you === state.turn && state.phase === 'play' && shown === state")) {
          page.waitForTimeout(30);
          continue;
        }
        // The worst legal play, as the tutor itself ranks it.
        String worst = (String) page.evaluate("async () => { let worst = null, lost = -1;"
            + " for (const p of state.legal.slice(0, 40)) { const r = await fetch(`/api/games/${gameId}/tutor`, { method: 'POST',"
            + " headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token }, body: JSON.stringify({ play: p }) });"
            + " const d = await r.json(); if (d.lost > lost) { lost = d.lost; worst = p; } } return lost > 0.04 ? worst : null; }");
        int version = ((Number) js(page, "state.version")).intValue();
        String play = worst != null ? worst : (String) js(page, "state.legal[0]");
        page.fill("#notation", (String) page.evaluate("p => namePlay(p, state.you)", play)); // typed as the page names points
        page.press("#notation", "Enter");
        if (worst != null) {
          page.waitForSelector("#tutorBox:not([hidden])");
          assertThat(page.textContent("#tutorText")).contains("gives up").contains("Play it anyway");
          assertThat(page.locator(".arrow-best").count()).isGreaterThan(0);
          shot(page, "tutor-warning");
          page.click("#tutorBack");
          page.waitForTimeout(300);
          assertThat(((Number) js(page, "state.version")).intValue()).as("nothing played").isEqualTo(version);
          // Played anyway, it is played.
          page.fill("#notation", (String) page.evaluate("p => namePlay(p, state.you)", worst));
          page.press("#notation", "Enter");
          page.waitForSelector("#tutorBox:not([hidden])");
          page.click("#tutorPlay");
          page.waitForFunction("v => state.version > v", version);
          warned = true;
        } else {
          page.waitForFunction("v => state.version > v", version);
        }
      }
      assertThat(warned).as("the tutor warned once in the game").isTrue();
    }
  }

  @Test
  void aHintDrawsItsPlaysAsArrows() {
    try (BrowserContext context = context("en-US", 1280, 860, false, ColorScheme.LIGHT)) {
      Page page = open(context, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + MIDGAME + "\"}", "0");
      page.click("#roll");
      page.waitForFunction("() => shown.phase === 'play' && shown.turn === 'white'");
      page.keyboard().press("h");
      page.waitForSelector("#hints li");
      assertThat(page.locator(".arrow-hint").count()).isGreaterThan(0);
      String first = (String) js(page, "JSON.stringify([...document.querySelectorAll('.arrow-hint')].map(a => a.getAttribute('x1') + ',' + a.getAttribute('x2')))");
      if (page.locator("#hints li").count() > 1) {
        page.locator("#hints li").nth(1).click();
        String second = (String) js(page, "JSON.stringify([...document.querySelectorAll('.arrow-hint')].map(a => a.getAttribute('x1') + ',' + a.getAttribute('x2')))");
        assertThat(second).isNotEqualTo(first);
      }
      shot(page, "hint-arrows");
    }
  }
}
