package org.jacquet.ai.benchmark;

import org.jacquet.engine.Position;
import org.jacquet.engine.Side;

/**
 * The kind of a benchmark decision: a bear-off once the side to move has every checker in its
 * last quadrant (route points 19..24) or off, contact otherwise (the checkers can still block
 * each other: primes, postilion races, stragglers).
 */
public enum Category {
  CONTACT("contact"),
  BEAR_OFF("bear-off");

  private final String key;

  Category(String key) {
    this.key = key;
  }

  public String key() {
    return key;
  }

  public static Category of(Position p) {
    Side s = p.turn();
    for (int r = 1; r < 19; r++) if (p.count(s, r) > 0) return CONTACT;
    return BEAR_OFF;
  }

  public static Category parse(String text) {
    for (Category c : values()) if (c.key.equals(text)) return c;
    throw new IllegalArgumentException("unknown benchmark category '" + text + "'");
  }
}
