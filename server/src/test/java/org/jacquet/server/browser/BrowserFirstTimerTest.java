package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.Browser.NewContextOptions;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.ColorScheme;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jacquet.engine.game.GameEvent;
import org.jacquet.engine.game.Phase;
import org.jacquet.server.testing.BrowserFixture;
import org.jacquet.server.testing.Progress;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Someone who has never played, on a phone (upright and lying down) and on a desktop, in French
 * and in English: what they must find on each screen. Screens are saved as first-*.png under
 * target/screenshots; any console error or uncaught page error fails the test.
 */
class BrowserFirstTimerTest extends BrowserFixture {
  final List<String> errors = new ArrayList<>();

  BrowserContext context(String locale, int width, int height, boolean touch) {
    return browser.chromium.newContext(new NewContextOptions().setLocale(locale).setViewportSize(width, height)
        .setHasTouch(touch).setIsMobile(touch).setColorScheme(ColorScheme.LIGHT));
  }

  Page page(BrowserContext context) {
    Page page = context.newPage();
    page.onPageError(e -> errors.add("page error: " + e));
    page.onConsoleMessage(m -> { if ("error".equals(m.type())) errors.add("console: " + m.text()); });
    return page;
  }

  @AfterEach
  void noErrors() {
    assertThat(errors).isEmpty();
  }

  static void waitShown(Page page) {
    page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
  }

  /**
   * Everything a finger may press on the page that is smaller than 40 px either way (the board's
   * own points aside: they are measured with the board).
   */
  static List<String> tinyTargets(Page page) {
    @SuppressWarnings("unchecked")
    List<String> tiny = (List<String>) page.evaluate("() => [...document.querySelectorAll('a, button, select, input, summary, li[tabindex], li.turn-line')]"
        + ".filter(e => !e.closest('svg') && !e.closest('[hidden]') && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')"
        + ".map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => (r.height < 40 || r.width < 40) && e.type !== 'checkbox')"
        + ".map(([e, r]) => (e.id || e.tagName + ':' + e.textContent.trim().slice(0, 20)) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))");
    return tiny;
  }

