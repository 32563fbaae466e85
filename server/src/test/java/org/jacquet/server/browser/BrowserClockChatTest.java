package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.Browser.NewContextOptions;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import org.jacquet.server.WebServer;
import org.jacquet.server.store.Database;
import org.jacquet.server.testing.BrowserFixture;
import org.jacquet.server.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 22's clocks and chat in real Chromium, three people at once: Alice on a desktop in
 * English, Bruno on a phone in French, and a spectator. They chat both ways by name (a line of
 * markup stays text), the spectator talks in the spectators' room that the players never see,
 * a timed game runs out on the board (warning colour in the last seconds) and is lost on time.
 */
class BrowserClockChatTest extends BrowserFixture {
  @Override
  @BeforeEach
  public void start() {
    server = new TestServer(Database.sqlite(dir), computerDelayMs(), WebServer.Options.defaults().fastClocks(true));
  }

  Page page(BrowserContext context, String hash) {
    Page page = context.newPage();
    page.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
    page.navigate(server.url("/game.html#" + hash));
    page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
    return page;
  }

  static String chatText(Page page) {
    return (String) js(page, "document.getElementById('chatLines').innerText");
  }

  static void say(Page page, String text) {
    page.fill("#chatInput", text);
    page.click("#chatForm button[type=submit]");
  }

  @Test
  void strangersChatByNameWhileTheSpectatorTalksApartAndTheClockRunsOut() {
    try (BrowserContext desk = browser.context("en-US");
         BrowserContext phone = browser.chromium.newContext(new NewContextOptions().setLocale("fr-FR")
             .setViewportSize(390, 844).setHasTouch(true).setIsMobile(true));
         BrowserContext watcher = browser.context("en-US")) {
      // Bruno's phone is a browser of its own: left automatic, it would throw the opening before Alice does.
      phone.addInitScript(MANUAL);
      Page setup = desk.newPage();
      String id = create(setup, "{\"opponent\":\"friend\",\"time\":\"0+12\"}");
      String invite = (String) js(setup, "JSON.parse(localStorage.getItem('jacquet.games'))[0].invite");
      // The names the lobby gives each seat (V4's columns), set before anything loads the game.
      server.games.store().database().jdbi().useHandle(h -> h.execute("UPDATE games SET white_name = 'Alice', black_name = 'Bruno' WHERE id = ?", id));
      Page alice = page(desk, "g=" + id);
      Page bruno = page(phone, "g=" + id + "&t=" + invite);
      Page spectator = page(watcher, "g=" + id);
      setup.close();

      say(alice, "Hello Bruno <img src=x onerror=alert(1)>");
      bruno.waitForFunction("() => document.getElementById('chatLines').innerText.includes('Hello Bruno')");
      assertThat(chatText(bruno)).contains("Alice").contains("<img src=x onerror=alert(1)>");
      assertThat(js(bruno, "document.querySelectorAll('#chatLines img').length")).isEqualTo(0);
      bruno.click("#chatPhrases button[data-phrase=well-played]");
      alice.waitForFunction("() => document.getElementById('chatLines').innerText.includes('Well played')");
      assertThat(chatText(alice)).contains("Bruno Well played");
      bruno.waitForFunction("() => document.getElementById('chatLines').innerText.includes('Bien joué')");
      assertThat(js(bruno, "document.getElementById('chatTitle').textContent")).isEqualTo("Discuter avec votre adversaire");

      say(spectator, "Who wins?");
      spectator.waitForFunction("() => document.getElementById('chatLines').innerText.includes('Who wins?')");
      assertThat(chatText(spectator)).contains("Spectator").doesNotContain("Hello Bruno").doesNotContain("Well played");
      assertThat(js(spectator, "document.getElementById('chatTitle').textContent")).asString().startsWith("Spectators' chat");
      shot(spectator, "clockchat-spectator-chat");

      // The clock starts with the opening throw that decides (a tie is thrown again, and the
      // clock waits for it: one throw in six); nobody moves, and the reserve runs out on the board.
      while (Boolean.TRUE.equals(js(alice, "shown.phase === 'opening_throw'"))) {
        int version = ((Number) js(alice, "shown.version")).intValue();
        alice.click("#roll");
        alice.waitForFunction("v => shown.version !== v", version);
      }
      alice.waitForFunction("() => shown && shown.clock && shown.clock.running");
      alice.waitForFunction("() => document.querySelector('.clock.running .clock-time') !== null");
      bruno.waitForFunction("() => document.querySelector('.clock.low') !== null", null,
          new Page.WaitForFunctionOptions().setTimeout(20_000));
      shot(alice, "clockchat-desktop-clocks");
      js(bruno, "window.scrollTo(0, 0)");
      shot(bruno, "clockchat-phone-clocks-fr");
      for (Page p : new Page[] {alice, bruno, spectator}) {
        p.waitForFunction("() => shown && shown.result && shown.result.forfeit === 'timeout'", null,
            new Page.WaitForFunctionOptions().setTimeout(20_000));
      }
      assertThat(js(alice, "document.getElementById('status').textContent")).asString().contains("on time");
      assertThat(js(bruno, "document.getElementById('status').textContent")).asString().contains("au temps");
      // One pair of brackets: "(…, on time: the reserve ran out)", not "(… on time (the reserve ran out))" (issue 31, item 17).
      for (Page p : new Page[] {alice, bruno}) {
        assertThat(js(p, "document.getElementById('status').textContent")).asString().doesNotContainPattern("\\([^)]*\\(")
            .containsPattern(p == alice ? "wins [12] points? \\(" : "gagnent [12] points? \\("); // the count's words (plural())
      }
      assertThat(js(alice, "document.getElementById('moves').innerText")).asString().contains("runs out of time");
      assertThat(js(alice, "document.querySelector('.clock.running')")).isNull();
      assertThat(chatText(alice)).doesNotContain("Who wins?");
      assertThat(chatText(bruno)).doesNotContain("Who wins?");
      js(bruno, "window.scrollTo(0, 0)");
      shot(bruno, "clockchat-phone-over-fr");
      shot(alice, "clockchat-desktop-over");

      // A reload shows the chat as it was.
      bruno.reload();
      bruno.waitForFunction("() => document.getElementById('chatLines').innerText.includes('Hello Bruno')");
      assertThat(chatText(bruno)).contains("Bien joué");
    }
  }

