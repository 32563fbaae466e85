package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import org.jacquet.engine.game.Phase;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.Test;

/**
 * The settings players expect (issue 24, item 4): the page throws the dice and plays a forced
 * play by itself, each after a pause that leaves the board readable; both can be turned off in
 * the settings, worded in French and English. A newcomer's very first game waits for their own
 * first throw (issue 31, item 16: it started by itself within a second of the board appearing).
 */
class BrowserAutomaticTest extends BrowserFixture {
  /** A game whose first throw (4-3) leaves White one play: 22/off(2), which wins it. */
  String forcedWin(Page page) {
    String id = planted(page, "modern", "white=22:2 black=1:15 turn=white", "beginner",
        g -> g.phase() == Phase.PLAY && g.diceToPlay().high() == 4 && g.diceToPlay().low() == 3);
    page.evaluate("() => { localStorage.removeItem('jacquet.autoRoll'); localStorage.removeItem('jacquet.autoForced'); }"); // a new player
    return id;
  }

  /**
   * The page's pause, as the page kept it: from the arrival of the socket message that brought a
   * phase (noted by a listener registered before the page's own, so before the page draws it and
   * starts its pause) to the page's sending of its action for it. Noting when the status line
   * changed instead comes after the pause started, by the rest of the drawing (896 ms were once
   * seen that way), and the next phase's arrival adds the server's answer (36 ms here), which hid
   * a pause cut to 880 ms.
   */
  static final String TIMING = "window.seen = []; window.sent = []; let arrived = 0; const PageSocket = WebSocket;"
      + " window.WebSocket = function (...args) { const socket = new PageSocket(...args);"
      + " socket.addEventListener('message', () => { arrived = performance.now(); });"
      + " const send = socket.send.bind(socket);"
      + " socket.send = data => { sent.push({ type: JSON.parse(data).type, at: performance.now() }); send(data); };"
      + " return socket; };"
      + " WebSocket.prototype = PageSocket.prototype; Object.assign(WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });"
      + " document.addEventListener('DOMContentLoaded', () => { const status = document.getElementById('status');"
      + " if (status) new MutationObserver(() => {" // the game page's (the lobby has none)
      + " const phase = typeof shown !== 'undefined' && shown ? shown.phase : null;"
      + " if (phase && (!seen.length || seen[seen.length - 1].phase !== phase)) seen.push({ phase, at: arrived });"
      + " }).observe(status, { childList: true, characterData: true, subtree: true }); });";

  @Test
  void aNewcomersFirstGameWaitsForTheirThrowThenThePageThrowsAndPlaysTheForcedPlayAfterAPause() {
    try (BrowserContext context = BrowserLayoutFaultsTest.desktop(browser, "en-US", 1366, 768)) {
      Page page = BrowserFaultsTest.page(context);
      page.addInitScript(TIMING);
      page.navigate(server.url("/game.html#g=" + forcedWin(page)));
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.phase === 'roll'");
      // The very first game waits for the newcomer's own throw, and says so under the buttons.
      assertThat(js(page, "automatic")).as("no throw waiting").isNull();
      assertThat(page.textContent("#guide")).isEqualTo("Your first game: throw the dice yourself. From then on the page throws for you (Settings).");
      shot(page, "automatic-first-game-waits-en");
      page.click("#roll");
      page.waitForFunction("() => shown.phase === 'over'", null, new Page.WaitForFunctionOptions().setTimeout(15_000));
      // After that throw, the forced play is played by itself after its pause.
      assertThat(sentActions(page)).as("the tap's throw, then one play").extracting(m -> m.get("type")).containsExactly("roll", "play");
      double played = at(sentActions(page).get(1)) - at(seen(page).get(1));
      assertThat(played).as("the forced play waits its pause").isGreaterThanOrEqualTo(899.5);

      // From the first throw on, the page throws by itself too, after its pause: the next game.
      page.navigate(server.url("/game.html#g=" + forcedWin(page)));
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.phase === 'over'",
          null, new Page.WaitForFunctionOptions().setTimeout(15_000));
      java.util.List<java.util.Map<String, Object>> seen = seen(page);
      java.util.List<java.util.Map<String, Object>> sent = sentActions(page);
      assertThat(seen).extracting(m -> m.get("phase")).containsExactly("roll", "play", "over");
      assertThat(sent).as("one throw, one play, each sent once").extracting(m -> m.get("type")).containsExactly("roll", "play");
      double thrown = at(sent.get(0)) - at(seen.get(0));
      played = at(sent.get(1)) - at(seen.get(1));
      System.out.printf("automatic throw sent %.1f ms after its phase arrived, forced play %.1f ms%n", thrown, played);
      // The browser's clock is coarsened (Chromium: 0.1 ms with jitter): a pause kept to the
      // millisecond may read a tenth short.
      assertThat(thrown).as("the throw waits its pause").isGreaterThanOrEqualTo(899.5);
      assertThat(played).as("the forced play waits its pause").isGreaterThanOrEqualTo(899.5);
      assertThat(page.textContent("#status")).startsWith("You win this game.");
    }
  }

  @SuppressWarnings("unchecked")
  static java.util.List<java.util.Map<String, Object>> seen(Page page) {
    return (java.util.List<java.util.Map<String, Object>>) js(page, "seen");
  }

  @SuppressWarnings("unchecked")
  static java.util.List<java.util.Map<String, Object>> sentActions(Page page) {
    return (java.util.List<java.util.Map<String, Object>>) js(page, "sent.filter(m => m.type === 'roll' || m.type === 'play')");
  }

  static double at(java.util.Map<String, Object> moment) {
    return ((Number) moment.get("at")).doubleValue();
  }

  @Test
  void bothAreSettingsOnByDefaultWordedInBothLanguagesAndCanBeTurnedOff() {
    for (String[] lang : new String[][] {{"en-US", "Throw my dice for me", "Play my forced plays for me"},
        {"fr-FR", "Jeter mes dés pour moi", "Jouer mes coups forcés pour moi"}}) {
      try (BrowserContext context = browser.context(lang[0])) {
        Page page = BrowserFaultsTest.page(context);
        String id = forcedWin(page);
        // A new player's settings, seen where nothing is theirs to do (the opponent to throw).
        String waiting = create(page, "{\"opponent\":\"friend\",\"position\":\"white=1:15 black=1:15 turn=black\"}");
        page.evaluate("() => { localStorage.removeItem('jacquet.autoRoll'); localStorage.removeItem('jacquet.autoForced'); }");
        page.navigate(server.url("/game.html#g=" + waiting));
        page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
        page.click(".settings summary");
        assertThat(page.textContent("label:has(#autoRoll)").trim()).isEqualTo(lang[1]);
        assertThat(page.textContent("label:has(#autoForced)").trim()).isEqualTo(lang[2]);
        assertThat(page.isChecked("#autoRoll")).isTrue();
        assertThat(page.isChecked("#autoForced")).isTrue();
        page.uncheck("#autoRoll");
        page.uncheck("#autoForced");
        // Off: the throw and the forced play wait for the player.
        page.navigate(server.url("/game.html#g=" + id));
        page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.phase === 'roll'");
        assertThat(page.isChecked("#autoRoll")).as("kept in this browser").isFalse();
        assertThat(js(page, "automatic")).as("no throw waiting").isNull();
        page.click("#roll");
        page.waitForFunction("() => shown.phase === 'play'");
        assertThat(js(page, "automatic")).as("the forced play waits for Confirm").isNull();
        assertThat(page.isEnabled("#confirm")).isTrue();
        shot(page, "automatic-off-" + lang[0]);
      }
    }
  }
}
