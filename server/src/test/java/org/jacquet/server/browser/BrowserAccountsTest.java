package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser.NewContextOptions;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.server.http.AccountRoutesTest;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.Test;

/**
 * Two people in real Chromium, each in a browser of their own: Ann on a phone in French, Bob on
 * a desktop in English. Both sign up; Ann posts a rated challenge in the lobby and Bob clicks it
 * (each sees the other's rating beside the name, "1500? ± 350", in the lobby and in the game);
 * Bob resigns, both see their rating move ("?" while provisional) and the profile's graph with
 * its axes, dates and values; a second rated match (Ann resigns) draws the line; the pools' tabs
 * are kept in the address; the account page and the leaderboard show ratings with their
 * deviation (a level of the computer marked as such). Ann finds the game in her
 * history and opens its review, renames her account (once a month: a second rename is refused),
 * and her profile follows her, then signs out everywhere and her old cookie no longer works.
 * Screens are saved under target/screenshots (accounts-*); any page error fails the test.
 */
class BrowserAccountsTest extends BrowserFixture {
  private final List<String> errors = new ArrayList<>();

  private Page open(BrowserContext context) {
    Page page = context.newPage();
    page.onPageError(e -> errors.add(e));
    page.onConsoleMessage(m -> {
      if (m.type().equals("error")) errors.add(m.text());
    });
    return page;
  }

  private void shot(Page page, String name) {
    page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target/screenshots/accounts-" + name + ".png")).setFullPage(true));
  }

  /** The rating in "1662? ± 290". */
  private static int rating(String shown) {
    return Integer.parseInt(shown.replaceAll("^(\\d+).*", "$1"));
  }

  /**
   * Ann posts a rated one-point challenge, Bob takes it; each sees the other's rating beside the
   * name, in the lobby (Bob: Ann's challenge; a third page: the game being played) and in the
   * game's players panel; {@code resigner} resigns. Returns the game's id.
   */
  private String ratedGameThroughTheLobby(Page ann, Page bob, Page resigner, String annShown, String bobShown) {
    ann.navigate(server.url("/"));
    bob.navigate(server.url("/"));
    ann.waitForSelector("#myName:text('Ann')");
    ann.click("#postSeek summary");
    ann.waitForSelector("#seekRatedBox:visible");
    ann.selectOption("#seekTime", "untimed");
    ann.fill("#seekMatch", "1");
    ann.check("#seekRated");
    shot(ann, "rated-challenge-phone-fr");
    ann.click("#postButton");
    ann.waitForSelector("#seeks li.seek button.cancel");
    bob.waitForSelector("#seeks li.seek button.accept");
    assertThat(bob.textContent("#seeks li.seek")).contains("Ann").contains("rated");
    assertThat(bob.textContent("#seeks li.seek .player-rating").trim()).as("the poster's rating beside its name").isEqualTo(annShown);
    shot(bob, "lobby-challenge-desktop-en");
    bob.click("#seeks li.seek button.accept");
    bob.waitForURL("**/game.html#g=*");
    ann.waitForURL("**/game.html#g=*");
    String gameId = bob.url().replaceAll(".*#g=([^&]+).*", "$1");
    assertThat(ann.url()).contains("#g=" + gameId);
    ann.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you");
    // Beside each name in the players panel: that player's rating in the game's pool.
    ann.waitForSelector("#players .player-rating");
    bob.waitForSelector("#players .player-rating");
    assertThat(ann.locator("#players .player-row:has-text('Bob') .player-rating").textContent().trim()).isEqualTo(bobShown);
    assertThat(bob.locator("#players .player-row:has-text('Ann') .player-rating").textContent().trim()).isEqualTo(annShown);
    shot(ann, "game-ratings-phone-fr");
    shot(bob, "game-ratings-desktop-en");
    // The lobby's games being played show both ratings too.
    Page watcher = bob.context().newPage();
    watcher.navigate(server.url("/"));
    watcher.waitForSelector("#played a:has-text('Ann (" + annShown + ")')");
    assertThat(watcher.textContent("#played")).contains("Bob (" + bobShown + ")");
    watcher.close();
    resigner.waitForSelector("#resign:enabled");
    resigner.click("#resign");
    resigner.click("#resignYes");
    Page other = resigner == bob ? ann : bob;
    other.waitForFunction("() => document.getElementById('status').textContent.match(/abandon|resign/)");
    return gameId;
  }

