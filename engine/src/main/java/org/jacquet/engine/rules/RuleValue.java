package org.jacquet.engine.rules;

/** A rule option value with its one text form, as written in rules strings and records. */
public interface RuleValue {
  String text();

  /** Finds the value whose text is {@code text}, or explains which values exist. */
  static <E extends Enum<E> & RuleValue> E parse(Class<E> type, String option, String text) {
    for (E value : type.getEnumConstants()) {
      if (value.text().equals(text)) return value;
    }
    StringBuilder valid = new StringBuilder();
    for (E value : type.getEnumConstants()) {
      if (valid.length() > 0) valid.append(", ");
      valid.append(value.text());
    }
    throw new org.jacquet.engine.FormatException("rules-value-invalid", org.jacquet.engine.Excerpt.of(text), option, valid);
  }
}
