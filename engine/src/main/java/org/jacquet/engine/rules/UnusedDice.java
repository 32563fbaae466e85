package org.jacquet.engine.rules;

/** What happens to dice the mover cannot use: rule option {@code unused-dice}, RULES.md §3, §7. */
public enum UnusedDice implements RuleValue {
  LOST("lost"),
  /** Versailles: they pass to the opponent, who plays them before its own throw. */
  PASSED("passed");

  private final String text;

  UnusedDice(String text) {
    this.text = text;
  }

  @Override
  public String text() {
    return text;
  }
}
