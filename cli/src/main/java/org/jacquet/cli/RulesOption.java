package org.jacquet.cli;

import org.jacquet.engine.rules.Rules;
import picocli.CommandLine.Option;

/** The {@code --rules} option every command shares (a picocli mixin). */
final class RulesOption {
  @Option(names = "--rules", defaultValue = "modern", paramLabel = "RULES",
      description = "Preset and options, e.g. modern, advanced+return-checkers=2 (default: ${DEFAULT-VALUE}).")
  String text;

  Rules rules() {
    return Rules.parse(text);
  }
}
