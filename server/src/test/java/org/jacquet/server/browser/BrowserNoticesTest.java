package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.Test;

/**
 * What tells the player what happens without looking at the board: the turn signal (sound and
 * tab title), an opening tie drawn and said, and why a checker may not move, die by die.
 */
class BrowserNoticesTest extends BrowserFixture {
  /** Long enough to see the computer's turn in the tab title before it plays. */
  @Override
  protected int computerDelayMs() {
    return 400;
  }

  Page page(BrowserContext context) {
    Page page = context.newPage();
    page.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
    // Counts the tones the page starts (Chromium runs without speakers here).
    page.addInitScript("window.tones = 0; { const C = window.AudioContext; const make = C.prototype.createOscillator;"
        + " C.prototype.createOscillator = function () { window.tones++; return make.call(this); }; }");
    return page;
  }

  static void waitShown(Page page) {
    page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
  }

  @Test
  void whenItBecomesYourTurnTheTabTitleSaysSoAndTheToneSoundsIfTurnedOn() {
    try (BrowserContext on = browser.context("en-US"); BrowserContext off = browser.context("fr-FR")) {
      Page page = page(on);
      String id = create(page, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"white=1:15 black=1:15 turn=black\"}");
      page.evaluate("() => localStorage.setItem('jacquet.sound', 'on')");
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      // The computer (Black) throws and plays first; then it is White's (our) turn.
      page.waitForFunction("() => shown.phase === 'roll' && shown.turn === 'white'");
      assertThat(page.title()).isEqualTo("Your turn — Jacquet");
      assertThat(js(page, "window.tones")).isEqualTo(1);
      page.click("#roll");
      page.waitForFunction("() => state.phase === 'play' && state.turn === 'white'");
      assertThat(js(page, "window.tones")).as("no second tone within one's own turn").isEqualTo(1);
      // The computer held while its turn is looked at: its two pauses alone (800 ms) are shorter
      // than a look takes on a loaded machine.
      java.util.concurrent.CountDownLatch computer = new java.util.concurrent.CountDownLatch(1);
      server.games.holdComputerForTests(computer);
      page.evaluate("() => send({ type: 'play', play: state.legal[0] })");
      page.waitForFunction("() => shown.turn === 'black'");
      assertThat(page.title()).as("the computer's turn").isEqualTo("Jacquet");
      computer.countDown();
      page.waitForFunction("() => shown.turn === 'white' && shown.phase === 'roll'");
      assertThat(page.title()).isEqualTo("Your turn — Jacquet");
      assertThat(js(page, "window.tones")).isEqualTo(2);

      // Sound off (the default): the title still says it, in French, and nothing sounds.
      Page quiet = page(off);
      String other = create(quiet, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"white=1:15 black=1:15 turn=black\"}");
      quiet.navigate(server.url("/game.html#g=" + other));
      waitShown(quiet);
      quiet.waitForFunction("() => shown.phase === 'roll' && shown.turn === 'white'");
      assertThat(quiet.title()).isEqualTo("À vous — Jacquet");
      assertThat(js(quiet, "window.tones")).isEqualTo(0);
    }
  }

  /**
   * Versailles: a tied opening throw is played by both sides (White first, then Black, each the
   * double), then the opening throw is made again; the page says so at each step.
   */
  @Test
  void aVersaillesOpeningTieIsDrawnAndSaidInBothLanguages() {
    for (String locale : new String[] {"en-US", "fr-FR"}) {
      try (BrowserContext context = browser.context(locale)) {
        boolean fr = locale.startsWith("fr");
        Page page = page(context);
        String id = planted(page, "versailles", null, "beginner",
            g -> g.events().get(0) instanceof GameEvent.OpeningThrow t && t.white() == t.black());
        page.navigate(server.url("/game.html#g=" + id));
        waitShown(page);
        page.click("#roll");
        page.waitForFunction("() => shown.events.length > 0 && shown.phase === 'play'");
        int each = ((Number) js(page, "shown.events[0].white")).intValue();
        assertThat(js(page, "shown.events[0].black")).isEqualTo(each);
        assertThat(js(page, "shown.turn")).isEqualTo("white");
        // White's double drawn as White's dice; the tie said in the status and the move list.
        assertThat(page.locator(".die.d-white").count()).isGreaterThan(0);
        assertThat(page.textContent("#status")).startsWith(fr
            ? "Égalité (" + each + " chacun) : chaque camp joue le doublet, les Blancs d'abord ; puis on relance pour le départ."
            : "Tie (" + each + " each): each side plays the double, White first; then the opening throw is made again.");
        assertThat(page.textContent("#moves")).contains(fr
            ? "égalité : chaque camp joue le doublet " + each + "-" + each : "a tie: each side plays the double " + each + "-" + each);
        shot(page, "opening-tie-versailles-" + (fr ? "fr" : "en"));
        // White plays the double, the computer (Black) plays it too, then the opening throw again.
        page.evaluate("() => send({ type: 'play', play: state.legal[0] })");
        page.waitForFunction("() => shown.phase === 'opening_throw' && shown.events.length >= 3");
        assertThat(page.textContent("#status")).isEqualTo(fr ? "Jetez pour le départ : un dé chacun, le plus fort commence."
            : "Throw for the start: one die each, the higher begins.");
      }
    }
  }

  @Test
  void aCheckerThatMayNotMoveSaysWhyForEachDieInBothLanguages() {
    // Thrown 6-5: from 1 the 5 and the 6 both land on points Black holds (6 and 7).
    String position = "white=1:14,19:1 black=1:13,18:1,19:1 turn=white";
    for (String locale : new String[] {"en-US", "fr-FR"}) {
      try (BrowserContext context = browser.context(locale)) {
        Page page = page(context);
        String id = planted(page, "modern", position, null, g -> g.diceToPlay().high() == 6 && g.diceToPlay().low() == 5);
        page.navigate(server.url("/game.html#g=" + id));
        waitShown(page);
        page.click("#roll");
        page.waitForFunction("() => state.phase === 'play' && state.blocked && state.blocked['1']");
        page.evaluate("() => board.press(1)");
        String said = page.textContent("#message");
        if (locale.startsWith("fr")) {
          // The points named as the move list names them: the board's letters (White's 7 and 6).
          assertThat(said).startsWith("Cette dame ne peut pas bouger : 6 : La flèche " + org.jacquet.engine.Side.WHITE.letter(7) + " est occupée")
              .contains(" ; 5 : La flèche " + org.jacquet.engine.Side.WHITE.letter(6) + " est occupée");
        } else {
          assertThat(said).startsWith("This checker cannot move: 6: Point " + org.jacquet.engine.Side.WHITE.letter(7) + " is held")
              .contains("; 5: Point " + org.jacquet.engine.Side.WHITE.letter(6) + " is held");
        }
        shot(page, "why-not-each-die-" + locale.substring(0, 2));
      }
    }
  }
}
