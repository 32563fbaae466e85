package org.jacquet.server.game;

import org.jacquet.ai.Level;
import org.jacquet.engine.rules.Rules;

/**
 * Builds, in the background once per process, what the computer player needs and takes
 * seconds to build on first use (the bear-off table behind its evaluator), so that neither
 * the first board shown nor the computer's first move waits for it.
 */
final class Warmup {
  private static volatile boolean started;

  private Warmup() {}

  static synchronized void start() {
    if (started) return;
    started = true;
    Thread t = new Thread(() -> {
      try {
        Level.EXPERT.create(Rules.parse("modern"), 0);
      } catch (RuntimeException e) {
        // Only a head start: the first game builds it otherwise.
      }
    }, "jacquet-warmup");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    t.start();
  }
}
