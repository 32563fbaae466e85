package org.jacquet.server.game;

import java.util.concurrent.CountDownLatch;

/**
 * A point where work may be held by a test until it releases it, so that a test shows what
 * happens meanwhile whatever the machine's speed, instead of hoping the work outlasts its
 * requests. Nothing waits unless a test set a latch.
 */
public final class TestHold {
  private volatile CountDownLatch release;

  /** From now on, work passing this point waits until {@code release} is counted down. */
  public void holdUntil(CountDownLatch release) {
    this.release = release;
  }

  /** Waits here while a test holds the work (returns at once otherwise, or when interrupted). */
  public void pass() {
    CountDownLatch r = release;
    if (r == null) return;
    try {
      r.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
