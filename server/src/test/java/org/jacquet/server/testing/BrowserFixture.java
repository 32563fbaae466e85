package org.jacquet.server.testing;

import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.jacquet.engine.Position;
import org.jacquet.engine.format.GameRecord;
import org.jacquet.engine.game.Game;
import org.jacquet.engine.game.Match;
import org.jacquet.engine.game.SeededDice;
import org.jacquet.engine.rules.Rules;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.store.GameStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every browser test starts from: one real Chromium for the class, and for each test a
 * real server on a fresh SQLite database whose computer pauses only briefly between actions.
 */
public abstract class BrowserFixture {
  public static Browser browser;
  @TempDir protected Path dir;
  public TestServer server;

  /** The computer's pause before each of its actions (ms): short, so games end quickly. */
  protected int computerDelayMs() {
    return 20;
  }

  @BeforeAll
  public static void launch() {
    browser = new Browser();
  }

  @AfterAll
  public static void quit() {
    browser.close();
  }

  /** The server's time: the system's, unless a test moves it on (correspondence games, by days). */
  protected org.jacquet.server.clock.ServerTime time() {
    return org.jacquet.server.clock.ServerTime.system();
  }

  /** How the server faces the network: the defaults, unless a test needs more (a mail server). */
  protected org.jacquet.server.WebServer.Options options() {
    return org.jacquet.server.WebServer.Options.defaults();
  }

  @BeforeEach
  public void start() {
    server = new TestServer(org.jacquet.server.store.Database.sqlite(dir), computerDelayMs(), options(), time());
  }

  @AfterEach
  public void stop() {
    for (var c : opened) c.close();
    opened.clear();
    server.close();
  }

  /** The test makes every throw and every play itself (a new player's page throws and plays forced plays alone). */
  public static final String MANUAL = "localStorage.setItem('jacquet.autoRoll', 'off'); localStorage.setItem('jacquet.autoForced', 'off');";

  /**
   * In {@code page}'s origin (read by the next page loaded there): no glides, and every throw
   * and play the test's own — a page acting by itself after its pause races the test's clicks.
   */
  public static void stillAndManual(Page page) {
    page.evaluate("() => { localStorage.setItem('jacquet.speed', '0'); " + MANUAL + " }");
  }

  /**
   * A browser of its own (cookies, storage) in {@code locale}, on a phone (390×844, touch) or a
   * desktop (1280×860), with the page's errors gathered into {@code errors}.
   */
  public com.microsoft.playwright.Page device(String locale, boolean phone, java.util.List<String> errors) {
    com.microsoft.playwright.BrowserContext context = browser.chromium.newContext(
        new com.microsoft.playwright.Browser.NewContextOptions().setLocale(locale)
            .setViewportSize(phone ? 390 : 1280, phone ? 844 : 860).setHasTouch(phone).setIsMobile(phone));
    opened.add(context);
    Page page = context.newPage();
    page.onPageError(e -> errors.add(String.valueOf(e)));
    page.onConsoleMessage(m -> { if ("error".equals(m.type())) errors.add(m.text()); });
    return page;
  }

  /** Signs {@code name} up on the account page, as a newcomer does (password "a long password"). */
  public void signUp(Page page, String name) {
    page.navigate(server.url("/account.html"));
    page.fill("#upName", name);
    page.fill("#upPassword", "a long password");
    page.click("#signUpButton");
    page.waitForSelector("#signedIn:not([hidden])");
    page.waitForSelector("#accountLink:text('" + name + "')");
  }

  /** The contexts {@link #device} opened, closed after each test. */
  private final java.util.List<com.microsoft.playwright.BrowserContext> opened = new java.util.ArrayList<>();

  /**
   * Creates a game through the API in this browser, its seat kept in the browser's storage as the
   * lobby keeps it (the page opened on the server first if need be); animations off, every action the test's own. Returns its id.
   */
  public String create(Page page, String body) {
    if (!page.url().startsWith("http")) page.navigate(server.url("/"));
    stillAndManual(page);
    return (String) page.evaluate("async b => { const r = await fetch('/api/games', { method: 'POST', headers: {'Content-Type': 'application/json'}, body: b });"
        + " const d = await r.json(); const g = JSON.parse(localStorage.getItem('jacquet.games') || '[]');"
        + " g.unshift({ id: d.id, token: d.token, invite: d.inviteToken || null }); localStorage.setItem('jacquet.games', JSON.stringify(g)); return d.id; }", body);
  }

  /**
   * Stores a game whose dice the test knows: the first seed from 1 whose first throw from
   * {@code position} (null: the usual start) is {@code wanted}; White's seat token is
   * "white-seat" and kept in the page as the lobby keeps it. Returns the game's id.
   */
  public String planted(Page page, String rules, String position, String level, Predicate<Game> wanted) {
    Rules r = Rules.parse(rules);
    Position start = position == null ? null : Position.parse(position);
    long seed = 1;
    while (true) {
      Match m = new Match(r, 1, new SeededDice(seed), start);
      m.game().roll();
      if (wanted.test(m.game())) break;
      seed++;
    }
    String id = Tokens.gameId();
    Match match = new Match(r, 1, new SeededDice(seed), start);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("White", "Player");
    headers.put("Black", level == null ? "Friend" : "Computer (" + level + ")");
    headers.put("Game", id);
    headers.put("SeedHash", Tokens.seedHash(seed));
    if (level == null) headers.put(org.jacquet.server.game.GameRoom.INVITATION, "black"); // the friend's seat, taken by the first to come with its link
    long now = System.currentTimeMillis();
    server.games.store().insert(new GameStore.Row(id, r.toString(), 1, "human", level == null ? "human" : "computer", level,
        Tokens.sha256("white-seat"), Tokens.sha256("black-seat"), seed, Tokens.seedHash(seed),
        GameRecord.write(match, headers), "playing", 0, now, now, null));
    page.navigate(server.url("/"));
    page.evaluate("id => { localStorage.setItem('jacquet.speed', '0'); " + MANUAL
        + " localStorage.setItem('jacquet.games', JSON.stringify([{ id, token: 'white-seat', invite: 'black-seat' }])); }", id);
    return id;
  }
}
