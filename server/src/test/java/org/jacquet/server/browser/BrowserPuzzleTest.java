package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.Browser.NewContextOptions;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.ColorScheme;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.ai.benchmark.BenchmarkEntry;
import org.jacquet.ai.puzzle.Puzzle;
import org.jacquet.ai.puzzle.PuzzleFile;
import org.jacquet.engine.Play;
import org.jacquet.engine.PlayGenerator;
import org.jacquet.engine.Step;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The daily puzzle on a phone (390×844, touch), in English and in French: solved right (the
 * verdict, the streak counted once), then wrong in a fresh browser (the best play's arrows and
 * the learner's, the streak back to 0). Screens are saved as puzzle-*.png under
 * target/screenshots; any page error or console error fails the test.
 */
class BrowserPuzzleTest extends BrowserFixture {
  private static final List<Puzzle> MODERN = PuzzleFile.shipped(Rules.MODERN, "modern");
  final List<String> errors = new ArrayList<>();

  @AfterEach
  void noErrors() {
    assertThat(errors).isEmpty();
  }

  private BrowserContext phone(String locale) {
    return browser.chromium.newContext(new NewContextOptions().setLocale(locale).setViewportSize(390, 844)
        .setHasTouch(true).setIsMobile(true).setColorScheme(ColorScheme.LIGHT));
  }

  private Page daily(BrowserContext context) {
    Page page = context.newPage();
    page.onPageError(e -> errors.add("page error: " + e));
    page.onConsoleMessage(m -> { if ("error".equals(m.type())) errors.add("console: " + m.text()); });
    page.navigate(server.url("/puzzles.html"));
    page.waitForFunction("() => typeof puzzle !== 'undefined' && puzzle !== null && document.querySelectorAll('.hit').length > 0");
    return page;
  }

  /** The puzzle the page shows, from the shipped file. */
  static Puzzle shown(Page page) {
    int index = ((Number) js(page, "puzzle.index")).intValue();
    assertThat(js(page, "puzzle.date")).isNotNull();
    return MODERN.stream().filter(p -> p.index() == index).findFirst().orElseThrow();
  }

  /** Plays {@code c} on the board by tapping each checker and where it goes, as a player does. */
  static void play(Page page, Puzzle p, BenchmarkEntry.Candidate c) {
    Play play = PlayGenerator.legalPlays(Rules.MODERN, p.position(), p.dice()).leadingTo(c.result()).orElseThrow();
    int done = 0;
    for (Step s : play.steps()) {
      page.locator(".hit[data-point='" + s.from() + "']").tap(new Locator.TapOptions().setForce(true));
      page.locator(".target[data-target='" + s.to() + "']").first().tap(new Locator.TapOptions().setForce(true));
      done++;
      page.waitForFunction("n => steps.length === n", done);
    }
    page.waitForFunction("() => !document.getElementById('check').disabled");
  }

  static void check(Page page) {
    page.tap("#check");
    page.waitForFunction("() => !document.getElementById('answer').hidden");
  }

  /** {@code play} of the puzzle's mover in the board letters, compacted as the page writes plays. */
  private static String letters(Play play, Puzzle p) {
    java.util.Map<String, Integer> counts = new java.util.LinkedHashMap<>();
    for (Step s : play.steps()) {
      String step = p.position().turn().letter(s.from()) + "/" + (s.to() == 25 ? "off" : String.valueOf(p.position().turn().letter(s.to())));
      counts.merge(step, 1, Integer::sum);
    }
    StringBuilder out = new StringBuilder();
    counts.forEach((step, n) -> out.append(out.length() > 0 ? " " : "").append(step).append(n > 1 ? "(" + n + ")" : ""));
    return out.toString();
  }

  /**
   * Signed in, on a phone, in French then English: the page shows the puzzle rating instead of
   * the streak; the first answer to the daily puzzle moves it (the note says by how much and the
   * puzzle's new rating), a second answer is said not rated; the profile shows the rating.
   */
  @Test
  void aSignedInPlayersPuzzleRatingMovesOnceAndShowsOnTheProfile() {
    int n = 0;
    for (String locale : List.of("fr-FR", "en-GB")) {
      boolean french = locale.startsWith("fr");
      String name = "Solver" + n++;
      try (BrowserContext context = phone(locale)) {
        Page page = context.newPage();
        page.onPageError(e -> errors.add("page error: " + e));
        page.navigate(server.url("/puzzles.html"));
        Object status = page.evaluate("async n => (await fetch('/api/account/signup', { method: 'POST', headers: { 'Content-Type':"
            + " 'application/json' }, body: JSON.stringify({ name: n, password: 'a long password' }) })).status", name);
        assertThat(status).isEqualTo(201);
        page.reload();
        page.waitForFunction("() => typeof puzzle !== 'undefined' && puzzle !== null && document.querySelectorAll('.hit').length > 0");
        assertThat(page.textContent("#streak")).isEqualTo(french ? "Votre classement aux problèmes : 1500? (0 réponse classée)." // French: 0 and 1 take the singular
            : "Your puzzle rating: 1500? (0 rated answers).");
        Puzzle p = shown(page);
        play(page, p, p.best());
        check(page);
        long after = ((Number) js(page, "answer.rating.after")).longValue();
        assertThat(after).isGreaterThan(1500);
        assertThat(page.textContent("#ratingNote")).startsWith(french ? "Classement aux problèmes 1500 → " + after + " (+"
            : "Puzzle rating 1500 → " + after + " (+");
        // One answer: the singular in both languages (issue 31, item 17: "1 réponses classées").
        assertThat(page.textContent("#streak")).contains(after + "?")
            .endsWith(french ? "(1 réponse classée)." : "(1 rated answer).");
        shot(page, "puzzle-rated-" + (french ? "fr" : "en"));
        page.reload();
        page.waitForFunction("() => typeof puzzle !== 'undefined' && puzzle !== null && document.querySelectorAll('.hit').length > 0");
        play(page, p, p.candidates().get(1));
        check(page);
        assertThat(page.textContent("#ratingNote")).startsWith(french ? "Non classé : vous aviez déjà répondu" : "Not rated: you had already answered");
        assertThat(page.textContent("#streak")).contains(after + "?");
        page.navigate(server.url("/player.html#" + name));
        page.waitForFunction("() => document.querySelector(\"[data-category='puzzles'] .rating-value\") !== null");
        assertThat(page.textContent("[data-category='puzzles']")).contains(String.valueOf(after))
            .contains(french ? "résolus : 1 sur 1" : "solved: 1 of 1");
        shot(page, "puzzle-profile-" + (french ? "fr" : "en"));
      }
    }
  }

  @Test
  void theDailyPuzzleSolvedRightThenWrongInEnglishAndFrenchOnAPhone() {
    for (String locale : List.of("en-GB", "fr-FR")) {
      boolean french = locale.startsWith("fr");
      String tag = french ? "fr" : "en";
      try (BrowserContext context = phone(locale)) {
        Page page = daily(context);
        Puzzle p = shown(page);
        assertThat(page.textContent("#puzzleTitle")).contains(french ? "Problème du jour" : "Puzzle of the day");
        assertThat(page.textContent("#task")).contains(french ? "trouvez le meilleur coup" : "find the best play");
        shot(page, "puzzle-" + tag + "-start");
        play(page, p, p.best());
        check(page);
        assertThat(page.textContent("#verdict")).startsWith(french ? "Juste" : "Right");
        assertThat(page.locator("#candidates tr").count()).isEqualTo(p.candidates().size() + 1);
        assertThat(page.locator(".arrows-best").count()).isEqualTo(1);
        assertThat(page.locator(".arrows-played").count()).isEqualTo(0);
        assertThat(page.textContent("#streak")).contains(french ? "Série : 1" : "Streak: 1");
        shot(page, "puzzle-" + tag + "-right");
        if (french) {
          List<String> english = new ArrayList<>();
          BrowserFrenchTest.noEnglish(page, "puzzle solved", english);
          assertThat(english).isEmpty();
        }
        // The same puzzle again (reloaded): the streak counts each puzzle once.
        page.reload();
        page.waitForFunction("() => typeof puzzle !== 'undefined' && puzzle !== null && document.querySelectorAll('.hit').length > 0");
        play(page, p, p.candidates().get(1));
        check(page);
        assertThat(page.textContent("#streak")).contains(french ? "Série : 1" : "Streak: 1");
      }
      try (BrowserContext context = phone(locale)) {
        Page page = daily(context);
        Puzzle p = shown(page);
        play(page, p, p.candidates().get(1));
        check(page);
        Play best = PlayGenerator.legalPlays(Rules.MODERN, p.position(), p.dice()).leadingTo(p.best().result()).orElseThrow();
        assertThat(page.textContent("#verdict")).startsWith(french ? "Ce n'est pas le meilleur coup" : "Not the best play")
            .contains(letters(best, p));
        // Every play of the answer is named by the board's letters, as in a game: no route number left.
        assertThat(page.textContent("#candidates")).doesNotContainPattern("\\d+/");
        assertThat(page.locator(".arrows-best").count()).isEqualTo(1);
        assertThat(page.locator(".arrows-played").count()).isEqualTo(1);
        assertThat(page.locator("#candidates tr.yours").count()).isEqualTo(1);
        assertThat(page.textContent("#streak")).contains(french ? "Série : 0" : "Streak: 0");
        // The answer fits the phone's width: nothing to scroll sideways.
        assertThat((Boolean) js(page, "document.documentElement.scrollWidth <= 390")).isTrue();
        shot(page, "puzzle-" + tag + "-wrong");
        if (french) {
          List<String> english = new ArrayList<>();
          BrowserFrenchTest.noEnglish(page, "puzzle missed", english);
          assertThat(english).isEmpty();
        }
      }
    }
  }
}