  @Test
  void theLobbyTheRulesAndTheStartOnEveryScreen() {
    String[][] sizes = {{"phone", "390", "844", "t"}, {"land", "844", "390", "t"}, {"desk", "1280", "800", ""}};
    for (String locale : new String[] {"fr-FR", "en-US"}) {
      boolean fr = locale.startsWith("fr");
      for (String[] size : sizes) {
        String tag = size[0] + "-" + locale.substring(0, 2);
        boolean touch = !size[3].isEmpty();
        try (BrowserContext context = context(locale, Integer.parseInt(size[1]), Integer.parseInt(size[2]), touch)) {
          Page page = page(context);
          page.navigate(server.url("/"));
          // Every throw the test's own: the page's own throw after its pause would race the
          // status read and the click below (a screenshot and the tap-target check take longer
          // than the pause on a loaded machine).
          stillAndManual(page);
          page.waitForFunction("() => document.querySelectorAll('#level option').length > 0");
          shot(page, "first-" + tag + "-lobby");
          if (touch) assertThat(tinyTargets(page)).as("tap targets in the lobby, " + tag).isEmpty();
          if (!size[0].equals("land")) {
            page.navigate(server.url("/rules.html"));
            shot(page, "first-" + tag + "-rules");
            page.navigate(server.url("/"));
          }
          if (size[0].equals("desk")) {
            // Every level the lobby offers starts a game, named on the page in the reader's language.
            Map<String, String> names = fr
                ? Map.of("beginner", "Débutant", "casual", "Occasionnel", "intermediate", "Intermédiaire", "advanced", "Avancé",
                    "expert", "Expert", "world-class", "Classe mondiale")
                : Map.of("beginner", "Beginner", "casual", "Casual", "intermediate", "Intermediate", "advanced", "Advanced",
                    "expert", "Expert", "world-class", "World class");
            assertThat(page.evalOnSelectorAll("#level option", "os => os.map(o => o.value)"))
                .as("the lobby offers every level of the scale").isEqualTo(List.of("beginner", "casual", "intermediate", "advanced", "expert", "world-class"));
            for (String level : names.keySet()) {
              page.selectOption("#level", level);
              assertThat(page.textContent("#levelHelp")).as("what %s is", level).isNotBlank().doesNotContain("levelsHelp");
              page.click("#start");
              waitShown(page);
              assertThat(page.textContent("#players")).contains((fr ? "Noirs (" : "Black (") + names.get(level) + ")");
              page.goBack();
              page.waitForFunction("() => document.querySelectorAll('#level option').length > 0");
            }
          }
          page.selectOption("#level", "beginner");
          page.click("#start");
          waitShown(page);
          // Before the first throw: what to do, and how the start is decided.
          assertThat(page.textContent("#status")).isEqualTo(fr ? "Jetez pour le départ : un dé chacun, le plus fort commence."
              : "Throw for the start: one die each, the higher begins.");
          shot(page, "first-" + tag + "-start");
          if (touch) assertThat(tinyTargets(page)).as("tap targets in a game, " + tag).isEmpty();
          page.click("#roll");
          page.waitForFunction("() => shown.events.length > 0");
          shot(page, "first-" + tag + "-opening");
          if (touch) {
            // The words by the dice ("Tie!", "cannot play") clear of the quadrants' names, upright and lying down
            // (the page cut from the server first: the computer's next play would draw over the board drawn here).
            page.evaluate("() => { fatal = true; socket.close(); }");
            for (String drawn : new String[] {"{ phase: 'opening_throw', events: [{ kind: 'opening', white: 3, black: 3 }] }",
                "{ phase: 'roll', turn: shown.you === 'white' ? 'black' : 'white', dice: null, lost: null,"
                    + " events: [{ kind: 'turn', side: shown.you, dice: '6-5', pass: true, play: '' }] }"}) {
              page.evaluate("() => { board.labels = true; board.render(Object.assign({}, shown, " + drawn + "), { marks: [] }); }");
              assertThat(js(page, "(() => { const l = [...document.querySelectorAll('.dice-label')].map(e => e.getBoundingClientRect());"
                  + " const q = [...document.querySelectorAll('.b-label:not(.dice-label)')].map(e => e.getBoundingClientRect());"
                  + " return l.length > 0 && l.every(a => q.every(b => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top)); })()"))
                  .as("the dice's words clear of the other labels, " + tag + ", " + drawn).isEqualTo(true);
            }
            // The points' numbers readable: at least 8 px high, even on a board 475 px wide.
            double numberHeight = ((Number) js(page, "document.querySelector('.p-num').getBoundingClientRect().height")).doubleValue();
            assertThat(numberHeight).as("the points' numbers, " + tag).isGreaterThanOrEqualTo(8);
            page.evaluate("() => { board.labels = false; render(); }");
            // Back in the lobby, the games this browser holds, each a link a finger can take.
            page.navigate(server.url("/"));
            page.waitForFunction("() => document.querySelectorAll('#games li a').length > 0");
            page.locator("#games").scrollIntoViewIfNeeded();
            shot(page, "first-" + tag + "-lobby-games");
            assertThat(tinyTargets(page)).as("tap targets in the lobby with games, " + tag).isEmpty();
          }
        }
      }
    }
  }