  /** The profile's graph of the untimed pool after {@code games} rated matches: axes, dated, valued, one point each. */
  private static void assertGraph(Page page, int games, int latest) {
    String graph = "[data-category=untimed] svg.rating-graph";
    page.waitForSelector(graph + " circle.point >> nth=" + (games - 1));
    assertThat(page.locator(graph + " circle.point").count()).isEqualTo(games);
    assertThat(page.locator(graph + " line.axis").count()).isEqualTo(2);
    assertThat(page.locator(graph + " polyline").count()).isEqualTo(games > 1 ? 1 : 0);
    java.util.List<String> dates = page.locator(graph + " text.x-label").allTextContents();
    assertThat(dates).isNotEmpty().allSatisfy(d -> assertThat(d).matches(".*\\d.*\\p{L}.*|.*\\p{L}.*\\d.*"));
    java.util.List<String> values = page.locator(graph + " text.y-label").allTextContents();
    assertThat(values).hasSizeGreaterThanOrEqualTo(2).allSatisfy(v -> assertThat(v).matches("\\d{3,4}"));
    int lo = Integer.parseInt(values.get(0)), hi = Integer.parseInt(values.get(values.size() - 1));
    assertThat(latest).isBetween(Math.min(lo, hi) - 100, Math.max(lo, hi) + 100);
    assertThat(page.locator(graph + " circle.point >> nth=" + (games - 1) + " >> title").textContent()).endsWith(" · " + latest);
    assertThat(page.getAttribute(graph, "aria-label")).contains(String.valueOf(latest));
  }

