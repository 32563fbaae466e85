package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.Test;

/**
 * "Play the computer with the tutor on" end to end (issue 24, item 3): chosen on the home page,
 * marked on the game's page; after a doubtful play the tutor shows the best play's arrows and
 * the learner takes the play back, to play the same dice again.
 */
class BrowserPracticeTest extends BrowserFixture {
  @Test
  void aLearnerTakesADoubtfulPlayBackAfterTheTutorsWord() {
    for (String[] lang : new String[][] {{"en-US", "Practice game", "Take it back", "The tutor asks: keep your play", "In a practice game the tutor is always on"},
        {"fr-FR", "Partie d'entraînement", "Le reprendre", "Le tuteur vous demande\u00a0: garder votre coup", "En partie d'entraînement, le tuteur est toujours actif"}}) {
      try (BrowserContext context = BrowserLayoutFaultsTest.phone(browser, lang[0], 390, 844)) {
        Page page = BrowserFaultsTest.page(context);
        boolean offered = false;
        // A race whose dice never give a doubtful play before it ends happens (a short race, its
        // throws forced or nearly so: once in a whole run): then another practice game, as a
        // learner would start one, until the tutor has had a doubtful play to speak of.
        for (int game = 0; game < 5 && !offered; game++) {
          page.navigate(server.url("/"));
          // A player who has thrown before: the page throws by itself (a newcomer's first game waits for a tap).
          page.evaluate("() => { localStorage.setItem('jacquet.speed', '0'); localStorage.setItem('jacquet.thrownByHand', 'yes'); }");
          page.click("#playPractice"); // beside "Play the computer"
          assertThat(js(page, "document.getElementById('opponent').value")).isEqualTo("practice");
          assertThat(page.isVisible("#level")).isTrue();
          page.selectOption("#level", "beginner");
          page.evaluate("p => { document.getElementById('position').value = p; }", BrowserTest.RACE); // a short game: a race
          page.click("#start");
          page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
          assertThat(page.textContent("#players")).contains(lang[1]);
          for (int turn = 0; turn < 8 && !offered; turn++) {
            // The page throws by itself (a new player's setting); the learner's dice are there.
            page.waitForFunction("() => shown.phase === 'over' || (shown.phase === 'play' && shown.turn === shown.you && !(shown.steps || []).length)",
                null, new Page.WaitForFunctionOptions().setTimeout(20_000));
            if ("over".equals(js(page, "shown.phase"))) break;
            // A play the real tutor finds doubtful, if this throw has one; else the best.
            String doubtful = (String) page.evaluate("async () => { for (const play of state.legal.slice(0, 12).reverse()) {"
                + " const r = await fetch('/api/games/' + gameId + '/tutor', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token }, body: JSON.stringify({ play }) });"
                + " const d = await r.json(); if (r.ok && d.lost > 0.05) return play; } return null; }");
            String dice = (String) js(page, "shown.dice.text");
            String before = (String) js(page, "shown.position.text");
            int version = ((Number) js(page, "shown.version")).intValue();
            String play = doubtful != null ? doubtful : (String) js(page, "state.legal[0]");
            page.evaluate("p => send({ type: 'play', play: p })", play);
            if (doubtful == null) {
              page.waitForFunction("v => shown.version > v + 1 || shown.phase === 'over'", version); // the computer went on
              continue;
            }
            page.waitForSelector("#tutorBox:not([hidden])", new Page.WaitForSelectorOptions().setTimeout(20_000));
            offered = true;
            assertThat(page.locator("#board .arrows-best").count()).as("the best play's arrows").isEqualTo(1);
            assertThat(page.textContent("#tutorBack")).isEqualTo(lang[2]);
            // Issue 31, item 15, on a phone: the status says the tutor's question is what is awaited
            // (not "Waiting for Black"); the board's arrows stay in view above the question; Settings ›
            // Tutor shows the level it speaks at, not "never"; no chat with a computer.
            assertThat(page.textContent("#status")).startsWith(lang[3]);
            assertThat(page.evaluate("() => { const a = document.querySelector('#board .arrows-best').getBoundingClientRect();"
                + " const q = document.getElementById('tutorBox').getBoundingClientRect();"
                + " return a.height > 0 && a.top >= 0 && a.bottom <= q.top && q.bottom <= innerHeight; }"))
                .as("the best play's arrows in view, above the question").isEqualTo(true);
            assertThat(js(page, "document.getElementById('tutor').value")).as("Settings › Tutor").isNotEqualTo("off");
            assertThat(page.textContent("#tutorNote")).startsWith(lang[4]);
            assertThat(page.isVisible("#chatBox")).as("no chat against the computer").isFalse();
            shot(page, "practice-offer-" + lang[0]);
            page.click("#tutorBack");
            page.waitForFunction("([d, p]) => shown.phase === 'play' && shown.turn === shown.you && shown.dice.text === d && shown.position.text === p",
                new Object[] {dice, before});
            assertThat(page.isVisible("#tutorBox")).isFalse();
          }
        }
        assertThat(offered).as("a doubtful play was offered back").isTrue();
      }
    }
  }
}
