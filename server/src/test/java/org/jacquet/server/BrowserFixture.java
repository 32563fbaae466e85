package org.jacquet.server;

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
}
