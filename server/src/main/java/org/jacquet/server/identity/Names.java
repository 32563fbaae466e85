package org.jacquet.server.identity;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jacquet.ai.Level;

/**
 * The one rule for the names players read — guests' pseudonyms and account names alike: 3–20
 * characters of Latin letters (accents allowed), digits, {@code -} and {@code _}, starting and
 * ending with a letter or digit. Two names are the same name when their {@link #skeleton}s are
 * equal: case, accents and look-alike characters folded ({@code 0}/{@code o}, {@code 1}/{@code
 * l}/{@code I}, {@code rn}/{@code m}, {@code -}/{@code _}, …), so nobody can pass for another
 * player or for the computer. Pure: the stores and the lobby decide against whom to compare.
 */
public final class Names {
  public static final int MIN = 3;
  public static final int MAX = 20;

  /** Why a name is refused: {@code bad-name}'s {@code what} param, worded by the page (codes.json, {@code bad-name.<code>}). */
  public enum Problem {
    /** Fewer than {@link #MIN} or more than {@link #MAX} characters. */
    LENGTH("length"),
    /** A character other than a Latin letter, a digit, - or _ (control, bidi, zero-width, other scripts, spaces). */
    CHARACTER("character"),
    /** Starts or ends with - or _, or has two of them in a row. */
    SEPARATOR("separator"),
    /** Reads as a level of the computer or a role of the site ("expert", "admin", …). */
    RESERVED("reserved");

    public final String code;

    Problem(String code) {
      this.code = code;
    }
  }

  private static final Set<String> RESERVED_WORDS = Set.of(
      "admin", "administrator", "administrateur", "root", "system", "systeme", "moderator", "moderateur", "mod",
      "staff", "support", "server", "serveur", "jacquet", "guest", "invite", "anonymous", "anonyme", "deleted",
      "supprime", "computer", "ordinateur", "bot", "robot", "null", "undefined", "white", "black", "blanc", "noir",
      "spectator", "spectateur", "everyone", "tous", "lobby");
  private static final Set<String> RESERVED_SKELETONS = Stream.concat(RESERVED_WORDS.stream(),
      Stream.of(Level.values()).flatMap(l -> Stream.of(l.key(), l.displayName(Locale.ENGLISH), l.displayName(Locale.FRENCH))))
      .map(Names::skeleton).collect(Collectors.toUnmodifiableSet());

  private Names() {}

  /** Refuses {@code name} ({@code bad-name}, with what is wrong) unless it follows the rule. */
  public static void require(String name) {
    Optional<Problem> problem = problem(name);
    if (problem.isPresent()) {
      throw new org.jacquet.server.refusal.Refusal("bad-name", java.util.Map.of("what", problem.get().code, "min", MIN, "max", MAX),
          "a name is " + MIN + " to " + MAX + " Latin letters, digits, - and _ (" + problem.get().code + ")");
    }
  }

  /** The problem with {@code name} as given (not trimmed: a space is a character problem), or empty when it may be used. */
  public static Optional<Problem> problem(String name) {
    if (name == null) return Optional.of(Problem.LENGTH);
    int length = name.codePointCount(0, name.length());
    if (length < MIN || length > MAX) return Optional.of(Problem.LENGTH);
    // NFKC: one spelling per name (no decomposed accents), no fullwidth or ligature look-alikes.
    if (!Normalizer.isNormalized(name, Normalizer.Form.NFKC)) return Optional.of(Problem.CHARACTER);
    int[] cps = name.codePoints().toArray();
    for (int cp : cps) if (!allowed(cp)) return Optional.of(Problem.CHARACTER);
    for (int i = 0; i < cps.length; i++) {
      boolean separator = cps[i] == '-' || cps[i] == '_';
      boolean edge = i == 0 || i == cps.length - 1;
      if (separator && (edge || cps[i + 1] == '-' || cps[i + 1] == '_')) return Optional.of(Problem.SEPARATOR);
    }
    if (RESERVED_SKELETONS.contains(skeleton(name))) return Optional.of(Problem.RESERVED);
    return Optional.empty();
  }

  private static boolean allowed(int cp) {
    if (cp == '-' || cp == '_' || (cp >= '0' && cp <= '9')) return true;
    return Character.isLetter(cp) && Character.UnicodeScript.of(cp) == Character.UnicodeScript.LATIN;
  }

  /**
   * The form two names are compared in: accents and case dropped, look-alikes folded to one
   * letter. Only meaningful for names {@link #problem} accepts (Latin letters, digits, - and _).
   */
  public static String skeleton(String name) {
    String s = Normalizer.normalize(name, Normalizer.Form.NFKD).replaceAll("\\p{M}", "");
    StringBuilder out = new StringBuilder(s.length());
    s.toLowerCase(Locale.ROOT).codePoints().forEach(cp -> out.append(fold(cp)));
    // Pairs that read as one letter, after the single letters are folded.
    return out.toString().replace("rn", "m").replace("vv", "w").replace("cl", "d");
  }

  private static String fold(int cp) {
    return switch (cp) {
      case '0' -> "o";
      case '1', 'i', 'ı', 'ł', '|' -> "l";
      case '5' -> "s";
      case '8' -> "b";
      case '2' -> "z";
      case '_' -> "-";
      case 'æ' -> "ae";
      case 'œ' -> "oe";
      case 'ß' -> "ss";
      case 'ø' -> "o";
      case 'đ', 'ð' -> "d";
      case 'þ' -> "th";
      case 'ħ' -> "h";
      case 'ŀ' -> "l";
      default -> new String(Character.toChars(cp));
    };
  }
}
