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
  @Test
  void theHeaderReadsWholeOnAPhoneInBothLanguages() {
    for (String locale : new String[] {"en-US", "fr-FR"}) {
      List<String> errors = new ArrayList<>();
      Page page = device(locale, true, errors);
      page.navigate(server.url("/"));
      page.waitForFunction("() => document.getElementById('myName').textContent !== ''");
      String tag = locale.substring(0, 2);
      BrowserTest.shot(page, "lobby-phone-header-" + tag);
      assertThat(page.evaluate("() => { const h = document.querySelector('header h1'); return h.scrollWidth <= h.clientWidth; }"))
          .as(tag + ": the title is not cut").isEqualTo(true);
      assertThat(page.evaluate("() => [...document.querySelectorAll('header h1, header .right > *')]"
          + ".every(e => { const r = e.getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth; })"))
          .as(tag + ": everything of the header on the screen").isEqualTo(true);
      BrowserScreensTest.noSidewaysScroll(page, tag + " lobby");
      assertThat(errors).isEmpty();
    }
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
