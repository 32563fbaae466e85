package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.clock.TimeControl;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.Test;

/** The home page on a phone (390×844), in English and French: its header whole, its time controls there from the first paint. */
class BrowserLobbyPhoneTest extends BrowserFixture {
  /** Every page with the site's header: its title must not be cut on a phone, in either language. */
  static final List<String> PAGES = List.of("/", "/learn.html", "/puzzles.html", "/rules.html", "/leaderboard.html", "/account.html", "/mail.html");

  @Test
  void theHeaderReadsWholeOnAPhoneInBothLanguages() {
    List<String> cut = new ArrayList<>();
    for (String locale : new String[] {"en-US", "fr-FR"}) {
      for (String path : PAGES) {
        List<String> errors = new ArrayList<>();
        Page page = device(locale, true, errors);
        page.navigate(server.url(path));
        page.waitForLoadState(com.microsoft.playwright.options.LoadState.NETWORKIDLE);
        String tag = locale.substring(0, 2) + " " + path;
        if (path.equals("/")) BrowserTest.shot(page, "lobby-phone-header-" + locale.substring(0, 2));
        if (!Boolean.TRUE.equals(page.evaluate("() => { const h = document.querySelector('header h1'); return h.scrollWidth <= h.clientWidth; }"))) {
          cut.add(tag + ": the title is cut («" + page.textContent("header h1") + "»)");
        }
        if (!Boolean.TRUE.equals(page.evaluate("() => [...document.querySelectorAll('header h1, header .right > *')]"
            + ".every(e => { const r = e.getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth; })"))) {
          cut.add(tag + ": the header runs off the screen");
        }
        BrowserScreensTest.noSidewaysScroll(page, tag);
        assertThat(errors).as(tag).isEmpty();
        page.context().close();
      }
    }
    assertThat(cut).isEmpty();
  }

  @Test
  void theTimeControlsAreThereBeforeTheLobbySocketSpeaks() {
    List<String> errors = new ArrayList<>();
    Page page = device("en-US", true, errors);
    // The lobby socket held open and silent, as on a slow network: the page must not wait for it.
    page.routeWebSocket("**/ws/lobby", ws -> { });
    page.navigate(server.url("/"));
    page.waitForFunction("() => document.getElementById('myName').textContent !== ''");
    List<String> expected = TimeControl.PRESETS.stream().map(TimeControl::toString).toList();
    for (String select : new String[] {"timeControl", "seekTime"}) {
      assertThat(page.evaluate("id => [...document.getElementById(id).options].map(o => o.value)", select))
          .as(select).isEqualTo(expected);
      assertThat(page.evaluate("id => document.getElementById(id).value", select)).as(select).isEqualTo("12+60");
    }
    assertThat(errors).isEmpty();
  }
}
