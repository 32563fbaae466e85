package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.over;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Download;
import com.microsoft.playwright.Page;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javax.imageio.ImageIO;
import org.jacquet.server.testing.BrowserFixture;
import org.jacquet.server.testing.Progress;
import org.junit.jupiter.api.Test;

/**
 * "Save the board as an image" downloads the board shown as a real PNG, made in the page under the
 * server's Content-Security-Policy, during a game and in the review.
 */
class BrowserImageTest extends BrowserFixture {
  static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  @Test
  void theBoardDownloadsAsAPngDuringTheGameAndInTheReview() throws Exception {
    try (BrowserContext context = browser.context("en-US")) {
      Page page = context.newPage();
      page.onPageError(e -> { throw new AssertionError("script error in the page: " + e); });
      page.navigate(server.url("/"));
      String id = create(page, "{\"opponent\":\"computer\",\"level\":\"beginner\",\"match\":1,\"position\":\"" + BrowserTest.RACE + "\"}");
      page.navigate(server.url("/game.html#g=" + id));
      page.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      checkPng(page, "image-game");
      Progress progress = new Progress(page);
      while (!over(page) && progress.goesOn()) if (!BrowserPlayTest.act(page, false)) page.waitForTimeout(30);
      assertThat(over(page)).isTrue();
      page.click("#review");
      page.waitForSelector(".review-graph", new Page.WaitForSelectorOptions().setTimeout(60_000));
      page.keyboard().press("Home");
      checkPng(page, "image-review");
    }
  }

  static void checkPng(Page page, String name) throws Exception {
    Download download = page.waitForDownload(() -> page.click("#saveImage"));
    assertThat(download.failure()).isNull();
    assertThat(download.suggestedFilename()).endsWith(".png");
    Path saved = Path.of("target/screenshots/" + name + ".png");
    Files.createDirectories(saved.getParent());
    download.saveAs(saved);
    byte[] bytes = Files.readAllBytes(saved);
    assertThat(Arrays.copyOf(bytes, 8)).as("PNG signature").isEqualTo(PNG_SIGNATURE);
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
    assertThat(image.getWidth()).isEqualTo(1500);
    assertThat(image.getHeight()).isEqualTo(1080);
    // The board is drawn, not a blank canvas: the felt's colour and the wood's both appear.
    assertThat(image.getRGB(750, 540)).isNotEqualTo(image.getRGB(5, 5));
    assertThat(image.getRGB(5, 5) >>> 24).as("opaque corner").isEqualTo(0xff);
  }
}
