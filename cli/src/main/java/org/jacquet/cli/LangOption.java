package org.jacquet.cli;

import java.util.Locale;
import picocli.CommandLine.Option;

/** The {@code --lang} option of the commands whose words a person reads (a picocli mixin). */
final class LangOption {
  static final String NAME = "--lang";

  @Option(names = NAME, paramLabel = "LANG", description = "fr or en (default: the system's language).")
  String text;

  /** French or English: the language asked for, else French under a French system locale, else English. */
  Locale locale() {
    if (text == null) return systemLocale();
    Locale asked = parse(text);
    if (asked == null) throw new IllegalArgumentException(Words.get("lang.invalid", org.jacquet.engine.Excerpt.of(text)));
    return asked;
  }

  static Locale systemLocale() {
    return "fr".equals(Locale.getDefault().getLanguage()) ? Locale.FRENCH : Locale.ENGLISH;
  }

  /** fr or en, in any case; null for anything else. */
  static Locale parse(String text) {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "fr" -> Locale.FRENCH;
      case "en" -> Locale.ENGLISH;
      default -> null;
    };
  }

  /**
   * The language a command line asks for, read before picocli reads it (its refusals of the line
   * are said in that language too): the last {@code --lang X} or {@code --lang=X} before a
   * {@code --}, if valid, else the system's.
   */
  static Locale of(String[] args) {
    Locale found = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a == null || a.equals("--")) break;
      String value = a.equals(NAME) && i + 1 < args.length ? args[++i] : a.startsWith(NAME + "=") ? a.substring(NAME.length() + 1) : null;
      if (value != null && parse(value) != null) found = parse(value);
    }
    return found != null ? found : systemLocale();
  }
}
