package org.jacquet.cli;

import org.jacquet.ai.match.MatchContext;
import picocli.CommandLine.Option;

/** The {@code --match N --score W-B} options: play or judge for a match at a score (a picocli mixin). */
final class MatchOption {
  @Option(names = "--match", paramLabel = "N",
      description = "Play for a match to N points, 1 to 99, maximising the chance of winning it (default: a game played for its points).")
  Integer length;

  @Option(names = "--score", paramLabel = "W-B",
      description = "The match score before this game, White's points first, each from 0 to N-1 (default: 0-0); needs --match.")
  String score;

  MatchContext context() {
    if (length == null) {
      if (score != null) throw new IllegalArgumentException(Words.get("score.needs.match"));
      return MatchContext.MONEY;
    }
    if (length < 1 || length > 99) throw new IllegalArgumentException(Words.get("option.between", "--match", 1, 99, Integer.toString(length)));
    if (score == null) return new MatchContext(length, 0, 0);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]{1,30})-([0-9]{1,30})").matcher(score.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException(Words.get("score.form", org.jacquet.engine.Excerpt.of(score)));
    }
    // In that form, but a number too large: said as out of range, not as the wrong form.
    if (m.group(1).length() > 2 || m.group(2).length() > 2 || Integer.parseInt(m.group(1)) >= length || Integer.parseInt(m.group(2)) >= length) {
      throw new IllegalArgumentException(Words.get("score.range", score.trim(), length - 1, length));
    }
    return new MatchContext(length, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
  }
}
