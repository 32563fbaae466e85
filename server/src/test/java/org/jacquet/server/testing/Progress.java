package org.jacquet.server.testing;

import com.microsoft.playwright.Page;

/**
 * Whether a game played through a page still moves on: a new state (a higher version) within
 * the last 30 seconds. A whole game bounded by one wall-clock total fails on a loaded machine
 * only because every turn is slower there (a 60 s total once took 67.8 s to play out); a game
 * that stops moving is the fault to catch, and 30 s without one action is far past any turn.
 */
public final class Progress {
  static final long STALL_MS = 30_000;
  private final Page page;
  private long version = -1;
  private long movedAt = System.currentTimeMillis();

  public Progress(Page page) {
    this.page = page;
  }

  /** True while the game has moved within the last 30 s; throws when it stalled. */
  public boolean goesOn() {
    Object seen = page.evaluate("() => typeof state !== 'undefined' && state ? state.version : -1");
    long now = ((Number) seen).longValue();
    if (now != version) {
      version = now;
      movedAt = System.currentTimeMillis();
      return true;
    }
    if (System.currentTimeMillis() - movedAt > STALL_MS) {
      throw new AssertionError("the game stalled: no new state for " + STALL_MS / 1000 + " s at version " + version);
    }
    return true;
  }
}
