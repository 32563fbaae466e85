package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import org.jacquet.server.limits.Limits;
import org.jacquet.server.testing.BrowserFixture;
import org.jacquet.server.testing.Progress;
import org.jacquet.server.testing.TestServer;
import org.junit.jupiter.api.Test;

/** The bugs issue 10 lists, each pinned in a real browser. */
class BrowserBugsTest extends BrowserFixture {
  Page page(BrowserContext context) {
    Page page = context.newPage();
    page.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
    return page;
  }

  static void waitShown(Page page) {
    page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
  }

  @Test
  void aPostilionOnItsTipIsNotDrawnOverTheDice() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      String id = create(page, "{\"opponent\":\"friend\",\"position\":\"white=1:14,7:1 black=1:14,9:1 turn=white\"}");
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      page.click("#roll");
      page.waitForSelector(".die");
      // The dice have stopped rolling: mid-roll a die is turned and grown, its box larger than
      // where it comes to rest (a fixed wait failed on a loaded machine).
      page.waitForFunction("() => [...document.querySelectorAll('.die')]"
          + ".every(d => d.getAnimations().every(a => a.playState === 'finished'))");
      // Every box read in one go, from one layout: read one by one, a status line growing between
      // two reads moved the board under them and made two boxes of different layouts "overlap".
      Object overlaps = page.evaluate("() => { const r = []; const box = e => e.getBoundingClientRect();"
          + " for (const p of document.querySelectorAll('.postilion')) for (const d of document.querySelectorAll('.die')) {"
          + " const a = box(p), b = box(d);"
          + " if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) r.push([a.x, a.y, b.x, b.y]); }"
          + " return { postilions: document.querySelectorAll('.postilion').length, dice: document.querySelectorAll('.die').length, overlaps: r.length }; }");
      var found = (java.util.Map<?, ?>) overlaps;
      assertThat(((Number) found.get("postilions")).intValue()).as("postilions drawn").isEqualTo(2);
      assertThat(((Number) found.get("dice")).intValue()).as("dice drawn").isEqualTo(2);
      assertThat(((Number) found.get("overlaps")).intValue()).as("postilions over dice").isZero();
      shot(page, "postilions-and-dice");
    }
  }

  @Test
  void theMoveListShowsTurnNumbersOfTwoAndThreeDigitsWhole() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      String id = create(page, "{\"opponent\":\"friend\"}");
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      // A long game's list: the numbers column fits "100." whole.
      page.evaluate("() => { fatal = true; socket.close(); }");
      page.evaluate("() => { const s = JSON.parse(JSON.stringify(shown)); s.events = [];"
          + " for (let i = 0; i < 120; i++) s.events.push({ kind: 'turn', side: i % 2 ? 'black' : 'white', dice: '6-5', play: '1/7 7/12', pass: false });"
          + " shown = s; renderMoves(); }");
      for (String n : new String[] {"9.", "87.", "100.", "120."}) {
        var number = page.locator("#moves li .n", new Page.LocatorOptions().setHasText(n)).first();
        assertThat(number.textContent()).isEqualTo(n);
        assertThat((Boolean) number.evaluate("e => e.scrollWidth <= e.clientWidth")).as(n + " clipped").isTrue();
      }
    }
  }

  @Test
  void anotherGamesLinkOpenedInTheTabOpensThatGame() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      String first = create(page, "{\"opponent\":\"friend\"}");
      String second = create(page, "{\"opponent\":\"friend\",\"rules\":\"original\"}");
      page.navigate(server.url("/game.html#g=" + first));
      waitShown(page);
      page.evaluate("id => { location.hash = 'g=' + id; }", second);
      page.waitForFunction("id => typeof shown !== 'undefined' && shown && shown.id === id", second);
      assertThat(js(page, "shown.rules")).isEqualTo("original");
    }
  }

  @Test
  void anUnknownGameOrNoGameOrAWrongSeatShowsAWayOut() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      page.navigate(server.url("/game.html"));
      page.waitForSelector("#fatalBox", new Page.WaitForSelectorOptions().setTimeout(5000));
      assertThat(page.isVisible("#fatalBox")).isTrue();
      assertThat(page.isVisible("main.game")).isFalse();
      assertThat(page.textContent("#fatalText")).contains("No game");
      page.navigate("about:blank");
      page.navigate(server.url("/game.html#g=nosuchgame"));
      page.waitForFunction("() => document.body.classList.contains('fatal')");
      assertThat(page.textContent("#fatalText")).contains("no such game");
      assertThat(page.isVisible("#fatalBox a[href='/']")).isTrue();
      String id = create(page, "{\"opponent\":\"friend\"}");
      // A browser holding no seat of that game (one that holds one falls back to it: an invitation taken here).
      page.evaluate("() => localStorage.setItem('jacquet.games', '[]')");
      page.navigate("about:blank");
      page.navigate(server.url("/game.html#g=" + id + "&t=wrongtoken"));
      page.waitForFunction("() => document.body.classList.contains('fatal')");
      assertThat(page.isVisible("#watch")).isTrue();
      shot(page, "wrong-seat");
      page.click("#watch");
      page.waitForFunction("() => typeof shown !== 'undefined' && shown && shown.you === null");
      assertThat(page.isVisible("#board")).isTrue();
    }
  }

  /**
   * The first board never waits for the computer (its first player of a process once took
   * seconds to make, its tables built on the way): with every computer action held, a game in
   * which the computer is to throw first still shows its board, the computer's turn not taken;
   * released, the computer plays. And until the first state, no dead button is shown.
   */
  @Test
  void theFirstBoardDoesNotWaitForTheComputerAndNoDeadControlsShowBeforeIt() {
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    server.games.holdComputerForTests(release);
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      String id = create(page, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"position\":\"" + BrowserTest.RACE.replace("turn=white", "turn=black") + "\"}");
      page.navigate(server.url("/game.html#g=" + id));
      // Until the first state, the buttons are not shown.
      boolean hiddenBefore = (Boolean) page.evaluate("() => typeof shown === 'undefined' || shown === null"
          + " ? getComputedStyle(document.querySelector('.controls')).visibility === 'hidden' : true");
      assertThat(hiddenBefore).isTrue();
      page.waitForSelector(".checker");
      assertThat(js(page, "shown.turn")).as("the computer's to act").isEqualTo("black");
      assertThat(js(page, "shown.events.length")).as("and it has not acted: the board came without it").isEqualTo(0);
      release.countDown();
      page.waitForFunction("() => shown.events.some(e => e.kind === 'turn' && e.side === 'black')");
    } finally {
      release.countDown();
    }
  }

  @Test
  void shortcutsWorkAgainAfterAPlayIsTyped() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      String id = create(page, "{\"opponent\":\"friend\",\"position\":\"white=19:2,20:2,22:2,24:1 black=19:2,21:2,23:2,24:1 turn=white\"}");
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      page.keyboard().press("r");
      page.waitForFunction("() => state.phase === 'play' && state.turn === 'white'");
      String play = (String) page.evaluate("p => namePlay(p, 'white')", js(page, "state.legal[0]")); // typed as the page names points
      page.keyboard().press("/");
      assertThat(js(page, "document.activeElement.id")).isEqualTo("notation");
      page.keyboard().type(play);
      page.keyboard().press("Enter");
      page.waitForFunction("() => state.turn === 'black' || state.phase === 'over'");
      // The box is left: Esc too, and the shortcuts act again (here: nothing to do for White, so
      // the focus is what counts).
      assertThat(js(page, "document.activeElement.id")).isNotEqualTo("notation");
      page.keyboard().press("/");
      page.keyboard().press("Escape");
      assertThat(js(page, "document.activeElement.id")).isNotEqualTo("notation");
    }
  }

  @Test
  void theOpeningThrowIsDrawnOneDieEachAndWhoStartsIsSaid() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      String id = create(page, "{\"opponent\":\"friend\"}");
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      page.click("#roll");
      page.waitForFunction("() => shown.events.length > 0");
      assertThat(page.locator(".die.d-white").count()).isEqualTo(1);
      assertThat(page.locator(".die.d-black").count()).isEqualTo(1);
      boolean tie = (Boolean) js(page, "shown.events[0].white === shown.events[0].black");
      assertThat(page.textContent("#status")).containsPattern(tie ? "Tie \\(\\d each\\): throw again" : "(White|Black) won the opening throw");
      shot(page, "opening-throw");
    }
  }

  @Test
  void aLostThrowIsDrawnCrossedOutWithItsReasonInTheReadersNumbers() {
    try (BrowserContext context = browser.context("fr-FR")) {
      Page page = page(context);
      String id = create(page, "{\"opponent\":\"friend\",\"position\":\"white=1:14,2:1 black=1:14,20:1 turn=black\"}");
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      // What the server says of Black's lost 6-6 (ExplanationsTest pins the server side), shown to White.
      page.evaluate("() => { fatal = true; socket.close(); }"); // nothing more from the server: the page shows what is given
      page.evaluate("() => { const s = JSON.parse(JSON.stringify(shown)); s.phase = 'roll'; s.turn = 'white';"
          + " s.events = [{ kind: 'turn', side: 'black', dice: '6-6', transferred: false, play: '', pass: true }];"
          + " s.lost = { side: 'black', dice: '6-6', pass: true, unused: [6, 6, 6, 6], reasons: ["
          + " { code: 'postilion-first', params: { entry: 19, postilion: 2 }, message: '' },"
          + " { code: 'point-held-by-opponent', params: { to: 8 }, message: '' }] };"
          + " shown = s; render(); }");
      // The double is drawn as its two dice, both crossed out.
      assertThat(page.locator(".die").count()).isEqualTo(2);
      assertThat(page.locator(".die.lost").count()).isEqualTo(2);
      String text = page.textContent("#lostInfo");
      // Black's points named as the move list names them: the board's letters, one name per point.
      assertThat(text).startsWith("Les Noirs ne peuvent pas jouer sonnés")
          .contains("Le postillon (flèche " + org.jacquet.engine.Side.BLACK.letter(2) + ") doit atteindre la flèche "
              + org.jacquet.engine.Side.BLACK.letter(19))
          .contains("La flèche " + org.jacquet.engine.Side.BLACK.letter(8) + " est occupée");
      shot(page, "lost-throw-fr");
    }
  }

  /**
   * A finished game's link opens its review whatever comes first: here the game's state before
   * the page's last script (review.js held back 1.5 s, as a slow network or a busy machine may),
   * and a server that first answers "too many" (the page waits, says so, and asks again).
   */
  @Test
  void aFinishedGamesLinkOpensItsReviewWhateverComesFirst() {
    String id;
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      id = create(page, "{\"opponent\":\"friend\",\"match\":1,\"position\":\"white=24:1 black=24:1 turn=white\"}");
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      Progress progress = new Progress(page);
      while (!BrowserTest.over(page) && progress.goesOn()) if (!BrowserPlayTest.act(page, false)) page.waitForTimeout(30);
      assertThat(BrowserTest.over(page)).isTrue();
    }
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
      page.route("**/review.js", route -> {
        try {
          Thread.sleep(1500);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        route.resume();
      });
      page.route("**/api/games/*/review", route -> {
        if (asked.incrementAndGet() > 1) {
          route.resume();
          return;
        }
        route.fulfill(new com.microsoft.playwright.Route.FulfillOptions().setStatus(429).setContentType("application/json")
            .setHeaders(java.util.Map.of("Retry-After", "1"))
            .setBody("{\"code\":\"too-many\",\"params\":{\"limit\":\"reviews\",\"max\":60,\"seconds\":60},\"message\":\"too many reviews\"}"));
      });
      page.navigate(server.url("/game.html#g=" + id));
      page.waitForFunction("() => document.getElementById('message').textContent.includes('asked for again')",
          null, new Page.WaitForFunctionOptions().setTimeout(10_000));
      page.waitForSelector(".review-graph", new Page.WaitForSelectorOptions().setTimeout(30_000));
      assertThat(asked.get()).as("review requests").isGreaterThanOrEqualTo(2);
      assertThat(page.textContent("#message")).as("what the page says once the review is there").isEmpty();
    }
  }

  /**
   * A page whose reconnects are refused (too many sockets opened from its address) waits longer
   * each time instead of knocking every half second, and gets back in once the limit allows.
   */
  @Test
  void aPageRefusedForReconnectingTooOftenBacksOffAndGetsBackIn() {
    // Its own server: one socket opened per 8 s per address.
    try (TestServer few = TestServer.sqlite(dir.resolve("few"), 20, Limits.defaults().window(8).connects(1));
         BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      page.addInitScript("window.opened = 0; { const W = window.WebSocket;"
          + " window.WebSocket = class extends W { constructor(...a) { super(...a); window.opened++; } }; }");
      // The game made from the rules page: the home page opens the lobby's socket, which counts against
      // the same one-per-8-s budget and would have the game page refused from its very first socket.
      page.navigate(few.url("/rules.html"));
      String id = create(page, "{\"opponent\":\"friend\"}");
      page.navigate(few.url("/game.html#g=" + id));
      waitShown(page);
      page.evaluate("() => { shown = null; socket.close(); }"); // the connection drops
      page.waitForFunction("() => shown !== null", null, new Page.WaitForFunctionOptions().setTimeout(20_000));
      int opened = ((Number) js(page, "window.opened")).intValue();
      // Refused until 8 s after the first: tries after 0.5, 1.5, 3.5 and 7.5 s (every 0.5 s: 15 or more).
      assertThat(opened).as("sockets the page opened").isBetween(3, 7);
    }
  }
}
