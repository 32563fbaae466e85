package org.jacquet.server.notify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.MimeMessage;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacquet.engine.Side;
import org.jacquet.server.WebServer;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.GameStore;
import org.jacquet.server.testing.Postgres;
import org.jacquet.server.testing.StoredCorrespondence;
import org.jacquet.server.testing.TestServer;
import org.jacquet.server.testing.WsClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Notifications end to end: accounts over real HTTP, mail through a real SMTP server started here
 * (GreenMail) and read back as it received it, a mail server that never answers, and two
 * processes on one PostgreSQL writing each notice once.
 */
public class NotifyTest {
  /** The public address links start with (the site behind its proxy); the test sends them to its own server. */
  static final String SITE = "https://jacquet.example";

  @TempDir Path dir;
  GreenMail smtp;

  @BeforeEach
  void startSmtp() {
    smtp = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
    smtp.start();
  }

  @AfterEach
  void stopSmtp() {
    smtp.stop();
  }

  MailConfig mailTo(int port) {
    return new MailConfig("127.0.0.1", port, "jacquet@jacquet.example", null, null, false, SITE)
        .timing(Duration.ofSeconds(2), Duration.ofMillis(50));
  }

  record Answer(int status, JsonNode json, String body) {}

  static Answer send(TestServer s, String method, String path, String body, String cookie) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(s.url(path))).method(method,
        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (cookie != null) b.header("Cookie", "jacquet_session=" + cookie);
    if (!"GET".equals(method)) b.header("Origin", s.url(""));
    if (body != null) b.header("Content-Type", "application/json");
    HttpResponse<String> r = WsClient.HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    JsonNode json = r.body().isEmpty() ? null : WsClient.JSON.readTree(r.body());
    return new Answer(r.statusCode(), json, r.body());
  }

  static String signUp(TestServer s, String name) throws Exception {
    HttpResponse<String> r = WsClient.HTTP.send(HttpRequest.newBuilder(URI.create(s.url("/api/account/signup")))
        .header("Origin", s.url("")).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
            "{\"name\":\"" + name + "\",\"password\":\"a long password\"}")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    String cookie = r.headers().firstValue("Set-Cookie").orElseThrow();
    return cookie.substring("jacquet_session=".length(), cookie.indexOf(';'));
  }

  static String accountId(TestServer s, String name) {
    return s.web.accountsForTests().byName(name).orElseThrow().id();
  }

  static void waitFor(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) throw new AssertionError("never: " + what);
      Thread.sleep(20);
    }
  }

  /** The token of the first link to {@code SITE + path} in the mail's body. */
  static String token(MimeMessage m, String fragment) throws Exception {
    Matcher x = Pattern.compile(Pattern.quote(SITE + "/mail.html#" + fragment + "=") + "([A-Za-z0-9_-]+)").matcher(text(m));
    assertThat(x.find()).as(text(m)).isTrue();
    return x.group(1);
  }

  /** The mail's text as its reader sees it (decoded). */
  static String text(MimeMessage m) throws Exception {
    return (String) m.getContent();
  }

  static int outboxRows(GameStore store, String account) {
    return store.database().jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM mail_outbox WHERE account_id = :a")
        .bind("a", account).mapTo(Integer.class).one());
  }

  @Test
  void anInboxAndItsMailOverHttpWithARealSmtpServer() throws Exception {
    try (TestServer s = new TestServer(Database.sqlite(dir), 0, WebServer.Options.defaults().mail(mailTo(smtp.getSmtp().getPort())))) {
      String anna = signUp(s, "Anna");
      String boris = signUp(s, "Boris");
      assertThat(send(s, "GET", "/api/inbox", null, null).json().get("signedIn").asBoolean()).as("a guest has no inbox").isFalse();
      assertThat(send(s, "GET", "/api/mail", null, anna).json().get("mail").asBoolean()).isTrue();

      // An address that is not one: refused, nothing stored, nothing sent.
      Answer bad = send(s, "POST", "/api/mail/address", "{\"address\":\"anna at home\"}", anna);
      assertThat(bad.status()).isEqualTo(400);
      assertThat(bad.json().get("code").asText()).isEqualTo("bad-email");
      assertThat(send(s, "GET", "/api/mail", null, anna).json().has("address")).isFalse();

      // The address, confirmed once by the link mailed to it (in French: the page asked in French).
      assertThat(send(s, "POST", "/api/mail/address?lang=fr", "{\"address\":\"anna@example.org\"}", anna).json()
          .get("confirmed").asBoolean()).isFalse();
      assertThat(smtp.waitForIncomingEmail(20_000, 1)).isTrue();
      MimeMessage confirmation = smtp.getReceivedMessages()[0];
      assertThat(confirmation.getAllRecipients()[0].toString()).isEqualTo("anna@example.org");
      assertThat(confirmation.getSubject()).isEqualTo("Jacquet : confirmez votre adresse");
      String confirm = token(confirmation, "confirm");
      Answer forged = send(s, "POST", "/api/mail/confirm", "{\"token\":\"" + confirm.substring(1) + "x\"}", null);
      assertThat(forged.status()).isEqualTo(404);
      assertThat(forged.json().get("code").asText()).isEqualTo("mail-link-unknown");
      Answer confirmed = send(s, "POST", "/api/mail/confirm", "{\"token\":\"" + confirm + "\"}", null);
      assertThat(confirmed.status()).as(confirmed.body()).isEqualTo(200);
      Answer again = send(s, "POST", "/api/mail/confirm", "{\"token\":\"" + confirm + "\"}", null);
      assertThat(again.status()).isEqualTo(410);
      assertThat(again.json().get("code").asText()).isEqualTo("mail-link-used");
      JsonNode settings = send(s, "POST", "/api/mail/kinds?lang=fr", "{\"kinds\":[\"your-turn\",\"ended\"]}", anna).json();
      assertThat(settings.get("confirmed").asBoolean()).isTrue();
      assertThat(settings.get("kinds").toString()).isEqualTo("[\"your-turn\",\"ended\"]");
      assertThat(send(s, "POST", "/api/mail/kinds", "{\"kinds\":[\"everything\"]}", anna).json().get("code").asText())
          .isEqualTo("bad-field");

      // Boris moves in their correspondence game: Anna's turn, in her inbox and by one mail.
      GameStore store = s.games.store();
      StoredCorrespondence g = StoredCorrespondence.insert(store, accountId(s, "Anna"), "Anna", accountId(s, "Boris"), "Boris");
      assertThat(g.move(Side.BLACK, Side.WHITE)).isTrue();
      JsonNode inbox = send(s, "GET", "/api/inbox", null, anna).json();
      assertThat(inbox.get("unread").asInt()).isEqualTo(1);
      assertThat(inbox.get("notices").get(0).get("kind").asText()).isEqualTo("your-turn");
      assertThat(inbox.get("notices").get(0).get("game").asText()).isEqualTo(g.id);
      assertThat(inbox.get("notices").get(0).get("other").asText()).isEqualTo("Boris");
      assertThat(send(s, "GET", "/api/inbox", null, boris).json().get("unread").asInt()).isZero();
      assertThat(smtp.waitForIncomingEmail(20_000, 2)).isTrue();
      MimeMessage turn = smtp.getReceivedMessages()[1];
      assertThat(turn.getSubject()).isEqualTo("Jacquet : à vous de jouer contre Boris");
      assertThat(text(turn)).contains(SITE + "/game.html#g=" + g.id);
      assertThat(turn.getHeader("List-Unsubscribe-Post")[0]).isEqualTo("List-Unsubscribe=One-Click");
      String listUnsubscribe = turn.getHeader("List-Unsubscribe")[0];
      assertThat(listUnsubscribe).startsWith("<" + SITE + "/api/mail/unsubscribe?token=").endsWith(">");

      // Anna plays, Boris plays again the same day: her notice is new again, but no second mail for the game today.
      assertThat(g.move(Side.WHITE, Side.BLACK)).isTrue();
      assertThat(send(s, "GET", "/api/inbox", null, anna).json().get("unread").asInt()).as("her turn is done").isZero();
      assertThat(g.move(Side.BLACK, Side.WHITE)).isTrue();
      assertThat(send(s, "GET", "/api/inbox", null, anna).json().get("unread").asInt()).isEqualTo(1);
      assertThat(outboxRows(store, accountId(s, "Anna"))).isEqualTo(1);

      // Opened: read. Then one click unsubscribes her from "your turn" (RFC 8058, no session), once.
      assertThat(send(s, "POST", "/api/inbox/read", "", anna).status()).isEqualTo(200);
      assertThat(send(s, "GET", "/api/inbox", null, anna).json().get("unread").asInt()).isZero();
      String path = listUnsubscribe.substring(1 + SITE.length(), listUnsubscribe.length() - 1);
      HttpRequest oneClick = HttpRequest.newBuilder(URI.create(s.url(path))).header("Content-Type", "application/x-www-form-urlencoded")
          .POST(HttpRequest.BodyPublishers.ofString("List-Unsubscribe=One-Click")).build();
      HttpResponse<String> first = WsClient.HTTP.send(oneClick, HttpResponse.BodyHandlers.ofString());
      assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
      assertThat(first.body()).contains("your-turn");
      assertThat(WsClient.HTTP.send(oneClick, HttpResponse.BodyHandlers.ofString()).body()).contains("mail-link-used");
      assertThat(send(s, "GET", "/api/mail", null, anna).json().get("kinds").toString()).isEqualTo("[\"ended\"]");

      // The game ends: both accounts are told in their inboxes; Anna, mailed about this game
      // today already, not by mail (one a game a day), though she still asks for the end.
      assertThat(g.end(Side.BLACK)).isTrue();
      assertThat(send(s, "GET", "/api/inbox", null, boris).json().get("notices").get(0).get("kind").asText()).isEqualTo("ended");
      JsonNode annaNotices = send(s, "GET", "/api/inbox", null, anna).json().get("notices");
      assertThat(annaNotices.get(0).get("kind").asText()).isEqualTo("ended");
      assertThat(annaNotices.size()).as("her turn is no longer listed").isEqualTo(1);
      assertThat(outboxRows(store, accountId(s, "Anna"))).isEqualTo(1);
      // A live game against the computer ends before her eyes: nothing to tell her.
      StoredCorrespondence computer = StoredCorrespondence.insert(store, accountId(s, "Anna"), "Anna", null, null, "12+120", true);
      assertThat(computer.end(Side.BLACK)).isTrue();
      assertThat(send(s, "GET", "/api/inbox", null, anna).json().get("notices").size()).isEqualTo(1);
      // Another game of theirs ends: that one is mailed, in French.
      StoredCorrespondence other = StoredCorrespondence.insert(store, accountId(s, "Boris"), "Boris", accountId(s, "Anna"), "Anna");
      // Its opening throw made Boris the first to play: his turn, though the throw was his own.
      assertThat(other.move(Side.WHITE, Side.WHITE)).isTrue();
      assertThat(send(s, "GET", "/api/inbox", null, boris).json().get("notices").toString())
          .contains("{\"id\"").containsPattern("\"kind\":\"your-turn\"[^}]*\"game\":\"" + Pattern.quote(other.id) + "\"");
      assertThat(other.move(Side.WHITE, Side.WHITE)).isTrue(); // his own move goes on: nothing new
      assertThat(send(s, "GET", "/api/inbox", null, boris).json().get("unread").asInt()).isEqualTo(2);
      assertThat(other.end(Side.WHITE)).isTrue();
      assertThat(smtp.waitForIncomingEmail(20_000, 3)).isTrue();
      assertThat(smtp.getReceivedMessages()[2].getSubject()).isEqualTo("Jacquet : votre partie contre Boris est terminée");
      waitFor("three mails sent", () -> s.web.notifyForTests().mailFigures()[0] == 3);

      // Boris deletes his account: his notices go with it.
      String borisId = accountId(s, "Boris");
      assertThat(send(s, "POST", "/api/account/delete", "{\"password\":\"a long password\"}", boris).status()).isEqualTo(204);
      int left = store.database().jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM notices WHERE account_id = :a")
          .bind("a", borisId).mapTo(Integer.class).one());
      assertThat(left).isZero();
    }
  }

  @Test
  void aMailServerThatNeverAnswersCostsTheMailNotTheGame() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
         TestServer s = new TestServer(Database.sqlite(dir), 0, WebServer.Options.defaults()
             .mail(mailTo(silent.getLocalPort()).timing(Duration.ofMillis(300), Duration.ofMillis(20))))) {
      signUp(s, "Anna");
      signUp(s, "Boris");
      String annaId = accountId(s, "Anna");
      confirmedFor(s.games.store(), annaId, "anna@example.org");
      StoredCorrespondence g = StoredCorrespondence.insert(s.games.store(), annaId, "Anna", accountId(s, "Boris"), "Boris");
      assertThat(g.move(Side.BLACK, Side.WHITE)).as("the game goes on").isTrue();
      Notify notify = s.web.notifyForTests();
      waitFor("the mail given up", () -> notify.mailFigures()[2] == 1);
      assertThat(notify.mailFigures()[1]).as("attempts").isEqualTo(MailSender.MAX_ATTEMPTS);
      assertThat(notify.mailFigures()[0]).isZero();
      String state = s.games.store().database().jdbi().withHandle(h -> h.createQuery("SELECT state FROM mail_outbox")
          .mapTo(String.class).one());
      assertThat(state).isEqualTo("failed");
      assertThat(g.move(Side.WHITE, Side.BLACK)).as("and goes on").isTrue();
    }
  }

  /** Gives {@code account} a confirmed {@code address} with every kind chosen, as following the link does. */
  public static void confirmedFor(GameStore store, String account, String address) {
    store.database().jdbi().useHandle(h -> {
      h.createUpdate("UPDATE accounts SET email = :e WHERE id = :a").bind("e", address).bind("a", account).execute();
      h.createUpdate("INSERT INTO mail_settings (account_id, confirmed_address, language, kinds) VALUES (:a, :e, 'en', :k)")
          .bind("a", account).bind("e", address).bind("k", ",your-turn,challenge,ended,").execute();
    });
  }

  @Test
  void withNoMailServerTheSiteSaysMailIsOff() throws Exception {
    try (TestServer s = TestServer.sqlite(dir, 0)) {
      String anna = signUp(s, "Anna");
      assertThat(send(s, "GET", "/api/mail", null, anna).json().get("mail").asBoolean()).isFalse();
      Answer off = send(s, "POST", "/api/mail/address", "{\"address\":\"anna@example.org\"}", anna);
      assertThat(off.status()).isEqualTo(503);
      assertThat(off.json().get("code").asText()).isEqualTo("mail-off");
      assertThat(send(s, "GET", "/api/mail", null, null).status()).isEqualTo(401);
    }
  }

  @Test
  void twoProcessesOnPostgresWriteEachNoticeOnceAndMailItOnce() throws Exception {
    try (Postgres pg = Postgres.fresh()) {
      AtomicLong now = new AtomicLong(System.currentTimeMillis());
      Database one = Database.url(pg.jdbcUrl(), null, null);
      Database two = Database.url(pg.jdbcUrl(), null, null);
      GameStore storeOne = new GameStore(one);
      GameStore storeTwo = new GameStore(two);
      try (Notify a = new Notify(one, mailTo(smtp.getSmtp().getPort()), now::get).attachTo(storeOne);
           Notify b = new Notify(two, mailTo(smtp.getSmtp().getPort()), now::get).attachTo(storeTwo)) {
        one.jdbi().useHandle(h -> {
          for (String n : new String[] {"Anna", "Boris"}) {
            h.createUpdate("INSERT INTO accounts (id, name, skeleton, password_hash, created_at) VALUES (:id, :n, :n, 'x', 0)")
                .bind("id", "a:" + n).bind("n", n).execute();
          }
        });
        confirmedFor(storeOne, "a:Anna", "anna@example.org");
        StoredCorrespondence g = StoredCorrespondence.insert(storeOne, "a:Anna", "Anna", "a:Boris", "Boris");
        // Boris's move is stored by process two, then Anna's by process one, then his again by two.
        StoredCorrespondence onTwo = g.on(storeTwo);
        assertThat(onTwo.move(Side.BLACK, Side.WHITE)).isTrue();
        assertThat(a.inbox().unread("a:Anna")).isEqualTo(1);
        assertThat(b.inbox().unread("a:Anna")).isEqualTo(1);
        assertThat(smtp.waitForIncomingEmail(20_000, 1)).isTrue();
        // A direct challenge: both processes look for it at once; one notice, one mail.
        one.jdbi().useHandle(h -> h.createUpdate("""
            INSERT INTO seeks (id, kind, poster, poster_name, target, target_name, rules, match_length, time_control, colour,
              rated, token_hash, created_at, expires_at) VALUES ('seek1', 'direct', 'a:Boris', 'Boris', 'a:Anna', 'Anna',
              'modern', 1, '3d', 'random', 0, 'h', 0, :far)""").bind("far", now.get() + 86_400_000L).execute());
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        var x = pool.submit(() -> a.inbox().collectChallenges(null));
        var y = pool.submit(() -> b.inbox().collectChallenges(null));
        assertThat(x.get() + y.get()).isEqualTo(1);
        pool.shutdown();
        assertThat(a.inbox().list("a:Anna")).extracting(Inbox.Notice::kind)
            .containsExactlyInAnyOrder(NoticeKind.CHALLENGE, NoticeKind.YOUR_TURN);
        assertThat(smtp.waitForIncomingEmail(20_000, 2)).isTrue();
        // The next day, a turn in the same game is mailed again; within the day it is not.
        assertThat(g.move(Side.WHITE, Side.BLACK)).isTrue();
        assertThat(onTwo.move(Side.BLACK, Side.WHITE)).isTrue();
        now.addAndGet(MailOutbox.DAY_MILLIS + 1);
        assertThat(g.move(Side.WHITE, Side.BLACK)).isTrue();
        assertThat(onTwo.move(Side.BLACK, Side.WHITE)).isTrue();
        assertThat(smtp.waitForIncomingEmail(20_000, 3)).isTrue();
        waitFor("every mail sent", () -> a.mailFigures()[0] + b.mailFigures()[0] == 3);
        assertThat(outboxRows(storeOne, "a:Anna")).isEqualTo(3);
        int notices = one.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM notices WHERE account_id = 'a:Anna'")
            .mapTo(Integer.class).one());
        assertThat(notices).as("one notice of her turn, one of the challenge").isEqualTo(2);
        assertThat(smtp.getReceivedMessages()).hasSize(3);
      } finally {
        one.close();
        two.close();
      }
    }
  }
}
