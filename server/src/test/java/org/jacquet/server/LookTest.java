package org.jacquet.server;

import com.microsoft.playwright.Page;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Screenshots of the pages, for a person to look at (target/screenshots). */
class LookTest {
  @TempDir Path dir;

  @Test
  void screenshots() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 50); Browser browser = new Browser()) {
      Page page = browser.context("fr-FR").newPage();
      page.onConsoleMessage(m -> System.out.println("console: " + m.text()));
      page.onPageError(e -> System.out.println("page error: " + e));
      page.navigate(server.url("/"));
      page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target/screenshots/lobby.png")));
      page.click("#start");
      page.waitForSelector("svg#board circle");
      page.click("#roll");
      page.waitForTimeout(1500);
      page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target/screenshots/game.png")));
    }
  }
}
