package org.jacquet.server.telemetry;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's log as one JSON object a line ({@code {"time":…,"level":…,"source":…,"message":…}}),
 * for a log collector: every line the process writes — the server's own ({@code jacquet: …}),
 * its start and stop, the libraries' (Jetty, HikariCP, Flyway through slf4j-simple) — goes
 * through it, so nothing escapes the format. Secrets are taken out on the way, whatever wrote
 * them: the database password given, a {@code password=} in a URL, a bearer token, and any word
 * shaped as a seat token (22 URL-safe characters: 128 random bits).
 */
public final class JsonLog extends OutputStream {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** A seat token's shape ({@code Tokens.token()}): standing alone, 22 characters of URL-safe base64. */
  static final Pattern TOKEN = Pattern.compile("(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])");
  private static final Pattern PASSWORD_PARAM = Pattern.compile("(?i)(password=)[^&\\s\"]*");
  private static final Pattern BEARER = Pattern.compile("(?i)(bearer\\s+)\\S+");
  /** slf4j-simple's lines: {@code [thread] LEVEL logger - message}. */
  private static final Pattern SLF4J = Pattern.compile("^\\[[^\\]]*\\] (TRACE|DEBUG|INFO|WARN|ERROR) (\\S+) - (.*)$");
  /** A command's own refusal, the last line it writes: {@code jacquet serve: …}. */
  private static final Pattern COMMAND_FAILED = Pattern.compile("^jacquet [a-z-]+: .*");
  /** Longest line kept whole: a longer one is cut (a stack trace's line never needs more). */
  private static final int MAX_LINE = 16 * 1024;

  private final PrintStream out;
  private final String defaultLevel;
  private final List<String> secrets;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  private JsonLog(PrintStream out, String defaultLevel, List<String> secrets) {
    this.out = out;
    this.defaultLevel = defaultLevel;
    this.secrets = secrets.stream().filter(s -> s != null && !s.isEmpty()).toList();
  }

  /**
   * From now on, standard output and error are written as JSON lines (on the same streams as
   * before), with {@code secrets} (e.g. the database password) never written.
   */
  public static void install(String... secrets) {
    List<String> hidden = kept(secrets);
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    System.setOut(new PrintStream(over(stdout, "info", hidden), true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(over(stderr, "warn", hidden), true, StandardCharsets.UTF_8));
  }

  /** The secrets to keep out: those given (none: the SQLite file has no password). */
  static List<String> kept(String... secrets) {
    return java.util.Arrays.stream(secrets).filter(s -> s != null && !s.isEmpty()).toList();
  }

  /** A stream whose lines are written to {@code out} as JSON objects, at {@code defaultLevel} unless they say theirs. */
  static OutputStream over(PrintStream out, String defaultLevel, List<String> secrets) {
    return new JsonLog(out, defaultLevel, secrets);
  }

  @Override
  public synchronized void write(int b) {
    if (b == '\n') {
      emit();
    } else if (line.size() < MAX_LINE) {
      line.write(b);
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) {
    for (int i = off; i < off + len; i++) write(b[i]);
  }

  @Override
  public synchronized void flush() {
    out.flush();
  }

  private void emit() {
    String text = line.toString(StandardCharsets.UTF_8).stripTrailing();
    line.reset();
    if (text.isEmpty()) return;
    out.println(toJson(text, defaultLevel, secrets));
    out.flush();
  }

  /** One line of the log as its JSON object: its level and source read from it where it says them. */
  static String toJson(String text, String defaultLevel, List<String> secrets) {
    ObjectNode o = JSON.createObjectNode();
    o.put("time", Instant.now().toString());
    String level = defaultLevel;
    String source = "jacquet";
    String message = text;
    Matcher m = SLF4J.matcher(text);
    if (m.matches()) {
      level = m.group(1).toLowerCase(java.util.Locale.ROOT);
      source = m.group(2);
      message = m.group(3);
    } else if (text.startsWith("jacquet: ")) {
      message = text.substring("jacquet: ".length());
    } else if (COMMAND_FAILED.matcher(text).matches()) { // "jacquet serve: …": the command's refusal, which ends it
      level = "error";
      message = text.substring(text.indexOf(": ") + 2);
    } else if (text.startsWith("\tat ") || text.startsWith("Caused by: ")) {
      level = "error";
    }
    o.put("level", level);
    o.put("source", source);
    o.put("message", redact(message, secrets));
    return o.toString();
  }

  /** The text without any secret in it: each replaced by "…". */
  static String redact(String text, List<String> secrets) {
    String r = text;
    for (String s : secrets) r = r.replace(s, "…");
    r = PASSWORD_PARAM.matcher(r).replaceAll("$1…");
    r = BEARER.matcher(r).replaceAll("$1…");
    return TOKEN.matcher(r).replaceAll("…");
  }
}
