package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.Page;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.engine.Side;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A newcomer goes from the home page through the first lessons: a wrong play refused with the
 * engine's reason, the right one accepted, progress kept after a reload; in English on a desktop
 * and in French on a phone (screens saved as lessons-*.png under target/screenshots).
 */
class BrowserLessonsTest extends BrowserFixture {
  final List<String> errors = new ArrayList<>();

  @AfterEach
  void noErrors() {
    // A refused play is answered 400 with its reason, which Chromium also logs: that one is expected.
    assertThat(errors).allMatch(e -> e.contains("status of 400"));
  }

  static void waitTask(Page page, String task) {
    page.waitForFunction("t => document.getElementById('task').textContent.includes(t)", task);
  }

  static void waitMessage(Page page, String part) {
    page.waitForFunction("t => document.getElementById('message').textContent.includes(t)", part);
  }

  /** Lays one step on the board as a player does: the checker, then its destination. */
  static void step(Page page, int from, int to) {
    page.click(".hit[data-point='" + from + "']");
    page.click("[data-target='" + to + "']");
  }

  /**
   * Types a play given in the mover's numbers and plays it, as a player may instead of laying it
   * on the board: written as the page names points (letters by default), as the player reads them.
   */
  static void type(Page page, String play) {
    page.fill("#playText", (String) page.evaluate("p => namePlay(p, mover())", play));
    page.press("#playText", "Enter");
  }

  /** A play of White's in the board letters (White's route runs m..x, then a..l). */
  static String letters(String whitePlay) {
    StringBuilder s = new StringBuilder();
    for (String step : whitePlay.split(" ")) {
      if (s.length() > 0) s.append(' ');
      String[] ends = step.split("/");
      s.append(Side.WHITE.letter(Integer.parseInt(ends[0]))).append('/')
          .append(ends[1].equals("off") ? "off" : String.valueOf(Side.WHITE.letter(Integer.parseInt(ends[1]))));
    }
    return s.toString();
  }

  /**
   * The new lessons on a phone in French: the timing step with world class's equities, the
   * ladder step where the learner saves points (the board counts them), the spanish one where it
   * wins them; every point named by the board's letters, then by the mover's numbers once
   * Settings say so.
   */
  @Test
  void timingLadderAndSpanishOnAPhoneInFrenchWithPointsNamedAsInGames() {
    Page page = device("fr-FR", true, errors);
    page.navigate(server.url("/learn.html"));
    waitTask(page, "Avancez une dame de votre talon");
    // The first task names its point as the game screen does: White's 9 is the letter u.
    assertThat(page.textContent("#task")).contains("sur la flèche " + Side.WHITE.letter(9) + ".").doesNotContain("[");
    js(page, "document.getElementById('contents').open = true");
    page.click("#lessonList li:has-text('le temps') button");
    waitTask(page, "3-2 : vos flèches " + Side.WHITE.letter(4) + " à " + Side.WHITE.letter(6));
    type(page, "6/9 19/21");
    waitMessage(page, "Classe mondiale, à l'instant : votre coup " + letters("6/9 19/21"));
    assertThat(page.textContent("#message")).contains("votre flèche " + Side.WHITE.letter(6) + " : un coup plus tard")
        .contains("le meilleur " + letters("20/23 19/21"));
    shot(page, "lessons-phone-fr-timing-worse");
    page.click("#again");
    type(page, "20/23 19/21");
    waitMessage(page, "Bien :");

    js(page, "document.getElementById('contents').open = true");
    page.click("#lessonList li:has-text('Compter les points') button");
    waitTask(page, "Gagnez la partie");
    type(page, "23/off 24/off");
    waitMessage(page, "Compté par le tablier : vous gagnez 2 points.");
    page.click("#next");
    waitTask(page, "Barème par paliers");
    assertThat(page.textContent("#task")).contains("flèche " + Side.WHITE.letter(5) + " est encore");
    type(page, "5/11 19/22");
    waitMessage(page, "si les noirs gagnaient maintenant, vous paieriez 4 points.");
    shot(page, "lessons-phone-fr-ladder-worse");
    page.click("#again");
    type(page, "5/11 11/14");
    waitMessage(page, "vous paieriez 3 points.");
    assertThat(page.textContent("#message")).startsWith("Bien :");
    page.click("#next");
    waitTask(page, "Barème espagnol");
    type(page, "23/off 24/off");
    waitMessage(page, "vous gagnez 22 points.");
    shot(page, "lessons-phone-fr-spanish");

    // The mover's numbers, chosen in the lessons' own Settings, name the same points; a play
    // typed in letters is then refused naming the setting, which is on this page.
    js(page, "document.getElementById('contents').open = true");
    page.click("#lessonList li:nth-child(1) button");
    waitTask(page, "elle finit sur la flèche " + Side.WHITE.letter(9) + ".");
    page.click("#settings summary");
    page.selectOption("#points", "mover");
    waitTask(page, "elle finit sur la flèche 9.");
    assertThat(js(page, "localStorage.getItem('jacquet.points')")).as("the game screen's choice too").isEqualTo("mover");
    page.fill("#playText", "m/r r/u");
    page.press("#playText", "Enter");
    waitMessage(page, "Réglages › Nommer les flèches par");
    assertThat(page.isVisible("#points")).as("the setting the refusal names, on this page").isTrue();
    shot(page, "lessons-phone-fr-settings");
    // Kept for the next visit.
    page.reload();
    page.waitForFunction("() => document.getElementById('points').value === 'mover'");
  }

