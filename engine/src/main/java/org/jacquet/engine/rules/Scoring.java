package org.jacquet.engine.rules;

/** How a won game is scored: rule option {@code scoring}, RULES.md §6. */
public enum Scoring implements RuleValue {
  /** 1 point, 2 if the loser bore off nothing. */
  SIMPLE("simple"),
  /** 1 to 5 points by how far back the loser is (advanced rules). */
  LADDER("ladder"),
  /** 3, 2 or 1 points per checker the loser has left, by quadrant (Hale). */
  SPANISH("spanish");

  private final String text;

  Scoring(String text) {
    this.text = text;
  }

  @Override
  public String text() {
    return text;
  }

  /** Highest number of points one game can be worth under this scheme. */
  public int maxPoints() {
    return switch (this) {
      case SIMPLE -> 2;
      case LADDER -> 5;
      case SPANISH -> 45;
    };
  }
}
