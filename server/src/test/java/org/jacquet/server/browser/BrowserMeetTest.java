package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.Page;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.Test;

/**
 * Strangers meet on the home page, in real Chromium, each in a browser of its own: one posts a
 * challenge on a desktop, the other accepts it on a phone, both land in the game with their
 * names shown, and a third finds it among the games being played and watches it, turning the
 * board; in French, two players press Play now and are paired. Screens saved in
 * target/screenshots (meet-*) to be looked at.
 */
class BrowserMeetTest extends BrowserFixture {
  /** The page once it knows its player and has had the lobby from its socket. */
  static Page home(Page page, String url) {
    page.navigate(url);
    // Every throw the test's own: a page throwing by itself after its pause races the clicks.
    stillAndManual(page);
    page.waitForFunction("() => document.getElementById('myName').textContent !== '' && document.getElementById('online').textContent !== ''");
    return page;
  }

  static String myName(Page page) {
    return page.textContent("#myName");
  }

  @Test
  void twoStrangersMeetThroughAChallengeAndAThirdWatches() {
    List<String> errors = new ArrayList<>();
    Page ann = home(device("en-GB", false, errors), server.url("/"));
    Page bob = home(device("en-GB", true, errors), server.url("/"));
    // Ann takes a name of her own; a look-alike of the computer's level is refused, in words.
    ann.click("#rename");
    ann.fill("#nameInput", "Expert");
    ann.click("#renameForm button[type=submit]");
    ann.waitForFunction("() => document.getElementById('nameError').textContent !== ''");
    assertThat(ann.textContent("#nameError")).contains("kept for the computer");
    errors.clear(); // the browser logs the refusal's 400: it is what this step expects
    ann.fill("#nameInput", "Marguerite");
    ann.click("#renameForm button[type=submit]");
    ann.waitForFunction("() => document.getElementById('myName').textContent === 'Marguerite'");
    shot(bob, "meet-phone-lobby-empty");

    ann.click("#postSeek summary");
    ann.selectOption("#seekTime", "12+120");
    ann.fill("#seekMatch", "3");
    ann.selectOption("#seekColour", "white");
    ann.click("#postButton");
    ann.waitForSelector("#seeks li.seek button.cancel");
    bob.waitForSelector("#seeks li.seek button.accept");
    String listed = bob.textContent("#seeks li.seek");
    assertThat(listed).contains("Marguerite").contains("match to 3").contains("12 s a move + 2 min a point");
    shot(bob, "meet-phone-lobby-challenge");
    shot(ann, "meet-desktop-lobby-challenge");

    bob.click("#seeks li.seek button.accept");
    bob.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === 'black'");
    ann.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === 'white'");
    String bobName = (String) bob.evaluate("() => shown.players.black.name");
    assertThat(ann.textContent("#players")).contains("Marguerite, you").contains(bobName);
    assertThat(bob.textContent("#players")).contains("Marguerite").contains(bobName + ", you");
    shot(bob, "meet-phone-game");
    shot(ann, "meet-desktop-game");

    // Ann throws for the start until it is not a tie; the move list then names who starts.
    for (int thrown = 0; thrown < 30 && "opening_throw".equals(ann.evaluate("() => shown.phase")); thrown++) {
      ann.waitForSelector("#roll:not([disabled])");
      ann.click("#roll");
      ann.waitForFunction("n => shown.events.length > n", thrown);
    }

    Page cy = home(device("en-GB", false, errors), server.url("/"));
    cy.waitForSelector("#played li a");
    assertThat(cy.textContent("#played")).contains("Marguerite – " + bobName).contains("watching: 0");
    shot(cy, "meet-desktop-games-played");
    cy.click("#played li a");
    cy.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === null");
    assertThat(cy.isVisible("#turnBoard")).isTrue();
    String whiteTalonFirst = (String) cy.evaluate("() => board.viewer()");
    cy.click("#turnBoard");
    assertThat((String) cy.evaluate("() => board.viewer()")).isNotEqualTo(whiteTalonFirst);
    assertThat(cy.textContent("#moves")).as("the opening's winner named").containsAnyOf("(Marguerite)", "(" + bobName + ")");
    shot(cy, "meet-desktop-watching-turned");
    assertThat(ann.isVisible("#turnBoard")).as("players do not turn their board").isFalse();
    home(cy, server.url("/"));
    cy.waitForFunction("() => document.getElementById('played').textContent.includes('watching: 0')");
    // Back home, Ann's games name her opponent as the game did, not "a friend".
    home(ann, server.url("/"));
    ann.waitForSelector("#games li a");
    assertThat(ann.textContent("#games")).contains("White vs " + bobName).doesNotContain("a friend");
    shot(ann, "meet-desktop-your-games");
    assertThat(errors).isEmpty();
  }

  @Test
  void inFrenchTwoPlayersPressPlayNowAndArePaired() {
    List<String> errors = new ArrayList<>();
    Page lea = home(device("fr-FR", true, errors), server.url("/"));
    Page max = home(device("fr-FR", false, errors), server.url("/"));
    assertThat(myName(lea)).matches("Joueur-\\d{4}");
    assertThat(lea.textContent(".pitch")).contains("cousin français du backgammon");
    lea.selectOption("#timeControl", "8+30");
    lea.click("#playNow");
    lea.waitForSelector("#pairing:not([hidden])");
    assertThat(lea.textContent("#pairingText")).contains("Recherche d'un adversaire").contains("8 s par coup + 30 s par point");
    shot(lea, "meet-phone-fr-pairing");
    max.selectOption("#timeControl", "8+30");
    max.click("#playNow");
    lea.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you !== null");
    max.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you !== null");
    assertThat(lea.evaluate("() => gameId")).isEqualTo(max.evaluate("() => gameId"));
    assertThat(lea.evaluate("() => shown.you")).isNotEqualTo(max.evaluate("() => shown.you"));
    String maxName = (String) max.evaluate("() => shown.players[shown.you].name");
    assertThat(maxName).matches("Joueur-\\d{4}");
    assertThat(lea.textContent("#players")).contains(maxName);
    shot(lea, "meet-phone-fr-game");
    // Back home, Léa's games name her opponent ("Blancs contre Joueur-1234"), not "un ami".
    home(lea, server.url("/"));
    lea.waitForSelector("#games li a");
    assertThat(lea.textContent("#games")).contains(" contre " + maxName).doesNotContain("ami");
    lea.locator("#games").scrollIntoViewIfNeeded();
    shot(lea, "meet-phone-fr-your-games");
    assertThat(errors).isEmpty();
  }
}