  @Test
  void aFirstTimerIsToldWhatHappenedAndWhatToDo() {
    try (BrowserContext context = context("fr-FR", 390, 844, true)) {
      Page page = page(context);
      // The postilion on 7: a checker of the talon may not leave before it reaches 19.
      String id = planted(page, "modern", "white=1:14,7:1 black=1:14,9:1 turn=white", null,
          g -> g.phase() == Phase.PLAY && g.legalPlays().plays().size() > 1);
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      assertThat(page.textContent("#inviteNote")).contains("Votre ami n'est pas encore là : envoyez-lui le lien");
      double undoBefore = ((Number) js(page, "document.getElementById('undo').getBoundingClientRect().top")).doubleValue();
      page.tap("#roll");
      page.waitForFunction("() => shown.phase === 'play'");
      assertThat(page.textContent("#guide")).contains("choisissez une dame cerclée d'or, puis une flèche verte");
      // How to play is in view on the phone, and the buttons did not move as it changed.
      assertThat(((Number) js(page, "document.getElementById('guide').getBoundingClientRect().bottom")).doubleValue()).isLessThanOrEqualTo(844);
      assertThat(((Number) js(page, "document.getElementById('undo').getBoundingClientRect().top")).doubleValue()).isEqualTo(undoBefore);
      // The checkers that may move are ringed so that one sees it: on a cream checker too, in both themes.
      for (ColorScheme scheme : new ColorScheme[] {ColorScheme.DARK, ColorScheme.LIGHT}) {
        page.emulateMedia(new Page.EmulateMediaOptions().setColorScheme(scheme));
        page.waitForFunction("t => document.documentElement.dataset.theme === t", scheme == ColorScheme.DARK ? "dark" : "light",
            new Page.WaitForFunctionOptions().setTimeout(3000));
        assertThat(((Number) js(page, "(() => { const lum = c => { const v = c.match(/\\d+/g).slice(0, 3).map(x => x / 255)"
            + ".map(x => x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };"
            + " const c = getComputedStyle(document.querySelector('.checker.movable.c-white')); const a = lum(c.stroke), b = lum(c.fill);"
            + " return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); })()")).doubleValue())
            .as("contrast of the gold ring on a white checker, " + scheme + " theme").isGreaterThanOrEqualTo(2);
      }
      page.locator(".hit[data-point='1']").tap(new com.microsoft.playwright.Locator.TapOptions().setForce(true));
      // Named as the move list names points: the board's letters (White's 7 and 19).
      assertThat(page.textContent("#message")).startsWith("Cette dame ne peut pas bouger : Le postillon (flèche " + org.jacquet.engine.Side.WHITE.letter(7)
          + ") doit atteindre la flèche " + org.jacquet.engine.Side.WHITE.letter(19));
      // The reason is in view, and does not push the buttons off the phone's screen.
      assertThat(((Number) js(page, "document.getElementById('message').getBoundingClientRect().bottom")).doubleValue()).isLessThanOrEqualTo(844);
      assertThat(((Number) js(page, "document.getElementById('confirm').getBoundingClientRect().bottom")).doubleValue()).isLessThanOrEqualTo(844);
      shot(page, "first-phone-fr-postilion");
      // The race count is not called "points" beside the score in points; no keyboard help without a keyboard.
      assertThat(page.textContent("#players")).containsPattern("\\d+ à courir · \\d+ sorties").doesNotContainPattern("\\d+ points ·");
      assertThat(page.isVisible("p.keys[data-t=keys]")).isFalse();

      // The friend comes by the invitation link, in another browser: the page stops asking for them.
      try (BrowserContext friend = context("fr-FR", 1280, 800, false)) {
        Page theirs = page(friend);
        theirs.navigate(server.url("/game.html#g=" + id + "&t=black-seat"));
        theirs.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === 'black'");
        page.waitForFunction("() => shown.players.black.connected");
        assertThat(page.textContent("#inviteNote")).isEmpty();
        assertThat(theirs.textContent("#status")).isEqualTo("En attente : Blancs (adversaire)");
        shot(theirs, "first-desk-fr-friend-joined");
        // A refusal stays said until the game moves on, then goes: it was about the game as it was.
        theirs.evaluate("() => send({ type: 'roll' })");
        theirs.waitForFunction("() => document.getElementById('message').textContent !== ''");
        assertThat(theirs.textContent("#message")).isEqualTo("Ce n'est pas à vous.");
        page.evaluate("() => send({ type: 'play', play: state.legal[0] })");
        theirs.waitForFunction("() => shown.turn === 'black'");
        assertThat(theirs.textContent("#message")).isEmpty();
      }

      // A throw that cannot be played at all: drawn, and why said.
      id = planted(page, "modern", "white=1:15 black=1:13,18:1,19:1 turn=white", null,
          g -> !g.events().isEmpty() && g.events().get(0) instanceof GameEvent.Turn t && t.dice().high() == 6 && t.dice().low() == 5);
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      page.tap("#roll");
      page.waitForFunction("() => shown.turn === 'black'");
      assertThat(page.textContent("#lostInfo")).startsWith("Les Blancs ne peuvent pas jouer 6 et 5 : ").contains("La flèche " + org.jacquet.engine.Side.WHITE.letter(7) + " est occupée");
      assertThat(page.textContent("#status")).isEqualTo("Les Blancs ne peuvent pas jouer 6 et 5 (pourquoi : plus bas). En attente : Noirs (adversaire)");
      shot(page, "first-phone-fr-lost");
      // The explanation under the buttons: however long, it leaves them where the thumb finds them.
      assertThat(((Number) js(page, "document.getElementById('roll').getBoundingClientRect().bottom")).doubleValue()).isLessThanOrEqualTo(844);

      // A throw only partly playable, in one way: said before it is confirmed.
      id = planted(page, "modern", "white=1:14,19:1 black=1:13,18:1,19:1 turn=white", null,
          g -> g.phase() == Phase.PLAY && g.diceToPlay().high() == 6 && g.diceToPlay().low() == 5);
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      page.tap("#roll");
      page.waitForFunction("() => shown.phase === 'play'");
      assertThat(page.textContent("#status")).endsWith("Coup forcé : g/l, le reste du jet ne peut pas être joué — validez-le."); // White's 19/24 in the board letters
      shot(page, "first-phone-fr-forced-part");

      // A forced play: the status says Confirm plays it, and Confirm does.
      id = planted(page, "modern", "white=22:2 black=1:15 turn=white", "beginner",
          g -> g.phase() == Phase.PLAY && g.diceToPlay().high() == 4 && g.diceToPlay().low() == 3);
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      page.tap("#roll");
      page.waitForFunction("() => shown.phase === 'play'");
      assertThat(page.textContent("#status")).contains("Coup forcé : j/off(2) — validez-le."); // White's 22/off(2) in the board letters
      shot(page, "first-phone-fr-forced");
      assertThat(page.isEnabled("#confirm")).as("Confirm, as the status says").isTrue();
      page.tap("#confirm");
      page.waitForSelector("#overPanel:not([hidden])");
      assertThat(page.textContent("#status")).startsWith("Vous gagnez cette partie. Les Blancs gagnent 2 points (partie double");
      shot(page, "first-phone-fr-over");
      assertThat(tinyTargets(page)).as("tap targets at the end").isEmpty();
    }
    // The computer plays first: what it played is said, then what to do.
    try (BrowserContext context = context("en-US", 1280, 800, false)) {
      Page page = page(context);
      String id = create(page, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + BrowserTest.RACE.replace("turn=white", "turn=black") + "\"}");
      page.navigate(server.url("/game.html#g=" + id));
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.turn === 'white' && shown.phase === 'roll'");
      assertThat(page.textContent("#status")).matches("Black played [^:]+: [a-x/ off()0-9]+\\. Your turn: throw the dice\\.");
      shot(page, "first-desk-en-computer-played");
      assertThat(page.isVisible("p.keys[data-t=keys]")).as("the keys, on a desktop").isTrue();
      // A spectator's board names the talons by side: each name on the felt, clear of the tray's counts.
      Page watcher = page(context.browser().newContext(new NewContextOptions().setLocale("fr-FR").setViewportSize(1280, 800)));
      watcher.navigate(server.url("/game.html#g=" + id));
      waitShown(watcher);
      assertThat(watcher.locator(".talon-label").count()).isEqualTo(2);
      assertThat(js(watcher, "(() => { const felts = [...document.querySelectorAll('.b-felt')].map(e => e.getBoundingClientRect());"
          + " const counts = [...document.querySelectorAll('.b-count')].map(e => e.getBoundingClientRect());"
          + " return [...document.querySelectorAll('.talon-label')].map(e => e.getBoundingClientRect()).every(a =>"
          + " felts.some(f => a.left >= f.left && a.right <= f.right) && counts.every(b => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top)); })()"))
          .as("the talons' names on the felt, clear of the counts").isEqualTo(true);
      shot(watcher, "first-desk-fr-spectator");
      watcher.context().close();
    }
  }

