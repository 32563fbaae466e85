package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.BoundingBox;
import java.util.List;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.Test;

/**
 * The faults a newcomer's tour found (issue 24, item 6) in what the page says and draws, each
 * pinned in a real browser: the resign stake, the tutor's words, French wording, the drawings
 * over each other, the board editor's refusals, and what a screen reader is given.
 */
class BrowserFaultsTest extends BrowserFixture {
  static Page page(BrowserContext context) {
    Page page = context.newPage();
    page.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
    return page;
  }

  Page game(BrowserContext context, String body) {
    Page page = page(context);
    String id = create(page, body);
    page.navigate(server.url("/game.html#g=" + id));
    page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
    return page;
  }

  @Test
  void resigningSaysWhatItConcedesInBothLanguages() {
    for (String[] lang : new String[][] {
        {"en-US", "Resign this game? Black scores 2 points (double: the loser bore off no checker)."},
        {"fr-FR", "Abandonner la partie ? Les Noirs marquent 2 points (partie double : le perdant n'a sorti aucune dame)."}}) {
      try (BrowserContext context = browser.context(lang[0])) {
        Page page = game(context, "{\"opponent\":\"friend\"}");
        page.click("#resign");
        assertThat(page.textContent("#resignText")).isEqualTo(lang[1]);
      }
    }
    // With a checker borne off, a single game: one point.
    try (BrowserContext context = browser.context("en-US")) {
      Page page = game(context, "{\"opponent\":\"friend\",\"position\":\"white=19:2,20:2,22:2,24:1 black=19:2,21:2,23:2,24:1 turn=white\"}");
      page.click("#resign");
      assertThat(page.textContent("#resignText")).isEqualTo("Resign this game? Black scores 1 point (single game).");
    }
  }

