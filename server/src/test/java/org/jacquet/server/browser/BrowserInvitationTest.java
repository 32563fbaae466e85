package org.jacquet.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jacquet.server.browser.BrowserTest.js;
import static org.jacquet.server.browser.BrowserTest.shot;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import org.jacquet.server.testing.BrowserFixture;
import org.junit.jupiter.api.Test;

/**
 * The invitation link of a friend game (issue 24, item 6): it seats the first to come with it,
 * who then holds the seat under a key of their own; the link then offers to watch. When the
 * friend leaves mid-game the host is told they left, not that they have not come yet.
 */
class BrowserInvitationTest extends BrowserFixture {
  /**
   * Two processes (issue 30, item 9): a friend arriving on one while the host plays on the other
   * got {@code conflict} for its hello (the seat not taken, the game stored meanwhile) and the
   * page never asked again. That race cannot be timed from outside, so the test answers the
   * page's first two hellos with that very refusal, at the socket, and lets every later message
   * through to the real server: the page says hello again on the same socket and is seated
   * (before, it sat refused until the server closed the silent socket 10 s later).
   */
  @Test
  void aHelloRefusedForAConflictIsSaidAgainUntilTheSeatIsTaken() {
    try (BrowserContext hostContext = browser.context("en-US"); BrowserContext friendContext = browser.context("en-US")) {
      Page host = BrowserFaultsTest.page(hostContext);
      String id = create(host, "{\"opponent\":\"friend\"}");
      host.navigate(server.url("/game.html#g=" + id));
      host.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
      String invite = host.inputValue("#inviteLink");
      Page friend = BrowserFaultsTest.page(friendContext);
      java.util.concurrent.atomic.AtomicInteger hellos = new java.util.concurrent.atomic.AtomicInteger();
      java.util.concurrent.atomic.AtomicInteger sockets = new java.util.concurrent.atomic.AtomicInteger();
      friend.routeWebSocket(java.util.regex.Pattern.compile(".*/ws/.*"), ws -> {
        sockets.incrementAndGet();
        com.microsoft.playwright.WebSocketRoute real = ws.connectToServer();
        ws.onMessage(frame -> {
          if (frame.text().contains("\"hello\"") && hellos.incrementAndGet() <= 2) {
            ws.send("{\"type\":\"error\",\"code\":\"conflict\",\"params\":{},"
                + "\"message\":\"the game moved on meanwhile; nothing was changed, try again\"}");
          } else {
            real.send(frame.text());
          }
        });
      });
      friend.navigate(invite);
      friend.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === 'black'");
      assertThat(hellos.get()).as("two hellos refused, the third seated").isEqualTo(3);
      // Said again on the same socket: not after the server closed it for want of a hello (10 s) and the page reconnected.
      assertThat(sockets.get()).as("sockets opened").isEqualTo(1);
      host.waitForFunction("() => shown.players.black.connected && shown.players.black.joined");
    }
  }

  @Test
  void theInvitationSeatsTheFirstToComeThenOffersToWatchAndTheHostKnowsWhenTheFriendLeaves() {
    for (String[] lang : new String[][] {{"en-US", "Your friend has left the game", "Your friend is not here yet"},
        {"fr-FR", "Votre ami a quitté la partie", "Votre ami n'est pas encore là"}}) {
      try (BrowserContext hostContext = browser.context(lang[0]); BrowserContext friendContext = browser.context(lang[0]);
           BrowserContext strangerContext = browser.context(lang[0])) {
        Page host = BrowserFaultsTest.page(hostContext);
        String id = create(host, "{\"opponent\":\"friend\"}");
        host.navigate(server.url("/game.html#g=" + id));
        host.waitForFunction("() => typeof shown !== 'undefined' && shown !== null");
        assertThat(host.textContent("#inviteNote")).startsWith(lang[2]);
        String invite = host.inputValue("#inviteLink");

        // The friend comes with the link and takes the seat.
        Page friend = BrowserFaultsTest.page(friendContext);
        friend.navigate(invite);
        friend.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === 'black'");
        String own = (String) js(friend, "token");
        assertThat(own).as("the friend's own key").isNotEqualTo(invite.substring(invite.indexOf("&t=") + 3));
        host.waitForFunction("() => shown.players.black.connected && shown.players.black.joined");
        assertThat(host.isVisible("#inviteBox")).as("no invitation left to send").isFalse();
        assertThat(host.textContent("#inviteNote")).isEmpty();

        // Anyone else with the same link is offered to watch.
        Page stranger = BrowserFaultsTest.page(strangerContext);
        stranger.navigate(invite);
        stranger.waitForFunction("() => document.body.classList.contains('fatal')");
        assertThat(stranger.isVisible("#watch")).isTrue();
        shot(stranger, "invitation-taken-" + lang[0]);
        stranger.click("#watch");
        stranger.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === null");

        // The friend's page reloaded (or the link opened again in their browser): still their seat.
        friend.navigate("about:blank");
        friend.navigate(invite);
        friend.waitForFunction("() => typeof shown !== 'undefined' && shown !== null && shown.you === 'black'");

        // The friend closes the tab mid-game: the host is told they left.
        friend.close();
        host.waitForFunction("() => !shown.players.black.connected");
        assertThat(host.textContent("#inviteNote")).startsWith(lang[1]);
        assertThat(host.isVisible("#inviteBox")).isFalse();
        shot(host, "friend-left-" + lang[0]);
      }
    }
  }
}
