package org.jacquet.server.telemetry;

import org.jacquet.server.limits.Health;

/**
 * One line when something the server does again and again starts failing and one when it works
 * again, however many tries fail between: a database down for 90 s made a chore retried every
 * second write 88 lines. What failed since is counted, not logged.
 */
public final class OutageLog {
  private final String what;
  private boolean failing;

  /** {@code what}: the work, as the log names it ("listening for other servers"). */
  public OutageLog(String what) {
    this.what = what;
  }

  /** A try failed: logged if the one before worked. */
  public synchronized void failed(Throwable cause) {
    if (failing) return;
    failing = true;
    System.err.println("jacquet: " + what + " failed (" + Health.rootCause(cause) + "); retrying, said again when it works");
  }

  /** A try worked: logged if the one before failed. */
  public synchronized void worked() {
    if (!failing) return;
    failing = false;
    System.err.println("jacquet: " + what + " works again");
  }
}