  /**
   * Muting and hiding; and (issue 31, item 12) a line refused for the limit stays in the box,
   * its refusal said under the box (not in the game's message area, far above it on a phone),
   * and a line's 140 characters are counted as typed, the reason said once it is full — on a
   * phone in French and a desktop in English.
   */
  @Test
  void theOpponentCanBeMutedAndTheChatHidden() {
    try (BrowserContext a = BrowserLayoutFaultsTest.desktop(browser, "en-US", 1366, 768);
         BrowserContext b = BrowserLayoutFaultsTest.phone(browser, "fr-FR", 390, 844)) {
      Page setup = a.newPage();
      String id = create(setup, "{\"opponent\":\"friend\"}");
      String invite = (String) js(setup, "JSON.parse(localStorage.getItem('jacquet.games'))[0].invite");
      setup.close();
      Page white = page(a, "g=" + id);
      Page black = page(b, "g=" + id + "&t=" + invite);
      say(black, "gg");
      white.waitForFunction("() => document.getElementById('chatLines').innerText.includes('gg')");
      // Five lines in 10 s: a sixth from the box, sent at once after five, is refused, by the box, and stays in it.
      black.evaluate("() => { for (let i = 1; i <= 5; i++) send({ type: 'chat', text: 'line ' + i });"
          + " document.getElementById('chatInput').value = 'one line too many'; document.getElementById('chatForm').requestSubmit(); }");
      black.waitForFunction("() => document.getElementById('chatNote').textContent.length > 0");
      assertThat(black.textContent("#chatNote")).isEqualTo("Au plus 5 messages en 10 s : le vôtre est gardé, renvoyez-le dans un instant.");
      assertThat(black.inputValue("#chatInput")).as("the refused line kept").isEqualTo("one line too many");
      assertThat(black.textContent("#message")).as("not in the game's message area").isEmpty();
      black.locator("#chatForm").scrollIntoViewIfNeeded();
      assertThat(black.evaluate("() => { const n = document.getElementById('chatNote').getBoundingClientRect();"
          + " const i = document.getElementById('chatInput').getBoundingClientRect(); return n.top >= i.bottom && n.top - i.bottom < 60 && n.bottom <= innerHeight; }"))
          .as("the refusal right under the box, in view").isEqualTo(true);
      shot(black, "chat-refused-kept-fr");
      // 140 characters at most: the count, and why nothing more goes in.
      white.fill("#chatInput", "x".repeat(138));
      white.locator("#chatInput").press("End");
      white.keyboard().type("yz!");
      assertThat(white.inputValue("#chatInput")).hasSize(140).endsWith("yz");
      assertThat(white.textContent("#chatCount")).isEqualTo("140/140");
      assertThat(white.textContent("#chatNote")).isEqualTo("A line holds 140 characters at most: nothing more can be typed.");
      white.locator("#chatForm").scrollIntoViewIfNeeded();
      shot(white, "chat-full-en");
      white.fill("#chatInput", "");
      white.check("#chatMute");
      assertThat(chatText(white)).doesNotContain("gg");
      say(white, "mine stays");
      white.waitForFunction("() => document.getElementById('chatLines').innerText.includes('mine stays')");
      white.uncheck("#chatMute");
      assertThat(chatText(white)).contains("gg");
      white.click("details.settings summary");
      white.check("#chatHide");
      assertThat(white.isVisible("#chatBox")).isFalse();
      white.reload();
      white.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      assertThat(white.isVisible("#chatBox")).as("hidden stays hidden").isFalse();
    }
  }
}
