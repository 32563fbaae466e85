package org.jacquet.server.testing;

import com.microsoft.playwright.Browser.NewContextOptions;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import java.nio.file.Path;
import java.util.List;

/**
 * Debian's Chromium, headless, driven by Playwright (no browser download): the flags keep it
 * from reaching for the network this machine does not have.
 */
public final class Browser implements AutoCloseable {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  final Playwright playwright;
  public final com.microsoft.playwright.Browser chromium;

  public Browser() {
    playwright = Playwright.create(new Playwright.CreateOptions()
        .setEnv(java.util.Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
    chromium = playwright.chromium().launch(new BrowserType.LaunchOptions()
        .setExecutablePath(CHROMIUM).setHeadless(true)
        .setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic")));
  }

  public com.microsoft.playwright.BrowserContext context(String locale) {
    return chromium.newContext(new NewContextOptions().setLocale(locale).setViewportSize(1280, 860));
  }

  @Override
  public void close() {
    chromium.close();
    playwright.close();
  }
}
