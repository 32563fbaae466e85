package org.jacquet.server.notify;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.jacquet.server.identity.Player;
import org.jacquet.server.refusal.Refusal;
import org.jacquet.server.store.Database;
import org.jacquet.server.store.GameStore;

/**
 * Notifications assembled: the inbox, whose notices the game store's changes write ({@link
 * GameNotices}) and the waiting direct challenges add; and, with a mail server configured, the
 * mail of the kinds each account chose to its confirmed address, pumped from the outbox by one
 * sender thread. Without a mail server nothing is mailed and {@link #mailOn} says so.
 */
public final class Notify implements AutoCloseable {
  /** Confirmation mails an account may ask for a day. */
  public static final int CONFIRMATIONS_A_DAY = 5;
  /** How often the outbox is looked at (a notice stored here also wakes it at once). */
  static final long PUMP_MILLIS = 5_000;

  private final MailConfig config;
  private final LongSupplier clock;
  private final MailOutbox outbox;
  private final Inbox inbox;
  private final MailSettings settings;
  private final MailLinks links;
  private final MailSender sender;

  public Notify(Database db, MailConfig config, LongSupplier clock) {
    this.config = config;
    this.clock = clock;
    this.outbox = new MailOutbox(db, config.enabled());
    this.inbox = new Inbox(db, clock, outbox);
    this.settings = new MailSettings(db);
    this.links = new MailLinks(db);
    this.sender = config.enabled() ? new MailSender(new Mailer(config), config.retry().toMillis()) : null;
    if (sender != null) {
      sender.every(PUMP_MILLIS, this::pump);
      outbox.onQueued(() -> sender.soon(this::pump));
    }
  }

  /** Writes the notices of every change {@code store} stores, in its transaction. */
  public Notify attachTo(GameStore store) {
    store.onChange(new GameNotices(inbox));
    return this;
  }

  public Inbox inbox() {
    return inbox;
  }

  /** Whether a mail server is configured. */
  public boolean mailOn() {
    return config.enabled();
  }

  MailSettings.View mail(Player p) {
    return settings.view(p.id());
  }

  /**
   * Gives {@code p} a new address (null: none) and mails it a confirmation link; refused
   * {@code mail-off} with no mail server, {@code bad-email}, or {@code too-many-confirmations}
   * past {@link #CONFIRMATIONS_A_DAY} a day.
   */
  void setAddress(Player p, String address, String language) {
    if (!mailOn()) throw new Refusal("mail-off", "e-mail is off on this server (no mail server configured)");
    if (address == null) {
      settings.setAddress(p.id(), null, language);
      return;
    }
    org.jacquet.server.account.Accounts.checkEmail(address);
    long now = clock.getAsLong();
    if (links.madeSince(p.id(), MailLinks.Purpose.CONFIRM, now - MailOutbox.DAY_MILLIS) >= CONFIRMATIONS_A_DAY) {
      throw new Refusal("too-many-confirmations", Map.of("max", CONFIRMATIONS_A_DAY),
          "at most " + CONFIRMATIONS_A_DAY + " confirmation mails a day; try again tomorrow");
    }
    settings.setAddress(p.id(), address, language);
    String token = links.make(p.id(), MailLinks.Purpose.CONFIRM, address, now, MailLinks.CONFIRM_MILLIS);
    MailTexts.Letter l = MailTexts.confirm(language, p.name(), config.link("/mail.html#confirm=" + token));
    sender.submit(new MailSender.Job(new Mailer.Mail(address, l.subject(), l.body(), null), () -> {}, () -> {}));
  }

  void setKinds(Player p, List<NoticeKind> kinds, String language) {
    settings.setKinds(p.id(), kinds, language);
  }

  /** Follows a confirmation link: the address it was sent to is confirmed (refused as {@link MailLinks#use} says). */
  String confirm(String token) {
    MailLinks.Used used = links.use(token, MailLinks.Purpose.CONFIRM, clock.getAsLong(), (h, u) -> {
      if (!MailSettings.confirm(h, u.account(), u.detail())) {
        throw new Refusal("mail-link-expired", Map.of("purpose", "confirm"), "the account's address changed since this link was sent");
      }
    });
    return used.detail();
  }

  /** Follows an unsubscribe link (RFC 8058's one click): its kind is no longer mailed. */
  NoticeKind unsubscribe(String token) {
    MailLinks.Used used = links.use(token, MailLinks.Purpose.UNSUBSCRIBE, clock.getAsLong(),
        (h, u) -> MailSettings.unsubscribe(h, u.account(), NoticeKind.parse(u.detail()).orElseThrow()));
    return NoticeKind.parse(used.detail()).orElseThrow();
  }

  /** Sends what the outbox holds for this process to send (on the sender's thread). */
  void pump() {
    long now = clock.getAsLong();
    for (String id : outbox.due(now, 20)) {
      Optional<MailOutbox.Queued> claimed = outbox.claim(id, now);
      if (claimed.isEmpty()) continue; // another process sends it
      MailOutbox.Queued q = claimed.get();
      Optional<MailSettings.Recipient> to = settings.recipient(q.account());
      if (to.isEmpty() || !to.get().kinds().contains(q.kind())) {
        outbox.mark(q.id(), "dropped"); // unconfirmed or unsubscribed since
        continue;
      }
      if (q.kind() == NoticeKind.YOUR_TURN && !outbox.stillTheirTurn(q)) {
        // The turn passed before the mail went (a forced play made for them at once, a move from
        // another browser): no mail, and none counted against the day's one for this game.
        outbox.forget(q.id());
        continue;
      }
      String token = links.make(q.account(), MailLinks.Purpose.UNSUBSCRIBE, q.kind().key, now, MailLinks.UNSUBSCRIBE_MILLIS);
      String target = q.kind() == NoticeKind.CHALLENGE || q.gameId() == null ? "/" : "/game.html#g=" + q.gameId();
      MailTexts.Letter l = MailTexts.notice(to.get().language(), q.kind(), q.otherName(), config.link(target),
          config.link("/mail.html#unsubscribe=" + token));
      Mailer.Mail mail = new Mailer.Mail(to.get().address(), l.subject(), l.body(),
          config.link("/api/mail/unsubscribe?token=" + token));
      if (!sender.submit(new MailSender.Job(mail, () -> outbox.mark(q.id(), "sent"), () -> outbox.mark(q.id(), "failed")))) {
        outbox.mark(q.id(), "failed");
      }
    }
  }

  /** The chores' turn (every 10 s): challenges waiting without a notice, old mails and links forgotten. */
  public void chores() {
    inbox.collectChallenges(null);
    long now = clock.getAsLong();
    outbox.purge(now);
    links.purge(now);
  }

  /** Mails sent, attempts made, mails given up by this process (tests, the log). */
  public long[] mailFigures() {
    return sender == null ? new long[3] : new long[] {sender.sent(), sender.attempts(), sender.givenUp()};
  }

  @Override
  public void close() {
    if (sender != null) sender.close();
  }
}
