package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.microsoft.playwright.Browser.NewContextOptions;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.BoundingBox;
import java.util.List;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.Test;

/**
 * The lobby's board editor: checkers dragged from point to point with the mouse and with a
 * finger, its own dice used by "Analyse it", and the position ID it shows live equal to the
 * server's (the engine's PositionId).
 */
class BrowserEditorTest extends BrowserFixture {
  @Test
  void draggingWithTheMouseBuildsThePositionAndItsIdIsTheServers() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = lobby(context);
      // White's checkers on 1 (its talon), Black's on 13 as White sees the board (Black's 1).
      mouseDrag(page, 1, 7);
      mouseDrag(page, 1, 7);
      mouseDrag(page, 1, 19);
      mouseDrag(page, 13, 20);   // Black's 1 → Black's 8
      mouseDrag(page, 1, 25);    // onto the tray: borne off
      mouseDrag(page, 7, 20);    // refused: Black holds 20
      mouseDrag(page, 5, 6);     // nothing there to drag
      assertThat(page.inputValue("#editorText")).isEqualTo("white=1:11,7:2,19:1 black=1:14,8:1 turn=white");
      assertThat(page.locator("#editorBoard .ghost").count()).as("no ghost left behind").isZero();
      page.selectOption("#editorTurn", "black");
      String text = page.inputValue("#editorText");
      assertThat(text).endsWith("turn=black");
      assertThat(page.inputValue("#editorId")).isEqualTo(serverId(page, text));

      // The editor's own dice go to the analysis, whose best play is drawn on the board.
      page.selectOption("#editorDie1", "4");
      page.selectOption("#editorDie2", "2");
      page.click("#useToAnalyse");
      page.waitForSelector("#aResult li");
      assertThat(page.inputValue("#aDice")).isEqualTo("4-2");
      assertThat(page.evaluate("() => Editor.analysis.dice")).isEqualTo("4-2");
      assertThat(page.locator("#editorBoard .arrow-best").count()).isGreaterThan(0);
      page.locator("#editorBoard").scrollIntoViewIfNeeded();
      BrowserTest.shot(page, "editor-desktop");
    }
  }

  @Test
  void theLiveIdIsTheEnginesForAssortedPositions() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = lobby(context);
      for (String text : List.of("white=1:15 black=1:15 turn=white", "white=1:14,7:1 black=1:15 turn=black",
          "white=19:2,20:2,22:2,24:1 black=19:2,21:2,23:2,24:1 turn=white",
          "white=2:3,5:1,9:4,14:2,24:5 black=1:10,3:1,4:1,6:3 turn=black")) {
        page.evaluate("t => Editor.reset(t)", text);
        assertThat(page.inputValue("#editorText")).isEqualTo(text);
        assertThat(page.inputValue("#editorId")).as(text).isEqualTo(serverId(page, text));
      }
      assertThat(page.evaluate("() => Positions.id(Positions.parse('white=1:15 black=1:15 turn=white'), 'white')"))
          .as("the start, as PositionId's documentation gives it").isEqualTo("_v8AAAD_fwAAAA");
    }
  }

  @Test
  void aFingerDragsACheckerToo() {
    try (BrowserContext context = browser.chromium.newContext(new NewContextOptions().setLocale("en-US")
        .setViewportSize(390, 844).setHasTouch(true).setIsMobile(true))) {
      Page page = lobby(context);
      CDPSession cdp = context.newCDPSession(page);
      touchDrag(page, cdp, 1, 12);
      touchDrag(page, cdp, 13, 16);
      assertThat(page.inputValue("#editorText")).isEqualTo("white=1:14,12:1 black=1:14,4:1 turn=white");
      assertThat(page.inputValue("#editorId")).isEqualTo(serverId(page, page.inputValue("#editorText")));
      BrowserTest.shot(page, "editor-phone");
    }
  }

  Page lobby(BrowserContext context) {
    Page page = context.newPage();
    page.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
    page.navigate(server.url("/#tools")); // the typed position, analysis and editor are behind their entry
    page.waitForSelector("#editorBoard .checker");
    return page;
  }

  static double[] centre(Page page, int point) {
    page.locator("#editorBoard").scrollIntoViewIfNeeded(); // the whole board, so that nothing scrolls between two points
    BoundingBox b = page.locator("#editorBoard .hit[data-point='" + point + "']").boundingBox();
    return new double[] {b.x + b.width / 2, b.y + b.height / 2};
  }

  static void mouseDrag(Page page, int from, int to) {
    double[] a = centre(page, from);
    double[] b = centre(page, to);
    page.mouse().move(a[0], a[1]);
    page.mouse().down();
    page.mouse().move(b[0], b[1], new com.microsoft.playwright.Mouse.MoveOptions().setSteps(6));
    page.mouse().up();
  }

  static void touchDrag(Page page, CDPSession cdp, int from, int to) {
    double[] a = centre(page, from);
    double[] b = centre(page, to);
    touch(cdp, "touchStart", a[0], a[1]);
    for (int i = 1; i <= 6; i++) touch(cdp, "touchMove", a[0] + (b[0] - a[0]) * i / 6, a[1] + (b[1] - a[1]) * i / 6);
    touch(cdp, "touchEnd", b[0], b[1]);
    page.waitForTimeout(50);
  }

  static void touch(CDPSession cdp, String type, double x, double y) {
    JsonObject args = new JsonObject();
    args.addProperty("type", type);
    JsonArray points = new JsonArray();
    if (!type.equals("touchEnd")) {
      JsonObject p = new JsonObject();
      p.addProperty("x", x);
      p.addProperty("y", y);
      points.add(p);
    }
    args.add("touchPoints", points);
    cdp.send("Input.dispatchTouchEvent", args);
  }

  static String serverId(Page page, String text) {
    return (String) page.evaluate("async t => { const r = await fetch('/api/analyse?' + new URLSearchParams({ position: t, dice: '6-5', rules: 'modern' }));"
        + " const d = await r.json(); if (!r.ok) throw new Error(JSON.stringify(d)); return d.id; }", text);
  }
}
