package org.jacquet.cli;

import java.io.PrintStream;

/**
 * A progress bar on standard error: redrawn in place on a terminal, a line every ten seconds
 * in a log, so long runs (training, duels) say where they are and when they will end.
 */
final class Progress {
  private final String label;
  private final long total;
  /** Where this run began (a resumed run counts its rate from there, not from zero). */
  private final long from;
  private final long start = System.nanoTime();
  private final boolean terminal = System.console() != null;
  private final PrintStream err = System.err;
  private long lastPrint;

  Progress(String label, long total) {
    this(label, total, 0);
  }

  Progress(String label, long total, long from) {
    this.label = label;
    this.total = total;
    this.from = from;
  }

  void update(long done, String extra) {
    long now = System.nanoTime();
    boolean finished = done >= total;
    if (!finished && now - lastPrint < (terminal ? 200_000_000L : 10_000_000_000L)) return;
    lastPrint = now;
    double seconds = (now - start) / 1e9;
    double rate = (done - from) / Math.max(seconds, 1e-9);
    int width = 24;
    int filled = (int) (width * Math.min(1.0, done / (double) total));
    String bar = "#".repeat(filled) + ".".repeat(width - filled);
    String eta = rate > 0 ? duration((total - done) / rate) : "?";
    String line = String.format("%s [%s] %,d/%,d  %,.0f/s  elapsed %s  ETA %s%s", label, bar,
        done, total, rate, duration(seconds), eta, extra.isEmpty() ? "" : "  " + extra);
    if (terminal) err.print("\r" + line + (finished ? "\n" : ""));
    else err.println(line);
    err.flush();
  }

  static String duration(double seconds) {
    long s = Math.round(seconds);
    return s >= 3600 ? String.format("%dh%02dm%02ds", s / 3600, s / 60 % 60, s % 60)
        : s >= 60 ? String.format("%dm%02ds", s / 60, s % 60) : s + "s";
  }
}
