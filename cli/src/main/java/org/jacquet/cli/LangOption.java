package org.jacquet.cli;

import java.util.Locale;
import picocli.CommandLine.Option;

/** The {@code --lang} option of the commands whose words a player reads (a picocli mixin). */
final class LangOption {
  @Option(names = "--lang", paramLabel = "LANG", description = "fr or en (default: the system's language).")
  String text;

  /** French or English: the language asked for, else French under a French system locale, else English. */
  Locale locale() {
    if (text == null) return "fr".equals(Locale.getDefault().getLanguage()) ? Locale.FRENCH : Locale.ENGLISH;
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "fr" -> Locale.FRENCH;
      case "en" -> Locale.ENGLISH;
      default -> throw new IllegalArgumentException("--lang must be fr or en, not '" + org.jacquet.engine.Excerpt.of(text) + "'");
    };
  }
}
