package org.jacquet.engine.rules;

/** What a tied opening throw does: rule option {@code opening-tie}, RULES.md §2 and §7. */
public enum OpeningTie implements RuleValue {
  /** The tie is thrown again. */
  RETHROW("rethrow"),
  /** Versailles: each side plays the double (White first), then the opening throw is made again. */
  BOTH_PLAY("both-play");

  private final String text;

  OpeningTie(String text) {
    this.text = text;
  }

  @Override
  public String text() {
    return text;
  }
}
