package org.jacquet.server.notify;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.util.Date;
import java.util.Properties;

/**
 * Sends one mail through the host's mail server by SMTP (Angus Mail, Jakarta Mail's
 * implementation): STARTTLS required unless configured off, a login when a user is given, and
 * timeouts on connecting, reading and writing so that a mail server that stops answering holds
 * the sender a bounded time.
 */
final class Mailer {
  /** A mail to send: its unsubscribe address for the RFC 8058 headers, or null (a confirmation). */
  record Mail(String to, String subject, String body, String unsubscribePost) {}

  private final MailConfig config;
  private final Session session;

  Mailer(MailConfig config) {
    this.config = config;
    long timeoutMillis = config.timeout().toMillis();
    Properties p = new Properties();
    p.put("mail.smtp.host", config.host());
    p.put("mail.smtp.port", String.valueOf(config.port()));
    p.put("mail.smtp.connectiontimeout", String.valueOf(timeoutMillis));
    p.put("mail.smtp.timeout", String.valueOf(timeoutMillis));
    p.put("mail.smtp.writetimeout", String.valueOf(timeoutMillis));
    p.put("mail.smtp.starttls.enable", String.valueOf(config.startTls()));
    p.put("mail.smtp.starttls.required", String.valueOf(config.startTls()));
    p.put("mail.smtp.auth", String.valueOf(config.user() != null));
    this.session = Session.getInstance(p);
  }

  /** Sends {@code m}; throws what the mail server or the network said. */
  void send(Mail m) throws MessagingException {
    MimeMessage msg = new MimeMessage(session);
    msg.setFrom(new InternetAddress(config.from(), true));
    msg.setRecipient(Message.RecipientType.TO, new InternetAddress(m.to(), true));
    msg.setSubject(m.subject(), "UTF-8");
    msg.setText(m.body(), "UTF-8");
    msg.setSentDate(new Date());
    if (m.unsubscribePost() != null) {
      // RFC 8058: a mail client offers "unsubscribe" and POSTs "List-Unsubscribe=One-Click" to this address.
      msg.setHeader("List-Unsubscribe", "<" + m.unsubscribePost() + ">");
      msg.setHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
    }
    msg.setHeader("Auto-Submitted", "auto-generated");
    if (config.user() != null) Transport.send(msg, config.user(), config.password());
    else Transport.send(msg);
  }
}
