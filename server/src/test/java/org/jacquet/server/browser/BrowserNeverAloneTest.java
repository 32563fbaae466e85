package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jacquet.engine.Side;
import org.jacquet.server.clock.ServerTime;
import org.jacquet.server.game.GameService;
import org.jacquet.server.game.Tokens;
import org.jacquet.server.testing.BrowserFixture;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import org.jacquet.server.WebServer;
import org.jacquet.server.notify.MailConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Never alone on the site. A correspondence match as two people meet it, each in a browser of their own — Ann on a phone
 * in French, Bob on a desktop in English — the server's time moved on by days: Ann challenges Bob
 * (not online) to a 3-day match; Bob finds the challenge the next day and takes it; whoever is to
 * move sees the game first under "Your turn" with the days left, opens it, and plays on another
 * day, the one to move receiving one mail; then the other finds it first on theirs. And a newcomer alone on the site, signed in, who
 * presses Play now and waits is offered a rated game against the computer, and gets one against
 * the level rated nearest. And an arena sends the players who joined it to their games. Screens
 * under target/screenshots (corres-*, alone-*, arena-*).
 */
class BrowserNeverAloneTest extends BrowserFixture {
  private final ServerTime time = ServerTime.movable();
  private final List<String> errors = new ArrayList<>();

  private GreenMail smtp;

  @Override
  protected ServerTime time() {
    return time;
  }

  /** A real SMTP server for the server's mail (started before the server, stopped after each test). */
  @Override
  protected WebServer.Options options() {
    smtp = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
    smtp.start();
    return WebServer.Options.defaults().mail(new MailConfig("127.0.0.1", smtp.getSmtp().getPort(), "jacquet@jacquet.example",
        null, null, false, "https://jacquet.example").timing(Duration.ofSeconds(2), Duration.ofMillis(50)));
  }

  @AfterEach
  void stopSmtp() {
    smtp.stop();
  }

  /** {@code name}'s account has {@code address}, confirmed, and asks for a mail when it is its turn only. */
  private void yourTurnMailTo(String name, String address) {
    String account = accountId(name);
    server.games.store().database().jdbi().useHandle(h -> {
      h.createUpdate("UPDATE accounts SET email = :e WHERE id = :a").bind("e", address).bind("a", account).execute();
      h.createUpdate("INSERT INTO mail_settings (account_id, confirmed_address, language, kinds) VALUES (:a, :e, 'en', ',your-turn,')")
          .bind("a", account).bind("e", address).execute();
    });
  }

  /** The mails the SMTP server received for {@code address}. */
  private long mailsTo(String address) throws Exception {
    long n = 0;
    for (var m : smtp.getReceivedMessages()) {
      for (var to : m.getAllRecipients()) if (to.toString().equals(address)) n++;
    }
    return n;
  }

  private static void shot(Page page, String name) {
    page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target/screenshots/" + (name.startsWith("arena") ? "" : "corres-") + name + ".png")).setFullPage(true));
  }

