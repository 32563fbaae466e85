package org.jacquet.engine.rules;

/** What the winner of the opening throw does: rule option {@code opening}, RULES.md §2. */
public enum Opening implements RuleValue {
  /** The winner throws both dice again and plays them. */
  REROLL("reroll"),
  /** The winner plays the two opening dice. */
  PLAY_OPENING_DICE("play-opening-dice"),
  /** The winner may play the opening dice or throw again. */
  WINNER_CHOOSES("winner-chooses");

  private final String text;

  Opening(String text) {
    this.text = text;
  }

  @Override
  public String text() {
    return text;
  }
}
