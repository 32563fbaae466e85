package org.jacquet.ai.eval;

/**
 * Bytes that are not a whole, sound network file: the message says what is wrong (sizes out of
 * bounds, a missing or extra byte, a weight that is not a finite number, rules that do not parse)
 * in words that follow "is not a Jacquet network file, or is damaged: ".
 */
public final class DamagedNetworkException extends java.io.IOException {
  private static final long serialVersionUID = 1L;

  public DamagedNetworkException(String what) {
    super(what);
  }
}
