package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import java.nio.file.Path;
import org.jacquet.engine.game.Phase;
import org.jacquet.server.testing.BrowserFixture;
import org.jacquet.server.testing.Progress;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.Test;

/**
 * The web app in a real browser (Debian's Chromium through Playwright), played by clicking as a
 * person would. Screenshots are kept in target/screenshots.
 */
public class BrowserTest extends BrowserFixture {
  @Override
  protected int computerDelayMs() {
    return 30;
  }

  /** Both sides home: a short race to the end. */
  public static final String RACE = "white=19:2,20:2,22:2,24:1 black=19:2,21:2,23:2,24:1 turn=white";

  static void shot(Page page, String name) {
    page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target/screenshots/" + name + ".png")));
  }

  static Object js(Page page, String expression) {
    return page.evaluate("() => " + expression);
  }

  /** Creates a game from the lobby form, as a player does. */
  Page newGameFromLobby(BrowserContext context, String opponent, String position) {
    Page page = context.newPage();
    page.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
    page.onConsoleMessage(m -> { if ("error".equals(m.type())) System.err.println("console error: " + m.text()); });
    page.navigate(server.url("/#tools")); // the typed position, analysis and editor are behind their entry
    // No glides, and every throw and play the test's own: a page acting by itself after its pause
    // races the test's clicks (a throw landing between a look at the button and its click).
    stillAndManual(page);
    page.selectOption("#opponent", opponent);
    if (opponent.equals("computer")) page.selectOption("#level", "expert");
    page.fill("#match", "1");
    page.fill("#position", position);
    page.click("#start");
    page.waitForSelector("svg#board circle");
    page.waitForFunction("() => typeof state !== 'undefined' && state !== null");
    return page;
  }

  /**
   * One thing the player of {@code page} can do now, by clicking: confirm a complete play, move
   * a checker (click it, click its lit destination), or throw. False when it is not their turn.
   */
  static boolean clickOnce(Page page) {
    // The next state may change the page between a look and a click: every click is short and
    // the caller simply looks again.
    try {
      if (page.isEnabled("#confirm")) {
        page.click("#confirm", new Page.ClickOptions().setTimeout(2000));
        return true;
      }
      if (page.locator(".checker.movable").count() > 0) {
        int version = ((Number) js(page, "state.version")).intValue();
        int steps = ((Number) js(page, "(state.steps || []).length")).intValue();
        page.locator(".checker.movable").first().click(new com.microsoft.playwright.Locator.ClickOptions().setForce(true).setTimeout(2000));
        page.waitForSelector(".target", new Page.WaitForSelectorOptions().setTimeout(2000));
        page.locator(".target").first().click(new com.microsoft.playwright.Locator.ClickOptions().setForce(true).setTimeout(2000));
        page.waitForFunction("([v, s]) => state.version !== v || (state.steps || []).length !== s",
            new Object[] {version, steps}, new Page.WaitForFunctionOptions().setTimeout(5000));
        return true;
      }
      if (page.isEnabled("#roll")) {
        page.click("#roll", new Page.ClickOptions().setTimeout(2000));
        return true;
      }
    } catch (com.microsoft.playwright.TimeoutError e) {
      return false;
    }
    return false;
  }

  static boolean over(Page page) {
    return "over".equals(js(page, "typeof shown !== 'undefined' && shown && shown.phase")); // as shown, after any glide
  }

