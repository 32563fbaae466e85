package org.jacquet.cli;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * picocli's refusals of a command line (an unknown option, a missing or invalid value) in this
 * run's language: picocli writes them in English only, so each of its forms is matched here and
 * said again with the {@code usage.*} words, the names and values it quotes kept as they are.
 */
final class UsageWords {
  private record Form(Pattern english, String key) {}

  private static final List<Form> FORMS = List.of(
      form("Unknown options?: (.*)", "usage.picocli.unknown"),
      form("Unmatched arguments? from index \\d+: (.*)", "usage.picocli.unmatched"),
      form("Missing required options?(?: and parameters?)?: (.*)", "usage.picocli.missing.option"),
      form("Missing required parameters?: (.*)", "usage.picocli.missing.parameter"),
      form("Missing required parameter for option (.*)", "usage.picocli.missing.value"),
      form("Expected parameter for option (.*?) but found (.*)", "usage.picocli.expected"),
      form("Invalid value for option (.*?): (.*)", "usage.picocli.invalid"),
      form("Invalid value for positional parameter at index \\d+ \\((.*?)\\): (.*)", "usage.picocli.invalid"),
      form("[Oo]ption (.*) should be specified only once", "usage.picocli.twice"),
      form("positional parameter at index \\d+ \\((.*?)\\) should be specified only once", "usage.picocli.twice"));

  private UsageWords() {}

  private static Form form(String english, String key) {
    return new Form(Pattern.compile(english, Pattern.DOTALL), key);
  }

  /** picocli's {@code message} in this run's language (as it is in English, or for a form not known here). */
  static String say(String message) {
    if (message == null || Words.locale().getLanguage().equals("en")) return message;
    for (Form f : FORMS) {
      Matcher m = f.english().matcher(message.strip());
      if (!m.matches()) continue;
      Object[] groups = new Object[m.groupCount()];
      for (int i = 0; i < groups.length; i++) groups[i] = m.group(i + 1);
      return Words.get(f.key(), groups);
    }
    return message;
  }
}
