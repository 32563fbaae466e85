package org.jacquet.server.limits;

/**
 * Whether the server can store games. The first failed write is logged with its cause, once,
 * and makes {@code /healthz} fail ({@code storage:write}) until a write succeeds again, by a
 * player or by the health checks once the database answers ({@code telemetry.HealthChecks}).
 */
public final class Health {
  private volatile String failure;

  /** A write failed: the first failure since the last success is logged, one line. */
  public void failed(String what, Throwable cause) {
    org.jacquet.server.telemetry.Telemetry.databaseError();
    String text = what + ": " + rootCause(cause);
    synchronized (this) {
      if (failure != null) return;
      failure = text;
    }
    System.err.println("jacquet: storage failed (" + text + "); refusing changes until a write succeeds");
  }

  public void succeeded() {
    if (failure == null) return;
    synchronized (this) {
      if (failure == null) return;
      failure = null;
    }
    System.err.println("jacquet: storage works again");
  }

  /** The failure, or null while healthy. */
  public String failure() {
    return failure;
  }

  public static String rootCause(Throwable t) {
    Throwable c = t;
    while (c.getCause() != null && c.getCause() != c) c = c.getCause();
    String m = c.getMessage();
    return c.getClass().getSimpleName() + (m == null ? "" : ": " + m.replaceAll("\\s+", " "));
  }
}