  @Test
  void aNewcomerLearnsFromTheHomePageInEnglish() {
    Page page = device("en-US", false, errors);
    page.navigate(server.url("/"));
    page.click("#learnLink");
    waitTask(page, "Move one checker from your talon by both dice");
    assertThat(page.textContent("#lessonOf")).startsWith("Lesson 1 of ");
    // A wrong play, typed: refused with the engine's reason, the board unchanged.
    type(page, "1/7 7/10");
    waitMessage(page, "matches no die left");
    shot(page, "lessons-desk-en-wrong");
    assertThat(page.isVisible("#next")).isFalse();
    // The right play, on the board.
    page.click("#again");
    step(page, 1, 6);
    page.waitForSelector(".hit[data-point='6']");
    step(page, 6, 9);
    waitMessage(page, "Right:");
    assertThat(page.isVisible("#next")).isTrue();
    shot(page, "lessons-desk-en-right");
    // Kept after a reload: the course opens on the next position.
    page.reload();
    waitTask(page, "A double 3");
    assertThat(js(page, "JSON.parse(localStorage.getItem('jacquet.lessons')).done['moving/0']")).isEqualTo(true);
    type(page, "1/4 4/7 7/10");
    waitMessage(page, "Right:");
    assertThat(page.textContent("#lessonList")).contains("Moving and the dice ✓");
    // The next lesson: a checker that may not move says why when touched (the postilion rule).
    page.click("summary");
    // The task is written at once, the board when the server answers: wait for that board, or the
    // click lands on the last lesson's board and is lost when the answer redraws it.
    page.evaluate("() => { window.boardBefore = state; }");
    page.click("#lessonList li:nth-child(2) button");
    waitTask(page, "Your first throw, 6-4");
    page.waitForFunction("() => state !== window.boardBefore");
    step(page, 1, 7);
    page.waitForFunction("() => document.querySelector(\"[data-point='7']\") && state.steps.length === 1");
    page.click(".hit[data-point='1']");
    // Named as the game screen names points: White's 19 is the board's letter g.
    waitMessage(page, "must reach point " + Side.WHITE.letter(19) + " before any other checker moves");
    step(page, 7, 11);
    waitMessage(page, "Right:");
    assertThat(js(page, "JSON.parse(localStorage.getItem('jacquet.lessons')).done['postilion/0']")).isEqualTo(true);
  }

  @Test
  void onAPhoneInFrenchWithTheEnginesEquitiesOnAStrategyStep() {
    Page page = device("fr-FR", true, errors);
    page.navigate(server.url("/learn.html"));
    waitTask(page, "Avancez une dame de votre talon");
    shot(page, "lessons-phone-fr-start");
    assertThat(page.textContent("#lessonOf")).startsWith("Leçon 1 sur ");
    type(page, "1/7 7/10");
    waitMessage(page, "ne correspond à aucun dé restant");
    shot(page, "lessons-phone-fr-wrong");
    // The board stands on a phone held upright and fits its width.
    assertThat(js(page, "document.getElementById('board').classList.contains('portrait')")).isEqualTo(true);
    assertThat(((Number) js(page, "document.getElementById('board').getBoundingClientRect().right")).doubleValue()).isLessThanOrEqualTo(390);
    // A strategy step: a play that is legal but worse, with world class's equities, worked out now.
    page.click("summary");
    page.click("#lessonList li:has-text('la course') button");
    waitTask(page, "6-3 dans une course serrée");
    type(page, "17/23 22/off");
    waitMessage(page, "Classe mondiale, à l'instant : votre coup");
    assertThat(page.textContent("#message")).contains("le meilleur " + letters("17/20 19/off"));
    shot(page, "lessons-phone-fr-strategy");
    page.click("#again");
    type(page, "17/20 19/off");
    waitMessage(page, "Bien :");
    shot(page, "lessons-phone-fr-right");
  }
}