  @Test
  void twoAccountsPlayARatedGameAndSeeTheirRatingsMove() throws Exception {
    try (BrowserContext phone = browser.chromium.newContext(new NewContextOptions().setLocale("fr-FR")
            .setViewportSize(390, 844).setHasTouch(true).setIsMobile(true));
         BrowserContext desk = browser.context("en-GB")) {
      Page ann = open(phone);
      Page bob = open(desk);
      // A wrong sign-in first: refused in French, nothing signed in.
      ann.navigate(server.url("/account.html"));
      ann.fill("#inName", "Ann");
      ann.fill("#inPassword", "not the password");
      ann.click("#signInButton");
      ann.waitForSelector("#signInError:has-text('ne correspondent à aucun compte')");
      errors.remove("Failed to load resource: the server responded with a status of 401 (Unauthorized)"); // that refusal, as asked
      signUp(ann, "Ann");
      shot(ann, "signed-in-phone-fr");
      signUp(bob, "Bob");
      bob.navigate(server.url("/account.html"));
      bob.waitForSelector("#signedIn:not([hidden])"); // the session outlives a reload (the page asks the server, then shows)

      // Through the lobby, as players do: Ann (phone, French) posts a rated challenge, Bob clicks it;
      // both new, each sees the other at the start rating, provisional, with its deviation.
      String gameId = ratedGameThroughTheLobby(ann, bob, bob, "1500?\u00a0±\u00a0350", "1500?\u00a0±\u00a0350");
      shot(bob, "lobby-game-over-desktop-en");

      ann.navigate(server.url("/player.html#Ann"));
      ann.waitForSelector("[data-category=untimed] .rating-value:has-text('?')");
      String annRating = ann.textContent("[data-category=untimed] .rating-value");
      assertThat(annRating).matches("1\\d{3}\\?\u00a0±\u00a0\\d{2,3}"); // "1662? ± 290", as lichess shows it
      assertThat(rating(annRating)).isGreaterThan(1500);
      // One rated match: a graph with its axes, a labelled date and values, and the one point.
      assertGraph(ann, 1, rating(annRating));
      ann.waitForSelector("#games tr[data-game='" + gameId + "']");
      assertThat(ann.textContent("#games tr[data-game='" + gameId + "']")).contains("Bob", "Gagnée", "+");
      shot(ann, "profile-one-game-phone-fr");
      // The pools' tabs; the one chosen is kept in the address, and a reload shows it again.
      ann.click("#pool-timed");
      ann.waitForSelector("[data-category=timed] .rating-value:has-text('Pas encore de partie classée')");
      assertThat(ann.url()).endsWith("#Ann/timed");
      assertThat(ann.locator("[data-category=timed] svg").count()).isZero();
      ann.reload();
      ann.waitForSelector("#pool-timed.primary[aria-selected=true]");
      ann.waitForSelector("[data-category=timed]");
      ann.click("#pool-untimed");
      ann.waitForSelector("[data-category=untimed] svg.rating-graph");
      assertThat(ann.url()).endsWith("#Ann/untimed");

      bob.navigate(server.url("/player.html#Bob"));
      bob.waitForSelector("[data-category=untimed] .rating-value:has-text('?')");
      String bobRating = bob.textContent("[data-category=untimed] .rating-value");
      assertThat(rating(bobRating)).isLessThan(1500);
      bob.waitForSelector("#games tr[data-game='" + gameId + "']"); // the history is asked for apart from the profile
      assertThat(bob.textContent("#games tr[data-game='" + gameId + "']")).contains("Ann", "Lost", "\u2212");
      shot(bob, "profile-one-game-desktop-en");

      // A second rated match: each sees the other's rating as the first left it; Ann resigns this one.
      String second = ratedGameThroughTheLobby(ann, bob, ann, annRating, bobRating);
      ann.navigate(server.url("/player.html#Ann"));
      ann.waitForSelector("#games tr[data-game='" + second + "']");
      annRating = ann.textContent("[data-category=untimed] .rating-value");
      assertGraph(ann, 2, rating(annRating));
      shot(ann, "profile-phone-fr");
      bob.navigate(server.url("/player.html#Bob"));
      bob.waitForSelector("#games tr[data-game='" + second + "']");
      assertGraph(bob, 2, rating(bob.textContent("[data-category=untimed] .rating-value")));
      shot(bob, "profile-desktop-en");
      // Hundreds of matches (the most the server sends is 500): the page's own drawing, given 300
      // made-up points over two years: a point each, a handful of dated labels, all inside the box.
      Object many = bob.evaluate("() => { const pts = []; for (let i = 0; i < 300; i++) pts.push([Date.UTC(2024, 0, 1) + i * 2.4e8, "
          + "1500 + Math.round(200 * Math.sin(i / 20))]); const svg = graph(pts, 600); document.getElementById('ratings').appendChild(svg); "
          + "svg.id = 'manyGraph'; const w = svg.viewBox.baseVal.width; "
          + "return { points: svg.querySelectorAll('circle.point').length, dates: svg.querySelectorAll('text.x-label').length, "
          + "values: svg.querySelectorAll('text.y-label').length, inside: [...svg.querySelectorAll('circle.point')].every(c => "
          + "c.cx.baseVal.value > 0 && c.cx.baseVal.value < w) }; }");
      assertThat(many.toString()).contains("points=300", "inside=true").containsPattern("dates=[345]").containsPattern("values=[3-6]");
      bob.locator("#manyGraph").screenshot(new com.microsoft.playwright.Locator.ScreenshotOptions()
          .setPath(Path.of("target/screenshots/accounts-graph-300-desktop-en.png")));

      // The opponent's name links to its profile; the history's review link opens the game's review.
      assertThat(ann.getAttribute("#games tr[data-game='" + gameId + "'] a[href^='player.html']", "href")).isEqualTo("player.html#Bob");
      ann.click("#games tr[data-game='" + gameId + "'] a[href^='game.html']");
      ann.waitForURL("**/game.html#g=" + gameId);
      ann.waitForSelector("#review:visible, #reviewPanel:not([hidden])");

      // The leaderboard lists established ratings with their deviation, in each pool; a level of
      // the computer that earned one (set here: it takes dozens of rated games) is marked as such.
      server.database().jdbi().useHandle(h -> h.createUpdate("INSERT INTO ratings (account_id, category, rating, deviation, "
          + "volatility, games, wins, updated_at) VALUES ('c:expert', 'timed', 1834.4, 61.2, 0.06, 60, 40, :now)")
          .bind("now", System.currentTimeMillis()).execute());
      bob.navigate(server.url("/leaderboard.html#timed"));
      bob.waitForSelector("#rows tr");
      assertThat(bob.textContent("#rows tr")).contains("Expert", "(the computer)", "1834\u00a0±\u00a061");
      shot(bob, "leaderboard-desktop-en");
      ann.navigate(server.url("/leaderboard.html#timed"));
      ann.waitForSelector("#rows tr");
      assertThat(ann.textContent("#rows tr")).contains("(l'ordinateur)", "1834\u00a0±\u00a061");
      shot(ann, "leaderboard-phone-fr");
      ann.click("#untimed");
      ann.waitForSelector("#empty:not([hidden])"); // nobody's untimed rating is established yet

      // Ann renames her account on her phone: the profile and the history follow her; the game
      // keeps the name it was played under.
      ann.navigate(server.url("/account.html"));
      // The account page shows her rating in each pool, with its deviation.
      ann.waitForSelector("#myRatings [data-category=untimed]:has-text('" + annRating + "')");
      assertThat(ann.textContent("#myRatings [data-category=timed]")).contains("Pas encore de partie classée");
      ann.fill("#renameName", "Annette");
      ann.fill("#renamePassword", "a long password");
      ann.click("#renameButton");
      ann.waitForSelector("#renameMessage:has-text('Annette')");
      ann.waitForSelector("#accountLink:text('Annette')");
      shot(ann, "renamed-phone-fr");
      ann.fill("#renameName", "Annabel");
      ann.fill("#renamePassword", "a long password");
      ann.click("#renameButton");
      ann.waitForSelector("#renameMessage:has-text('30 jours')"); // once a month, said in French
      errors.remove("Failed to load resource: the server responded with a status of 400 (Bad Request)");
      ann.navigate(server.url("/player.html#Annette"));
      ann.waitForSelector("#games tr[data-game='" + gameId + "']");
      assertThat(ann.textContent("[data-category=untimed] .rating-value")).isEqualTo(annRating);
      bob.navigate(server.url("/player.html#Bob"));
      bob.waitForSelector("#games tr[data-game='" + gameId + "']");
      assertThat(bob.textContent("#games tr[data-game='" + gameId + "']")).as("as it was played").contains("Ann");

      // Sign out everywhere: the cookie Ann's phone held is dead, even if someone copied it.
      String oldCookie = phone.cookies().stream().filter(c -> c.name.equals("jacquet_session")).findFirst().orElseThrow().value;
      ann.navigate(server.url("/account.html"));
      ann.waitForSelector("#signedIn:not([hidden])");
      ann.click("#signOutEverywhere");
      ann.waitForSelector("#signedOut:not([hidden])");
      assertThat(AccountRoutesTest.send(server.url("/api/account/me"), "GET", null, oldCookie, null).json()
          .get("signedIn").asBoolean()).isFalse();
      shot(ann, "signed-out-phone-fr");
      assertThat(errors).isEmpty();
    }
  }

