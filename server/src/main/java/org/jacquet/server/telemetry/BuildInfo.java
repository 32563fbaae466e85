package org.jacquet.server.telemetry;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * This build's version and commit, as Maven wrote them into the jar (the version from the POM,
 * the commit from {@code git rev-parse} at build time): one source for {@code jacquet --version},
 * the metrics' {@code jacquet_build_info} and the server's start line. "unknown" where the build
 * did not say (built outside a git work tree, or run from classes no build filtered).
 */
public final class BuildInfo {
  public static final String UNKNOWN = "unknown";
  private static final String VERSION;
  private static final String COMMIT;

  static {
    Properties p = new Properties();
    try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
      if (in != null) p.load(in);
    } catch (IOException e) {
      // left unknown
    }
    VERSION = known(p.getProperty("version"));
    String commit = null;
    try (InputStream in = BuildInfo.class.getResourceAsStream("commit")) {
      if (in != null) commit = new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip();
    } catch (IOException e) {
      // left unknown
    }
    COMMIT = commit != null && commit.matches("[0-9a-f]{7,40}") ? commit : UNKNOWN;
  }

  private BuildInfo() {}

  /** A value the build filled in, or {@link #UNKNOWN} (missing, or still the placeholder). */
  private static String known(String v) {
    return v == null || v.isBlank() || v.contains("${") ? UNKNOWN : v.strip();
  }

  /** The POM's version, e.g. {@code 0.2.0} or {@code 0.2.0-SNAPSHOT}. */
  public static String version() {
    return VERSION;
  }

  /** The commit built, abbreviated to 12 hex digits. */
  public static String commit() {
    return COMMIT;
  }

  /** {@code 0.2.0 (commit 1a2b3c4d5e6f)}: what {@code --version} and the start line say. */
  public static String describe() {
    return VERSION + " (commit " + COMMIT + ")";
  }
}
