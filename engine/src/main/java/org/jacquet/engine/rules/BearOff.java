package org.jacquet.engine.rules;

/** Where borne-off checkers go: rule option {@code bear-off}, RULES.md §5. */
public enum BearOff implements RuleValue {
  OFF_BOARD("off-board"),
  /** Léchalet: stored on the opponent's talon; no bearing off while it still holds a checker. */
  OPPONENT_TALON("opponent-talon");

  private final String text;

  BearOff(String text) {
    this.text = text;
  }

  @Override
  public String text() {
    return text;
  }
}