  /**
   * The header's inbox, as Ann on a phone in French and Bob on a desktop in English see it: a
   * correspondence game between them; Bob's move puts "your turn" in Ann's bell (the count, the
   * tab's title, a dot on its icon), opened it is read; her move puts it in Bob's. A guest's bell
   * says to sign in; with no mail server the account page says e-mail is off.
   */
  @Test
  void theInboxInTheHeaderTellsWhoseTurnItIs() throws Exception {
    try (BrowserContext phone = browser.chromium.newContext(new NewContextOptions().setLocale("fr-FR")
            .setViewportSize(390, 844).setHasTouch(true).setIsMobile(true));
         BrowserContext desk = browser.context("en-GB")) {
      Page ann = open(phone);
      Page bob = open(desk);
      // Guests first: no inbox. On a desktop the bell says to sign in; on a phone, where the
      // header has no room to spare, the "Sign in" link alone says it.
      bob.navigate(server.url("/"));
      bob.click("#inboxButton");
      bob.waitForSelector("#inboxPanel:visible:has-text('Sign in to be told')");
      assertThat(bob.isHidden("#inboxCount")).isTrue();
      ann.navigate(server.url("/"));
      ann.waitForSelector("#accountLink:text('Se connecter')");
      assertThat(ann.isHidden("#inboxButton")).isTrue();
      signUp(ann, "Ann");
      signUp(bob, "Bob");
      ann.waitForSelector("#mailOff:visible:has-text('désactivé')"); // no mail server here
      shot(ann, "mail-off-phone-fr");

      var store = server.games.store();
      var accounts = server.web.accountsForTests();
      var g = org.jacquet.server.testing.StoredCorrespondence.insert(store, accounts.byName("Ann").orElseThrow().id(), "Ann",
          accounts.byName("Bob").orElseThrow().id(), "Bob");
      assertThat(g.move(org.jacquet.engine.Side.BLACK, org.jacquet.engine.Side.WHITE)).isTrue();
      ann.navigate(server.url("/puzzles.html"));
      ann.waitForSelector("#inboxCount:visible:text('1')");
      ann.waitForFunction("() => document.title.startsWith('(1) ')");
      assertThat(ann.getAttribute("link[rel=icon]", "href")).startsWith("data:image/png");
      assertThat(bob.isHidden("#inboxCount")).isTrue();
      shot(ann, "inbox-count-phone-fr");
      ann.click("#inboxButton");
      ann.waitForSelector("#inboxList li.unread:has-text('À vous de jouer contre Bob')");
      ann.waitForSelector("#inboxCount", new Page.WaitForSelectorOptions().setState(com.microsoft.playwright.options.WaitForSelectorState.HIDDEN));
      ann.waitForFunction("() => !document.title.startsWith('(')");
      BrowserScreensTest.noSidewaysScroll(ann, "the inbox open on a phone");
      shot(ann, "inbox-open-phone-fr");
      assertThat(ann.getAttribute("#inboxList a", "href")).isEqualTo("game.html#g=" + g.id);
      ann.navigate(server.url("/"));
      ann.waitForSelector("#inboxButton");
      assertThat(ann.isHidden("#inboxCount")).as("read when opened").isTrue();

      // Ann moves: Bob, on the game page of another game, sees it there.
      assertThat(g.move(org.jacquet.engine.Side.WHITE, org.jacquet.engine.Side.BLACK)).isTrue();
      bob.navigate(server.url("/leaderboard.html"));
      bob.waitForSelector("#inboxCount:visible:text('1')");
      bob.waitForFunction("() => document.title.startsWith('(1) ')");
      bob.click("#inboxButton");
      bob.waitForSelector("#inboxList li.unread:has-text('Your turn against Ann')");
      shot(bob, "inbox-open-desktop-en");
      // The language switched: the list follows.
      bob.click("#lang");
      bob.click("#inboxButton");
      bob.waitForSelector("#inboxPanel:visible:has-text('À vous de jouer contre Ann')");
      bob.click("#lang");
      assertThat(errors).isEmpty();
    }
  }

