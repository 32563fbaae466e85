package org.jacquet.server;

import com.microsoft.playwright.Page;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every browser test starts from: one real Chromium for the class, and for each test a
 * real server on a fresh SQLite database whose computer pauses only briefly between actions.
 */
abstract class BrowserFixture {
  static Browser browser;
  @TempDir Path dir;
  TestServer server;

  /** The computer's pause before each of its actions (ms): short, so games end quickly. */
  int computerDelayMs() {
    return 20;
  }

  @BeforeAll
  static void launch() {
    browser = new Browser();
  }

  @AfterAll
  static void quit() {
    browser.close();
  }

  @BeforeEach
  void start() {
    server = TestServer.sqlite(dir, computerDelayMs());
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /**
   * Creates a game through the API in this browser, its seat kept in the browser's storage as the
   * lobby keeps it (the page opened on the server first if need be); animations off. Returns its id.
   */
  String create(Page page, String body) {
    if (!page.url().startsWith("http")) page.navigate(server.url("/"));
    page.evaluate("() => localStorage.setItem('jacquet.speed', '0')");
    return (String) page.evaluate("async b => { const r = await fetch('/api/games', { method: 'POST', headers: {'Content-Type': 'application/json'}, body: b });"
        + " const d = await r.json(); const g = JSON.parse(localStorage.getItem('jacquet.games') || '[]');"
        + " g.unshift({ id: d.id, token: d.token, invite: d.inviteToken || null }); localStorage.setItem('jacquet.games', JSON.stringify(g)); return d.id; }", body);
  }
}