  @Test
  void aGameAgainstTheComputerIsPlayedToTheEndByClicking() {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = newGameFromLobby(context, "computer", RACE);
      shot(page, "computer-start");
      boolean sawMyMove = false;
      Progress progress = new Progress(page);
      while (!over(page) && progress.goesOn()) {
        if (clickOnce(page)) sawMyMove = true;
        else page.waitForTimeout(50);
        if (sawMyMove && page.locator(".die").count() > 0) shot(page, "computer-playing");
      }
      assertThat(over(page)).isTrue();
      assertThat(sawMyMove).isTrue();
      assertThat(page.textContent("#status")).containsPattern("(White|Black) wins \\d points? \\(");
      assertThat(page.locator("#moves li").count()).isGreaterThan(1);
      String record = WsClient.getUnchecked(server.url("/api/games/" + js(page, "state.id") + "/record"));
      assertThat(record).contains("[Position \"" + RACE + "\"]").contains("Result: ").contains("[Seed \"");
      shot(page, "computer-over");
      // The finished game opens in review: analysis with a progress bar, then each play marked.
      page.click("#review");
      page.waitForSelector("#reviewTurns li", new Page.WaitForSelectorOptions().setTimeout(60_000));
      assertThat(page.locator("#reviewTurns li").count()).isEqualTo(((Number) js(page,
          "state.events.filter(e => e.kind === 'turn').length")).intValue());
      assertThat(page.textContent("#reviewSummary")).contains("Error rate").contains("Rating");
      page.locator("#reviewTurns li").first().click();
      assertThat(page.textContent("#historyText")).contains(":");
      shot(page, "review");
    }
  }

  @Test
  void twoFriendsPlayAGameInTwoBrowsers() {
    try (BrowserContext alice = browser.context("en-US"); BrowserContext bob = browser.context("en-US")) {
      Page a = newGameFromLobby(alice, "friend", RACE);
      a.waitForSelector("#inviteLink");
      String invite = a.inputValue("#inviteLink");
      assertThat(invite).contains("#g=").contains("&t=");
      Page b = bob.newPage();
      b.navigate(invite);
      b.waitForFunction("() => typeof state !== 'undefined' && state !== null && state.you === 'black'");
      // Each sees the other connected.
      a.waitForFunction("() => state.players.black.connected");
      shot(a, "friend-alice");
      Progress progress = new Progress(a);
      while (!over(a) && progress.goesOn()) {
        boolean acted = clickOnce(a) | clickOnce(b);
        if (!acted) a.waitForTimeout(50);
      }
      assertThat(over(a)).isTrue();
      b.waitForFunction("() => shown.phase === 'over'");
      // The same result for both, each told first whether they won.
      String aSays = a.textContent("#status");
      String bSays = b.textContent("#status");
      assertThat(aSays.substring(aSays.indexOf('.') + 2)).isEqualTo(bSays.substring(bSays.indexOf('.') + 2));
      assertThat(java.util.List.of(aSays, bSays)).anyMatch(x -> x.startsWith("You win this game."))
          .anyMatch(x -> x.startsWith("You lose this game."));
      shot(b, "friend-bob-over");
      // A spectator with the game id sees the same board, and cannot act.
      Page watcher = bob.newPage();
      watcher.navigate(server.url("/game.html#g=" + js(a, "state.id")));
      watcher.waitForFunction("() => typeof state !== 'undefined' && state !== null");
      assertThat(js(watcher, "state.position.text")).isEqualTo(js(a, "state.position.text"));
      assertThat(watcher.isDisabled("#resign")).isTrue();
    }
  }

  @Test
  void aReloadMidGameComesBackToTheSameState() {
    try (BrowserContext context = browser.context("en-US")) {
      // A throw with a choice (from the usual start every first throw is forced: only the
      // postilion may leave), so that a step can be laid down and left unconfirmed.
      Page page = context.newPage();
      String id = planted(page, "modern", BrowserPlayTest.MIDGAME, null,
          g -> g.phase() == Phase.PLAY && g.legalPlays().plays().size() > 1);
      page.navigate(server.url("/game.html#g=" + id));
      page.waitForFunction("() => typeof state !== 'undefined' && state !== null && state.phase === 'roll'");
      page.click("#roll");
      page.waitForFunction("() => state.phase === 'play'");
      assertThat(clickOnce(page)).as("a step laid down").isTrue();
      assertThat(((Number) js(page, "(state.steps || []).length")).intValue()).as("one step, not confirmed").isEqualTo(1);
      Object before = js(page, "JSON.stringify([state.version, state.position.text, state.steps, state.dice])");
      page.reload();
      page.waitForFunction("() => typeof state !== 'undefined' && state !== null");
      Object after = js(page, "JSON.stringify([state.version, state.position.text, state.steps, state.dice])");
      assertThat(after).isEqualTo(before);
      // The friend has not come with the invitation: asked for, never said to have left.
      assertThat(page.textContent("#inviteNote")).contains("Your friend is not here yet");
      assertThat(page.isHidden("#claimBox")).as("no claim against a friend who never came").isTrue();
      shot(page, "reloaded");
    }
  }

  @Test
  void theInterfaceSpeaksFrench() {
    try (BrowserContext context = browser.context("fr-FR")) {
      Page lobby = context.newPage();
      lobby.navigate(server.url("/#tools")); // the typed position, analysis and editor are behind their entry
      assertThat(lobby.textContent("#newCard h2")).isEqualTo("Nouvelle partie");
      // A position analysed from the lobby, given by its ID.
      lobby.fill("#aPosition", "_38gAAD_fwAAAA");
      lobby.click("#analyseButton");
      lobby.waitForSelector("#aResult li");
      assertThat(lobby.textContent("#aResult li")).startsWith("a/g g/l"); // Black's 1/7 7/12, in the board's letters
      shot(lobby, "lobby-fr");
      Page page = newGameFromLobby(context, "computer", "");
      assertThat(page.textContent("#roll")).isEqualTo("Jeter pour le départ");
      page.click("#roll");
      page.waitForFunction("() => shown.events.length > 0");
      // A tie is said, and thrown again.
      for (int i = 0; i < 10 && page.textContent("#status").startsWith("Égalité"); i++) {
        int events = ((Number) js(page, "shown.events.length")).intValue();
        page.click("#roll");
        page.waitForFunction("n => shown.events.length > n", events);
      }
      assertThat(page.textContent("#status")).containsAnyOf("À vous de jouer", "En attente");
      assertThat(page.textContent("#moves")).contains("Coup de départ : Blancs").containsPattern("les (Blancs|Noirs)( \\(Joueur-\\d+\\))? commencent");
      shot(page, "game-fr");
    }
  }
}
