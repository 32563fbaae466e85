package org.jacquet.server;

/**
 * Whether the server can store games. The first failed write is logged with its cause, once,
 * and makes {@code /healthz} unhealthy until a write succeeds again.
 */
final class Health {
  private volatile String failure;

  /** A write failed: the first failure since the last success is logged, one line. */
  void failed(String what, Throwable cause) {
    String text = what + ": " + rootCause(cause);
    synchronized (this) {
      if (failure != null) return;
      failure = text;
    }
    System.err.println("jacquet: storage failed (" + text + "); refusing changes until a write succeeds");
  }

  void succeeded() {
    if (failure == null) return;
    synchronized (this) {
      if (failure == null) return;
      failure = null;
    }
    System.err.println("jacquet: storage works again");
  }

  /** The failure, or null while healthy. */
  String failure() {
    return failure;
  }

  static String rootCause(Throwable t) {
    Throwable c = t;
    while (c.getCause() != null && c.getCause() != c) c = c.getCause();
    String m = c.getMessage();
    return c.getClass().getSimpleName() + (m == null ? "" : ": " + m.replaceAll("\\s+", " "));
  }
}
