package org.jacquet.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jacquet.server.testing.Browser;
import org.jacquet.server.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The strict Content-Security-Policy the server sends is one the UI lives with: nothing blocked. */
class ContentSecurityPolicyTest {
  @TempDir Path dir;

  @Test
  void theLobbyAndAGamePageRunUnderTheStrictPolicyWithNothingBlocked() throws Exception {
    try (TestServer server = TestServer.sqlite(dir, 30); Browser browser = new Browser()) {
      BrowserContext context = browser.context("en-GB");
      List<String> problems = Collections.synchronizedList(new ArrayList<>());
      Page page = context.newPage();
      page.onConsoleMessage(m -> {
        if ("error".equals(m.type()) || m.text().contains("Content Security Policy")) problems.add(m.text());
      });
      page.onPageError(e -> problems.add("page error: " + e));
      page.navigate(server.url("/"));
      // The test's own throw: a new player's page throws by itself after 900 ms, and a click
      // coming later (a loaded machine) would find the button off if Black won the opening.
      page.evaluate("() => { " + org.jacquet.server.testing.BrowserFixture.MANUAL + " }");
      page.selectOption("#opponent", "friend");
      page.click("#start");
      page.waitForURL("**/game.html#*");
      page.waitForSelector("#board circle, #board path, #board rect");
      try {
        page.waitForFunction("() => typeof state !== 'undefined' && state && state.you === 'white'");
      } catch (RuntimeException e) {
        throw new AssertionError("the game never showed; console: " + problems, e);
      }
      page.click("#roll");
      page.waitForFunction("() => state.version >= 1");
      page.navigate(server.url("/")); // the lobby lists the game (a POST now)
      page.waitForSelector("#games a");
      assertThat(problems).as("console errors and policy violations").isEmpty();
      context.close();
    }
  }
}
