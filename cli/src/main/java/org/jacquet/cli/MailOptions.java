package org.jacquet.cli;

import java.nio.file.Path;
import java.util.Map;
import org.jacquet.server.notify.MailConfig;
import picocli.CommandLine.Option;

/**
 * {@code serve}'s mail server (a picocli mixin): none by default — the site works and says e-mail
 * is off. The password comes from {@value #VARIABLE} or a file, never the command line; STARTTLS
 * is required unless the mail server is this machine's own relay.
 */
final class MailOptions {
  static final String VARIABLE = "JACQUET_SMTP_PASSWORD";

  @Option(names = "--smtp-host", paramLabel = "HOST", description = "The mail server notifications are sent through (default: none, e-mail off).")
  String host;

  @Option(names = "--smtp-port", paramLabel = "N", defaultValue = "587", description = "Its port, 1 to 65,535 (default: ${DEFAULT-VALUE}, submission).")
  int port;

  @Option(names = "--smtp-from", paramLabel = "ADDRESS", description = "The sender's address of the mails, e.g. jacquet@jacquet.example.")
  String from;

  @Option(names = "--smtp-user", paramLabel = "USER", description = "The login on the mail server, if it asks for one (password in " + VARIABLE + " or --smtp-password-file).")
  String user;

  @Option(names = "--smtp-password-file", paramLabel = "FILE", description = "A file whose first line is the mail server's password (or set " + VARIABLE + ").")
  Path passwordFile;

  @Option(names = "--smtp-starttls", paramLabel = "required|off", defaultValue = "required",
      description = "STARTTLS: required (the default), or off for a relay on this machine (127.0.0.1, ::1, localhost) only.")
  String startTls;

  @Option(names = "--public-url", paramLabel = "URL", description = "The site's address as players reach it, e.g. https://jacquet.example: the links in mails start with it.")
  String publicUrl;

  /** The mail settings given, checked ({@link MailConfig#OFF} without {@code --smtp-host}). */
  MailConfig config(Map<String, String> environment) {
    if (host == null) {
      if (from != null || user != null || passwordFile != null || publicUrl != null) {
        throw new IllegalArgumentException(Words.get("smtp.needs.host"));
      }
      return MailConfig.OFF;
    }
    Checks.between("--smtp-port", port, 1, 65_535);
    if (from == null || !from.matches("[^@\\s\\p{Cntrl}]+@[^@\\s\\p{Cntrl}]+")) throw new IllegalArgumentException(Words.get("smtp.from"));
    if (publicUrl == null || !publicUrl.matches("https?://[A-Za-z0-9.\\-\\[\\]:]+(/[^\\s]*)?")) {
      throw new IllegalArgumentException(Words.get("smtp.public.url"));
    }
    if (user != null && passwordFile == null && (environment.get(VARIABLE) == null || environment.get(VARIABLE).isEmpty())) {
      throw new IllegalArgumentException(Words.get("smtp.user.password", VARIABLE));
    }
    if (!startTls.equals("required") && !startTls.equals("off")) throw new IllegalArgumentException(Words.get("smtp.starttls", startTls));
    boolean local = host.equals("localhost") || host.startsWith("127.") || host.equals("::1");
    if (startTls.equals("off") && !local) throw new IllegalArgumentException(Words.get("smtp.starttls.local", host));
    String fromEnvironment = environment.get(VARIABLE);
    if (passwordFile != null && fromEnvironment != null && !fromEnvironment.isEmpty()) {
      throw new IllegalArgumentException(Words.get("smtp.password.twice", VARIABLE));
    }
    String password = passwordFile != null ? DatabaseLogin.readFirstLine(passwordFile)
        : fromEnvironment == null || fromEnvironment.isEmpty() ? null : fromEnvironment;
    return new MailConfig(host, port, from, user, password, startTls.equals("required"), publicUrl);
  }
}