  @Test
  void aThreeDayMatchPlayedOnDifferentDaysFromTheHomePage() throws Exception {
    Page ann = device("fr-FR", true, errors);
    Page bob = device("en-GB", false, errors);
    signUp(ann, "Ann");
    signUp(bob, "Bob");
    // Both gave an address and asked for mail when it is their turn, and only then (the link's
    // round trip and the other kinds: NotifyTest).
    yourTurnMailTo("Ann", "ann@example.org");
    yourTurnMailTo("Bob", "bob@example.org");
    bob.navigate("about:blank"); // Bob is not on the site when Ann challenges him

    ann.navigate(server.url("/"));
    ann.waitForSelector("#myName:text('Ann')");
    ann.click("#postSeek summary");
    ann.selectOption("#seekTime", "3d"); // offered to accounts only: days a move
    ann.fill("#seekMatch", "3");
    ann.fill("#seekTo", "Bob");
    shot(ann, "challenge-phone-fr");
    ann.click("#postButton");
    ann.waitForSelector("#direct li.seek button.cancel");

    time.advance(Duration.ofHours(20)); // the next day, Bob comes and takes it
    bob.navigate(server.url("/"));
    bob.waitForSelector("#direct li.seek:has-text('3 days a move') button.accept");
    bob.click("#direct li.seek button.accept");
    bob.waitForURL("**/game.html**");
    bob.waitForSelector("#board");
    String id = bob.url().replaceAll(".*#g=", "");
    Side bobSide = isBob(Side.WHITE, id) ? Side.WHITE : Side.BLACK;
    // The opening throw starts the days (either player makes it; the server then keeps going).
    // A tied opening throw is thrown again (one time in six): until the days start.
    while (server.games.read(id, r -> r.match.game().phase()) == org.jacquet.engine.game.Phase.OPENING_THROW) {
      act(id, bobSide, new GameService.Action.Roll());
    }
    if (server.games.read(id, r -> r.match.game().phase()) == org.jacquet.engine.game.Phase.OPENING_CHOICE) {
      act(id, server.games.read(id, r -> r.match.game().sideToAct()), new GameService.Action.Choose(false));
    }
    Side first = server.games.read(id, r -> r.clock().running());
    assertThat(first).isNotNull();
    Page mover = first == bobSide ? bob : ann;
    Page waiter = mover == bob ? ann : bob;
    // The one whose turn it is receives one mail (one a game a day). The other may have had one
    // too: when a throw leaves only a forced play, the server plays it at once, and the turn they
    // were mailed about passed back without a choice of theirs.
    String moverMail = mover == bob ? "bob@example.org" : "ann@example.org";
    long waitedUntil = System.currentTimeMillis() + 20_000;
    while (mailsTo(moverMail) == 0 && System.currentTimeMillis() < waitedUntil) Thread.sleep(50);
    assertThat(mailsTo(moverMail)).isEqualTo(1);
    assertThat(mailsTo(mover == bob ? "ann@example.org" : "bob@example.org")).isLessThanOrEqualTo(1);

    // The one to move sees it first on the home page, with three days (less a moment) left.
    mover.navigate(server.url("/"));
    mover.waitForSelector("#yourTurn li.your-turn");
    assertThat(mover.textContent("#yourTurn li.your-turn")).containsAnyOf("2 d 23 h", "2 j 23 h");
    waiter.navigate(server.url("/"));
    waiter.waitForSelector("#theirTurn li.corres-game");
    assertThat(waiter.locator("#yourTurn li.your-turn").count()).isZero();
    shot(ann, mover == ann ? "your-turn-phone-fr" : "waiting-phone-fr");
    shot(bob, mover == bob ? "your-turn-desktop-en" : "waiting-desktop-en");

    // Two days on, the mover opens the game from the list — seated by account, even on a browser
    // that never held the seat — sees the days left on the clock, and plays.
    time.advance(Duration.ofDays(2));
    mover.click("#yourTurn li.your-turn a");
    mover.waitForSelector("#clockBottom.running .clock-time:has-text('min')");
    assertThat(mover.textContent("#clockBottom .clock-time")).matches("23 h 5\\d min"); // a day left, less the moment
    shot(mover, "game-days-left");
    String play = server.games.read(id, r -> r.match.game().legalPlays().plays().get(0).notation());
    act(id, first, new GameService.Action.PlayText(play));

    // Now it is the other's turn (unless the throws after it left only forced plays, made for
    // them): whoever is to move finds it first on their home page.
    Side next = server.games.read(id, r -> r.clock().running());
    Page nextMover = next == bobSide ? bob : ann;
    time.advance(Duration.ofDays(1));
    nextMover.navigate(server.url("/"));
    nextMover.waitForSelector("#yourTurn li.your-turn");
    shot(nextMover, "next-day-your-turn");
    assertThat(errors).isEmpty();
  }

  @Test
  void aNewcomerAloneGetsARatedGameAgainstALevelFromPlayNow() {
    Page cleo = device("fr-FR", true, errors);
    signUp(cleo, "Cleo");
    cleo.clock().install(); // the page's half-minute of waiting, run at once
    cleo.navigate(server.url("/"));
    cleo.waitForSelector("#myName:text('Cleo')");
    cleo.waitForSelector("#online:not(:empty)"); // the lobby has spoken: nobody else is waiting
    cleo.click("#playNow");
    cleo.waitForSelector("#pairing:not([hidden])");
    cleo.clock().runFor(31_000);
    cleo.waitForSelector("#pairingComputer:visible");
    assertThat(cleo.textContent("#pairingComputer")).contains("classée");
    shot(cleo, "alone-offer-phone-fr");
    cleo.click("#pairingComputer");
    cleo.waitForURL("**/game.html**");
    String id = cleo.url().replaceAll(".*#g=", "");
    cleo.waitForSelector("#board");
    // A rated game, at the time control asked for, against the level nearest her 1500: intermediate.
    String opponent = server.games.read(id, r -> r.playerId(Side.WHITE).startsWith("c:") ? r.playerId(Side.WHITE) : r.playerId(Side.BLACK));
    assertThat(opponent).isEqualTo("c:intermediate");
    assertThat(server.games.store().find(id).orElseThrow().seats().rated()).isTrue();
    assertThat(server.games.store().find(id).orElseThrow().seats().timeControl()).isEqualTo("12+60");
    shot(cleo, "alone-rated-game-phone-fr");
    assertThat(errors).isEmpty();
  }