  /**
   * E-mail on the account page with a real mail server (GreenMail): an address that is not one is
   * refused, a good one waits for its link, the link mailed confirms it once (a second time it is
   * refused), then the kinds ticked are kept.
   */
  @Test
  void anAddressIsConfirmedByTheLinkMailedToIt() throws Exception {
    com.icegreen.greenmail.util.GreenMail smtp = new com.icegreen.greenmail.util.GreenMail(
        com.icegreen.greenmail.util.ServerSetupTest.SMTP.dynamicPort());
    smtp.start();
    var mail = new org.jacquet.server.notify.MailConfig("127.0.0.1", smtp.getSmtp().getPort(), "jacquet@jacquet.example", null,
        null, false, "https://jacquet.example");
    try (var withMail = new org.jacquet.server.testing.TestServer(org.jacquet.server.store.Database.sqlite(dir.resolve("mail")), 0,
            org.jacquet.server.WebServer.Options.defaults().mail(mail));
         BrowserContext desk = browser.context("en-GB")) {
      Page cleo = open(desk);
      cleo.navigate(withMail.url("/account.html"));
      cleo.fill("#upName", "Cleo");
      cleo.fill("#upPassword", "a long password");
      cleo.click("#signUpButton");
      cleo.waitForSelector("#mailOn:visible");
      cleo.fill("#mailAddress", "cleo at home");
      cleo.click("#mailSave");
      cleo.waitForSelector("#mailMessage:has-text('not valid')");
      cleo.fill("#mailAddress", "cleo@example.org");
      cleo.click("#mailSave");
      cleo.waitForSelector("#mailState:has-text('Not confirmed yet')");
      assertThat(smtp.waitForIncomingEmail(20_000, 1)).isTrue();
      String text = (String) smtp.getReceivedMessages()[0].getContent();
      String link = text.replaceAll("(?s).*https://jacquet\\.example(/mail\\.html#confirm=[A-Za-z0-9_-]+).*", "$1");
      cleo.navigate(withMail.url(link));
      cleo.waitForSelector("#mailLinkText:has-text('Address confirmed: cleo@example.org')");
      shot(cleo, "mail-confirmed-desktop-en");
      cleo.navigate(withMail.url("/"));
      cleo.navigate(withMail.url(link));
      cleo.waitForSelector("#mailLinkText:has-text('used already')");
      cleo.navigate(withMail.url("/account.html#mail"));
      cleo.waitForSelector("#mailState:has-text('Confirmed: cleo@example.org')");
      cleo.check("#mailKinds input[value=your-turn]");
      cleo.waitForSelector("#mailMessage:has-text('Saved')");
      cleo.reload();
      cleo.waitForSelector("#mailState:has-text('Confirmed')");
      assertThat(cleo.isChecked("#mailKinds input[value=your-turn]")).isTrue();
      assertThat(cleo.isChecked("#mailKinds input[value=ended]")).isFalse();
      shot(cleo, "mail-on-desktop-en");
      errors.remove("Failed to load resource: the server responded with a status of 400 (Bad Request)"); // the refused address
      errors.remove("Failed to load resource: the server responded with a status of 410 (Gone)"); // the link used twice
      assertThat(errors).isEmpty();
    } finally {
      smtp.stop();
    }
  }
}
