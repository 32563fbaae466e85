package org.jacquet.engine;

/**
 * One checker moved by one die, in the mover's route frame: {@code from} 1..24, {@code to}
 * 2..24 or 25 (borne off). Written {@code 1/7}, {@code 20/off}.
 */
public record Step(int from, int to) {
  public Step {
    if (from < 1 || from > 24 || to <= from || to > Position.OFF) {
      throw new IllegalArgumentException("invalid step " + from + "/" + to);
    }
  }

  public boolean bearsOff() {
    return to == Position.OFF;
  }

  @Override
  public String toString() {
    return from + "/" + (to == Position.OFF ? "off" : Integer.toString(to));
  }
}
