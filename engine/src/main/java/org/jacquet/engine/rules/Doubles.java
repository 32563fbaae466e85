package org.jacquet.engine.rules;

/** How many steps a double gives: rule option {@code doubles}. */
public enum Doubles implements RuleValue {
  /** Four steps of n (every preset but Versailles). */
  FOUR("four"),
  /** n steps of n: Jacquet de Versailles (double 1 is one step, double 6 six steps). */
  SQUARED("squared");

  private final String text;

  Doubles(String text) {
    this.text = text;
  }

  @Override
  public String text() {
    return text;
  }

  public int steps(int value) {
    return this == FOUR ? 4 : value;
  }
}
