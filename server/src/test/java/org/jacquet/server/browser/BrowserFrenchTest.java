package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.over;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.server.testing.BrowserFixture;
import org.jacquet.server.testing.Progress;
import org.junit.jupiter.api.Test;

/**
 * The French sweep: a whole game on a French page, every refusal a player can meet on the way
 * (plays typed wrong, a checker that may not move, the lobby's bad position and dice), and
 * after each the page is read for English.
 */
class BrowserFrenchTest extends BrowserFixture {
  /** Words that only an English page shows (the play notation and numbers are shared). */
  static final Pattern ENGLISH = Pattern.compile(
      "\\b(White|Black|the|The|cannot|wins|Throw|Undo|Confirm|Hint|Resign|Moves|Score:|not|checker|pips|Review|Download|Copy|Settings|opponent|your|Your|turn|point \\d|is held|must|bears?|block|Lobby|Rules|Opponent|Level|Start|Analyse|played|passes)\\b");

  static void noEnglish(Page page, String when, List<String> found) {
    // What the player typed, quoted back «…», is theirs, not the page's.
    // The position text's own keywords (white=, black=, turn=), which the engine's French
    // reasons name, are the syntax the player types, not English.
    String text = ((String) js(page, "document.body.innerText")).replaceAll("«[^»]*»", "«»")
        .replaceAll("\\bturn=|\\bet turn\\b", "");
    Matcher m = ENGLISH.matcher(text);
    while (m.find()) {
      int from = Math.max(0, m.start() - 40);
      found.add(when + ": «" + text.substring(from, Math.min(text.length(), m.end() + 40)).replace('\n', ' ') + "»");
    }
  }

  @Test
  void aFrenchPlayerMeetsNoEnglishFromTheLobbyToTheReview() {
    List<String> english = new ArrayList<>();
    try (BrowserContext context = browser.context("fr-FR")) {
      Page lobby = context.newPage();
      lobby.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
      lobby.navigate(server.url("/#tools")); // the typed position, analysis and editor are behind their entry
      noEnglish(lobby, "lobby", english);
      // The lobby's refusals: a position that cannot be, dice that cannot be.
      lobby.fill("#aPosition", "white=1:16 black=1:15 turn=white");
      lobby.click("#analyseButton");
      lobby.waitForFunction("() => document.getElementById('aError').textContent.length > 0");
      noEnglish(lobby, "analysis of a bad position", english);
      // The engine's reason, worded in French from its code and values (not its English detail).
      assertThat(lobby.textContent("#aError")).contains("Blanc a plus de 15 dames");
      lobby.fill("#aPosition", "white=1:15 black=1:15 turn=white");
      lobby.fill("#aDice", "7-7");
      lobby.click("#analyseButton");
      lobby.waitForFunction("() => document.getElementById('aError').textContent.length > 0");
      noEnglish(lobby, "analysis of bad dice", english);
      assertThat(lobby.textContent("#aError")).contains("chaque dé vaut de 1 à 6");
      lobby.fill("#position", "white=1:16 black=1:15 turn=white");
      lobby.click("#start");
      lobby.waitForFunction("() => document.getElementById('error').textContent.length > 0");
      noEnglish(lobby, "a game from a bad position", english);
      assertThat(lobby.textContent("#error")).contains("Blanc a plus de 15 dames");
      shot(lobby, "lobby-fr-refused");
      // More a newcomer can type wrong: a position ID, a field name, a start no game may be
      // played from (a block of six without its return checker), a match too long.
      String[][] starts = {
        {"ABC", "doit s'écrire nom=valeur"},
        {"blanc=1:15 black=1:15 turn=white", "champ de position inconnu"},
        {"white=1:10,2:1,3:1,4:1,5:1,6:1 black=1:15 turn=white", "dame de retour"},
      };
      for (String[] start : starts) {
        lobby.evaluate("() => document.getElementById('error').textContent = ''");
        lobby.fill("#position", start[0]);
        lobby.click("#start");
        lobby.waitForFunction("() => document.getElementById('error').textContent.length > 0");
        noEnglish(lobby, "a game from " + start[0], english);
        assertThat(lobby.textContent("#error")).contains(start[1]);
      }
      lobby.evaluate("() => document.getElementById('error').textContent = ''");
      lobby.fill("#position", "");
      lobby.fill("#match", "100");
      // The browser's own form check stops it (in the browser's language), before the server.
      assertThat(js(lobby, "document.getElementById('match').validity.valid")).isEqualTo(false);
      lobby.fill("#match", "3");
      shot(lobby, "lobby-fr-refused-more");
      // A whole game against the computer.
      // Every throw and play the test's own: the page's own (after its pause) would race the
      // click below, and a forced 6-6 would be played while wrong plays are typed.
      stillAndManual(lobby);
      lobby.fill("#position", BrowserTest.RACE);
      lobby.selectOption("#level", "beginner");
      lobby.fill("#match", "1");
      lobby.click("#start");
      Page page = lobby;
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      noEnglish(page, "game start", english);
      page.click("#roll");
      page.waitForFunction("() => state.phase === 'play' && state.turn === 'white'");
      // Plays typed wrong: unreadable, backwards, from an empty point, leaving dice unused.
      for (String wrong : new String[] {"zz", "24/19", "2/8", "19/20"}) {
        page.fill("#notation", (String) page.evaluate("p => namePlay(p, 'white')", wrong)); // typed as the page names points
        page.press("#notation", "Enter");
        page.waitForFunction("() => document.getElementById('message').textContent.length > 0");
        noEnglish(page, "typed " + wrong, english);
        page.evaluate("() => say('')");
      }
      // A checker that may not move says why, in French.
      Object blocked = js(page, "Object.keys(state.blocked || {})[0] || null");
      if (blocked != null) {
        page.evaluate("r => board.press(Number(r))", blocked);
        assertThat(page.textContent("#message")).startsWith("Cette dame ne peut pas bouger");
        noEnglish(page, "a checker that may not move", english);
      }
      shot(page, "game-fr-refused");
      Progress progress = new Progress(page);
      while (!over(page) && progress.goesOn()) {
        if (!BrowserPlayTest.act(page, false)) page.waitForTimeout(30);
        noEnglish(page, "during the game", english);
      }
      assertThat(over(page)).isTrue();
      noEnglish(page, "game over", english);
      page.click("#review");
      page.waitForSelector(".review-graph", new Page.WaitForSelectorOptions().setTimeout(60_000));
      page.keyboard().press("Home");
      noEnglish(page, "review", english);
      // Numbers as a French reader writes them: a decimal comma, a true minus sign.
      String numbers = page.textContent("#reviewSummary") + page.textContent("#reviewTurns");
      assertThat(numbers).as("the review's numbers").containsPattern("\\d,\\d{3}").doesNotContainPattern("\\d\\.\\d")
          .doesNotContain("-0");
      shot(page, "review-fr");
    }
    assertThat(english).as("English on the French page").isEmpty();
  }
}
