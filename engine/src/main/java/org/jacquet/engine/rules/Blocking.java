package org.jacquet.engine.rules;

/** How six-point blocks (bouchons) are restricted: rule option {@code blocking}, RULES.md §4. */
public enum Blocking implements RuleValue {
  /** Any block is allowed (Lepeintre 1818). */
  FREE("free"),
  /** Holding all of 1..6 needs the return checker(s) on 24 (and 23): modern rules. */
  FIRST_QUADRANT_NEEDS_RETURN("first-quadrant-needs-return"),
  /** Any block of six needs the return checker(s): seed 001's convention. */
  ANY_NEEDS_RETURN("any-needs-return"),
  /** Holding all of 1..6 is never allowed: Moultezim. */
  FIRST_QUADRANT_FORBIDDEN("first-quadrant-forbidden");

  private final String text;

  Blocking(String text) {
    this.text = text;
  }

  @Override
  public String text() {
    return text;
  }
}
