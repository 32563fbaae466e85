package org.jacquet.server.notify;

import java.net.URI;

/**
 * How the server reaches the host's mail server: {@code host} and {@code port} (587, the
 * submission port, by default), the sender's address ({@code from}), a login ({@code user}, null:
 * none) whose {@code password} comes from a file or the environment, never the command line,
 * whether STARTTLS is required (it is unless the mail server is this machine's own relay), and the
 * site's public address ({@code publicUrl}), which the links in mails start with.
 * {@code timeout} bounds each exchange with the mail server; a mail it refused is tried again after
 * {@code retry}, then twice that. {@link #OFF}: no mail server; the site works and says e-mail is off.
 */
public record MailConfig(String host, int port, String from, String user, String password, boolean startTls,
    String publicUrl, java.time.Duration timeout, java.time.Duration retry) {
  public static final MailConfig OFF = new MailConfig(null, 0, null, null, null, true, null);
  public static final int SUBMISSION_PORT = 587;
  public static final java.time.Duration TIMEOUT = java.time.Duration.ofSeconds(10);
  public static final java.time.Duration RETRY = java.time.Duration.ofMinutes(1);

  /** A mail server with the usual timeout and retry. */
  public MailConfig(String host, int port, String from, String user, String password, boolean startTls, String publicUrl) {
    this(host, port, from, user, password, startTls, publicUrl, TIMEOUT, RETRY);
  }

  /** The same with other timeouts (tests shorten them). */
  public MailConfig timing(java.time.Duration timeout, java.time.Duration retry) {
    return new MailConfig(host, port, from, user, password, startTls, publicUrl, timeout, retry);
  }

  public MailConfig {
    if (host != null) {
      if (port < 1 || port > 65_535) throw new IllegalArgumentException("--smtp-port must be from 1 to 65,535, not " + port);
      if (from == null || !from.matches("[^@\\s\\p{Cntrl}]+@[^@\\s\\p{Cntrl}]+"))
        throw new IllegalArgumentException("--smtp-from must be the sender's address, name@domain (given with --smtp-host)");
      if (publicUrl == null || !publicUrl.matches("https?://[A-Za-z0-9.\\-\\[\\]:]+(/[^\\s]*)?"))
        throw new IllegalArgumentException("--public-url must be the site's address as players reach it, e.g. "
            + "https://jacquet.example (the links in mails start with it; given with --smtp-host)");
      if (user != null && password == null)
        throw new IllegalArgumentException("--smtp-user needs a password: JACQUET_SMTP_PASSWORD or --smtp-password-file");
      URI.create(publicUrl);
    }
  }

  /** Whether a mail server is configured. */
  public boolean enabled() {
    return host != null;
  }

  /** The public address of {@code path} ("/game.html#id"), for a link in a mail. */
  String link(String path) {
    return publicUrl.replaceAll("/+$", "") + path;
  }
}