  /**
   * An arena (lichess's drop-in tournament): Ann, on a phone in French, creates one from the
   * tournament page and joins; Bob, on a desktop in English, finds it on the home page and joins;
   * both pages are sent to their game as soon as the two are paired, seated, and the standings
   * show them. Screens under target/screenshots (arena-*).
   */
  @Test
  void anArenaSendsItsJoinedPlayersToTheirGame() {
    Page ann = device("fr-FR", true, errors);
    Page bob = device("en-GB", false, errors);
    signUp(ann, "Ann");
    signUp(bob, "Bob");

    ann.navigate(server.url("/tournament.html"));
    ann.waitForSelector("#create:not([hidden])");
    ann.fill("#arenaNameInput", "Arène du vendredi");
    ann.fill("#arenaMinutesInput", "30");
    ann.selectOption("#arenaTime", "8+30");
    shot(ann, "arena-create-phone-fr");
    ann.click("#createButton");
    ann.waitForSelector("#arena:not([hidden]) #join:not([hidden])");
    assertThat(ann.textContent("#arenaWhat")).contains("En cours").contains("8 s par coup");
    ann.click("#join");
    ann.waitForSelector("#standings tr:has-text('Ann')");
    assertThat(ann.textContent("#arenaNote")).contains("Vous avez rejoint");
    shot(ann, "arena-joined-phone-fr");

    bob.navigate(server.url("/"));
    bob.waitForSelector("#arenaList li.arena:has-text('8 s a move')");
    shot(bob, "arena-home-desktop-en");
    bob.click("#arenaList li.arena a");
    bob.waitForSelector("#join:not([hidden])");
    bob.click("#join");
    // Paired within a pairing wave and a poll: both are sent to the same game, each in its seat.
    bob.waitForURL("**/game.html**");
    ann.waitForURL("**/game.html**");
    String id = bob.url().replaceAll(".*#g=", "");
    assertThat(ann.url()).endsWith("#g=" + id);
    bob.waitForSelector("#board");
    ann.waitForSelector("#board");
    shot(bob, "arena-game-desktop-en");
    shot(ann, "arena-game-phone-fr");
    java.util.Set<String> seated = server.games.read(id, r -> java.util.Set.of(r.playerId(Side.WHITE), r.playerId(Side.BLACK)));
    assertThat(seated).containsExactlyInAnyOrder(accountId("Ann"), accountId("Bob"));
    String arena = server.web.arenas().upcoming(time.now(), 5).get(0).id();
    // Bob resigns at the board; both pages, still on the board, follow the arena and are sent to
    // their next game by themselves (the only two: they meet again).
    bob.waitForSelector("#arenaBack:has-text('Tournament')");
    ann.waitForSelector("#arenaBack:has-text('Tournoi')");
    bob.waitForSelector("#resign:not([disabled])");
    bob.click("#resign");
    bob.click("#resignYes");
    bob.waitForURL(u -> u.contains("game.html") && !u.endsWith("#g=" + id));
    ann.waitForURL(u -> u.contains("game.html") && !u.endsWith("#g=" + id));
    assertThat(ann.url()).isEqualTo(bob.url());
    bob.waitForSelector("#board");
    shot(bob, "arena-next-game-desktop-en");
    // A guest (not a player: its page stays) sees the standings and the game played.
    Page guest = device("en-GB", false, errors);
    guest.navigate(server.url("/tournament.html#a=" + arena));
    guest.waitForSelector("#arenaGames li a:has-text('Review')");
    guest.waitForSelector("#arenaGames li a:has-text('playing')");
    assertThat(guest.textContent("#standings tr:first-child")).contains("Ann").contains("2");
    assertThat(guest.textContent("#standings")).contains("Bob");
    assertThat(guest.textContent("#arenaNote")).contains("Sign in to join");
    shot(guest, "arena-standings-desktop-en");
    assertThat(errors).isEmpty();
  }

  private boolean isBob(Side side, String id) {
    return accountId("Bob").equals(server.games.read(id, r -> r.playerId(side)));
  }

  private String accountId(String name) {
    return server.web.identities().names().find(name).orElseThrow().id();
  }

  /** Acts at {@code side}'s seat, as its player does from a browser of theirs (a key of its own). */
  private void act(String id, Side side, GameService.Action a) {
    String key = server.games.seatKeyFor(id, server.games.read(id, r -> r.playerId(side)));
    server.games.act(id, Tokens.sha256(key), a, "test");
  }
}
