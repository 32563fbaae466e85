package org.jacquet.server.http;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jacquet.server.limits.Health;

/**
 * The server's own failures in answering, logged one short line per kind (the root cause's class
 * and message): a visitor repeating a request that fails cannot flood the log, and the first
 * line says all a host needs. The answers themselves are counted ({@code internal} in
 * {@code jacquet_refusals_total}). At most {@link #KINDS} kinds are logged: a message carrying
 * what a client sent would otherwise make every request a kind of its own.
 */
final class Failures {
  static final int KINDS = 256;
  private final Set<String> seen = ConcurrentHashMap.newKeySet();

  /** {@code what} failed with {@code cause}: logged if its kind was not, one line without a stack trace. */
  void failed(String what, Throwable cause) {
    String kind = Health.rootCause(cause);
    if (seen.contains(kind) || seen.size() >= KINDS || !seen.add(kind)) return;
    System.err.println("jacquet: " + what + " failed: " + kind + " (logged once; the same failure again is only counted)");
  }
}