  @Test
  void lyingDownAWholeGameAgainstTheComputerItsReviewAndARematch() {
    try (BrowserContext context = context("en-US", 844, 390, true)) {
      Page page = page(context);
      String id = create(page, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + BrowserTest.RACE + "\"}");
      page.navigate(server.url("/game.html#g=" + id));
      waitShown(page);
      boolean reloaded = false;
      Progress progress = new Progress(page);
      while (!BrowserTest.over(page) && progress.goesOn()) {
        if (!reloaded && ((Number) js(page, "(state.steps || []).length")).intValue() > 0) {
          // Reloaded halfway through a play: the same board, the step laid down still there.
          // Which dice are spent: a used die greyed, or for a double the steps left.
          if ((Boolean) js(page, "shown.dice.values[0] !== shown.dice.values[1]")) {
            assertThat(page.locator(".die.used").count()).isEqualTo(((Number) js(page, "2 - shown.diceLeft.length")).intValue());
          } else {
            assertThat(page.textContent(".dice-count")).isEqualTo("×" + js(page, "shown.diceLeft.length"));
          }
          Object before = js(page, "JSON.stringify([state.version, state.steps])");
          shot(page, "first-land-en-step");
          page.reload();
          waitShown(page);
          assertThat(js(page, "JSON.stringify([state.version, state.steps])")).isEqualTo(before);
          assertThat(page.textContent("#guide")).isIn("Play the rest of the dice, or Undo.", "The play is complete: Confirm it, or Undo to change it.");
          shot(page, "first-land-en-reloaded");
          reloaded = true;
        }
        if (!BrowserPlayTest.act(page, true)) page.waitForTimeout(20);
      }
      assertThat(BrowserTest.over(page)).isTrue();
      page.waitForSelector("#overPanel:not([hidden])");
      shot(page, "first-land-en-over");
      assertThat(js(page, "[...document.querySelector('.panel').children].filter(e => e.getClientRects().length && e.id !== 'announce')"
          + ".filter(e => e.scrollHeight > e.clientHeight + 1).map(e => (e.id || e.className) + ' ' + e.scrollHeight + '>' + e.clientHeight)"))
          .as("the panel's lines each in its own box, none spilling over the next").isEqualTo(List.of());
      page.tap("#review");
      page.waitForSelector(".review-graph", new Page.WaitForSelectorOptions().setTimeout(30_000));
      shot(page, "first-land-en-review");
      page.tap("#rematch");
      page.waitForFunction("old => typeof shown !== 'undefined' && shown !== null && state.id !== old", id);
      shot(page, "first-land-en-rematch");
      assertThat(js(page, "shown.you")).isEqualTo("black");
      // The rematch starts from the same position, sides swapped: the computer (White) moves first.
      page.waitForFunction("() => shown.turn === 'black' && shown.phase === 'roll'");
      assertThat(page.textContent("#status")).matches("White played [^.]+\\. Your turn: throw the dice\\.");
    }
  }
}
