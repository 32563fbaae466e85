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
  private static Puzzle shown(Page page) {
    int index = ((Number) js(page, "puzzle.index")).intValue();
    assertThat(js(page, "puzzle.date")).isNotNull();
    return MODERN.stream().filter(p -> p.index() == index).findFirst().orElseThrow();
  }

  /** Plays {@code c} on the board by tapping each checker and where it goes, as a player does. */
  private static void play(Page page, Puzzle p, BenchmarkEntry.Candidate c) {
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

  private static void check(Page page) {
    page.tap("#check");
    page.waitForFunction("() => !document.getElementById('answer').hidden");
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
            .contains((String) page.evaluate("n => compactPlay(n)", best.notation()));
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