  @Test
  void escapeClosesTheResignQuestionAndGivesTheFocusBack() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = game(context, "{\"opponent\":\"friend\"}");
      page.focus("#resign");
      page.keyboard().press("Enter");
      assertThat(page.isVisible("#resignBox")).isTrue();
      assertThat(js(page, "document.activeElement.id")).isEqualTo("resignNo");
      page.keyboard().press("Escape");
      assertThat(page.isVisible("#resignBox")).isFalse();
      assertThat(js(page, "document.activeElement.id")).isEqualTo("resign");
    }
  }

  @Test
  void theTutorsSettingIsWorded() {
    for (String locale : new String[] {"en-US", "fr-FR"}) {
      try (BrowserContext context = browser.context(locale)) {
        Page page = game(context, "{\"opponent\":\"computer\",\"level\":\"beginner\"}");
        @SuppressWarnings("unchecked")
        List<String> options = (List<String>) page.evaluate("() => [...document.querySelectorAll('#tutor option')].map(o => o.textContent)");
        assertThat(options).hasSize(4).noneMatch(o -> o.contains("tutorLevels") || o.matches(".*\\d\\.\\d.*") && locale.startsWith("fr"));
        assertThat(options.get(1)).isEqualTo(locale.startsWith("fr") ? "un coup douteux (qui perd 0,040 ou plus)" : "a doubtful play (losing 0.040 or more)");
      }
    }
  }

  @Test
  void theTutorWritesPlaysAsTheMoveListDoesAndALossWithoutADoubleNegative() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      String id = planted(page, "modern", BrowserTest.RACE, "beginner",
          g -> g.phase() == org.jacquet.engine.game.Phase.PLAY && g.diceToPlay().high() == 1 && g.diceToPlay().low() == 1);
      page.evaluate("() => localStorage.setItem('jacquet.tutor', '0.04')");
      page.navigate(server.url("/game.html#g=" + id));
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      page.click("#roll");
      page.waitForFunction("() => shown.phase === 'play' && shown.turn === 'white'");
      // A play of the double that the real tutor finds doubtful, one checker moving twice the same way.
      String doubtful = (String) page.evaluate("async () => { for (const play of state.legal) {"
          + " if (compactPlay(play) === play) continue;"
          + " const r = await fetch('/api/games/' + gameId + '/tutor', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token }, body: JSON.stringify({ play }) });"
          + " const d = await r.json(); if (r.ok && d.lost > 0.04) return play; } return null; }");
      assertThat(doubtful).as("a doubtful play with a repeated step").isNotNull();
      page.fill("#notation", (String) page.evaluate("p => namePlay(p, 'white')", doubtful)); // typed as the page names points
      page.press("#notation", "Enter");
      page.waitForSelector("#tutorBox:not([hidden])");
      String text = page.textContent("#tutorText");
      assertThat(text).startsWith("The tutor: " + js(page, "compactPlay(namePlay(" + org.jacquet.server.game.StateView.JSON.valueToTree(doubtful) + ", 'white'))") + " gives up 0.")
          .doesNotContain("\u2212").doesNotContain(doubtful);
      shot(page, "tutor-words");
    }
  }

  @Test
  void frenchNamesDoublesInLowerCaseAndTheButtonSaysWhatItConfirms() {
    try (BrowserContext context = browser.context("fr-FR")) {
      Page page = game(context, "{\"opponent\":\"friend\"}");
      assertThat(page.textContent("#confirm")).isEqualTo("Valider le coup");
      page.evaluate("() => { fatal = true; socket.close(); const s = JSON.parse(JSON.stringify(shown)); s.phase = 'roll'; s.turn = 'white';"
          + " s.events = [{ kind: 'turn', side: 'black', dice: '3-3', transferred: false, play: '1/4 1/4 1/4 1/4', pass: false }];"
          + " shown = s; render(); }");
      assertThat(page.textContent("#status")).startsWith("Les Noirs ont joué ternes (double 3) : ");
    }
  }

  @Test
  void theSearchDepthIsShownInWords() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      page.navigate(server.url("/#tools")); // the analysis is behind its entry
      page.click("#analyseButton");
      page.waitForSelector("#aResult li");
      String list = page.textContent("#aResult");
      assertThat(list).doesNotContain("ply").contains("at a glance");
    }
  }

  @Test
  void thePostilionOnItsTipLeavesTheQuadrantsNameReadable() {
    for (boolean phone : new boolean[] {false, true}) {
      try (BrowserContext context = phone ? BrowserLayoutFaultsTest.phone(browser, "en-US", 390, 844) : browser.context("en-US")) {
        // Both postilions wait in the middle of a quadrant, where its name is written.
        Page page = game(context, "{\"opponent\":\"friend\",\"position\":\"white=1:14,9:1 black=1:14,9:1 turn=white\"}");
        Locator labels = page.locator("#board .b-label", new Page.LocatorOptions().setHasText(phone ? "I" : "quadrant"));
        assertThat(labels.count()).isGreaterThan(0);
        for (Locator postilion : page.locator("#board .postilion").all()) {
          BoundingBox p = postilion.boundingBox();
          for (Locator label : labels.all()) {
            assertThat(overlap(p, label.boundingBox())).as("a postilion over " + label.textContent()).isFalse();
          }
        }
        shot(page, "postilion-and-quadrant" + (phone ? "-phone" : ""));
      }
    }
  }

  @Test
  void theRulesRouteArrowLeavesTheTalonsCountAndNameClear() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      page.navigate(server.url("/rules.html"));
      Locator first = page.locator("svg.diagram").first();
      first.scrollIntoViewIfNeeded();
      // No arrow's stroke runs over a count or a talon's name (points sampled in their boxes).
      Object crossed = first.evaluate("svg => { const hits = []; const strokes = [...svg.querySelectorAll('.arrow')];"
          + " for (const e of svg.querySelectorAll('.count, .talon-label')) { const b = e.getBBox();"
          + "  for (let i = 0; i <= 6; i++) for (let j = 0; j <= 4; j++) { const p = svg.createSVGPoint(); p.x = b.x + b.width * i / 6; p.y = b.y + b.height * j / 4;"
          + "   if (strokes.some(s => s.isPointInStroke(p))) hits.push(e.textContent); } }"
          + " return [...new Set(hits)].join(', '); }");
      assertThat(crossed).as("covered by the route's arrows").isEqualTo("");
      shot(page, "rules-route");
    }
  }

  @Test
  void aReviewsArrowsLeaveTheStacksCountsOnTop() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = game(context, "{\"opponent\":\"friend\"}");
      // Nothing more from the server (a state would draw the board again), then the arrows and their order.
      boolean countsOnTop = (Boolean) page.evaluate("() => { fatal = true; socket.close(); board.arrows([[1, 7], [1, 12]], 'white', 'played', '−0.120');"
          + " const arrows = document.querySelector('#board .arrows');"
          + " const counts = [...document.querySelectorAll('#board .count')];"
          + " return counts.length > 0 && counts.every(c => arrows.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING); }");
      assertThat(countsOnTop).isTrue();
      shot(page, "arrows-over-counts");
    }
  }

  @Test
  void theBoardEditorSaysWhyItRefusesAndAnalyseItShowsItsAnswer() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = page(context);
      page.navigate(server.url("/#tools")); // the editor is behind its entry
      page.waitForSelector("#editorBoard .checker");
      page.locator("#editorBoard").scrollIntoViewIfNeeded();
      String before = page.inputValue("#editorText");
      page.click("#editorBoard .hit[data-point='5']", new Page.ClickOptions().setForce(true));
      assertThat(page.textContent("#editorMessage")).isEqualTo("White already has 15 checkers: take one off first.");
      assertThat(page.inputValue("#editorText")).isEqualTo(before);
      page.selectOption("#editorSide", "black");
      page.click("#editorBoard .hit[data-point='1']", new Page.ClickOptions().setForce(true));
      assertThat(page.textContent("#editorMessage")).isEqualTo("Point 1 is held by White: a point holds one side only.");
      assertThat(page.inputValue("#editorText")).isEqualTo(before);
      assertThat(page.isVisible("#editorMessage")).isTrue();
      analyseItShowsTheAnswer(page, "1280×860");
      shot(page, "editor-analysed");
    }
    // On a phone held upright or lying down, the answer's list is a screen or more above the
    // editor's button: it must come into view (without the scroll it stayed 50 and 376 px above).
    for (int[] size : new int[][] {{390, 700}, {844, 390}}) {
      try (BrowserContext phone = browser.chromium.newContext(new com.microsoft.playwright.Browser.NewContextOptions()
          .setLocale("en-US").setViewportSize(size[0], size[1]).setIsMobile(true).setHasTouch(true))) {
        Page page = page(phone);
        page.navigate(server.url("/#tools"));
        page.waitForSelector("#editorBoard .checker");
        analyseItShowsTheAnswer(page, size[0] + "×" + size[1]);
        shot(page, "editor-analysed-" + size[0] + "x" + size[1]);
      }
    }
  }

  /** "Analyse it" pressed under the editor: the analysis's list comes, whole on screen. */
  static void analyseItShowsTheAnswer(Page page, String at) {
    page.locator("#useToAnalyse").scrollIntoViewIfNeeded();
    page.click("#useToAnalyse");
    page.waitForSelector("#aResult li");
    String where = "() => { const b = document.getElementById('aResult').getBoundingClientRect(); return [b.top, b.bottom, innerHeight]; }";
    try { // a smooth scroll takes a moment: waited for, then read
      page.waitForFunction("w => { const [top, bottom, h] = (" + where + ")(); return top >= -1 && bottom <= h + 1; }", null,
          new Page.WaitForFunctionOptions().setTimeout(3000));
    } catch (com.microsoft.playwright.TimeoutError e) {
      // read below, where the figures are named
    }
    @SuppressWarnings("unchecked")
    List<Number> box = (List<Number>) page.evaluate(where);
    // Within a pixel: the page scrolls by whole pixels, the layout places the list at fractions.
    assertThat(box.get(0).doubleValue()).as(at + ": the answer's top in view").isGreaterThanOrEqualTo(-1);
    assertThat(box.get(1).doubleValue()).as(at + ": the answer's bottom in view").isLessThanOrEqualTo(box.get(2).doubleValue() + 1);
  }

  @Test
  void aScreenReaderReadsTheBoardAsOnePositionAndTheDiceByTheirName() {
    try (BrowserContext context = browser.context("en-US")) {
      // A throw White can play (4-4 could not be: 13 and 21 are Black's, and the talon waits for
      // the postilion; the page would then show Black to throw, never White's play).
      Page page = page(context);
      String id = planted(page, "modern", "white=1:14,9:1 black=1:14,9:1 turn=white", null,
          g -> g.phase() == org.jacquet.engine.game.Phase.PLAY && g.sideToAct() == org.jacquet.engine.Side.WHITE);
      page.navigate(server.url("/game.html#g=" + id));
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      page.click("#roll");
      page.waitForFunction("() => shown.phase === 'play'");
      String tree = page.locator("#board").ariaSnapshot();
      assertThat(tree).contains("Board, as you see it. White: 14 on point 1, the postilion on point 9. Black: 14 on point 13, the postilion on point 21.")
          .doesNotContain("quadrant").doesNotContainPattern("(?m)^\\s*- text: \"?\\d+\"?$");
      assertThat(tree).contains("- 'img \"White''s dice: ");
      assertThat(page.locator("#board .dice-set").first().getAttribute("aria-label")).isEqualTo("White's dice: " + js(page, "diceName(shown.dice.text)"));
    }
  }

  @Test
  void theRulesDiagramsAreLabelledInWords() {
    try (BrowserContext context = browser.context("fr-FR")) {
      Page page = page(context);
      page.navigate(server.url("/rules.html"));
      @SuppressWarnings("unchecked")
      List<String> labels = (List<String>) page.evaluate("() => [...document.querySelectorAll('svg.diagram')].map(s => s.getAttribute('aria-label'))");
      assertThat(labels).isNotEmpty().allSatisfy(l -> assertThat(l).doesNotContain("white=").contains("Blancs : ").contains("sur la flèche"));
    }
  }

  @Test
  void aSpectatorIsNotShownThePlayersKeys() {
    try (BrowserContext context = browser.context("en-US")) {
      Page player = game(context, "{\"opponent\":\"friend\"}");
      assertThat(player.isVisible("p.keys[data-t=keys]")).isTrue();
      String id = (String) js(player, "gameId");
      try (BrowserContext other = browser.context("en-US")) {
        Page watcher = page(other);
        watcher.navigate(server.url("/game.html#g=" + id));
        watcher.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === null");
        assertThat(watcher.isVisible("p.keys[data-t=keys]")).isFalse();
      }
    }
  }

  static boolean overlap(BoundingBox a, BoundingBox b) {
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  }
}
